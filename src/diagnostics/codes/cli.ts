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
  PACKAGE_NAME_INVALID: {
    severity: "error",
    title: "the package name is not a valid npm package name",
    hint: "pass --package-name as npm accepts it, e.g. --package-name @your-scope/petstore-tools",
  },
  PACKAGE_VERSION_INVALID: {
    severity: "error",
    title: "the package version is not a semantic version",
    hint: "pass --package-version MAJOR.MINOR.PATCH, e.g. --package-version 1.0.0",
  },
  PACKAGE_MCP_NAME_INVALID: {
    severity: "error",
    title: "no valid MCP registry name for the publishable package",
    hint: "pass --mcp-name io.github.<your GitHub user or org>/<name> (the namespace you log in to the registry with), or a scoped --package-name @owner/name to derive io.github.owner/name",
  },
} as const satisfies Record<string, CatalogEntry>;
