// Prints a CheckReport for a reviewer: a one-line summary, changes grouped per tool, then file drift.
import type { CheckReport, ContractChange, FileDrift, Impact, SourceAt, ToolDiff } from "./types.js";

const MARKER: Readonly<Record<Impact, string>> = {
  breaking: "BREAKING  ",
  compatible: "compatible",
  docs: "docs-only ",
};
const INDENT = " ".repeat(14);

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

/** The verdict first (it decides the exit code), then the counts. */
function summaryLine(report: CheckReport): string {
  if (report.verdict === "could-not-judge")
    return `could not judge: the new spec and goals cannot be planned (see the errors), so this shows only what became of the locked operations`;
  return `${report.verdict}: ${toolCounts(report)}${filesClause(report)}`;
}

/** "2 tools changed: 1 breaking, 1 compatible", with docs-only tools counted when there are some. */
export function toolCounts(report: CheckReport): string {
  const { toolsChanged, breaking, compatible, docs } = report.summary;
  if (toolsChanged === 0) return "no contract changes";
  const docsOnly = docs > 0 ? `, ${docs} docs-only` : "";
  return `${plural(toolsChanged, "tool")} changed: ${breaking} breaking, ${compatible} compatible${docsOnly}`;
}

function filesClause(report: CheckReport): string {
  if (report.complete) return `; ${plural(report.summary.filesChanged, "file")} would change`;
  const stuck = report.tools.filter((t) => t.status === "unplannable").length;
  return `; ${plural(stuck, "goal")} no longer ${stuck === 1 ? "plans" : "plan"}, so generate stops until ${stuck === 1 ? "it is" : "they are"} fixed or removed from the goals file`;
}

function toolSection(diff: ToolDiff): string {
  return [toolHeader(diff), ...diff.changes.map(changeLine)].join("\n");
}

function toolHeader(diff: ToolDiff): string {
  return `${diff.tool} (${statusText(diff)}, ${diff.impact === "docs" ? "docs-only" : diff.impact})`;
}

/** "changed", "renamed from x", "no longer plans". */
export function statusText(diff: ToolDiff): string {
  if (diff.status === "renamed") return `renamed from ${diff.renamedFrom ?? "?"}`;
  return diff.status === "unplannable" ? "no longer plans" : diff.status;
}

/** A change with a fix (a goal that no longer plans) says where in the goals file; the others are placed by their tool. */
function changeLine(change: ContractChange): string {
  const where = change.at === undefined || change.fix === undefined ? "" : ` (${atText(change.at)})`;
  const fix = change.fix === undefined ? "" : `\n${INDENT}fix: ${change.fix}`;
  return `  ${MARKER[change.impact]}  ${change.message}${where}${fix}`;
}

/** `file:line:col`, as far as it is known. */
export function atText(at: SourceAt): string {
  return [at.file, at.line, at.line === undefined ? undefined : at.column].filter((p) => p !== undefined).join(":");
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
