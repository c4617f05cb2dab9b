// The catalog of diagnostic codes: each area's codes merged into one table keyed by code.
import type { CatalogEntry } from "./types.js";
import { checkCodes } from "./codes/check.js";
import { cliCodes } from "./codes/cli.js";
import { evalCodes } from "./codes/eval.js";
import { goalsCodes } from "./codes/goals.js";
import { initCodes } from "./codes/init.js";
import { ingestCodes } from "./codes/ingest.js";
import { outputCodes } from "./codes/output.js";
import { plannerCodes } from "./codes/planner.js";
import { safetyCodes } from "./codes/safety.js";
import { schemaCodes } from "./codes/schema.js";

export const catalog = {
  ...checkCodes,
  ...cliCodes,
  ...evalCodes,
  ...goalsCodes,
  ...initCodes,
  ...ingestCodes,
  ...outputCodes,
  ...plannerCodes,
  ...safetyCodes,
  ...schemaCodes,
} as const satisfies Record<string, CatalogEntry>;

export type DiagnosticCode = keyof typeof catalog;
