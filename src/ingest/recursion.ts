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
  const connect = (name: string): void => {
    index.set(name, counter);
    low.set(name, counter++);
    stack.push(name);
    onStack.add(name);
    for (const next of edges.get(name) ?? []) {
      const visited = index.has(next);
      if (!visited) connect(next);
      if (!visited || onStack.has(next)) {
        const reach = visited ? (index.get(next) as number) : (low.get(next) as number);
        low.set(name, Math.min(low.get(name) as number, reach));
      }
    }
    if (low.get(name) !== index.get(name)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === name ? undefined : stack.pop()) {
      onStack.delete(top);
      component.push(top);
    }
    const selfLoop = edges.get(name)?.includes(name) ?? false;
    if (component.length > 1 || selfLoop) recursive.push(...component);
  };
  for (const name of edges.keys()) if (!index.has(name)) connect(name);
  return recursive.sort(compareStrings);
}
