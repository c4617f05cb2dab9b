// An ApprovalPreview → the lines `approvals show` prints: each step, what it reads or changes, run-time targets.
import type { ApprovalState } from "../state/types.js";
import { isRecord, type ToolResult } from "../types.js";
import type { ApprovalPreview, PreviewValue, StepPreview, ValueSource } from "./preview.js";

/** The preview's heading as the request's state makes it true: what approving runs, ran, or would have run. */
export function previewHeading(preview: ApprovalPreview, state: ApprovalState, result?: ToolResult): string {
  const count = preview.steps.length;
  const size = `${count} step${count === 1 ? "" : "s"}, ${preview.changes} changing state`;
  if (state === "pending" || state === "approved") return `What approving runs (${size})`;
  if (state === "rejected") return `What was requested (${size}); rejected, nothing ran`;
  const code = isRecord(result) && isRecord(result["error"]) ? result["error"]["code"] : undefined;
  if (state === "failed" && code === "CONFLICT")
    return `What was requested (${size}); its target changed before approval, nothing was changed`;
  return `What approving ran (${size})`;
}

const shown = (value: unknown, top: boolean): string =>
  top && typeof value === "string" ? value : (JSON.stringify(value) ?? "null");

/** A piece of a rendered value: a read leaf (found when queued) or a run-time leaf is marked. */
export interface Segment {
  readonly text: string;
  readonly mark?: "read" | "run-time";
}

function joined(parts: readonly Segment[][], open: string, close: string): Segment[] {
  return [{ text: open }, ...parts.flatMap((p, i) => (i === 0 ? p : [{ text: "," }, ...p])), { text: close }];
}

/** A value as segments: every member of a structure, each read leaf filled and marked with the step that found it. */
export function sourceSegments(source: ValueSource, top = true): Segment[] {
  switch (source.kind) {
    case "known":
      return [{ text: shown(source.value, top) }];
    case "absent":
      return [{ text: `(not given: ${source.input})` }];
    case "read":
      return [
        { text: shown(source.value, top), mark: "read" },
        { text: ` [found by step ${source.steps.join(", ")}]` },
      ];
    case "run-time":
      return [{ text: `{chosen at run time: ${source.expression}}`, mark: "run-time" }];
    case "object":
      return joined(
        source.entries.map(([key, s]) => [{ text: `${JSON.stringify(key)}:` }, ...sourceSegments(s, false)]),
        "{",
        "}",
      );
    case "array":
      return joined(
        source.items.map((s) => sourceSegments(s, false)),
        "[",
        "]",
      );
  }
}

const sourceText = (source: ValueSource): string =>
  sourceSegments(source)
    .map((s) => s.text)
    .join("");

function queryText(values: readonly PreviewValue[]): string {
  const query = values.filter((v) => v.in === "query" && v.source.kind !== "absent");
  return query.length === 0 ? "" : `?${query.map((v) => `${v.name}=${sourceText(v.source)}`).join("&")}`;
}

function effectText(step: StepPreview): string {
  if (step.effect === "read") return "reads";
  return step.destructive ? "CHANGES STATE (deletes)" : "CHANGES STATE";
}

function stepLines(step: StepPreview, index: number): string[] {
  const head =
    `  ${index + 1}. ${step.id.padEnd(12)} ${step.method.padEnd(7)} ${step.path}${queryText(step.values)} ` +
    `  ${effectText(step)}`;
  const body = step.values.filter((v) => v.in === "body" && v.source.kind !== "absent");
  const late = step.values.filter((v) => v.in === "path" && v.source.kind === "run-time");
  const read = step.effect === "change" ? step.values.filter((v) => v.source.kind === "read") : [];
  return [
    head,
    ...(body.length === 0 ? [] : [`     body: ${body.map((v) => `${v.name}=${sourceText(v.source)}`).join(", ")}`]),
    ...keptLines(step),
    ...late.map((v) => {
      const source = v.source as ValueSource & { kind: "run-time" };
      const steps = source.steps.join(", ") || "an earlier step";
      return (
        `     {${v.name}} is chosen at run time from the answer of step ${steps} ` +
        `(${source.expression}): the item is not known until the call runs.`
      );
    }),
    ...read.map(
      (v) =>
        `     ${v.name} was found by step ${(v.source as ValueSource & { kind: "read" }).steps.join(", ")} when the ` +
        `request was queued; approving reads it again and runs nothing if it changed.`,
    ),
  ];
}

/** A PUT that reads first: which fields change (the body line) and which keep their current values. */
function keptLines(step: StepPreview): string[] {
  const keep = step.keepsCurrent;
  if (keep === undefined) return [];
  const creates =
    keep.createsWhenAbsent === true
      ? [`     if ${keep.operationId} finds nothing there, this creates it with only the values above.`]
      : [];
  if (keep.properties.length === 0) return creates;
  return [
    `     unchanged: ${keep.properties.join(", ")} keep their current values, read by ${keep.operationId} ` +
      "just before the change.",
    ...creates,
  ];
}

/**
 * The preview as text: a heading, one line per step (plus body and run-time notes), and a warning for find-then-change
 * goals.
 */
export function previewLines(
  preview: ApprovalPreview,
  state: ApprovalState = "pending",
  result?: ToolResult,
): string[] {
  return [
    `${previewHeading(preview, state, result)}:`,
    ...preview.steps.flatMap(stepLines),
    ...(preview.targetResolved
      ? [
          "note: the reads that choose what this call changes ran when it was queued; their answers are filled in " +
            "above. Approving runs them again and, if any answer changed, changes nothing and reports CONFLICT.",
        ]
      : []),
    ...(preview.targetChosenAtRunTime
      ? [
          "warning: a step that changes state acts on an item an earlier read picks at run time; approving " +
            "approves whatever that read returns.",
        ]
      : []),
  ];
}

/**
 * What the console's list and confirm dialog say a request does: the changing step's request and the target reads
 * chose.
 */
export interface RequestSummary {
  /** `POST` */
  readonly method: string;
  /** The path with what is known filled in. */
  readonly path: string;
  /** `channel = C012AB3CD` for each value a read found (or leaves to run time); empty when the arguments name it. */
  readonly target: string;
}

/** The first step that changes state (else the last step) and the values reads decide for the changing steps. */
export function requestSummary(preview: ApprovalPreview): RequestSummary | undefined {
  const changing = preview.steps.filter((s) => s.effect === "change");
  const main = changing[0] ?? preview.steps.at(-1);
  if (main === undefined) return undefined;
  const decided = changing.flatMap((step) =>
    step.values.filter((v) => v.source.kind !== "known" && v.source.kind !== "absent"),
  );
  const target = decided
    .map((v) => (v.source.kind === "run-time" ? `${v.name} chosen at run time` : `${v.name} = ${valueText(v.source)}`))
    .join("; ");
  return { method: main.method, path: main.path, target };
}

const valueText = (source: ValueSource): string =>
  sourceSegments(source)
    .filter((s) => !s.text.startsWith(" [found by"))
    .map((s) => s.text)
    .join("");
