// Decides whether a schema's `pattern` may go into generated code; a refused one becomes an error diagnostic.
import { diagnostic } from "../../diagnostics/index.js";
import { checkPattern } from "../../schema/pattern-safety.js";
import type { Env } from "./env.js";

/** Checks `source` for emission at `pointer`; a refused pattern is reported as an error diagnostic. */
export function patternAllowed(source: string, pointer: string, env: Env): boolean {
  const verdict = checkPattern(source);
  if (verdict.ok) return true;
  const what =
    verdict.code === "SCHEMA_INVALID_PATTERN"
      ? "is not a valid ECMAScript regular expression"
      : "can backtrack catastrophically";
  env.ctx.diagnostics.push(
    diagnostic(verdict.code, { pointer, message: `\`pattern\` ${JSON.stringify(source)} ${what}: ${verdict.reason}` }),
  );
  return false;
}
