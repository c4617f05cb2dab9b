// Turns named schemas into the sorted list of those that reach themselves through `$ref`s.
import type { JsonSchema } from "../model/api-model.js";
import { compareStrings } from "../util/order.js";
import { split } from "../util/pointer.js";
import { forEachSubschema } from "./schema-walk.js";

const NAMED_REF = "#/components/schemas/";

/** Names referenced from `schema` (directly, not through other named schemas). */
function referencedNames(schema: JsonSchema): Set<string> {
  const names = new Set<string>();
  forEachSubschema(schema, (node) => {
    const ref = node["$ref"];
    if (typeof ref !== "string" || !ref.startsWith(NAMED_REF)) return;
    const tokens = split(ref);
    if (tokens.length === 3 && tokens[2] !== undefined) names.add(tokens[2]);
  });
  return names;
}

/** One schema being searched: its name and the index of the next of its references to follow. */
interface Frame {
  readonly name: string;
  next: number;
}

/**
 * Names on a reference cycle (Tarjan's strongly connected components: a component of two or more, or a
 * schema referring to itself), sorted; emitters make exactly these lazy.
 */
export function recursiveNames(schemas: Readonly<Record<string, JsonSchema>>): string[] {
  const edges = new Map(
    Object.entries(schemas).map(([name, schema]) => [name, [...referencedNames(schema)].filter((n) => n in schemas)]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const recursive: string[] = [];
  let counter = 0;
  const enter = (name: string): Frame => {
    index.set(name, counter);
    low.set(name, counter++);
    stack.push(name);
    onStack.add(name);
    return { name, next: 0 };
  };
  const close = (name: string): void => {
    if (low.get(name) !== index.get(name)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === name ? undefined : stack.pop()) {
      onStack.delete(top);
      component.push(top);
    }
    const selfLoop = edges.get(name)?.includes(name) ?? false;
    if (component.length > 1 || selfLoop) recursive.push(...component);
  };
  const lower = (name: string, reach: number): void => {
    low.set(name, Math.min(low.get(name) as number, reach));
  };
  /** Tarjan's depth-first search with its own stack: a `$ref` chain thousands long is walked without recursion. */
  const connect = (start: string): void => {
    const frames: Frame[] = [enter(start)];
    for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
      const next = edges.get(frame.name)?.[frame.next++];
      if (next === undefined) {
        frames.pop();
        close(frame.name);
        const parent = frames.at(-1);
        if (parent !== undefined) lower(parent.name, low.get(frame.name) as number);
      } else if (!index.has(next)) frames.push(enter(next));
      else if (onStack.has(next)) lower(frame.name, index.get(next) as number);
    }
  };
  for (const name of edges.keys()) if (!index.has(name)) connect(name);
  return recursive.sort(compareStrings);
}
