// Zod issues → located goals diagnostics with repair hints (did-you-mean for unknown keys and values).
import type { z } from "zod";
import { join, resolve, unescapeToken } from "../util/pointer.js";
import { report, type LoadContext } from "./context.js";
import { didYouMean } from "./did-you-mean.js";

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  array: "a list",
  object: "a mapping",
  record: "a mapping",
};

/** Maps every issue of a failed parse onto the goals file, resolving union branches to the one meant. */
export function reportIssues(ctx: LoadContext, schema: z.ZodType, issues: readonly Issue[], base: Path = []): void {
  for (const issue of issues) reportIssue(ctx, schema, issue, [...base, ...issue.path]);
}

function reportIssue(ctx: LoadContext, schema: z.ZodType, issue: Issue, path: Path): void {
  const pointer = toPointer(path);
  const raw = resolve(ctx.doc, pointer);
  const label = describePath(path);
  switch (issue.code) {
    case "unrecognized_keys":
      return reportUnknownKeys(ctx, schema, issue.keys, path);
    case "invalid_union":
      return reportUnion(ctx, schema, issue, path);
    case "invalid_type":
    case "custom":
      return reportType(ctx, { pointer, raw, label, expected: issue.code === "invalid_type" ? issue.expected : "" });
    case "invalid_value":
      return report(ctx, "GOALS_INVALID_VALUE", pointer, {
        message: `${label}: ${JSON.stringify(raw)} is not allowed`,
        hint: didYouMean(String(raw), issue.values.map(String), "allowed values"),
      });
    case "invalid_format":
      return report(ctx, "GOALS_INVALID_NAME", pointer, {
        message: `${label}: ${JSON.stringify(raw)} does not match ${issue.pattern ?? issue.format}`,
        hint: issue.message,
      });
    case "invalid_key":
      return report(ctx, "GOALS_INVALID_NAME", pointer, {
        message: `${label}: the key ${JSON.stringify(String(path.at(-1)))} is not allowed`,
        hint: issue.issues[0]?.message ?? issue.message,
      });
    case "too_small":
    case "too_big":
      return reportBounds(ctx, issue, { pointer, label });
    default:
      return report(ctx, "GOALS_INVALID_VALUE", pointer, { message: `${label}: ${issue.message}` });
  }
}

function reportType(ctx: LoadContext, found: { pointer: string; raw: unknown; label: string; expected: string }): void {
  const words = TYPE_WORDS[found.expected] ?? found.expected;
  if (found.raw === undefined) {
    report(ctx, "GOALS_MISSING_FIELD", found.pointer, {
      message: `${found.label} is missing`,
      hint: `add ${JSON.stringify(lastToken(found.pointer))}${words ? ` (${words})` : ""}`,
    });
    return;
  }
  report(ctx, "GOALS_INVALID_TYPE", found.pointer, {
    message: `${found.label}: expected ${words}, got ${kindOf(found.raw)}`,
    hint:
      found.expected === "string" ? "write a string (quote it if it looks like a number or boolean)" : `write ${words}`,
  });
}

function reportBounds(
  ctx: LoadContext,
  issue: Issue & { code: "too_small" | "too_big" },
  at: { pointer: string; label: string },
): void {
  const small = issue.code === "too_small";
  const limit = small ? issue.minimum : issue.maximum;
  const listEmpty = small && issue.origin === "array" && Number(limit) === 1;
  report(ctx, "GOALS_INVALID_VALUE", at.pointer, {
    message: listEmpty ? `${at.label} is empty` : `${at.label}: ${issue.message}`,
    hint: listEmpty
      ? `add at least one entry to ${at.label}`
      : `use a value ${small ? "of at least" : "of at most"} ${String(limit)}`,
  });
}

function reportUnknownKeys(ctx: LoadContext, schema: z.ZodType, keys: readonly string[], path: Path): void {
  const allowed = allowedKeys(schema, path);
  for (const key of keys) {
    report(ctx, "GOALS_UNKNOWN_KEY", join(toPointer(path), key), {
      message: `unknown key ${JSON.stringify(key)} in ${describePath(path)}`,
      hint: didYouMean(key, allowed, "allowed keys"),
    });
  }
}

