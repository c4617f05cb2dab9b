// The check stage: previous lockfile + fresh lockfile (+ goals that no longer plan, the new spec's operations, file drift) → CheckReport.
import type { Lockfile } from "../emit/lockfile.js";
import type { CredentialSchemes } from "./contract.js";
import { compareStrings } from "../util/order.js";
import { filesChangedCount, hasFileDrift } from "./files.js";
import { lockedToolFindings, toolDiffs } from "./tools.js";
import type { CheckReport, FileDrift, OperationRef, ToolDiff, Verdict } from "./types.js";
import { placed, type GoalPlaces } from "./places.js";
import { unplannableDiff, type UnplannableGoal } from "./unplannable.js";

export type {
  CheckReport,
  ContractChange,
  FileDrift,
  Impact,
  OperationRef,
  SourceAt,
  ToolDiff,
  Verdict,
} from "./types.js";
export { fileDrift, type DiskEntry } from "./files.js";
export { parseLockfile } from "./lockfile.js";
export { changeLines, reportToText } from "./text.js";
export { reportToMarkdown } from "./markdown.js";
export { reportToGithub } from "./github.js";
export { errorsByGoal, withoutGoals, type GoalAt, type UnplannableGoal } from "./unplannable.js";
export { goalPlaces, type GoalPlaces } from "./places.js";

/** The exit code of each verdict: 0 nothing would change, 1 something would (whatever its class), 2 not judged. */
export const VERDICT_EXIT: Readonly<Record<Verdict, 0 | 1 | 2>> = {
  unchanged: 0,
  "docs-only": 1,
  compatible: 1,
  breaking: 1,
  "could-not-judge": 2,
};

const NO_FILE_DRIFT: FileDrift = { changed: [], added: [], removed: [], edited: [], missing: [], blocked: [] };

export interface CheckInput {
  readonly previous: Lockfile;
  /** The lockfile generate would write now (without the unplannable goals); absent when nothing could be planned. */
  readonly next?: Lockfile;
  /** Locked tools whose goals no longer plan against the new spec: each is a breaking change. */
  readonly unplannable?: readonly UnplannableGoal[];
  /** Operations of the new spec (empty when it could not be read). */
  readonly spec: readonly OperationRef[];
  /** File drift; absent when some goal does not plan (generate would write nothing) or nothing was planned. */
  readonly files?: FileDrift;
  /** Where each tool's goal, inputs and returns are in the goals file, by tool name. */
  readonly goals?: Readonly<Record<string, GoalPlaces>>;
}

/** Compares the locked contracts with fresh ones; pure. */
export function checkReport(input: CheckInput): CheckReport {
  const unplannable = input.unplannable ?? [];
  const judged = input.next !== undefined || unplannable.length > 0;
  const broken = new Set(unplannable.map((u) => u.tool));
  const kept = Object.fromEntries(Object.entries(input.previous.tools).filter(([name]) => !broken.has(name)));
  const diffs = judged
    ? [
        ...toolDiffs(kept, input.next?.tools ?? {}, input.spec, credentialSchemes(input.previous, input.next)),
        ...unplannable.map((u) => unplannableDiff(u, input.previous.tools[u.tool], input.spec)),
      ]
    : lockedToolFindings(input.previous.tools, input.spec);
  const tools = diffs.map((d) => placed(d, input.goals?.[d.tool])).sort((a, b) => compareStrings(a.tool, b.tool));
  const files = input.files ?? NO_FILE_DRIFT;
  const count = (impact: ToolDiff["impact"]): number => tools.filter((t) => t.impact === impact).length;
  const drift = tools.length > 0 || hasFileDrift(files);
  return {
    verdict: judged ? verdictOf(tools, drift) : "could-not-judge",
    drift,
    complete: input.next !== undefined && unplannable.length === 0,
    summary: {
      toolsChanged: tools.length,
      breaking: count("breaking"),
      compatible: count("compatible"),
      docs: count("docs"),
      filesChanged: filesChangedCount(files),
    },
    tools,
    files,
  };
}

/** Both lockfiles' credential schemes, when the previous one records tools' credentials (older lockfiles do not). */
function credentialSchemes(previous: Lockfile, next: Lockfile | undefined): CredentialSchemes | undefined {
  const record = (value: unknown): value is Record<string, string> =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  if (!record(previous.securitySchemes) || !record(next?.securitySchemes)) return undefined;
  return { before: previous.securitySchemes, after: next.securitySchemes };
}

/** The most consequential tool impact; file drift without a contract change (a new spec hash, a hand edit) is compatible. */
function verdictOf(tools: readonly ToolDiff[], drift: boolean): Verdict {
  if (tools.some((t) => t.impact === "breaking")) return "breaking";
  if (tools.some((t) => t.impact === "compatible")) return "compatible";
  if (tools.length > 0) return "docs-only";
  return drift ? "compatible" : "unchanged";
}
