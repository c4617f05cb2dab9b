// Diagnostic codes for JSON Schema constructs met while turning schemas into Zod.
import type { CatalogEntry } from "../types.js";

export const schemaCodes = {
  SCHEMA_INVALID_PATTERN: {
    severity: "error",
    title: "a `pattern` is not a valid ECMAScript regular expression",
    hint: "fix the pattern so it compiles with the `u` flag (ECMA-262), e.g. escape a lone `{` or `]`",
  },
  SCHEMA_UNRESOLVED_REF: {
    severity: "error",
    title: "a `$ref` does not resolve",
    hint: "point the `$ref` at `#/components/schemas/NAME`, `#/$defs/NAME` or `#/definitions/NAME` that exists",
  },
  SCHEMA_UNSUPPORTED_KEYWORD: {
    severity: "warning",
    title: "a JSON Schema keyword is not enforced by the generated Zod schema",
    hint: "the keyword is kept as an annotation only; restate the rule with properties/required/allOf if it matters",
  },
} as const satisfies Record<string, CatalogEntry>;
