// Diagnostic codes for writing the generated package into --out.
import type { CatalogEntry } from "../types.js";

export const outputCodes = {
  OUTPUT_CONFLICT: {
    severity: "error",
    title: "a file in --out that aci-gen did not write is in the way",
    hint: "move or rename that file, or choose another --out; aci-gen never overwrites files it did not write",
  },
  OUTPUT_EDITED: {
    severity: "error",
    title: "a generated file was edited since aci-gen wrote it",
    hint: "move your change out of the generated file (e.g. into a file of your own that imports it), then delete or restore the file and regenerate",
  },
  OUTPUT_SYMLINK: {
    severity: "error",
    title: "a symbolic link or special file inside --out",
    hint: "replace the link with a real folder or file; aci-gen never follows links out of --out",
  },
  OUTPUT_NOT_DIRECTORY: {
    severity: "error",
    title: "--out names a file, not a folder",
    hint: "pass a folder (it is created when missing)",
  },
  OUTPUT_UNSAFE_PATH: {
    severity: "error",
    title: "a generated path would leave --out",
    hint: "this is a bug in aci-gen or a hostile name that escaped sanitising; report it with the spec",
  },
  OUTPUT_BAD_LOCKFILE: {
    severity: "error",
    title: "aci.lock.json in --out is not an aci-gen lockfile",
    hint: "restore it from version control, or delete --out and generate again",
  },
  OUTPUT_WRITE_FAILED: {
    severity: "error",
    title: "writing --out failed",
    hint: "check free space and permissions of --out and its parent folder",
  },
} as const satisfies Record<string, CatalogEntry>;
