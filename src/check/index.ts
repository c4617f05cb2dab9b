// The check stage: previous lockfile + fresh lockfile (+ the new spec's operations, file drift) → CheckReport.
import type { Lockfile } from "../emit/lockfile.js";
import { filesChangedCount, hasFileDrift } from "./files.js";
import { lockedToolFindings, toolDiffs } from "./tools.js";
import type { CheckReport, FileDrift, OperationRef } from "./types.js";

export type { CheckReport, ContractChange, FileDrift, OperationRef, ToolDiff } from "./types.js";
export { fileDrift, type DiskEntry } from "./files.js";
export { parseLockfile } from "./lockfile.js";
export { changeLines, reportToText } from "./text.js";

const NO_FILE_DRIFT: FileDrift = { changed: [], added: [], removed: [], edited: [], missing: [], blocked: [] };

export interface CheckInput {
  readonly previous: Lockfile;
  /** The lockfile generate would write now; absent when the fresh plan failed. */
  readonly next?: Lockfile;
  /** Operations of the new spec (empty when it could not be read). */
  readonly spec: readonly OperationRef[];
  readonly files?: FileDrift;
}

/** Compares the locked contracts with fresh ones; pure. */
export function checkReport(input: CheckInput): CheckReport {
  const tools =
    input.next === undefined
      ? lockedToolFindings(input.previous.tools, input.spec)
      : toolDiffs(input.previous.tools, input.next.tools, input.spec);
  const files = input.files ?? NO_FILE_DRIFT;
  const breaking = tools.filter((t) => t.impact === "breaking").length;
  return {
    drift: tools.length > 0 || hasFileDrift(files),
    complete: input.next !== undefined,
    summary: {
      toolsChanged: tools.length,
      breaking,
      compatible: tools.length - breaking,
      filesChanged: filesChangedCount(files),
    },
    tools,
    files,
  };
}
