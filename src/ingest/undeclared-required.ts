// Required names no schema applying to the same object declares → a property saying the spec gives it no type, one located warning each.
import { escapeToken, resolve, split } from "../util/pointer.js";
import { setOwn } from "../util/set-own.js";
import type { Reporter } from "./report.js";
import { type JsonRecord, isRecord, updateMember } from "./walk.js";

/** `$ref` hops followed from one member; members and holders walked from one schema. */
const MAX_HOPS = 16;
const MAX_WALKED = 2_000;

const COMPOSITIONS = ["allOf", "anyOf", "oneOf"] as const;

/** Whether an object schema lists in `required` a name its own `properties` do not declare (the scan's test). */
export function requiresUndeclared(record: JsonRecord): boolean {
  const required = record["required"];
  if (!Array.isArray(required) || required.length === 0) return false;
  const type = record["type"];
  const properties = isRecord(record["properties"]) ? record["properties"] : undefined;
  if (properties === undefined && type !== "object" && !(Array.isArray(type) && type.includes("object"))) return false;
  return required.some((n) => typeof n === "string" && !Object.hasOwn(properties ?? {}, n));
}

/** The pointer a local `$ref` chain from `pointer` ends at (`pointer` itself when it is no `$ref`). */
function refEnd(document: unknown, pointer: string): string | undefined {
  let at = pointer;
  for (let hops = 0; hops <= MAX_HOPS; hops++) {
    const node = resolve(document, at);
    const ref = isRecord(node) ? node["$ref"] : undefined;
    if (typeof ref !== "string") return at;
    if (!ref.startsWith("#")) return undefined;
    try {
      at = split(ref)
        .map((t) => `/${escapeToken(t)}`)
        .join("");
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Each schema a composition names as a member → the schemas holding that composition. */
function compositionHolders(document: unknown, holders: readonly string[]): Map<string, string[]> {
  const up = new Map<string, string[]>();
  for (const holder of holders) {
    const node = resolve(document, holder);
    if (!isRecord(node)) continue;
    for (const key of COMPOSITIONS) {
      const members = node[key];
      if (!Array.isArray(members)) continue;
      members.forEach((_m, i) => {
        const end = refEnd(document, `${holder}/${key}/${i}`);
        if (end !== undefined) up.set(end, [...(up.get(end) ?? []), holder]);
      });
    }
  }
  return up;
}

/** Names the schema at `pointer` declares, its own and its members' (any branch counts: it may be the one sent). */
function declaredBelow(document: unknown, pointer: string, into: Set<string>, seen: Set<string>): void {
  const stack = [pointer];
  while (stack.length > 0 && seen.size < MAX_WALKED) {
    const at = refEnd(document, stack.pop() as string);
    if (at === undefined || seen.has(at)) continue;
    seen.add(at);
    const node = resolve(document, at);
    if (!isRecord(node)) continue;
    if (isRecord(node["properties"])) for (const name of Object.keys(node["properties"])) into.add(name);
    for (const key of COMPOSITIONS) {
      const members = node[key];
      if (Array.isArray(members)) for (let i = 0; i < members.length; i++) stack.push(`${at}/${key}/${i}`);
    }
  }
}

/** Names declared by any schema that applies to the same object as the one at `pointer`: below it, and above it. */
function declaredAround(document: unknown, pointer: string, up: ReadonlyMap<string, readonly string[]>): Set<string> {
  const names = new Set<string>();
  const below = new Set<string>();
  declaredBelow(document, pointer, names, below);
  const above = new Set<string>([pointer]);
  const stack = [...(up.get(pointer) ?? [])];
  while (stack.length > 0 && above.size < MAX_WALKED) {
    const holder = stack.pop() as string;
    if (above.has(holder)) continue;
    above.add(holder);
    declaredBelow(document, holder, names, below);
    stack.push(...(up.get(holder) ?? []));
  }
  return names;
}

/** `tag` and `tags`, `userId` and `userid`: one name written two ways. */
function sameWord(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x !== y ? x === `${y}s` || y === `${x}s` : a !== b;
}

/** What the model reads for a name the spec requires and never declares. */
function undeclaredProperty(name: string, additional: unknown): JsonRecord {
  const said = `Required by the spec, which gives \`${name}\` no type or meaning.`;
  return isRecord(additional) ? { ...additional, description: said } : { description: said };
}

/**
 * Vonage's `baseMessageType` requires `message`, which neither it nor any schema combined with it declares. JSON
 * Schema makes the name required with any value (or `additionalProperties`' schema), and a mock or a validating API
 * rejects a call without it; so the name stays required, and a declared property saying that the spec gives it no type
 * replaces the bare `{}` the model was shown. A name `additionalProperties: false` or `patternProperties` rule on is
 * left as it is. Each such name is one located warning for the spec's author.
 */
export function declareRequired(
  document: JsonRecord,
  candidates: readonly string[],
  holders: readonly string[],
  reporter: Reporter,
): JsonRecord {
  if (candidates.length === 0) return document;
  const up = compositionHolders(document, holders);
  let out = document;
  for (const pointer of candidates) {
    const node = resolve(document, pointer);
    if (!isRecord(node) || node["additionalProperties"] === false || node["patternProperties"] !== undefined) continue;
    const declared = declaredAround(document, pointer, up);
    const required = node["required"] as unknown[];
    const missing = required.filter((n): n is string => typeof n === "string" && !declared.has(n));
    if (missing.length === 0) continue;
    out = updateMember(out, split(pointer), (member) => {
      const record = member as JsonRecord;
      const properties: Record<string, unknown> = isRecord(record["properties"]) ? { ...record["properties"] } : {};
      for (const name of missing) setOwn(properties, name, undeclaredProperty(name, record["additionalProperties"]));
      return { ...record, properties };
    });
    const own = isRecord(node["properties"]) ? Object.keys(node["properties"]) : [];
    for (const name of missing) {
      const near = own.find((p) => sameWord(p, name));
      reporter.report("SCHEMA_REQUIRED_UNDECLARED", `${pointer}/required/${required.indexOf(name)}`, {
        message: `\`${name}\` is required but no schema applying to this object declares it: the model is told the spec gives it no type or meaning`,
        ...(near === undefined ? {} : { hint: `did you mean \`${near}\`, which this object declares?` }),
      });
    }
  }
  return out;
}
