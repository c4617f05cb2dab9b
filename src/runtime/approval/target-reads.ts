// A tool's steps → the reads that choose what its actions change (run before a request is queued), and their inputs.
import { parseExpression, parseTemplate, referencesOf, type Expression } from "../expressions/index.js";
import type { StepSpec, ValueExpr } from "../types.js";

/** Step id → the outputs a read yielded (recorded with a queued request, compared again at approval). */
export type ResolvedReads = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

function valueExpressions(value: ValueExpr): Expression[] {
  switch (value.kind) {
    case "literal":
      return [];
    case "expr": {
      const parsed = parseExpression(value.text);
      return parsed.ok ? [parsed.expr] : [];
    }
    case "template": {
      const parsed = parseTemplate(value.text);
      return parsed.ok ? [...referencesOf(parsed.template).expressions] : [];
    }
    case "object":
      return value.entries.flatMap(([, v]) => valueExpressions(v));
    case "array":
      return value.items.flatMap(valueExpressions);
    case "each":
      return valueExpressions({ kind: "expr", text: value.source });
  }
}

/** Every expression a step's request reads: parameters, body, body replacements and its pick's values. */
export function requestExpressions(step: StepSpec): Expression[] {
  return [
    ...step.params.flatMap((p) => valueExpressions(p.value)),
    ...(step.body === undefined ? [] : valueExpressions(step.body.value)),
    ...(step.body?.replacements ?? []).flatMap((r) => valueExpressions(r.value)),
    ...(step.pick?.where ?? []).flatMap(([, v]) => valueExpressions(v)),
  ];
}

const stepsRead = (step: StepSpec): string[] => [
  ...new Set([
    ...requestExpressions(step).flatMap((e) => (e.kind === "stepOutput" ? [e.stepId] : [])),
    ...step.dependsOn,
  ]),
];

const jumps = (step: StepSpec): boolean => [...step.onSuccess, ...step.onFailure].some((a) => a.type !== "retry");

/** Whether an output's pointer goes through a list index (`#/0/id`, `#/items/0/id`): an item chosen from a list. */
export function listIndexed(text: string): boolean {
  const parsed = parseExpression(text);
  return parsed.ok && parsed.expr.kind === "responseBody" && parsed.expr.pointer.some((t) => /^\d+$/.test(t));
}

/** A read that chooses one item among many: a `pick`, or an output read from a list item. */
const selects = (step: StepSpec): boolean => step.pick !== undefined || Object.values(step.outputs).some(listIndexed);

/** Reads a changing step depends on, directly or through other reads, that themselves wait only for such reads. */
function feedingReads(steps: readonly StepSpec[]): Set<string> {
  const byId = new Map(steps.map((s) => [s.id, s]));
  const feeding = new Set<string>();
  const visit = (id: string): void => {
    const step = byId.get(id);
    if (step === undefined || !step.readOnly || feeding.has(id)) return;
    feeding.add(id);
    for (const dep of stepsRead(step)) visit(dep);
  };
  for (const step of steps) if (!step.readOnly) for (const dep of stepsRead(step)) visit(dep);
  let changed = true;
  while (changed) {
    changed = false;
    for (const id of feeding)
      if (!stepsRead(byId.get(id) as StepSpec).every((dep) => feeding.has(dep))) {
        feeding.delete(id);
        changed = true;
      }
  }
  return feeding;
}

/**
 * Ids of the read steps that choose what a changing step acts on (find-by-name, pick, search → id): reads feeding a
 * changing step that pick one item of a list, and the reads those depend on. A read of the target's current state
 * (Kubernetes' scale before a replace) chooses nothing and runs only when the call is approved. In written order; empty
 * for a tool without a change or one whose steps jump (`goto`/`end`), which runs only as a whole.
 */
export function targetReadIds(steps: readonly StepSpec[]): string[] {
  if (steps.some(jumps) || !steps.some((s) => !s.readOnly)) return [];
  const byId = new Map(steps.map((s) => [s.id, s]));
  const feeding = feedingReads(steps);
  const chosen = new Set<string>();
  const keep = (id: string): void => {
    if (chosen.has(id) || !feeding.has(id)) return;
    chosen.add(id);
    for (const dep of stepsRead(byId.get(id) as StepSpec)) keep(dep);
  };
  for (const id of feeding) if (selects(byId.get(id) as StepSpec)) keep(id);
  return steps.filter((s) => chosen.has(s.id)).map((s) => s.id);
}

/**
 * Inputs (as the expressions name them) whose every use is in a target read: they only select what an action changes,
 * so the user must name them (the planner makes them required unless the goals file says otherwise).
 */
export function targetSelectingInputs(steps: readonly StepSpec[]): string[] {
  const reads = new Set(targetReadIds(steps));
  const inTarget = new Set<string>();
  const elsewhere = new Set<string>();
  for (const step of steps)
    for (const e of requestExpressions(step))
      if (e.kind === "inputs") (reads.has(step.id) ? inTarget : elsewhere).add(e.name);
  return [...inTarget].filter((name) => !elsewhere.has(name));
}

/** What changed between the reads recorded with a request and the same reads now: one line per output. */
export function changedReads(queued: ResolvedReads, now: ResolvedReads): string[] {
  const lines: string[] = [];
  for (const [step, outputs] of Object.entries(queued))
    for (const [name, before] of Object.entries(outputs)) {
      const after = now[step]?.[name];
      if (JSON.stringify(after) !== JSON.stringify(before))
        lines.push(
          `step "${step}" output ${name} was ${JSON.stringify(before)} when the request was queued and is now ` +
            `${after === undefined ? "missing" : JSON.stringify(after)}`,
        );
    }
  return lines;
}
