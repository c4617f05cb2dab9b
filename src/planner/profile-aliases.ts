// An API's operations → the noun phrases its own summaries spell out for a path word it abbreviates or runs together
// (`pulls` → pull request, `hooks` → webhook, `persistentvolumeclaims` → persistent volume claim, `dnd` → do not disturb).
import type { ApiModel, OperationSummary } from "../model/api-model.js";
import { searchTerms, splitWords, stem, verbClasses } from "../runtime/adapters/search-words.js";
import { oneLine } from "../runtime/adapters/search.js";
import type { OperationProfile } from "../runtime/types.js";
import { namingId } from "../model/naming-id.js";
import { compareStrings } from "../util/order.js";

/** A path word's phrase is learned when at least this share of the operations under it name the phrase. */
const ALIAS_SHARE = 0.5;
/** …and at least this many do. */
const ALIAS_MIN = 2;
/** Longest phrase a path word can stand for. */
const MAX_PHRASE_WORDS = 4;
/** A run-together or initial-letter path word is at least this long (`cm` or `id` say too little). */
const MIN_WORD = 3;

/** Words that never start or end a noun phrase. */
const NOT_NOUNS = new Set([
  ...["a", "an", "the", "and", "or", "of", "for", "to", "in", "on", "by", "with", "from", "at", "as", "into", "about"],
  ...["is", "are", "be", "been", "has", "have", "if", "whether", "this", "that", "its", "their", "your", "all", "any"],
]);

/**
 * The words a path names things with, one per segment or RPC namespace part, as written (lower case): a single-word
 * segment (`pulls`, `persistentvolumeclaims`) or each part before an RPC method (`dnd` of `dnd.endSnooze`).
 */
function pathWords(path: string): string[] {
  const segments = path.split("/").filter((s) => s !== "" && !/^\{.*\}$/.test(s));
  const last = segments.at(-1) ?? "";
  if (segments.length === 1 && /^[A-Za-z]+(\.[A-Za-z]+)+$/.test(last)) return last.split(".").slice(0, -1);
  return segments.filter((s) => /^[a-z]+$/.test(s));
}

/** What an operation says it does in prose: its summary, else its description's first sentence, as words. */
function proseWords(operation: OperationSummary): string[] {
  const prose = operation.summary ?? (operation.description === undefined ? "" : oneLine(operation.description));
  return splitWords(prose.replace(/<[^>]*>/g, " "));
}

/** How a path word stands for a phrase of its operations' summaries. */
type Kind = "joined" | "initials" | "ending" | "head";

/** Words that say "a thing" without naming one (`the Reader object`): no part of what a path word stands for. */
const GENERIC = new Set(["object", "objects", "information", "info", "detail", "details", "data"]);

/**
 * The phrases of `words` a path word `word` (singular) can stand for, by kind: consecutive words it runs together
 * (`persistentvolumeclaims` → persistent volume claim), abbreviates by their initials (`dnd` → do not disturb), a word
 * it is the end of (`hooks` → webhook), or the word itself with the nouns after it (`pulls` → pull request).
 */
function candidates(word: string, words: readonly string[]): [string, Kind][] {
  const target = word;
  const out: [string, Kind][] = [];
  const noun = (w: string) => w.length >= MIN_WORD && !NOT_NOUNS.has(w) && !GENERIC.has(w);
  for (let i = 0; i < words.length; i++) {
    const first = words[i] as string;
    const initials = words.slice(i, i + word.length);
    const last = initials.at(-1) as string;
    const abbreviated = initials.length >= 3 && initials.map((w) => w[0]).join("") === word;
    if (abbreviated && !NOT_NOUNS.has(first) && !NOT_NOUNS.has(last)) out.push([initials.join(" "), "initials"]);
    if (!noun(first)) continue;
    for (let n = 2; n <= MAX_PHRASE_WORDS && i + n <= words.length; n++) {
      const phrase = words.slice(i, i + n);
      if (!noun(phrase.at(-1) as string)) break;
      const joined = phrase.join("");
      if (stem(joined) === target || joined === word) out.push([phrase.join(" "), "joined"]);
      else if (stem(first) === target) out.push([phrase.join(" "), "head"]);
    }
    const single = stem(first);
    if (single.length >= target.length + MIN_WORD && single.endsWith(target)) out.push([first, "ending"]);
  }
  return out;
}

