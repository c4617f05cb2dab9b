// The goals file's `securitySchemes` and `security` + the spec → the toolset's schemes and each step's requirement, checked.
import type { Diagnostic } from "../diagnostics/types.js";
import type { GoalsAuth } from "../goals/types.js";
import type { ApiIndex, SecurityRequirement, SecurityScheme } from "../model/api-model.js";
import { didYouMean } from "../util/suggest.js";
import { report } from "./goals/context.js";
import type { ToolDef } from "./types.js";

export interface PlannedAuth {
  /** The schemes the goals file adds (the spec's stay as they are). */
  readonly schemes: Readonly<Record<string, SecurityScheme>>;
  /** The requirement of every step whose operation the spec leaves without one. */
  readonly security: readonly SecurityRequirement[];
  readonly diagnostics: Diagnostic[];
}

/** Checks that declared schemes are new and that `security` names only schemes the spec or the goals file declares. */
export function planAuth(model: Pick<ApiIndex, "securitySchemes">, auth: GoalsAuth, file: string): PlannedAuth {
  const ctx = { diagnostics: [] as Diagnostic[], file };
  const schemes: Record<string, SecurityScheme> = {};
  for (const [name, declared] of Object.entries(auth.schemes)) {
    if (Object.hasOwn(model.securitySchemes, name)) {
      report(ctx, "PLAN_SECURITY_SCHEME_EXISTS", declared, {
        message: `the spec already declares the security scheme "${name}"`,
      });
      continue;
    }
    schemes[name] = declared.scheme;
  }
  const known = [...Object.keys(model.securitySchemes), ...Object.keys(schemes)];
  for (const name of new Set(auth.security.flatMap((requirement) => Object.keys(requirement)))) {
    if (known.includes(name)) continue;
    report(ctx, "PLAN_UNKNOWN_SECURITY_SCHEME", auth.securityAt ?? auth, {
      message: `\`security\` names "${name}", which neither the spec nor the goals file declares`,
      hint:
        didYouMean(name, known) ?? `declare it under \`securitySchemes\`, e.g. ${name}: { type: http, scheme: bearer }`,
    });
  }
  return { schemes, security: auth.security, diagnostics: ctx.diagnostics };
}

/** Where a scheme puts its credential: an API key's header or query name, else the `Authorization` header. */
const carrierOf = (scheme: SecurityScheme): string =>
  scheme.type === "apiKey"
    ? `${scheme.in}:${scheme.in === "header" ? scheme.name.toLowerCase() : scheme.name}`
    : "header:authorization";

/** The schemes of a list that can go out together: the first of each place a credential is carried. */
function together(names: readonly string[], schemes: Readonly<Record<string, SecurityScheme>>): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const scheme = schemes[name];
    if (scheme === undefined) return false;
    const carrier = carrierOf(scheme);
    if (seen.has(carrier)) return false;
    seen.add(carrier);
    return true;
  });
}

/**
 * What a step may send when the spec declares credential schemes but neither the document nor any operation requires
 * one (Files.com's `X-FilesAPI-Key`): any of them, none required — every key the operator configured goes out (Billbee
 * declares an `X-Billbee-Api-Key` and basic auth and wants both on each request; schemes carried in the same place, two
 * `Authorization` schemes, are alternatives), and with none configured the call goes out as the spec describes it.
 * Empty when something requires a scheme.
 */
export function unrequiredSchemes(index: Pick<ApiIndex, "securitySchemes" | "operations">): SecurityRequirement[] {
  if (index.operations.some((o) => o.security.some((r) => Object.keys(r).length > 0))) return [];
  const names = Object.entries(index.securitySchemes)
    .filter(([, s]) => s.type !== "mutualTLS" && !(s.type === "apiKey" && s.apiVersion !== undefined))
    .map(([name]) => name);
  if (names.length === 0) return [];
  const all = together(names, index.securitySchemes);
  const both = all.length > 1 ? [Object.fromEntries(all.map((name) => [name, []])) as SecurityRequirement] : [];
  return [...both, ...names.map((name): SecurityRequirement => ({ [name]: [] })), {}];
}

/** Gives `security` to every step whose operation has no requirement of its own (nor a document-wide one). */
export function withDefaultSecurity(tools: readonly ToolDef[], security: readonly SecurityRequirement[]): ToolDef[] {
  return tools.map((tool) => ({
    ...tool,
    steps: tool.steps.map((step) => (step.security.length > 0 ? step : { ...step, security })),
  }));
}
