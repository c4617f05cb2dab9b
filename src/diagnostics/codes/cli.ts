// Diagnostic codes for command-line usage and output writing.
import type { CatalogEntry } from "../types.js";

export const cliCodes = {
  USAGE: {
    severity: "error",
    title: "invalid command-line usage",
    hint: "run `aci-gen <command> --help` to see the options",
  },
  GOALS_REQUIRED: {
    severity: "error",
    title: "no goals given",
    hint: "pass --goals FILE, or --all-operations for one tool per operation",
  },
  NO_OPERATIONS_SELECTED: {
    severity: "error",
    title: "the filters leave no operation to turn into a tool",
    hint: "loosen --include-tag, --exclude-tag, --include-operation or --methods; `aci-gen plan --all-operations` lists them all",
  },
} as const satisfies Record<string, CatalogEntry>;
