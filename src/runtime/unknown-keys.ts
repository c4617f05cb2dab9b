// A refused call's unknown keys, each by its full path (`info.description`, `items[2].x`), with the keys taken there.
import type { z } from "zod";
import { editDistance } from "./expressions/hints.js";

type Node = z.core.$ZodType;
type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

interface Def {
  readonly type: string;
  readonly innerType?: Node;
  readonly getter?: () => Node;
  readonly in?: Node;
  readonly shape?: Readonly<Record<string, Node>>;
  readonly catchall?: Node;
  readonly element?: Node;
  readonly valueType?: Node;
  readonly items?: readonly Node[];
  readonly rest?: Node | null;
  readonly options?: readonly Node[];
  readonly left?: Node;
  readonly right?: Node;
}

const defOf = (node: Node): Def => (node as unknown as { _zod: { def: Def } })._zod.def;

/** Every wrapper taken off: optional, nullable, default, readonly, a lazy's target, a pipe's input. */
function bare(node: Node): Node {
  let current = node;
  for (let i = 0; i < 64; i += 1) {
    const def = defOf(current);
    const next = def.innerType ?? (def.type === "lazy" ? def.getter?.() : def.type === "pipe" ? def.in : undefined);
    if (next === undefined) return current;
    current = next;
  }
  return current;
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/** A path as a model writes it: `info.description`, `items[2].x`, `labels["a.b"]`; the empty path is "". */
export function pathText(path: Path): string {
  return path
    .map((key, i) => {
      if (typeof key === "number") return `[${key}]`;
      const name = String(key);
      if (i === 0 && name !== "") return name;
      return IDENTIFIER.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
    })
    .join("");
}

/** Keys refused at one object: where it is, and which. */
export interface UnknownKeys {
  readonly path: Path;
  readonly keys: readonly string[];
  /** The key patterns the object also takes (`patternProperties`), when a generated check refused the keys. */
  readonly patterns?: readonly string[];
}

/**
 * The keys a generated check refused (a closed `allOf` part, an object with `patternProperties`): a `custom` issue with
 * `params.unknownKeys`, as Zod drops an intersection side's own `unrecognized_keys` unless both sides report the key.
 */
function checkedKeys(issue: Issue): { keys: string[]; patterns?: string[] } | undefined {
  if (issue.code !== "custom") return undefined;
  const params = issue.params as { unknownKeys?: unknown; patterns?: unknown } | undefined;
  const strings = (list: unknown): string[] | undefined =>
    Array.isArray(list) && list.every((k) => typeof k === "string") ? list : undefined;
  const keys = strings(params?.unknownKeys);
  if (keys === undefined || keys.length === 0) return undefined;
  const patterns = strings(params?.patterns);
  return patterns === undefined || patterns.length === 0 ? { keys } : { keys, patterns };
}

const samePath = (a: Path, b: Path): boolean => a.length === b.length && a.every((key, i) => key === b[i]);

/**
 * The unknown keys among a failed parse's issues, also inside a union's alternatives that failed by nothing else
 * (`z.xor` reports its alternatives' failures whole): those refusing the fewest keys, when they refuse the same ones
 * (`{a, zz}` against `{a}` and `{b}` was meant for `{a}`: only `zz` is unknown).
 */
export function unknownKeysOf(issues: readonly Issue[], base: Path = []): UnknownKeys[] {
  return issues.flatMap((issue): UnknownKeys[] => {
    const path = [...base, ...issue.path];
    if (issue.code === "unrecognized_keys") return [{ path, keys: issue.keys }];
    const checked = checkedKeys(issue);
    if (checked !== undefined) return [{ path, ...checked }];
    if (issue.code !== "invalid_union" || issue.errors.length === 0) return [];
    const onlyKeys = issue.errors
      .filter((e) => e.length > 0 && e.every((i) => isUnknownKeys(i)))
      .map((e) => unknownKeysOf(e, path));
    const count = (found: readonly UnknownKeys[]): number => found.reduce((n, f) => n + f.keys.length, 0);
    const fewest = Math.min(...onlyKeys.map(count));
    const [first, ...others] = onlyKeys.filter((found) => count(found) === fewest).map((f) => [f, keyText(f)] as const);
    return first !== undefined && others.every(([, text]) => text === first[1]) ? first[0] : [];
  });
}

const keyText = (found: readonly UnknownKeys[]): string =>
  JSON.stringify(found.map((f) => [f.path.map(String), f.keys]));

function isUnknownKeys(issue: Issue): boolean {
  return (
    issue.code === "unrecognized_keys" ||
    checkedKeys(issue) !== undefined ||
    (issue.code === "invalid_union" && unknownKeysOf([issue]).length > 0)
  );
}

const valueAt = (value: unknown, key: PropertyKey): unknown =>
  value !== null && typeof value === "object" && Object.hasOwn(value, key)
    ? (value as Record<PropertyKey, unknown>)[key]
    : undefined;

/** The value sent at `path` (undefined where the call holds nothing there). */
export const valueAtPath = (value: unknown, path: Path): unknown => path.reduce(valueAt, value);

/**
 * The keys the object at `path` takes, one list per alternative it may be (a union whose alternative the value does not
 * settle gives each that refuses the same keys); empty when the path reaches no object.
 */
export function keysTaken(schema: Node, value: unknown, path: Path, keys: readonly string[]): string[][] {
  const node = bare(schema);
  const def = defOf(node);
  if (def.type === "union") {
    const refusing = (def.options ?? []).filter((option) => refuses(option, value, path, keys));
    const pure = refusing.filter((option) => refusesOnly(option, value));
    const chosen = pure.length > 0 ? pure : refusing;
    return dedupe(chosen.flatMap((option) => keysTaken(option, value, path, keys)));
  }
  if (def.type === "intersection") {
    // The keys both sides let through: those of each side that refuses them (a closed object lets only its own in).
    const sides = [def.left, def.right].filter((s): s is Node => s !== undefined);
    // A generated check (`z.any()` refusing the keys) takes the keys of the object beside it.
    const closed = sides.filter((side) => refuses(side, value, path, keys));
    const shape = sides.map((side) => defOf(bare(side))).find((d) => d.type === "object")?.shape;
    const beside = (side: Node): string[] | undefined =>
      path.length === 0 && shape !== undefined && defOf(bare(side)).type === "any" ? Object.keys(shape) : undefined;
    const lists = closed
      .map((side) => keysTaken(side, value, path, keys)[0] ?? beside(side))
      .filter((l) => l !== undefined);
    const [first, ...others] = lists;
    return first === undefined ? [] : [first.filter((key) => others.every((l) => l.includes(key)))];
  }
  if (path.length === 0) return def.type === "object" ? [Object.keys(def.shape ?? {})] : [];
  const [key, ...rest] = path;
  const child = childOf(def, key);
  return child === undefined ? [] : keysTaken(child, valueAt(value, key as PropertyKey), rest, keys);
}

function childOf(def: Def, key: PropertyKey | undefined): Node | undefined {
  if (def.type === "object") return def.shape?.[String(key)] ?? def.catchall;
  if (def.type === "array") return def.element;
  if (def.type === "record") return def.valueType;
  if (def.type === "tuple") return def.items?.[Number(key)] ?? def.rest ?? undefined;
  return undefined;
}

const parse = (option: Node, value: unknown): readonly Issue[] =>
  (option as unknown as z.ZodType).safeParse(value).error?.issues ?? [];

/** Whether `option` refuses the same keys at `path` of `value`. */
function refuses(option: Node, value: unknown, path: Path, keys: readonly string[]): boolean {
  return unknownKeysOf(parse(option, value)).some(
    (found) => samePath(found.path, path) && JSON.stringify(found.keys) === JSON.stringify(keys),
  );
}

/** Whether `option` refuses `value` for its unknown keys alone. */
function refusesOnly(option: Node, value: unknown): boolean {
  const issues = parse(option, value);
  return issues.length > 0 && issues.every(isUnknownKeys);
}

function dedupe(lists: readonly string[][]): string[][] {
  const seen = new Map(lists.map((list) => [JSON.stringify(list), list]));
  return [...seen.values()];
}

/**
 * "info takes only: documentTitle, title", or each alternative's keys when the value does not settle which; with the
 * key patterns a `patternProperties` object also takes ("and keys matching ^x-").
 */
export function takesOnly(
  where: string,
  lists: readonly string[][],
  patterns: readonly string[] = [],
): string | undefined {
  if (lists.length === 0) return undefined;
  const [only] = lists;
  const matching =
    patterns.length === 0 ? "" : `${only?.length === 0 ? "" : ", and "}keys matching ${patterns.join(", ")}`;
  if (lists.length === 1 && only !== undefined)
    return only.length === 0 && matching === ""
      ? `${where} takes no keys`
      : `${where} takes only: ${only.join(", ")}${matching}`;
  const each = lists.map((list) => `(${list.join(", ")})`).join(" or ");
  return `${where} takes only the keys of one of its alternatives: ${each}`;
}

/** A name as compared for a near miss: lower case, no `_`, `-`, `.` or spaces (`due_date`, `Due-Date` → `duedate`). */
const folded = (name: string): string => name.toLowerCase().replace(/[-_.\s]/g, "");

/**
 * The name the model meant by an unknown key, when one is clearly closest: compared folded (case, `_`, `-` ignored),
 * at most 1 edit for a name of up to 7 letters and 2 beyond, 0 for 1 or 2; never when two names are equally close.
 */
export function nearestName(key: string, names: readonly string[]): string | undefined {
  const want = folded(key);
  const limit = want.length <= 2 ? 0 : want.length <= 7 ? 1 : 2;
  const scored = names.map((name) => [name, editDistance(want, folded(name))] as const);
  const best = Math.min(...scored.map(([, d]) => d));
  const nearest = scored.filter(([, d]) => d === best);
  return best <= limit && nearest.length === 1 ? nearest[0]?.[0] : undefined;
}