/** A union failed: report the branch whose shape matches the input, else "expected A or B". */
function reportUnion(ctx: LoadContext, schema: z.ZodType, issue: Issue & { code: "invalid_union" }, path: Path): void {
  if (issue.discriminator !== undefined && "options" in issue && issue.options !== undefined)
    return reportDiscriminator(ctx, issue.options.map(String), path);
  const fitting = issue.errors.filter(
    (branch) => !branch.some((i) => i.code === "invalid_type" && i.path.length === 0),
  );
  const chosen = fitting[0];
  if (chosen !== undefined) return reportIssues(ctx, schema, chosen, path);
  const expected = issue.errors.flatMap((branch) =>
    branch.filter((i) => i.code === "invalid_type").map((i) => i.expected),
  );
  reportType(ctx, {
    pointer: toPointer(path),
    raw: resolve(ctx.doc, toPointer(path)),
    label: describePath(path),
    expected: [...new Set(expected.map((e) => TYPE_WORDS[e] ?? e))].join(" or "),
  });
}

/** A discriminated union whose discriminator (`type: …`) is missing or names no branch. */
function reportDiscriminator(ctx: LoadContext, options: readonly string[], path: Path): void {
  const pointer = toPointer(path);
  const raw = resolve(ctx.doc, pointer);
  const allowed = options.map((o) => JSON.stringify(o)).join(", ");
  if (raw === undefined) {
    report(ctx, "GOALS_MISSING_FIELD", pointer, {
      message: `${describePath(path)} is missing`,
      hint: `add ${JSON.stringify(lastToken(pointer))}: one of ${allowed}`,
    });
    return;
  }
  report(ctx, "GOALS_INVALID_VALUE", pointer, {
    message: `${describePath(path)}: ${JSON.stringify(raw)} is not supported`,
    hint: didYouMean(String(raw), options, "supported values"),
  });
}

/** The keys the object schema at `path` declares, found by walking the schema along the path. */
export function allowedKeys(schema: z.ZodType, path: Path): string[] {
  const found = new Set<string>();
  walk(schema, path, (node) => {
    const def = node._zod.def as { type: string; shape?: Record<string, unknown> };
    if (def.type === "object" && def.shape) for (const k of Object.keys(def.shape)) found.add(k);
  });
  return [...found];
}

function walk(node: z.core.$ZodType, path: Path, visit: (node: z.core.$ZodType) => void): void {
  const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
  const next = (child: unknown, rest: Path): void => walk(child as z.core.$ZodType, rest, visit);
  if (["optional", "nullable", "default", "readonly", "catch", "nonoptional"].includes(def.type))
    return next(def["innerType"], path);
  if (def.type === "pipe") return next(def["out"], path);
  if (def.type === "lazy") return next((def["getter"] as () => unknown)(), path);
  if (def.type === "union") {
    for (const o of def["options"] as unknown[]) next(o, path);
    return;
  }
  if (path.length === 0) return visit(node);
  const [head, ...rest] = path;
  if (def.type === "object") {
    const child = (def["shape"] as Record<string, unknown>)[String(head)];
    return child === undefined ? undefined : next(child, rest);
  }
  if (def.type === "array") return next(def["element"], rest);
  if (def.type === "record") return next(def["valueType"], rest);
}

/** `goals[0].steps[1].operation` for the path `goals/0/steps/1/operation`. */
function describePath(path: Path): string {
  if (path.length === 0) return "the document";
  return path.map((t, i) => (typeof t === "number" ? `[${t}]` : i === 0 ? String(t) : `.${String(t)}`)).join("");
}

/** RFC 6901 pointer for a Zod path. */
function toPointer(path: Path): string {
  return join("", ...path.map((t) => (typeof t === "symbol" ? t.toString() : t)));
}

function lastToken(pointer: string): string {
  return unescapeToken(pointer.slice(pointer.lastIndexOf("/") + 1));
}

function kindOf(raw: unknown): string {
  if (raw === null) return "null";
  if (Array.isArray(raw)) return "a list";
  if (typeof raw === "object") return "a mapping";
  return `${typeof raw} ${JSON.stringify(raw)}`;
}
