// An eval report → one self-contained HTML page (inline CSS, no script, no external asset), every spec, task and model string escaped.
import type { Check } from "../criteria.js";
import type { EvalReport, Totals } from "../index.js";
import type { RequestLine, RunRecord, TranscriptEntry } from "../run.js";

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const e = escapeHtml;

/** Longest tool result or argument text shown in a transcript, in characters. */
const SHOWN_CHARS = 6000;

function pretty(text: string): string {
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: shown as sent
  }
  return shown.length > SHOWN_CHARS
    ? `${shown.slice(0, SHOWN_CHARS)}\n… (${shown.length - SHOWN_CHARS} more characters)`
    : shown;
}

const CSS = `
:root{--ok:#1a7f37;--bad:#cf222e;--mute:#57606a;--line:#d0d7de;--bg:#f6f8fa;--goal:#0969da;--base:#8250df}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2328;background:#fff}
header{padding:20px 28px;border-bottom:1px solid var(--line);background:var(--bg)}h1{font-size:20px;margin:0 0 6px}
main{padding:20px 28px;max-width:1400px}.meta{color:var(--mute);margin:2px 0}code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
table{border-collapse:collapse;margin:10px 0 22px}th,td{border:1px solid var(--line);padding:4px 10px;text-align:right}
th:first-child,td:first-child,td.l{text-align:left}thead th{background:var(--bg)}
.pass{color:var(--ok);font-weight:600}.fail{color:var(--bad);font-weight:600}
.goal{color:var(--goal);font-weight:600}.baseline{color:var(--base);font-weight:600}
section.task{border:1px solid var(--line);border-radius:6px;margin:0 0 22px;padding:14px 18px}
section.task h2{font-size:16px;margin:0 0 6px}.msg{background:var(--bg);border-left:3px solid var(--line);padding:6px 10px;white-space:pre-wrap}
.runs{display:grid;grid-template-columns:1fr 1fr;gap:16px;margin-top:12px}.run{min-width:0}
.run h3{font-size:14px;margin:0 0 6px}ul.checks{padding-left:18px;margin:6px 0}
.entry{border-left:3px solid var(--line);margin:6px 0;padding:4px 10px;background:#fff}
.entry.assistant{border-color:var(--goal)}.entry.tool{border-color:var(--mute)}.entry.wrong_argument,.entry.error,.entry.failure{border-color:var(--bad)}
.entry.pending_approval,.entry.approval{border-color:#bf8700}.entry.user,.entry.system,.entry.setup{border-color:#1f2328}
.who{font-size:12px;color:var(--mute);text-transform:uppercase;letter-spacing:.03em}
pre{white-space:pre-wrap;word-break:break-word;background:var(--bg);padding:6px 8px;margin:4px 0;border-radius:4px;max-height:360px;overflow:auto}
details>summary{cursor:pointer;color:var(--mute);margin:6px 0}
`;

const STAT_ROWS: readonly [string, (t: Totals) => string][] = [
  ["tasks passed", (t) => `${t.passed} / ${t.tasks}`],
  ["model turns", (t) => String(t.turns)],
  ["tool calls", (t) => String(t.toolCalls)],
  ["tool searches", (t) => String(t.searches)],
  ["input tokens", (t) => String(t.inputTokens)],
  ["output tokens", (t) => String(t.outputTokens)],
  ["wrong-argument errors", (t) => String(t.wrongArguments)],
  ["recoveries", (t) => String(t.recoveries)],
  ["other tool errors", (t) => String(t.toolErrors)],
  ["requests sent", (t) => String(t.requests)],
  ["approvals granted", (t) => String(t.approvals)],
];

function totalsTable(report: EvalReport): string {
  const rows = STAT_ROWS.map(
    ([label, value]) =>
      `<tr><td>${e(label)}</td><td>${e(value(report.totals.goal))}</td><td>${e(value(report.totals.baseline))}</td></tr>`,
  ).join("");
  const { goal, baseline } = report.toolsets;
  const tools = `<tr><td>tools</td><td>${goal.tools}</td><td>${baseline.tools}${baseline.toolSearch ? " (tool search)" : ""}</td></tr>`;
  const tokens = `<tr><td>definition tokens upfront</td><td>${goal.upfrontTokens}</td><td>${baseline.upfrontTokens}</td></tr>`;
  return `<table id="totals"><thead><tr><th></th><th class="goal">goal toolset</th><th class="baseline">baseline (all operations)</th></tr></thead><tbody>${tools}${tokens}${rows}</tbody></table>`;
}

function taskRow(task: EvalReport["tasks"][number]): string {
  const cells = (r: RunRecord): string =>
    `<td class="${r.success ? "pass" : "fail"}">${r.success ? "pass" : "fail"}</td><td>${r.turns}</td><td>${r.toolCalls}</td><td>${r.inputTokens + r.outputTokens}</td><td>${r.wrongArguments}/${r.recoveries}</td><td>${r.requests.length}</td>`;
  return `<tr><td class="l"><a href="#task-${e(task.id)}">${e(task.id)}</a></td>${cells(task.goal)}${cells(task.baseline)}</tr>`;
}

