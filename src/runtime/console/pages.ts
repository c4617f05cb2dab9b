// Approval records, previews and audit records → the console's server-rendered pages (every value escaped by `html`).
import { QUEUED_ELSEWHERE } from "../approval/origin.js";
import type { AuditRecord } from "../state/types.js";
import type { ApprovalPreview, PreviewValue, StepPreview, ValueSource } from "../approval/preview.js";
import { previewHeading, sourceSegments, type RequestSummary } from "../approval/preview-lines.js";
import type { ApprovalRecord } from "../state/types.js";
import { html, type Html } from "./html.js";
import { shownStored } from "../media.js";

/**
 * What every signed-in page needs: the toolset's name and the session's CSRF token for its forms (empty for a bearer
 * client).
 */
export interface PageFrame {
  readonly toolset: string;
  readonly csrf?: string;
  readonly operator?: string;
}

/** A request as the list and the detail show it. */
export interface RequestView {
  readonly record: ApprovalRecord;
  readonly risk: string;
  /** The changing step's method and path, and the target reads chose; absent for a tool this package lacks. */
  readonly summary?: RequestSummary;
  /** Queued by a call of another origin (another package of the same name): only rejecting it is offered here. */
  readonly elsewhere?: boolean;
}

/** The console's base path. */
export const CONSOLE_PATH = "/approvals";
export const requestPath = (id: string): string => `${CONSOLE_PATH}/requests/${encodeURIComponent(id)}`;

const shownState = (record: ApprovalRecord): string => (record.interrupted === true ? "interrupted" : record.state);
const json = (value: unknown): string => JSON.stringify(value, null, 2) ?? "";
const short = (value: unknown, max = 120): string => {
  const text = JSON.stringify(value) ?? "";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};
/** `2026-12-05T02:47:19.727Z` → `2026-12-05 02:47:19`: the list's time, UTC. */
const when = (iso: string): string => iso.replace("T", " ").replace(/\.\d+Z$|Z$/, "");

/** A request id as a link: its first 8 characters, the whole id in the title and the URL. */
const idLink = (id: string): Html =>
  html`<a class="id" href="${requestPath(id)}" title="${id}"><code>${id.slice(0, 8)}</code></a>`;

/** The whole document: strict-CSP friendly (external script and stylesheet only). */
export function layout(frame: PageFrame, title: string, body: Html): Html {
  const nav =
    frame.csrf === undefined
      ? html``
      : html`<nav><a href="${CONSOLE_PATH}">Requests</a><a href="${CONSOLE_PATH}/audit">Audit log</a>
<span class="who">Signed in as <strong id="operator">${frame.operator ?? ""}</strong></span>
<form class="inline" method="post" action="${CONSOLE_PATH}/logout">
<input type="hidden" name="csrf" value="${frame.csrf}">
<button type="submit" id="sign-out">Sign out</button></form></nav>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} · ${frame.toolset} approvals</title>
<link rel="stylesheet" href="${CONSOLE_PATH}/console.css">
<script src="${CONSOLE_PATH}/console.js" defer></script></head>
<body>${nav}<h1>${title}</h1>${body}</body></html>`;
}

/** The sign-in form: the operator token alone; the token says who signs in (the audit log records that name). */
export function loginPage(frame: PageFrame, error?: string): Html {
  const problem = error === undefined ? html`` : html`<p class="error" id="error">${error}</p>`;
  return layout(
    frame,
    "Sign in",
    html`${problem}<form method="post" action="${CONSOLE_PATH}/login">
<p><label>Your operator token <input type="password" name="token" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p></form>`,
  );
}

function requestRow(view: RequestView): Html {
  const { record, summary } = view;
  const state = shownState(record);
  return html`<tr data-id="${record.id}"><td class="nowrap">${idLink(record.id)}</td>
<td class="nowrap">${record.tool}${view.elsewhere === true ? " (another package's)" : ""}</td>
<td class="risk-${view.risk}">${view.risk}</td>
<td class="state-${state}">${state}</td>
<td class="call"><code>${summary === undefined ? "" : `${summary.method} ${summary.path}`}</code></td>
<td class="target">${summary?.target ?? ""}</td>
<td class="nowrap">${when(record.createdAt)}</td><td>${record.decidedBy ?? record.resolvedBy ?? ""}</td></tr>`;
}

