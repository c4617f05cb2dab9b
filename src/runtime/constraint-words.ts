// Constraint keywords → the words a model reads for them, one wording for `.describe()` text and adapter descriptions.

type Schema = Readonly<Record<string, unknown>>;

type Words = (schema: Schema) => string | undefined;

const num = (schema: Schema, key: string): number | undefined =>
  typeof schema[key] === "number" ? (schema[key] as number) : undefined;

/** JSON Schema type-specific keywords constrain only instances of that type: `uniqueItems` on a string says nothing. */
const mayBe = (schema: Schema, ...types: readonly string[]): boolean => {
  const declared = schema["type"];
  if (declared === undefined) return true;
  const list = Array.isArray(declared) ? declared : [declared];
  return list.some((t) => types.includes(t as string));
};

/** A value as a constraint names it: a string as written, anything else as JSON. */
export const valueWords = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

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
const enumWords: Words = (s) =>
  Array.isArray(s["enum"]) ? `one of ${s["enum"].map(valueWords).join(", ")}` : undefined;
const constWords: Words = (s) => (Object.hasOwn(s, "const") ? `exactly ${valueWords(s["const"])}` : undefined);
const oneOfWords: Words = (s) => (Array.isArray(s["oneOf"]) ? "matches exactly one of the alternatives" : undefined);
const notWords: Words = (s) => (Object.hasOwn(s, "not") ? "must not match the excluded shape" : undefined);
const readOnlyWords: Words = (s) => (s["readOnly"] === true ? "read-only (set by the server)" : undefined);
const writeOnlyWords: Words = (s) => (s["writeOnly"] === true ? "write-only (never returned)" : undefined);
const deprecatedWords: Words = (s) => (s["deprecated"] === true ? "deprecated" : undefined);
/**
 * A spec default is what the server assumes for an absent value: said so, never "Default x", read as "send x". A blank
 * string says nothing of it (Ticketmaster writes `default: ""` on every filter: "the API's default () applies").
 */
const defaultWords: Words = (s) =>
  Object.hasOwn(s, "default") && !(typeof s["default"] === "string" && s["default"].trim() === "")
    ? `if left out, the API's default (${valueWords(s["default"])}) applies`
    : undefined;

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

/** The constraints of `schema` in words, e.g. `4–8 characters`, `matches \`^O-\``. */
export function constraintWords(schema: Schema): string[] {
  return CONSTRAINT_WORDS.map((w) => w(schema)).filter((w): w is string => w !== undefined);
}

/** The keywords {@link constraintWords} words (some two at once: `1–64 characters`). */
const WORDED = new Set([
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "enum",
  "const",
  "oneOf",
  "not",
  "readOnly",
  "writeOnly",
  "deprecated",
  "default",
]);

/** Keywords a model is told about only when an adapter has to drop them from the schema. */
const OTHER_WORDS: Readonly<Record<string, (value: unknown) => string>> = {
  examples: (v) => `e.g. ${(Array.isArray(v) ? v : [v]).map(valueWords).join(", ")}`,
  example: (v) => `e.g. ${valueWords(v)}`,
  contentEncoding: (v) => `encoded as ${String(v)}`,
  contentMediaType: (v) => `content of media type ${String(v)}`,
};

/** Whether `text` says `phrase` (case aside), as a whole: `≥ 1` is not said by `≥ 10`. */
export function says(text: string, phrase: string): boolean {
  const haystack = text.toLowerCase();
  const needle = phrase.toLowerCase();
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (!/[\p{L}\p{N}_]/u.test(haystack.charAt(at + needle.length))) return true;
  }
  return false;
}

function wordsOf(schema: Schema): string[] {
  const others = Object.entries(schema)
    .filter(([keyword]) => !WORDED.has(keyword))
    .map(([keyword, value]) => OTHER_WORDS[keyword]?.(value) ?? `${keyword} ${JSON.stringify(value)}`);
  return [...constraintWords(schema), ...others];
}

/**
 * Every keyword of `schema` in words, but those `said` already states: the constraints as {@link constraintWords}
 * says them, then each other keyword on its own (an unknown one as `keyword <JSON>`); a keyword `said` words on its
 * own (`at most 254 characters`) is left out even where the two would be said together (`3–254 characters`). For an
 * adapter that moves keywords a provider rejects into the description.
 */
export function keywordWords(schema: Schema, said = ""): string[] {
  const kept = Object.entries(schema).filter(([keyword, value]) => {
    const alone = wordsOf({ ...("type" in schema ? { type: schema["type"] } : {}), [keyword]: value });
    return keyword === "type" || alone.length === 0 || !alone.every((phrase) => says(said, phrase));
  });
  return wordsOf(Object.fromEntries(kept)).filter((phrase) => !says(said, phrase));
}
