// Diagnostic codes for `aci-gen init`: drafting a goals file and writing it.
import type { CatalogEntry } from "../types.js";

export const initCodes = {
  INIT_NO_OPERATIONS: {
    severity: "error",
    title: "the spec has no operations to propose goals for",
    hint: "check that the spec's `paths` has at least one operation",
  },
  INIT_GOALS_CAPPED: {
    severity: "info",
    title: "more goals were proposed than the draft keeps",
    hint: "the draft's closing comment lists the rest; copy any you need into `goals:`",
  },
  INIT_OUT_EXISTS: {
    severity: "error",
    title: "the output file already exists",
    hint: "pass --force to overwrite it, or choose another --out",
  },
  INIT_WRITE_FAILED: {
    severity: "error",
    title: "the goals file could not be written",
    hint: "check that the folder exists and is writable",
  },
} as const satisfies Record<string, CatalogEntry>;
