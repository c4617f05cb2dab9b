// The query or header keys an API takes on nearly every operation (Europeana's `wskey`): its caller's credential.
import type { Parameter } from "../model/api-model.js";
import { toSnakeCase } from "../util/naming.js";
import { declaredParameters, type IngestContext } from "./context.js";

/** The share of an API's operations a key must be on, and the fewest operations. */
const NEARLY_EVERY = 0.8;
const FEWEST = 3;

/**
 * Whether a parameter's name makes it a key of the caller's: its last word ends in `key` and says whose (`wskey`,
 * `X-API2CRM-USER-KEY`, `x-idt-beyond-app-key`), never a bare `key` (a key-value store's) nor an idempotency key.
 */
function namesKey(name: string): boolean {
  const word = toSnakeCase(name).replace(/^x_/, "");
  return word.endsWith("key") && word !== "key" && !word.includes("idempotency");
}

/** A parameter as this rule reads it: `in name`, the header's name in lower case. */
export const keyOf = (p: Pick<Parameter, "name" | "in">): string =>
  `${p.in} ${p.in === "header" ? p.name.toLowerCase() : p.name}`;

/**
 * The query and header parameters (as {@link keyOf}) an API takes as its caller's key: named as a key (see `namesKey`),
 * on at least 80% of its operations (and 3), and required on every one that has it. Europeana's `wskey` (8 of 9
 * operations, described only as "wskey"), data2crm's `X-API2CRM-USER-KEY` (336 of 336): the same value on every call,
 * which the operator holds and the model must never be asked for. A key that is data (an issue key, a stream key) is
 * on the few operations about that record, or optional.
 */
export function everyCallKeys(
  operations: readonly (readonly Pick<Parameter, "name" | "in" | "required">[])[],
): ReadonlySet<string> {
  const carried = new Map<string, number>();
  const optional = new Set<string>();
  for (const parameters of operations) {
    for (const key of new Set(parameters.filter((p) => p.in === "query" || p.in === "header").map(keyOf))) {
      carried.set(key, (carried.get(key) ?? 0) + 1);
    }
    for (const p of parameters) if (!p.required) optional.add(keyOf(p));
  }
  const least = Math.max(FEWEST, Math.ceil(operations.length * NEARLY_EVERY));
  return new Set(
    [...carried]
      .filter(([key, count]) => count >= least && !optional.has(key) && namesKey(key.slice(key.indexOf(" ") + 1)))
      .map(([key]) => key),
  );
}

const found = new WeakMap<object, ReadonlySet<string>>();

/** {@link everyCallKeys} of the document's operations (path-level and own parameters, references followed), once. */
export function documentKeys(ctx: IngestContext): ReadonlySet<string> {
  const cached = found.get(ctx.document);
  if (cached !== undefined) return cached;
  const operations = declaredParameters(ctx).map((parameters): Pick<Parameter, "name" | "in" | "required">[] =>
    parameters.flatMap((node) => {
      const name = node["name"];
      const where = node["in"];
      return typeof name === "string" && (where === "query" || where === "header")
        ? [{ name, in: where, required: node["required"] === true }]
        : [];
    }),
  );
  const keys = everyCallKeys(operations);
  found.set(ctx.document, keys);
  return keys;
}
