// An ApprovalPreview → the lines `approvals show` prints: each step, what it reads or changes, run-time targets.
import type { ApprovalPreview, PreviewValue, StepPreview, ValueSource } from "./preview.js";

const shown = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

function sourceText(source: ValueSource): string {
  if (source.kind === "known") return shown(source.value);
  if (source.kind === "absent") return `(not given: ${source.input})`;
  return `{chosen at run time: ${source.expression}}`;
}

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
  ];
}

/** A PUT that reads first: which fields change (the body line) and which keep their current values. */
function keptLines(step: StepPreview): string[] {
  const keep = step.keepsCurrent;
  if (keep === undefined || keep.properties.length === 0) return [];
  return [
    `     unchanged: ${keep.properties.join(", ")} keep their current values, read by ${keep.operationId} ` +
      "just before the change.",
  ];
}

/**
 * The preview as text: a heading, one line per step (plus body and run-time notes), and a warning for find-then-change
 * goals.
 */
export function previewLines(preview: ApprovalPreview): string[] {
  const count = preview.steps.length;
  return [
    `What approving runs (${count} step${count === 1 ? "" : "s"}, ${preview.changes} changing state):`,
    ...preview.steps.flatMap(stepLines),
    ...(preview.targetChosenAtRunTime
      ? [
          "warning: a step that changes state acts on an item an earlier read picks at run time; approving " +
            "approves whatever that read returns.",
        ]
      : []),
  ];
}
