// A safe `pattern` + the examples the spec gives for the same value → the pattern to check: as written, repaired, or none.
import { safeRegex } from "../schema/example-fit.js";
import { resolve } from "../util/pointer.js";

/** What the spec's own examples say of a pattern that refuses every one of them. */
export type ExampleReading =
  | {
      readonly kind: "repaired";
      readonly source: string;
      readonly how: string;
      readonly example: string;
      readonly examples: number;
    }
  | { readonly kind: "dropped"; readonly example: string; readonly examples: number };

/** Example texts that say nothing of a real value: an empty one, a generator's placeholder for any string. */
const PLACEHOLDER = /^(?:|string|text|example|sample)$/i;

/** Example texts that stand for a value without being one: cut short (`sha256:0ecb…`, `abc...`), or holding a slot (`Bearer <TOKEN>`, `{id}`). */
const STAND_IN = /\.\.\.|…|<[^<>]+>|\{[^{}]+\}/u;

/**
 * The string examples the spec gives for the value whose `pattern` is at `pointer`: the schema's own `example`,
 * `examples` and `x-example`, and, for a parameter's or a media type's `schema`, the enclosing object's `example`,
 * `x-example` and `examples` (Example Objects' `value`s). Placeholders are left out.
 */
export function examplesAt(document: unknown, pointer: string): string[] {
  const schemaPointer = pointer.slice(0, pointer.lastIndexOf("/"));
  const found = [...ownExamples(resolve(document, schemaPointer))];
  if (schemaPointer.endsWith("/schema"))
    found.push(...ownExamples(resolve(document, schemaPointer.slice(0, -"/schema".length))));
  return found.filter((text) => !PLACEHOLDER.test(text.trim()) && !STAND_IN.test(text));
}

function ownExamples(node: unknown): string[] {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return [];
  const record = node as Record<string, unknown>;
  const examples = record["examples"];
  const listed = Array.isArray(examples)
    ? examples
    : typeof examples === "object" && examples !== null
      ? Object.values(examples).map((e) => (typeof e === "object" && e !== null ? (e as { value?: unknown }).value : e))
      : [];
  return [record["example"], record["x-example"], ...listed].filter((v): v is string => typeof v === "string");
}

/**
 * How a pattern the spec's own examples all break is read (undefined when there are none, or one fits): the spec's
 * examples are the evidence of what the API takes, so a pattern refusing all of them would refuse the API's own
 * values. Where one slip of writing explains it — a regex literal `/…/`, doubled backslashes (`\\.` meant `\.`), a
 * bare `.` meant as a dot (`(?!--|__|..)`) — and the pattern without it takes every example, that pattern is checked;
 * otherwise none is, and the API checks the value itself.
 */
export function readAgainstExamples(source: string, examples: readonly string[]): ExampleReading | undefined {
  if (examples.length === 0) return undefined;
  const refused = examples.filter((example) => !matches(source, example));
  if (refused.length < examples.length) return undefined;
  const example = refused[0] as string;
  for (const [how, candidate] of repairs(source))
    if (candidate !== source && examples.every((e) => matches(candidate, e)))
      return { kind: "repaired", source: candidate, how, example, examples: examples.length };
  return { kind: "dropped", example, examples: examples.length };
}

/** Whether `text` matches `source` as the tool would check it; a pattern the tool would not run matches nothing. */
function matches(source: string, text: string): boolean {
  return safeRegex(source)?.test(text) ?? false;
}

/** Candidate readings of `source`, each undoing one slip of writing (or two, the literal's inside then another). */
function repairs(source: string): [string, string][] {
  const literal = /^\/(.+)\/[a-z]*$/su.exec(source)?.[1];
  const inner = literal ?? source;
  const literalHow = literal === undefined ? "" : "is written as a regex literal /…/";
  const joined = (...hows: string[]): string => hows.filter((h) => h !== "").join(" and ");
  return [
    [literalHow, inner],
    [joined(literalHow, "doubles its backslashes"), undoubled(inner)],
    [joined(literalHow, "writes a dot as a bare `.`"), dotsEscaped(inner)],
    [joined(literalHow, "doubles its backslashes and writes a dot as a bare `.`"), dotsEscaped(undoubled(inner))],
  ];
}

function undoubled(source: string): string {
  return source.replaceAll("\\\\", "\\");
}

/** `source` with every `.` outside a character class and not escaped written `\.`. */
function dotsEscaped(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source.charAt(i);
    if (char === "\\") {
      out += source.slice(i, i + 2);
      i++;
    } else {
      if (char === "[") inClass = true;
      else if (char === "]") inClass = false;
      out += char === "." && !inClass ? "\\." : char;
    }
  }
  return out;
}
