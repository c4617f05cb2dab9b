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

/** The declared credential schemes that no requirement, of the document or of any operation, names. */
function unnamedSchemes(index: Pick<ApiIndex, "securitySchemes" | "operations">): string[] {
  const named = new Set(index.operations.flatMap((o) => o.security.flatMap((r) => Object.keys(r))));
  return Object.entries(index.securitySchemes)
    .filter(
      ([name, s]) => !named.has(name) && s.type !== "mutualTLS" && !(s.type === "apiKey" && s.apiVersion !== undefined),
    )
    .map(([name]) => name);
}

/**
 * What a step may send when the spec declares credential schemes that no requirement names (Files.com's
 * `X-FilesAPI-Key`; Bungie.Net's `X-API-Key`, which "every request requires" while operations name only its OAuth):
 * any of them, none required — every key the operator configured goes out (Billbee declares an `X-Billbee-Api-Key` and
 * basic auth and wants both on each request; schemes carried in the same place, two `Authorization` schemes, are
 * alternatives), and with none configured the call goes out as the spec describes it. Empty when every declared scheme
 * is named by a requirement.
 */
export function unrequiredSchemes(index: Pick<ApiIndex, "securitySchemes" | "operations">): SecurityRequirement[] {
  const names = unnamedSchemes(index);
  if (names.length === 0) return [];
  const all = together(names, index.securitySchemes);
  const both = all.length > 1 ? [Object.fromEntries(all.map((name) => [name, []])) as SecurityRequirement] : [];
  return [...both, ...names.map((name): SecurityRequirement => ({ [name]: [] })), {}];
}

/**
 * Each step's own requirements, each first with the schemes no requirement names beside it (those carried where none
 * of its own is), then as it was: Bungie.Net's `GroupV2.EditGroup` sends the configured `X-API-Key` with its OAuth
 * token, and without the key still sends the token.
 */
export function withUnnamedSchemes(
  tools: readonly ToolDef[],
  index: Pick<ApiIndex, "securitySchemes" | "operations">,
): ToolDef[] {
  const names = unnamedSchemes(index);
  if (names.length === 0) return [...tools];
  const widened = (requirement: SecurityRequirement): SecurityRequirement[] => {
    const own = Object.keys(requirement);
    if (own.length === 0) return [requirement];
    const taken = new Set(
      own.flatMap((name) => (index.securitySchemes[name] ? [carrierOf(index.securitySchemes[name])] : [])),
    );
    const extra = together(names, index.securitySchemes).filter((name) => {
      const scheme = index.securitySchemes[name];
      return scheme !== undefined && !taken.has(carrierOf(scheme));
    });
    return extra.length === 0
      ? [requirement]
      : [{ ...requirement, ...Object.fromEntries(extra.map((n) => [n, []])) }, requirement];
  };
  return tools.map((tool) => ({
    ...tool,
    steps: tool.steps.map((step) =>
      step.security.length === 0 ? step : { ...step, security: step.security.flatMap(widened) },
    ),
  }));
}

/**
 * Gives `security` to every step whose operation requires nothing: no requirement of its own nor a document-wide one,
 * or only the empty one (`security: [{}]`, Wordnik's whole document, whose declared `api_key` the API wants on every
 * call) — with none configured, the default's last alternative is the empty one again.
 */
export function withDefaultSecurity(tools: readonly ToolDef[], security: readonly SecurityRequirement[]): ToolDef[] {
  const requires = (requirement: SecurityRequirement): boolean => Object.keys(requirement).length > 0;
  return tools.map((tool) => ({
    ...tool,
    steps: tool.steps.map((step) =>
      step.security.some(requires) || (step.security.length > 0 && security.length === 0)
        ? step
        : { ...step, security },
    ),
  }));
}
