// Turns a schema's description, constraints and example into the words `.describe()` carries.
import type { JsonSchemaObject } from "../../model/api-model.js";
import { constraintWords, valueWords } from "../../runtime/constraint-words.js";
import { fitsOwnConstraints } from "../../schema/example-fit.js";
import { mayPassSafeInteger } from "../../schema/exact-integer.js";
import { saysServerFilled } from "../../schema/server-filled.js";
import { htmlToText } from "../../util/html-text.js";
import { sentenceCase } from "../../util/sentence.js";

/** An empty or blank string, or null: an example that shows nothing ("E.g. ", "E.g. null" of a share's password). */
const isBlank = (value: unknown): boolean => value === null || (typeof value === "string" && value.trim() === "");

/**
 * The schema's first example that is not blank or null and keeps the schema's own enum, pattern, lengths and bounds (a description never shows
 * a value the tool refuses); none for a boolean, whose example only names one of its two values.
 */
function exampleOf(schema: JsonSchemaObject): unknown {
  if (schema["type"] === "boolean") return undefined;
  const examples = schema["examples"];
  return Array.isArray(examples)
    ? examples.find((e) => e !== undefined && !isBlank(e) && fitsOwnConstraints(schema, e))
    : undefined;
}

/**
 * The `.describe()` text: description (else title) with its HTML read as text, then the constraints in words, then an example,
 * e.g. “Order ID. `O-` + 4 digits; matches `^O-\d{4}$`; e.g. O-1024”. Undefined when there is nothing to say.
 */
export function describeSchema(schema: JsonSchemaObject, options: { withConstraints: boolean }): string | undefined {
  const text = typeof schema["description"] === "string" ? schema["description"] : schema["title"];
  const read = typeof text === "string" ? htmlToText(text).trim() : "";
  const lead = read !== "" ? read : undefined;
  const example = exampleOf(schema);
  const hasExample = example !== undefined;
  const wide = mayPassSafeInteger(schema);
  if (lead === undefined && !hasExample && !options.withConstraints && !wide) return undefined;
  // "Output only." or "Read-only." in the description already says what `readOnly` would add.
  const said = lead !== undefined && schema["readOnly"] === true && saysServerFilled(lead);
  const constraints = constraintWords(said ? { ...schema, readOnly: false } : schema);
  // Read only when there is an example to add: most descriptions have none, and this reads the whole text.
  const saysExample = (): boolean => lead !== undefined && /\be\.g\.|\bfor example\b/i.test(lead);
  const parts = [
    lead === undefined ? undefined : sentenceCase(lead),
    constraints.length > 0 ? sentenceCase(constraints.join("; ")) : undefined,
    hasExample && !saysExample() ? `E.g. ${valueWords(example)}` : undefined,
    wide ? EXACT_WORDS : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length === 0
    ? undefined
    : parts.reduce((acc, part) => (endsSentence(acc) ? `${acc} ${part}` : `${acc}. ${part}`));
}

/** What an integer that may pass 2^53 − 1 adds: the way to give such a value without its being rounded. */
export const EXACT_WORDS = "Give a value past 9007199254740991 as a string of its digits.";

const CLOSERS = new Set(['"', "'", ")", "]"]);
const STOPS = new Set([".", "!", "?"]);

/** `/[.!?]["')\]]*$/u.test(text)`, read from the end: a stop, then only closing quotes and brackets. */
export function endsSentence(text: string): boolean {
  let at = text.length - 1;
  while (at >= 0 && CLOSERS.has(text.charAt(at))) at--;
  return at >= 0 && STOPS.has(text.charAt(at));
}