/**
 * The share of the operations under a path word that must name a phrase of each kind: a run-together spelling, initials
 * or a longer word are rarely met by chance; a word and the nouns after it often are (`the card object`, `issue
 * comment`), so nearly all of them, and none with the word alone.
 */
const SHARE: Readonly<Record<Kind, number>> = {
  joined: ALIAS_SHARE,
  initials: ALIAS_SHARE,
  ending: ALIAS_SHARE,
  head: 0.8,
};

/**
 * The noun phrase each path word of an API stands for, learned from the API's own summaries: the phrase most of the
 * operations under the word name (at least {@link ALIAS_SHARE} of them and {@link ALIAS_MIN}), and more of them than
 * name the word alone. Keys and phrases are singular (`pull` → pull request).
 */
export function nounAliases(operations: readonly OperationSummary[]): ReadonlyMap<string, string> {
  const under = new Map<string, OperationSummary[]>();
  for (const operation of operations)
    for (const word of new Set(pathWords(operation.path).map((w) => stem(w.toLowerCase())))) {
      const group = under.get(word);
      if (group === undefined) under.set(word, [operation]);
      else group.push(operation);
    }
  const aliases = new Map<string, string>();
  for (const [word, group] of under) {
    if (group.length < ALIAS_MIN) continue;
    const counts = new Map<string, number>();
    const kinds = new Map<string, Kind>();
    let alone = 0;
    for (const operation of group) {
      const words = proseWords(operation);
      const found = new Map(candidates(word, words).map(([phrase, kind]) => [singularPhrase(phrase), kind]));
      for (const [phrase, kind] of found) {
        kinds.set(phrase, kind);
        counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
      }
      if (namesAlone(words, word)) alone++;
    }
    const best = [...counts]
      .filter(([phrase]) => phrase !== word)
      .sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))[0];
    if (best === undefined) continue;
    const [phrase, count] = best;
    const kind = kinds.get(phrase) as Kind;
    const share = count >= ALIAS_MIN && count >= SHARE[kind] * group.length;
    if (share && (kind === "head" ? alone === 0 : count > alone)) aliases.set(word, phrase);
  }
  return aliases;
}

/** Whether prose names a thing by the word alone: the word, then the end or a word that ends a noun phrase. */
function namesAlone(words: readonly string[], target: string): boolean {
  return words.some((w, i) => stem(w) === target && (i === words.length - 1 || NOT_NOUNS.has(words[i + 1] as string)));
}

function singularPhrase(phrase: string): string {
  const words = phrase.split(" ");
  return words.map((w, i) => (i === words.length - 1 ? stem(w) : w)).join(" ");
}

/**
 * A profile whose object and parents name things by the API's own phrases for its path words; its object stays as
 * written when the operation's own summary names it by the word alone (`Disable a workflow` is about a workflow, though
 * most operations under `/workflow` are about workflow permissions).
 */
export function withNounAliases(
  profile: OperationProfile,
  aliases: ReadonlyMap<string, string>,
  operation: OperationSummary,
): OperationProfile {
  if (aliases.size === 0) return profile;
  const spell = (noun: string) => aliases.get(noun) ?? noun;
  const object = namesAlone(proseWords(operation), profile.object) ? profile.object : spell(profile.object);
  const parents = [...new Set((profile.parents ?? []).map(spell))].filter((p) => p !== object);
  if (parents.length > 0) return { ...profile, object, parents };
  const { parents: _, ...rest } = profile;
  return { ...rest, object };
}

/** What an API says of its things beyond each operation: its phrases for path words, what its tags are about. */
export interface ApiVocabulary {
  /** Path word → the API's phrase for it ({@link nounAliases}). */
  readonly aliases: ReadonlyMap<string, string>;
  /** Tag name → the terms of its description's first sentences ({@link tagTerms}). */
  readonly tags: ReadonlyMap<string, readonly string[]>;
}

