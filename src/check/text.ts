// Prints a CheckReport for a reviewer: a one-line summary, changes grouped per tool, then file drift.
import type { CheckReport, ContractChange, FileDrift, ToolDiff } from "./types.js";

const FILE_BUCKETS = ["changed", "added", "removed", "missing"] as const satisfies readonly (keyof FileDrift)[];

/** The whole report as text; `out` is the folder as the user named it. */
export function reportToText(report: CheckReport, out: string): string {
  if (!report.drift) return `no changes: regenerating would leave ${out} as it is\n`;
  const sections = [
    summaryLine(report),
    ...report.tools.map(toolSection),
    filesSection(report.files),
    editedSection(report.files),
    blockedSection(report.files),
  ];
  return `${sections.filter((s) => s !== "").join("\n\n")}\n`;
}

/** One line per change, `tool: message`, in report order (what tests and terse logs read). */
export function changeLines(report: CheckReport): string[] {
  return report.tools.flatMap((t) => t.changes.map((c) => `${t.tool}: ${c.message}`));
}

function summaryLine(report: CheckReport): string {
  const { toolsChanged, breaking, compatible, filesChanged } = report.summary;
  const tools =
    toolsChanged === 0
      ? "no contract changes"
      : `${plural(toolsChanged, "tool")} changed: ${breaking} breaking, ${compatible} compatible`;
  const files = report.complete
    ? `; ${plural(filesChanged, "file")} would change`
    : "; the new spec and goals cannot be planned, so this shows only what became of the locked operations";
  return tools + files;
}

function toolSection(diff: ToolDiff): string {
  return [toolHeader(diff), ...diff.changes.map(changeLine)].join("\n");
}

function toolHeader(diff: ToolDiff): string {
  const status = diff.status === "renamed" ? `renamed from ${diff.renamedFrom ?? "?"}` : diff.status;
  return `${diff.tool} (${status}, ${diff.impact})`;
}

function changeLine(change: ContractChange): string {
  return `  ${change.impact === "breaking" ? "BREAKING  " : "compatible"}  ${change.message}`;
}

function filesSection(files: FileDrift): string {
  const counts = FILE_BUCKETS.filter((b) => files[b].length > 0).map(
    (b) => `${files[b].length} ${b === "missing" ? "deleted by hand, would be written again" : b}`,
  );
  if (counts.length === 0) return "";
  const total = FILE_BUCKETS.reduce((n, b) => n + files[b].length, 0);
  const lines = FILE_BUCKETS.flatMap((b) => files[b].map((p) => `  ${b.padEnd(8)}  ${p}`));
  return [`${plural(total, "file")} would change (${counts.join(", ")}):`, ...lines].join("\n");
}

function editedSection(files: FileDrift): string {
  if (files.edited.length === 0) return "";
  return [
    `${plural(files.edited.length, "generated file")} edited by hand since generation (generate will refuse until resolved):`,
    ...files.edited.map((p) => `  edited    ${p}`),
  ].join("\n");
}

function blockedSection(files: FileDrift): string {
  if (files.blocked.length === 0) return "";
  return [
    `${plural(files.blocked.length, "file")} aci-gen did not write stand where it would write (generate will refuse):`,
    ...files.blocked.map((p) => `  blocked   ${p}`),
  ].join("\n");
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
