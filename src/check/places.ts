// A goal of the goals file → where a reviewer should look: the goal, the first binding of each input, its returns.
import type { FilePosition, Goal, Located, Value } from "../goals/types.js";
import type { ContractChange, SourceAt, ToolDiff } from "./types.js";

/** Where a tool's goal, each of its inputs' first binding and its `returns` are written. */
export interface GoalPlaces {
  readonly at?: SourceAt;
  /** Input name as the goals file writes it (`$inputs.NAME`, `inputs: { NAME: … }`) → its first binding. */
  readonly inputs: Readonly<Record<string, SourceAt>>;
  readonly returns?: SourceAt;
}

const INPUT_REFERENCE = /\$inputs\.([A-Za-z0-9_-]+)/g;

/** The places of one goal: inputs at their first `$inputs.NAME` in the steps, else at their `inputs:` entry. */
export function goalPlaces(goal: Goal): GoalPlaces {
  const inputs: Record<string, SourceAt> = {};
  const values = goal.steps.flatMap((s) => [
    ...s.params.map((p) => p.value),
    ...(s.body === undefined ? [] : [s.body.payload, ...s.body.replacements.map((r) => r.value)]),
  ]);
  for (const value of values.flatMap(leaves))
    for (const [, name] of value.text.matchAll(INPUT_REFERENCE))
      if (name !== undefined && inputs[name] === undefined && value.position !== undefined)
        inputs[name] = sourceAt(value.position, value.pointer);
  for (const [name, override] of Object.entries(goal.inputs))
    if (inputs[name] === undefined && override.position !== undefined)
      inputs[name] = sourceAt(override.position, override.pointer);
  return {
    ...(goal.position === undefined ? {} : { at: sourceAt(goal.position, goal.pointer) }),
    inputs,
    ...(goal.returns?.position === undefined ? {} : { returns: sourceAt(goal.returns.position, goal.returns.pointer) }),
  };
}

/** The expressions and templates of a value, in written order. */
function leaves(value: Value): (Located & { readonly text: string })[] {
  if (value.kind === "expr" || value.kind === "template") return [value];
  if (value.kind === "object") return value.entries.flatMap(([, v]) => leaves(v));
  if (value.kind === "array") return value.items.flatMap(leaves);
  if (value.kind === "each") return [{ text: value.source, pointer: value.pointer, ...position(value) }];
  return [];
}

function position(located: Located): { position?: FilePosition } {
  return located.position === undefined ? {} : { position: located.position };
}

function sourceAt(position: FilePosition, pointer: string): SourceAt {
  return { file: position.file, line: position.line, column: position.column, pointer };
}

/** A tool diff placed in the goals file: the tool at its goal, an input change at the input, a result change at `returns`. */
export function placed(diff: ToolDiff, places: GoalPlaces | undefined): ToolDiff {
  if (places === undefined) return diff;
  const at = diff.at ?? places.at;
  const changes = diff.changes.map((c) => (c.at === undefined ? withPlace(c, places) : c));
  return { ...diff, changes, ...(at === undefined ? {} : { at }) };
}

function withPlace(change: ContractChange, places: GoalPlaces): ContractChange {
  const at =
    change.input === undefined
      ? change.kind.startsWith("result-field") || change.kind.startsWith("returns")
        ? places.returns
        : undefined
      : places.inputs[change.input];
  return at === undefined ? change : { ...change, at };
}
