// Diagnostic codes for JSON Schema constructs met while turning schemas into Zod.
import type { CatalogEntry } from "../types.js";

export const schemaCodes = {
  SCHEMA_INVALID_PATTERN: {
    severity: "error",
    title: "a `pattern` is not a valid ECMAScript regular expression",
    hint: "fix the pattern so it compiles with the `u` flag (ECMA-262), e.g. escape a lone `{` or `]`",
  },
} as const satisfies Record<string, CatalogEntry>;
