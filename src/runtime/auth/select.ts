// A step's security requirement alternatives + configured credentials → the one to apply, or the variables to set.
import type { SecurityRequirement, SecuritySchemeSpec } from "../types.js";

/** One scheme of the chosen alternative with the scopes the operation asks for. */
export interface SelectedScheme {
  readonly name: string;
  readonly scheme: SecuritySchemeSpec;
  readonly scopes: readonly string[];
}

/** The chosen alternative (empty: no auth needed), or the scheme names that would satisfy the first alternative. */
export type Selection =
  | { readonly ok: true; readonly schemes: readonly SelectedScheme[] }
  | { readonly ok: false; readonly missing: readonly string[] };

interface SelectionInput {
  readonly security: readonly SecurityRequirement[];
  readonly schemes: Readonly<Record<string, SecuritySchemeSpec>>;
  readonly credentials: Readonly<Record<string, unknown>>;
}

/** A scheme that carries the API version (Plaid's `Plaid-Version`): no credential, so never one that is missing. */
export const isApiVersionScheme = (scheme: SecuritySchemeSpec | undefined): boolean =>
  scheme?.type === "apiKey" && scheme.apiVersion !== undefined;

function satisfied(requirement: SecurityRequirement, input: SelectionInput): boolean {
  return Object.keys(requirement).every((name) => {
    const scheme = input.schemes[name];
    return (
      scheme !== undefined &&
      (scheme.type === "mutualTLS" || isApiVersionScheme(scheme) || input.credentials[name] !== undefined)
    );
  });
}

/**
 * OAS 3.1 §Security Requirement Object: any one alternative suffices. The first alternative whose schemes all
 * have credentials wins; an empty alternative (`{}`, optional auth) is used only when none with credentials is
 * satisfied. mutualTLS needs no credential here (it is configured on the fetch).
 */
export function selectRequirement(input: SelectionInput): Selection {
  if (input.security.length === 0) return { ok: true, schemes: [] };
  const nonEmpty = input.security.filter((r) => Object.keys(r).length > 0);
  const chosen = nonEmpty.find((r) => satisfied(r, input)) ?? input.security.find((r) => Object.keys(r).length === 0);
  if (!chosen)
    return {
      ok: false,
      missing: Object.keys(input.security[0] ?? {}).filter(
        (name) => input.credentials[name] === undefined && !isApiVersionScheme(input.schemes[name]),
      ),
    };
  return {
    ok: true,
    schemes: Object.entries(chosen)
      .filter(([name]) => !isApiVersionScheme(input.schemes[name]) || input.credentials[name] !== undefined)
      .map(([name, scopes]) => ({ name, scheme: input.schemes[name]!, scopes })),
  };
}