function requestTable(id: string, title: string, views: readonly RequestView[]): Html {
  const rows = views.length === 0 ? html`<tr><td colspan="8">none</td></tr>` : views.map(requestRow);
  return html`<h2>${title} (${views.length})</h2><table id="${id}"><thead><tr><th>Request</th><th>Tool</th><th>Risk</th>
<th>State</th><th>Calls</th><th>Target (found by reads)</th><th>Created (UTC)</th><th>Decided by</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

/** Pending, interrupted, in-progress and recent requests. */
export function listPage(frame: PageFrame, views: readonly RequestView[], recent = 50): Html {
  const open = (v: RequestView) => v.record.state === "pending" || v.record.state === "approved";
  const interrupted = views.filter((v) => v.record.interrupted === true);
  const running = views.filter((v) => v.record.state === "executing" && v.record.interrupted !== true);
  const closed = views
    .filter((v) => ["done", "failed", "rejected"].includes(v.record.state))
    .sort((a, b) => (a.record.updatedAt < b.record.updatedAt ? 1 : -1))
    .slice(0, recent);
  return layout(
    frame,
    "Approval requests",
    html`${[
      requestTable("pending", "Pending", views.filter(open)),
      requestTable("interrupted", "Interrupted (check upstream, then resolve)", interrupted),
      requestTable("running", "Executing", running),
      requestTable("recent", "Recent", closed),
    ]}`,
  );
}

/** A value with its read leaves in `<mark class="read">` and its run-time leaves in `<mark class="late">`. */
function sourceHtml(source: ValueSource): Html {
  return html`${sourceSegments(source).map((s) =>
    s.mark === undefined
      ? html`${s.text}`
      : html`<mark class="${s.mark === "read" ? "read" : "late"}">${s.text}</mark>`,
  )}`;
}

const valuesHtml = (values: readonly PreviewValue[]): Html =>
  html`${values
    .filter((v) => v.source.kind !== "absent")
    .map((v, i) => html`${i === 0 ? "" : "\n"}${v.in} ${v.name} = ${sourceHtml(v.source)}`)}`;

function stepRow(step: StepPreview, index: number): Html {
  const effect = step.effect === "read" ? "reads" : step.destructive ? "changes state (deletes)" : "changes state";
  return html`<tr><td>${index + 1}</td><td>${step.id}</td><td><code>${step.method} ${step.path}</code></td>
<td class="${step.effect === "change" ? "change" : ""}">${effect}</td>
<td><pre>${valuesHtml(step.values)}</pre></td></tr>`;
}

function previewTable(preview: ApprovalPreview | undefined, view: RequestView): Html {
  const { record } = view;
  const state = record.state;
  if (preview === undefined && view.elsewhere === true)
    return html`<p class="error" id="elsewhere">${QUEUED_ELSEWHERE(record.id, record.tool)}.</p>`;
  if (preview === undefined)
    return html`<p class="error">This package has no tool of that name; reject the request.</p>`;
  const open = state === "pending" || state === "approved";
  const warning =
    preview.targetChosenAtRunTime && open
      ? html`<p class="error">A step that changes state acts on an item an earlier read picks at run time:
approving approves whatever that read returns.</p>`
      : html``;
  const resolved =
    preview.targetResolved && open
      ? html`<p class="note" id="resolved-note">Highlighted values were found by reads when the request was queued.
Approving runs those reads again and, if an answer changed, changes nothing and reports a conflict.</p>`
      : html``;
  return html`<h2 id="preview-heading">${previewHeading(preview, state, record.result)}</h2>${warning}${resolved}
<table id="steps"><thead><tr><th>#</th><th>Step</th><th>Request</th><th>Effect</th><th>Values</th></tr></thead>
<tbody>${preview.steps.map(stepRow)}</tbody></table>`;
}

/** What the confirm dialog asks: the tool, the request it sends and the target, by name. */
function confirmQuestion(view: RequestView): string {
  const call = view.summary === undefined ? "" : ` ${view.summary.method} ${view.summary.path}`;
  const target = view.summary?.target ? ` on ${view.summary.target}` : "";
  return `Approve and run ${view.record.tool}:${call}${target}? It runs now, exactly once.`;
}

function actions(view: RequestView, csrf: string): Html {
  const { record } = view;
  const action = (verb: string) => `${requestPath(record.id)}/${verb}`;
  if (record.state === "pending" || record.state === "approved") {
    const approve =
      view.elsewhere === true
        ? html``
        : html`<form id="approve" method="post" action="${action("approve")}"
 data-confirm="${confirmQuestion(view)}"><input type="hidden" name="csrf" value="${csrf}"><button
 type="submit" class="approve">Approve and run</button></form>`;
    return html`<h2>Decide</h2>${approve}
<section class="reject"><h3>Reject instead</h3><form id="reject" method="post" action="${action("reject")}"
 data-confirm="${`Reject ${record.tool}? Nothing is sent.`}"><input type="hidden" name="csrf" value="${csrf}"><p><label
 >Reason, shown to the model <textarea name="reason" maxlength="2000"></textarea></label></p>
 <button type="submit">Reject</button></form></section>`;
  }
  if (record.interrupted !== true || view.elsewhere === true) return html``;
  return html`<h2>Resolve the interrupted execution</h2><p>${record.claimedBy ?? "A process"} started executing it at
${record.claimedAt ?? record.updatedAt} and stopped before recording the outcome. It may or may not have reached the
API, and it is never re-run: check the API, then record what you found.</p>
<form id="resolve" method="post" action="${action("resolve")}"><input type="hidden" name="csrf" value="${csrf}">
<label><input type="radio" name="outcome" value="done" required> it took effect</label>
<label><input type="radio" name="outcome" value="failed"> it did not</label>
<label>Reason <textarea name="reason" maxlength="2000"></textarea></label>
<button type="submit">Resolve</button></form>`;
}

/** Messages after a decision, by a fixed key (never text from the query string). */
export const FLASH: Readonly<Record<string, string>> = {
  approved: "Approved and executed.",
  failed: "Approved, but the call did not succeed: see the result below (nothing is retried).",
  conflict: "Not run: what it acts on changed after it was queued (see the result below); nothing was changed.",
  rejected: "Rejected; nothing was sent.",
  resolved: "Resolved.",
};

/** One request: its fields, redacted arguments, what each step does, its outcome and the decision forms. */
export function detailPage(
  frame: PageFrame & { readonly csrf: string },
  view: RequestView,
  preview: ApprovalPreview | undefined,
  flash?: string,
): Html {
  const { record } = view;
  const field = (name: string, value: unknown) =>
    value === undefined ? html`` : html`<tr><th>${name}</th><td>${value}</td></tr>`;
  const note = flash === undefined ? html`` : html`<p class="flash" id="flash">${flash}</p>`;
  const result =
    record.result === undefined
      ? html``
      : html`<h2>Result</h2><pre id="result">${json(shownStored(record.result))}</pre>`;
  return layout(
    frame,
    `Request ${record.id}`,
    html`${note}<table id="fields">${[
      field("Tool", record.tool),
      field("Calls", view.summary === undefined ? undefined : `${view.summary.method} ${view.summary.path}`),
      field("Target", view.summary?.target || undefined),
      field("Risk", view.risk),
      field("State", shownState(record)),
      field("Created", record.createdAt),
      field("Updated", record.updatedAt),
      field("Decided by", record.decidedBy),
      field("Resolved by", record.resolvedBy),
      field("Executed by", record.claimedBy),
      field("Reason", record.reason),
    ]}</table>
<h2>Arguments (redacted)</h2><pre id="arguments">${json(record.arguments)}</pre>
${previewTable(preview, view)}${result}
${actions(view, frame.csrf)}`,
  );
}

/** Filters of the audit page, each optional. */
export interface AuditFilter {
  readonly tool?: string;
  readonly event?: string;
  readonly request_id?: string;
  readonly outcome?: string;
}

const AUDIT_EVENTS = ["call", "approval_requested", "approved", "rejected", "executed", "resolved"] as const;

/** Whether a record passes every filter given. */
export const auditMatches = (record: AuditRecord, filter: AuditFilter): boolean =>
  (filter.tool === undefined || record.tool === filter.tool) &&
  (filter.event === undefined || record.event === filter.event) &&
  (filter.request_id === undefined || record.request_id === filter.request_id) &&
  (filter.outcome === undefined || record.outcome === filter.outcome);

function auditRow(record: AuditRecord): Html {
  const request = record.request_id === undefined ? html`` : idLink(record.request_id);
  const status = record.status === undefined ? "" : ` (${record.status})`;
  return html`<tr><td class="nowrap">${when(record.ts)}</td><td class="nowrap">${record.event}</td>
<td class="nowrap">${record.tool}</td><td class="nowrap">${request}</td>
<td class="nowrap">${record.outcome}${status}</td>
<td class="nowrap">${record.by ?? ""}</td><td>${record.reason ?? ""}</td><td class="nowrap">${record.replica ?? ""}</td>
<td class="args"><code>${short(record.arguments)}</code></td></tr>`;
}

function option(value: string, selected: string | undefined): Html {
  return selected === value
    ? html`<option value="${value}" selected>${value}</option>`
    : html`<option value="${value}">${value}</option>`;
}

/** The audit log, newest first, filtered by tool, event, request id and outcome. */
export function auditPage(
  frame: PageFrame,
  records: readonly AuditRecord[],
  filter: AuditFilter,
  tools: readonly string[],
  limit = 500,
): Html {
  const shown = records
    .filter((r) => auditMatches(r, filter))
    .reverse()
    .slice(0, limit);
  const form = html`<form id="filters" method="get" action="${CONSOLE_PATH}/audit">
<label>Tool <select name="tool"><option value="">any</option>${tools.map((t) => option(t, filter.tool))}</select>
</label>
<label>Event <select name="event"><option value="">any</option>${AUDIT_EVENTS.map((e) => option(e, filter.event))}
</select></label>
<label>Request <input type="text" name="request_id" value="${filter.request_id ?? ""}"></label>
<label>Outcome <input type="text" name="outcome" value="${filter.outcome ?? ""}"></label>
<button type="submit">Filter</button></form>`;
  const rows = shown.length === 0 ? html`<tr><td colspan="9">no records</td></tr>` : shown.map(auditRow);
  return layout(
    frame,
    "Audit log",
    html`${form}<table id="audit"><thead><tr><th>Time (UTC)</th><th>Event</th><th>Tool</th><th>Request</th>
<th>Outcome</th>
<th>By</th><th>Reason</th><th>Replica</th><th>Arguments (redacted)</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

/** A short page for a refusal or a conflict. */
export function messagePage(frame: PageFrame, title: string, message: string): Html {
  return layout(
    frame,
    title,
    html`<p class="error" id="error">${message}</p><p><a href="${CONSOLE_PATH}">Back to the requests</a></p>`,
  );
}

/**
 * The answer to an operator who lost a race (another operator or replica decided first) or hit a busy request: what
 * happened to it, by whom, and a link to its outcome.
 */
export function outcomePage(
  frame: PageFrame,
  view: RequestView,
  outcome: "already-decided" | "busy" | "elsewhere",
): Html {
  const { record } = view;
  const state = shownState(record);
  const who = record.decidedBy ?? record.resolvedBy;
  const what =
    outcome === "busy"
      ? `Request ${record.id} (${record.tool}) is being decided or executed by another process right now.`
      : outcome === "elsewhere"
        ? `${QUEUED_ELSEWHERE(record.id, record.tool)}.`
        : `Request ${record.id} (${record.tool}) was already decided${who === undefined ? "" : ` by ${who}`}: ` +
          `it is ${state}.`;
  return layout(
    frame,
    "Nothing was done",
    html`<p class="error" id="error">${what} Your action did nothing.</p>
<p><a id="outcome" href="${requestPath(record.id)}">See the request and its outcome</a> ·
<a href="${CONSOLE_PATH}">Back to the requests</a></p>`,
  );
}
