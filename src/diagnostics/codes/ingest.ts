// Diagnostic codes for reading and normalising an API description.
import type { CatalogEntry } from "../types.js";

export const ingestCodes = {
  SPEC_UNREADABLE: {
    severity: "error",
    title: "the spec file cannot be read",
    hint: "check the path passed to --spec and that the file is readable",
  },
  SOURCE_TOO_LARGE: {
    severity: "error",
    title: "the file is larger than the size limit",
    hint: "split the document, or raise the limit with --max-spec-bytes if you trust it",
  },
  SOURCE_INVALID_JSON: {
    severity: "error",
    title: "the file is not valid JSON",
    hint: "fix the syntax at the position shown (a trailing comma or an unquoted key is the usual cause)",
  },
  SOURCE_INVALID_YAML: {
    severity: "error",
    title: "the file is not valid YAML",
    hint: "fix the syntax at the position shown; check indentation and quote strings that contain `: ` or `#`",
  },
  SOURCE_DUPLICATE_KEY: {
    severity: "error",
    title: "a key appears twice in one mapping",
    hint: "remove or rename one of the two keys; parsers disagree on which one wins",
  },
  SOURCE_ALIAS_LIMIT: {
    severity: "error",
    title: "YAML aliases expand beyond the limit (a possible alias bomb)",
    hint: "write the repeated content out, or use fewer nested aliases",
  },
  SOURCE_UNSAFE_TAG: {
    severity: "error",
    title: "a YAML tag outside the YAML 1.2 core schema",
    hint: "remove the tag (such as !!js/function or !!python/object); only plain YAML 1.2 data is accepted",
  },
} as const satisfies Record<string, CatalogEntry>;
