// Diagnostic codes for JSON Schema constructs met while turning schemas into Zod.
import type { CatalogEntry } from "../types.js";

export const schemaCodes = {
  SCHEMA_INVALID_PATTERN: {
    severity: "error",
    title: "a `pattern` is not a valid ECMAScript regular expression",
    hint: "fix the pattern so it compiles with the `u` flag (ECMA-262), e.g. escape a lone `{` or `]`",
  },
  SCHEMA_ENUM_REPAIRED: {
    severity: "warning",
    title:
      "an `enum` holds values its schema's `type` does not allow, or strings padded with spaces: each is read as that type (trimmed) where the same text means it, else left out",
    hint: 'make the enum\'s values the schema\'s type (`type: integer` → `enum: [6, 12]`, not `["6", "12"]`), or change the type; until then the tool accepts the values as read',
  },
  SCHEMA_ENUM_BESIDE_FORMAT: {
    severity: "warning",
    title:
      "an `enum` holds no value of its schema's own `format` (`format: date-time, enum: [\"now\"]`): no value passed both, so the schema is read as either a value of the format or one of the enum's",
    hint: 'write the two as alternatives (`anyOf: [{type: string, format: date-time}, {type: string, enum: ["now"]}]`), or drop the `format` if the enum lists every value the API takes',
  },
  SCHEMA_ITEMS_WITHOUT_TYPE: {
    severity: "warning",
    title:
      "a schema has `items` of objects but no `type`: it is read as one such object or a list of them, so pointers into it are checked",
    hint: "add `type: array` if the value is a list, or move the item schema up (drop `items`) if it is one object",
  },
  SCHEMA_ARRAY_PROPERTIES: {
    severity: "warning",
    title:
      "a schema typed `array` also declares `properties`: where `items` describes no members they are read as the items' properties, else they are left out (a list carries no named members)",
    hint: "move the properties into `items` if they describe each element; drop them if they are the collection's own getters (`empty`, `count`)",
  },
  SCHEMA_REQUIRED_UNDECLARED: {
    severity: "warning",
    title:
      "an object schema requires a property that no schema applying to it declares: it stays required, and the model is told the spec gives it no type or meaning",
    hint: "declare the property (its type and a description) in `properties`, or take the name out of `required` if the API does not need it",
  },
  SCHEMA_PATTERN_DROPPED: {
    severity: "warning",
    title:
      "a `pattern` is invalid, can backtrack catastrophically, is too large to analyse, or refuses every example the spec gives for its value: it is left out of the generated schema",
    hint: "fix the pattern in the spec so it compiles with the `u` flag (ECMA-262), no repetition can match the same text in two ways (e.g. `[a-z]{1-70}` → `[a-z]{1,70}`, `^(a+)+$` → `^a+$`) and the spec's own examples fit it (or fix the examples); until then the tool does not check it",
  },
  SCHEMA_PATTERN_REPAIRED: {
    severity: "warning",
    title:
      "a `pattern` refuses every example the spec gives for its value, and one slip of writing explains it (a regex literal `/…/`, doubled backslashes, a bare `.` meant as a dot): the tool checks the pattern without it",
    hint: "write the pattern as the tool checks it (the message quotes it): `^[a-z0-9._]+$`, not `/^[a-z0-9._]+$/`; `\\.` for a dot, not `\\\\.`; `(?!\\.\\.)`, not `(?!..)`",
  },
  SCHEMA_TOO_DEEP: {
    severity: "warning",
    title: "schemas nest too deep, inline or through `$ref`s: the part below the limit is not checked",
    hint: "flatten the nesting at the pointer (an object in an object hundreds deep, or an `allOf` of a schema that is itself an `allOf` of another); the tool accepts any value below the limit",
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
