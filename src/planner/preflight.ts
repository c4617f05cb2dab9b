// An OPTIONS operation whose answer declares `Access-Control-Allow-*` headers → a CORS preflight, not an API action.
import type { Diagnostic } from "../diagnostics/types.js";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Operation } from "../model/api-model.js";

/**
 * Whether the operation is a browser's CORS preflight the spec lists (API Gateway exports one `OPTIONS` per path,
 * answering only `Access-Control-Allow-Methods`/`-Origin`/`-Headers`): it reads nothing a user asks for, so no tool
 * is made of it unless it is named.
 */
export function isCorsPreflight(operation: Pick<Operation, "method" | "responses">): boolean {
  return (
    operation.method === "options" &&
    operation.responses.some((r) =>
      Object.keys(r.headers).some((h) => h.toLowerCase().startsWith("access-control-allow-")),
    )
  );
}

const NAMED = 5;

/** The info diagnostic that says which CORS preflights were left out (the first few named). */
export function preflightsLeftOut(file: string, leftOut: readonly Operation[]): Diagnostic {
  const named = leftOut.slice(0, NAMED).map((o) => `OPTIONS ${o.path}`);
  const more = leftOut.length - named.length;
  return diagnostic("PLAN_CORS_PREFLIGHT_LEFT_OUT", {
    file,
    message: `${leftOut.length} CORS preflight operations (OPTIONS answering Access-Control-Allow-* headers) are left out: ${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}`,
  });
}
