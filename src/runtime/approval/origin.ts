// What a queued request will call (the API's servers and schemes, the tool's steps) → a digest kept with the request.
import { createHash } from "node:crypto";
import type { ToolSpec, ToolsetSpec } from "../types.js";

/**
 * The origin of a tool's requests: a digest of what its call reaches and sends — the toolset's server URLs and scheme
 * names, each step's method, path and parameters. Two packages that share a toolset name (and so a default state
 * folder or a database's `toolset` rows) differ in it; a new version of a package whose tool sends the same call keeps
 * it, so a request queued before an upgrade is still approved after it.
 */
export function callOrigin(tool: ToolSpec, toolset: Pick<ToolsetSpec, "servers" | "securitySchemes">): string {
  const shape = {
    servers: toolset.servers.map((server) => server.url),
    schemes: Object.keys(toolset.securitySchemes).sort(),
    steps: tool.steps.map((step) => [
      step.method.toUpperCase(),
      step.path,
      step.params.map((param) => `${param.in}:${param.name}`),
    ]),
  };
  return createHash("sha256").update(JSON.stringify(shape)).digest("hex").slice(0, 16);
}

/** Whether a request was queued by a call of another origin; a request from before origins were kept is not. */
export const queuedElsewhere = (record: { readonly origin?: string }, origin: string): boolean =>
  record.origin !== undefined && record.origin !== origin;

/**
 * What an operator is told of a request `queuedElsewhere`: who can act on it. This package's tool of that name sends
 * another call, so its method, path and target are not shown here.
 */
export const QUEUED_ELSEWHERE = (id: string, tool: string): string =>
  `Request ${id} (${tool}) was queued by another package that shares this toolset's name and state store (or by ` +
  `a version of this one whose ${tool} sends another call): approve or resolve it with the package that queued it ` +
  `(it calls another API than this one's ${tool}), or reject it`;

/**
 * The spec this package runs, previews and resolves a request with: its tool of the request's name, unless that tool
 * sends another call than the one that queued it (`queuedElsewhere`: its method, path and target would be another
 * API's). Undefined too when this package has no such tool.
 */
export function queuingSpec(
  record: { readonly origin?: string },
  spec: ToolSpec | undefined,
  toolset: Pick<ToolsetSpec, "servers" | "securitySchemes">,
): ToolSpec | undefined {
  return spec === undefined || queuedElsewhere(record, callOrigin(spec, toolset)) ? undefined : spec;
}
