// Turns a schema's description, constraints and example into the words `.describe()` carries.
import type { JsonSchemaObject } from "../../model/api-model.js";
import { sentenceCase } from "../../util/sentence.js";

type Words = (schema: JsonSchemaObject) => string | undefined;

const num = (schema: JsonSchemaObject, key: string): number | undefined =>
  typeof schema[key] === "number" ? (schema[key] as number) : undefined;

/** JSON Schema type-specific keywords constrain only instances of that type: `uniqueItems` on a string says nothing. */
const mayBe = (schema: JsonSchemaObject, ...types: readonly string[]): boolean => {
  const declared = schema["type"];
  if (declared === undefined) return true;
  const list = Array.isArray(declared) ? declared : [declared];
  return list.some((t) => types.includes(t as string));
};

const show = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

const lengthWords: Words = (s) => {
  if (!mayBe(s, "string")) return undefined;
  const min = num(s, "minLength");
  const max = num(s, "maxLength");
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${min} characters` : `${min}–${max} characters`;
  if (min !== undefined) return min === 1 ? "not empty" : `at least ${min} characters`;
  return max === undefined ? undefined : `at most ${max} characters`;
};

const patternWords: Words = (s) => (typeof s["pattern"] === "string" ? `matches \`${s["pattern"]}\`` : undefined);
const formatWords: Words = (s) => (typeof s["format"] === "string" ? `format ${s["format"]}` : undefined);

const boundWords: Words = (s) => {
  if (!mayBe(s, "number", "integer")) return undefined;
  const parts = [
    num(s, "minimum") === undefined ? undefined : `≥ ${num(s, "minimum")}`,
    num(s, "exclusiveMinimum") === undefined ? undefined : `> ${num(s, "exclusiveMinimum")}`,
    num(s, "maximum") === undefined ? undefined : `≤ ${num(s, "maximum")}`,
    num(s, "exclusiveMaximum") === undefined ? undefined : `< ${num(s, "exclusiveMaximum")}`,
    num(s, "multipleOf") === undefined ? undefined : `a multiple of ${num(s, "multipleOf")}`,
  ].filter((p) => p !== undefined);
  return parts.length === 0 ? undefined : parts.join(", ");
};

const countWords = (min: number | undefined, max: number | undefined, noun: string): string | undefined => {
  if (min !== undefined && max !== undefined) return `${min}–${max} ${noun}`;
  if (min !== undefined) return `at least ${min} ${noun}`;
  return max === undefined ? undefined : `at most ${max} ${noun}`;
};

const itemWords: Words = (s) =>
  mayBe(s, "array") ? countWords(num(s, "minItems"), num(s, "maxItems"), "items") : undefined;
const uniqueWords: Words = (s) => (s["uniqueItems"] === true && mayBe(s, "array") ? "no item may repeat" : undefined);
const propertyCountWords: Words = (s) =>
  mayBe(s, "object") ? countWords(num(s, "minProperties"), num(s, "maxProperties"), "properties") : undefined;
const enumWords: Words = (s) => (Array.isArray(s["enum"]) ? `one of ${s["enum"].map(show).join(", ")}` : undefined);
const constWords: Words = (s) => (Object.hasOwn(s, "const") ? `exactly ${show(s["const"])}` : undefined);
const oneOfWords: Words = (s) => (Array.isArray(s["oneOf"]) ? "matches exactly one of the alternatives" : undefined);
const notWords: Words = (s) => (Object.hasOwn(s, "not") ? "must not match the excluded shape" : undefined);
const readOnlyWords: Words = (s) => (s["readOnly"] === true ? "read-only (set by the server)" : undefined);
const writeOnlyWords: Words = (s) => (s["writeOnly"] === true ? "write-only (never returned)" : undefined);
const deprecatedWords: Words = (s) => (s["deprecated"] === true ? "deprecated" : undefined);
const defaultWords: Words = (s) => (Object.hasOwn(s, "default") ? `default ${show(s["default"])}` : undefined);

const CONSTRAINT_WORDS: readonly Words[] = [
  lengthWords,
  patternWords,
  formatWords,
  boundWords,
  itemWords,
  uniqueWords,
  propertyCountWords,
  enumWords,
  constWords,
  oneOfWords,
  notWords,
  readOnlyWords,
  writeOnlyWords,
  deprecatedWords,
  defaultWords,
];

/** The constraints of `schema` in words, e.g. `4–8 characters, matches \`^O-\``. */
function constraintWords(schema: JsonSchemaObject): string[] {
  return CONSTRAINT_WORDS.map((w) => w(schema)).filter((w): w is string => w !== undefined);
}

function exampleOf(schema: JsonSchemaObject): unknown {
  const examples = schema["examples"];
  return Array.isArray(examples) && examples.length > 0 ? examples[0] : undefined;
}

/**
 * The `.describe()` text: description (else title), then the constraints in words, then an example,
 * e.g. “Order ID. `O-` + 4 digits; matches `^O-\d{4}$`; e.g. O-1024”. Undefined when there is nothing to say.
 */
export function describeSchema(schema: JsonSchemaObject, options: { withConstraints: boolean }): string | undefined {
  const text = typeof schema["description"] === "string" ? schema["description"] : schema["title"];
  const lead = typeof text === "string" && text.trim() !== "" ? text.trim() : undefined;
  const example = exampleOf(schema);
  const hasExample = example !== undefined;
  if (lead === undefined && !hasExample && !options.withConstraints) return undefined;
  const constraints = constraintWords(schema);
  const saysExample = lead !== undefined && /\be\.g\.|\bfor example\b/i.test(lead);
  const parts = [
    lead === undefined ? undefined : sentenceCase(lead),
    constraints.length > 0 ? sentenceCase(constraints.join("; ")) : undefined,
    hasExample && !saysExample ? `E.g. ${show(example)}` : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length === 0
    ? undefined
    : parts.reduce((acc, part) => (/[.!?]["')\]]*$/u.test(acc) ? `${acc} ${part}` : `${acc}. ${part}`));
}
