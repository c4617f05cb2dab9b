// Diagnostic codes for `aci-gen init`: drafting a goals file and writing it.
import type { CatalogEntry } from "../types.js";

export const initCodes = {
  INIT_NO_OPERATIONS: {
    severity: "error",
    title: "the spec has no operations to propose goals for",
    hint: "check that the spec's `paths` has at least one operation",
  },
  INIT_NO_GOALS: {
    severity: "error",
    title: "no operation of the spec is one a draft offers the model",
    hint:
      "the spec's operations are all plumbing the package does itself (the API's own sign-in or token exchange, " +
      "CORS preflights); if one is a task for the model, write its goal by hand (docs/goals.md)",
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
