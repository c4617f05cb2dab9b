// Finds the named schemas that a set of schemas reaches through `#/components/schemas/…` refs.
import type { JsonSchema } from "../model/api-model.js";
import { compareStrings } from "../util/order.js";

const COMPONENT_PREFIX = "#/components/schemas/";

/** The component name a `$ref` string points at, or undefined for any other ref. */
export function componentName(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith(COMPONENT_PREFIX)) return undefined;
  const token = ref.slice(COMPONENT_PREFIX.length);
  return token.includes("/") ? undefined : decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~");
}

/** Follows a top-level `$ref` to a named schema (at most `depth` hops); other schemas come back as they are. */
export function derefTop(schema: JsonSchema, schemas: Readonly<Record<string, JsonSchema>>, depth = 8): JsonSchema {
  let current = schema;
  for (let i = 0; i < depth && typeof current === "object"; i++) {
    const name = componentName(current["$ref"]);
    const target = name === undefined ? undefined : schemas[name];
    if (target === undefined) return current;
    current = target;
  }
  return current;
}

/** Every named schema reachable from `roots`, sorted by name. */
export function reachableSchemas(
  roots: readonly JsonSchema[],
  schemas: Readonly<Record<string, JsonSchema>>,
): Record<string, JsonSchema> {
  const seen = new Set<string>();
  const pending: unknown[] = [...roots];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      const name = key === "$ref" ? componentName(value) : undefined;
      if (name !== undefined && !seen.has(name) && Object.hasOwn(schemas, name)) {
        seen.add(name);
        pending.push(schemas[name]);
      }
      if (typeof value === "object") pending.push(value);
    }
  }
  const out: Record<string, JsonSchema> = {};
  for (const name of [...seen].sort(compareStrings)) out[name] = schemas[name] as JsonSchema;
  return out;
}
