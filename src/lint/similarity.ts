// Similarity of two tools: names by verb class + singular noun set, descriptions by content-word overlap (docs/lint.md).

/** Verbs that mean the same to a model choosing a tool, mapped to one class. */
const VERB_CLASSES: Readonly<Record<string, string>> = {
  find: "read",
  search: "read",
  lookup: "read",
  get: "read",
  list: "read",
  fetch: "read",
  retrieve: "read",
  query: "read",
  read: "read",
  show: "read",
  browse: "read",
  view: "read",
  look: "read",
  locate: "read",
  create: "create",
  add: "create",
  new: "create",
  make: "create",
  insert: "create",
  register: "create",
  update: "update",
  edit: "update",
  modify: "update",
  change: "update",
  patch: "update",
  set: "update",
  delete: "delete",
  remove: "delete",
  destroy: "delete",
  erase: "delete",
};

/** Name tokens that say nothing about which thing a tool handles (`get_pet_details` is `get_pet`). */
const NAME_FILLER: ReadonlySet<string> = new Set([
  "detail",
  "info",
  "information",
  "data",
  "one",
  "single",
  "all",
  "for",
  "of",
  "the",
  "a",
  "an",
  "up",
  "to",
  "from",
  "in",
  "on",
]);
/** Words after which a name only states a filter or variant (`find_pets_by_status`, `update_pet_with_form`). */
const QUALIFIER_START: ReadonlySet<string> = new Set(["by", "with", "using", "via"]);

/** English function words and API boilerplate left out of description comparison. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but if then else of to in on at by for from with without into onto as is are was were be been being " +
    "this that these those it its their there they them you your we our us he she his her i me my " +
    "do does did done can could may might must shall should will would not no yes only also just " +
    "all any each every some one ones single given using use used via per than so such which who whom whose what when where why how " +
    "up out about over under again more most other same own very too id ids call calls returns return"
  ).split(" "),
);

/** Singular form of an English noun token: orders → order, categories → category, statuses → status. */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh|us)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  return word.endsWith("s") ? word.slice(0, -1) : word;
}

/** Lower-case word tokens of an identifier or text: snake, kebab and camelCase split. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

/** A tool name as the model reads it: verb class (or the first word), the singular nouns it handles, and its filters. */
export interface NameShape {
  readonly verb: string;
  readonly nouns: ReadonlySet<string>;
  /** Words after `by` / `with`: which filter or variant, not which thing. */
  readonly qualifiers: ReadonlySet<string>;
}

export function nameShape(name: string): NameShape {
  const tokens = words(name).map((w) => (w === "look" ? "lookup" : w));
  const first = tokens[0] ?? "";
  const verb = VERB_CLASSES[first];
  const rest = verb === undefined ? tokens.slice(1) : tokens.slice(first === "lookup" && tokens[1] === "up" ? 2 : 1);
  const cut = rest.findIndex((w) => QUALIFIER_START.has(w));
  const [core, qualifiers] = cut === -1 ? [rest, []] : [rest.slice(0, cut), rest.slice(cut + 1)];
  return {
    verb: verb ?? first,
    nouns: new Set(core.map(singular).filter((w) => !NAME_FILLER.has(w))),
    qualifiers: new Set(qualifiers.map(singular)),
  };
}

/** |A ∩ B| / |A ∪ B|. */
function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const union = new Set([...a, ...b]).size;
  return union === 0 ? 0 : [...a].filter((x) => b.has(x)).length / union;
}

/** |A ∩ B| / √(|A|·|B|): cosine similarity of the two sets as binary vectors. */
function setCosine(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  return [...a].filter((x) => b.has(x)).length / Math.sqrt(a.size * b.size);
}

/** Names at or above this Jaccard of their noun sets (same verb class) are too alike. */
export const NAME_THRESHOLD = 0.75;
/** Descriptions at or above this set cosine of their content words are too alike. */
export const DESCRIPTION_THRESHOLD = 0.75;
/** Descriptions with fewer content words than this are not compared (too short to say anything). */
const MIN_CONTENT_WORDS = 2;

/** Names alike: same verb class and (nearly) the same nouns; filters after `by`/`with` do not tell tools apart. */
export function nameSimilarity(a: string, b: string): number {
  const x = nameShape(a);
  const y = nameShape(b);
  if (x.verb !== y.verb) return 0;
  return jaccard(x.nouns, y.nouns);
}

/** The content words of a text: verbs folded into their class, nouns singular, stop words, numbers and paths dropped. */
function contentWords(text: string): Set<string> {
  const flat = text
    .replace(/\b(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS)\s+\/\S*/g, " ")
    .replace(/\blook(s|ed|ing)? up\b/gi, "lookup");
  const out = new Set<string>();
  for (const word of words(flat)) {
    if (STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
    out.add(VERB_CLASSES[word] ?? VERB_CLASSES[singular(word)] ?? singular(word));
  }
  return out;
}

/** How alike two descriptions are (0 when either is too short to compare). */
export function descriptionSimilarity(a: string, b: string): number {
  const x = contentWords(a);
  const y = contentWords(b);
  if (x.size < MIN_CONTENT_WORDS || y.size < MIN_CONTENT_WORDS) return 0;
  return setCosine(x, y);
}
