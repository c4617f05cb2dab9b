// An eval report → the terminal table: per task and in total, the goal toolset's row beside the baseline's, then why each run failed.
import type { EvalReport, Totals } from "../index.js";
import type { RunRecord } from "../run.js";

const COLUMNS = [
  "task",
  "toolset",
  "result",
  "turns",
  "calls",
  "in tok",
  "out tok",
  "wrong arg",
  "recovered",
  "requests",
  "approvals",
];

/** The numbers of one row: a run's, or a toolset's totals. */
interface RowStats {
  readonly result: string;
  readonly turns: number;
  readonly toolCalls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly wrongArguments: number;
  readonly recoveries: number;
  readonly requests: number;
  readonly approvals: number;
}

const runStats = (r: RunRecord): RowStats => ({
  ...r,
  result: r.success ? "pass" : "FAIL",
  requests: r.requests.length,
  approvals: r.approvals.length,
});

const totalStats = (t: Totals): RowStats => ({ ...t, result: `${t.passed}/${t.tasks}` });

function row(task: string, kind: string, r: RowStats): string[] {
  return [
    task,
    kind,
    r.result,
    ...[
      r.turns,
      r.toolCalls,
      r.inputTokens,
      r.outputTokens,
      r.wrongArguments,
      r.recoveries,
      r.requests,
      r.approvals,
    ].map(String),
  ];
}

function layout(rows: readonly string[][]): string {
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i < 3 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** Why a run failed, one line per failed check (and the early stop, if any). */
function failures(task: string, run: RunRecord): string[] {
  const lines = run.checks
    .filter((c) => !c.ok)
    .map((c) => `  ${task} (${run.toolset}): ${c.kind} ${c.expected}: ${c.detail}`);
  return run.failure === undefined ? lines : [`  ${task} (${run.toolset}): ${run.failure}`, ...lines];
}

/** The whole terminal report. */
export function reportToTable(report: EvalReport): string {
  const { goal, baseline } = report.toolsets;
  const head = [
    `eval: ${report.tasks.length} task${report.tasks.length === 1 ? "" : "s"} · ${report.provider}:${report.model} · upstream ${report.upstream.url}`,
    `goal toolset: ${goal.tools} tools, ${goal.definitionTokens} tokens of definitions (loaded in ${goal.loadMs} ms)`,
    `baseline: ${baseline.tools} tools (all operations), ${baseline.upfrontTokens} tokens upfront${baseline.toolSearch ? ` with tool search, ${baseline.definitionTokens} in all` : ""} (loaded in ${baseline.loadMs} ms)`,
    "",
  ];
  const rows = [COLUMNS];
  for (const t of report.tasks)
    rows.push(row(t.id, "goal", runStats(t.goal)), row("", "baseline", runStats(t.baseline)));
  rows.push(
    row("total", "goal", totalStats(report.totals.goal)),
    row("", "baseline", totalStats(report.totals.baseline)),
  );
  const failed = report.tasks.flatMap((t) => [...failures(t.id, t.goal), ...failures(t.id, t.baseline)]);
  return `${[...head, layout(rows), ...(failed.length > 0 ? ["", "failed:", ...failed] : [])].join("\n")}\n`;
}
