// A check outcome → Markdown for a pull-request comment or a GitHub job summary: the verdict, a table of changes, the files.
import type { Diagnostic } from "../diagnostics/types.js";
import { atText, statusText, toolCounts } from "./text.js";
import type { CheckReport, ContractChange, Impact, ToolDiff, Verdict } from "./types.js";

/** What check ended with: the report (absent when nothing could be read) and the diagnostics left. */
export interface CheckOutcome {
  readonly report?: CheckReport;
  readonly diagnostics: readonly Diagnostic[];
  /** The --out folder as the user named it. */
  readonly out: string;
}

const MEANING: Readonly<Record<Verdict, string>> = {
  unchanged: "regenerating would change nothing",
  "docs-only":
    "only what the model reads changed (descriptions, examples, titles); every call and result stays as it was",
  compatible: "old calls and old readers of the results keep working",
  breaking: "an agent or code relying on the old tools can fail; review before regenerating",
  "could-not-judge": "the new spec or goals could not be read or planned, so the change is not judged",
};

const IMPACT_LABEL: Readonly<Record<Impact, string>> = {
  breaking: "**breaking**",
  compatible: "compatible",
  docs: "docs-only",
};

/** The whole outcome as Markdown; the same text the GitHub format writes to the job summary. */
export function reportToMarkdown(outcome: CheckOutcome): string {
  const verdict = outcome.report?.verdict ?? "could-not-judge";
  const sections = [
    `## aci-gen check: ${verdict}`,
    `**${verdictTitle(verdict)}**: ${MEANING[verdict]}.${outcome.report === undefined ? "" : ` ${countsLine(outcome.report, outcome.out)}`}`,
    ...(outcome.report === undefined || outcome.report.tools.length === 0 ? [] : [changesTable(outcome.report.tools)]),
    ...(outcome.report === undefined ? [] : filesDetails(outcome.report)),
    ...errorsList(outcome.diagnostics),
  ];
  return `${sections.join("\n\n")}\n`;
}

function verdictTitle(verdict: Verdict): string {
  return {
    unchanged: "Unchanged",
    "docs-only": "Docs-only",
    compatible: "Compatible",
    breaking: "Breaking",
    "could-not-judge": "Could not judge",
  }[verdict];
}

function countsLine(report: CheckReport, out: string): string {
  if (!report.drift) return `\`${out}\` is up to date.`;
  if (report.verdict === "could-not-judge") return "What became of the locked operations:";
  const files = report.complete
    ? `${report.summary.filesChanged} file${report.summary.filesChanged === 1 ? "" : "s"} in \`${out}\` would change.`
    : "Generate stops until the goals that no longer plan are fixed or removed from the goals file.";
  return `${toolCounts(report)}. ${files}`;
}

function changesTable(tools: readonly ToolDiff[]): string {
  const rows = tools.flatMap((t) => t.changes.map((c) => changeRow(t, c)));
  return ["| tool | class | change |", "| --- | --- | --- |", ...rows].join("\n");
}

function changeRow(tool: ToolDiff, change: ContractChange): string {
  const where = change.at === undefined || change.fix === undefined ? "" : ` (${code(atText(change.at))})`;
  const fix = change.fix === undefined ? "" : `<br>fix: ${cell(change.fix)}`;
  const name = `${code(tool.tool)}${tool.status === "changed" ? "" : ` (${statusText(tool)})`}`;
  return `| ${name} | ${IMPACT_LABEL[change.impact]} | ${cell(change.message)}${where}${fix} |`;
}

function filesDetails(report: CheckReport): string[] {
  const { files } = report;
  const lines = [
    ...files.changed.map((p) => `- changed \`${p}\``),
    ...files.added.map((p) => `- added \`${p}\``),
    ...files.removed.map((p) => `- removed \`${p}\``),
    ...files.missing.map((p) => `- deleted by hand, would be written again: \`${p}\``),
    ...files.edited.map((p) => `- edited by hand since generation (generate refuses): \`${p}\``),
    ...files.blocked.map((p) => `- not written by aci-gen, in the way (generate refuses): \`${p}\``),
  ];
  if (lines.length === 0) return [];
  return [`<details><summary>Files (${lines.length})</summary>\n\n${lines.join("\n")}\n\n</details>`];
}

function errorsList(diagnostics: readonly Diagnostic[]): string[] {
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length === 0) return [];
  const where = (d: Diagnostic): string =>
    d.file === undefined
      ? ""
      : `${code(atText({ file: d.file, ...(d.line === undefined ? {} : { line: d.line, column: d.column ?? 1 }) }))} `;
  return [errors.map((d) => `- ${where(d)}${d.code}: ${cell(d.message)} (fix: ${cell(d.hint)})`).join("\n")];
}

/** One line of a table cell: pipes escaped, line breaks as `<br>`. */
function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>");
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}
