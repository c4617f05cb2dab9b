// Diagnostic codes for `aci-gen check`: the lockfile in --out it compares against.
import type { CatalogEntry } from "../types.js";

export const checkCodes = {
  CHECK_NO_LOCKFILE: {
    severity: "error",
    title: "--out has no aci.lock.json to compare against",
    hint: "run `aci-gen generate --spec S --goals G --out DIR` once (and commit DIR), then check compares against it",
  },
  CHECK_BAD_LOCKFILE: {
    severity: "error",
    title: "aci.lock.json in --out cannot be read as an aci-gen lockfile",
    hint: "restore it from version control, or regenerate --out with `aci-gen generate`",
  },
} as const satisfies Record<string, CatalogEntry>;