export const NO_VOCABULARY: ApiVocabulary = { aliases: new Map(), tags: new Map() };

/** Sentences of a tag's description read: the definition (`A story represents an activity …`) comes first. */
const TAG_SENTENCES = 2;
/** Most terms kept of a tag's description. */
const TAG_TERMS = 16;

/** English words that say nothing of what a tag's thing is (`everything about your pets`). */
const FUNCTION_WORDS = new Set([
  ...["about", "also", "can", "could", "each", "every", "everything", "here", "how", "may", "more", "most", "must"],
  ...["not", "other", "should", "some", "such", "than", "then", "there", "these", "those", "use", "used", "using"],
  ...["very", "via", "what", "when", "where", "which", "while", "who", "will", "would", "you"],
]);

/** A note in emphasis before the definition (`*See our forum post …*`, `_Note: custom fields are premium._`). */
const LEADING_NOTE = /^\s*(\*[^*]+\*|_[^_]+_)\s*/;

/**
 * The terms of a tag description's first {@link TAG_SENTENCES} sentences, without a leading note in emphasis, links, markup or code, at most
 * {@link TAG_TERMS}: what the API says its tag's thing is, in its users' words (`Stories` → activity, comment …).
 */
export function tagTerms(description: string): string[] {
  const prose = description
    .replace(LEADING_NOTE, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/`[^`]*`/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/[*_]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const sentences = prose.match(/[^.!?]+[.!?]?/g) ?? [];
  const terms = searchTerms(sentences.slice(0, TAG_SENTENCES).join(" ")).filter(
    (t) => t.length > 2 && !NOT_NOUNS.has(t) && !FUNCTION_WORDS.has(t),
  );
  return [...new Set(terms)].slice(0, TAG_TERMS);
}

/** An API's {@link ApiVocabulary}, from its operations and tags. */
export function apiVocabulary(model: Pick<ApiModel, "operations" | "tags">): ApiVocabulary {
  const tags = new Map(
    model.tags.flatMap((tag) =>
      tag.description === undefined ? [] : [[tag.name, tagTerms(tag.description)] as const],
    ),
  );
  return { aliases: nounAliases(model.operations), tags };
}

/**
 * A profile whose action is what its summary's leading verb means when the operation id names none (Zoom's
 * `accountPlanBaseDelete`, "Cancel a base plan": cancel, not the PATCH's update): a verb the search knows, whose class
 * the path's reading does not share, and likewise when the action read from the path is a word of the object's own name
 * (`POST …/deploy-keys`, "Add a repository deploy key": add, not deploy); a read whose summary opens with `Search` is
 * a search (`find`, which also reads one item by id, is not).
 */
export function withSummaryVerb(profile: OperationProfile, operation: OperationSummary): OperationProfile {
  const first = proseWords(operation)[0];
  const rpc = /^\/[A-Za-z]+(\.[A-Za-z]+)+$/.test(operation.path);
  const misread = profile.object.split(" ").includes(profile.action);
  if (first === undefined || rpc || (idNamesVerb(namingId(operation)) && !misread)) return profile;
  const classes = verbClasses(stem(first));
  const own = verbClasses(stem(profile.action)) ?? [profile.action];
  const reads = (c: readonly string[]) => c.some((x) => READS.has(x));
  if (classes === undefined) return profile;
  if (stem(first) === "search" && profile.action !== "search" && reads(own)) return { ...profile, action: "search" };
  if (classes.some((c) => own.includes(c)) || (reads(classes) && reads(own))) return profile;
  const action = classes.includes(stem(first)) ? stem(first) : (classes[0] as string);
  return { ...profile, action };
}

const READS = new Set(["get", "list", "search"]);

/** Whether an operation id's method name opens with a verb the search knows (`createTask`, `issues/create`). */
function idNamesVerb(id: string): boolean {
  const word = splitWords(id.split(/[/.]/).at(-1) ?? "")[0];
  return word !== undefined && verbClasses(stem(word)) !== undefined;
}