function tasksTable(report: EvalReport): string {
  const group = (kind: string) =>
    `<th class="${kind}">result</th><th class="${kind}">turns</th><th class="${kind}">calls</th><th class="${kind}">tokens</th><th class="${kind}">wrong/recovered</th><th class="${kind}">requests</th>`;
  return `<table id="tasks"><thead><tr><th></th><th colspan="6" class="goal">goal toolset</th><th colspan="6" class="baseline">baseline</th></tr><tr><th>task</th>${group("goal")}${group("baseline")}</tr></thead><tbody>${report.tasks.map(taskRow).join("")}</tbody></table>`;
}

const checkLine = (c: Check): string =>
  `<li><span class="${c.ok ? "pass" : "fail"}">${c.ok ? "✔" : "✘"}</span> <code>${e(c.kind)}</code> ${e(c.expected)} — ${e(c.detail)}</li>`;

const requestLine = (r: RequestLine): string => `${r.method} ${r.path} → ${r.status ?? "no answer"}`;

function requestsBlock(requests: readonly RequestLine[]): string {
  return requests.length === 0
    ? ""
    : `<div class="who">requests sent</div><pre>${e(requests.map(requestLine).join("\n"))}</pre>`;
}

const ENTRY: { readonly [K in TranscriptEntry["kind"]]: (entry: Extract<TranscriptEntry, { kind: K }>) => string } = {
  system: (x) => `<div class="entry system"><div class="who">system</div><pre>${e(x.text)}</pre></div>`,
  user: (x) => `<div class="entry user"><div class="who">user</div><pre>${e(x.text)}</pre></div>`,
  setup: (x) =>
    `<div class="entry setup"><div class="who">setup request</div><pre>${e(requestLine(x.request))}</pre></div>`,
  assistant: (x) => {
    const calls = x.calls
      .map((c) => `<div class="who">calls ${e(c.name)}</div><pre>${e(pretty(c.arguments))}</pre>`)
      .join("");
    const searches = x.serverSearches
      .map((q) => `<div class="who">provider tool search</div><pre>${e(q)}</pre>`)
      .join("");
    const text = x.text === "" ? "" : `<pre>${e(x.text)}</pre>`;
    return `<div class="entry assistant"><div class="who">model · ${x.inputTokens} in / ${x.outputTokens} out tokens</div>${text}${searches}${calls}</div>`;
  },
  tool: (x) =>
    `<div class="entry tool ${e(x.outcome)}"><div class="who">${e(x.name)} → ${e(x.outcome.replace(/_/g, " "))}</div><pre>${e(pretty(x.result))}</pre>${requestsBlock(x.requests)}</div>`,
  approval: (x) =>
    `<div class="entry approval"><div class="who">approved by the eval (operator) · ${e(x.tool)} · ${e(x.outcome)}</div><pre>${e(x.requestId)}</pre>${requestsBlock(x.requests)}</div>`,
  failure: (x) => `<div class="entry failure"><div class="who">stopped</div><pre>${e(x.text)}</pre></div>`,
};

function entryHtml(entry: TranscriptEntry): string {
  return (ENTRY[entry.kind] as (x: TranscriptEntry) => string)(entry);
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

function runHtml(run: RunRecord): string {
  const label = run.toolset === "goal" ? "goal toolset" : "baseline (all operations)";
  const stats = [
    count(run.turns, "turn"),
    count(run.toolCalls, "tool call"),
    `${run.inputTokens} in / ${run.outputTokens} out tokens`,
    `${count(run.wrongArguments, "wrong argument")}, ${run.recoveries} recovered`,
    count(run.requests.length, "request"),
    count(run.approvals.length, "approval"),
  ].join(" · ");
  const failure = run.failure === undefined ? "" : `<p class="fail">${e(run.failure)}</p>`;
  return `<div class="run run-${run.toolset}"><h3><span class="${run.toolset}">${label}</span> · <span class="${run.success ? "pass" : "fail"}">${run.success ? "pass" : "fail"}</span></h3><div class="meta">${e(stats)}</div>${failure}<ul class="checks">${run.checks.map(checkLine).join("")}</ul><details${run.success ? "" : " open"}><summary>transcript (${run.transcript.length} entries)</summary>${run.transcript.map(entryHtml).join("")}</details></div>`;
}

function taskHtml(task: EvalReport["tasks"][number]): string {
  return `<section class="task" id="task-${e(task.id)}"><h2>${e(task.id)}</h2><div class="msg">${e(task.message)}</div><div class="runs">${runHtml(task.goal)}${runHtml(task.baseline)}</div></section>`;
}

/** The report page. */
export function reportToHtml(report: EvalReport): string {
  const title = `aci-gen eval · ${report.provider}:${report.model}`;
  const meta = [
    `spec ${report.spec}`,
    `goals ${report.goals}`,
    `tasks ${report.tasksFile}`,
    `upstream ${report.upstream.url}`,
    `toolsets loaded in process: goal ${report.toolsets.goal.loadMs} ms, baseline ${report.toolsets.baseline.loadMs} ms`,
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(title)}</title><style>${CSS}</style></head>
<body><header><h1>${e(title)}</h1>${meta.map((m) => `<div class="meta">${e(m)}</div>`).join("")}</header>
<main><h2>Totals</h2>${totalsTable(report)}<h2>Tasks</h2>${tasksTable(report)}${report.tasks.map(taskHtml).join("\n")}</main></body></html>
`;
}
