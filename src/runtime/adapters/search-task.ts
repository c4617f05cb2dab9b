// A task as a user words it → what search compares: its verb, what it acts on, what is around it, the nouns it makes.
import {
  conceptNouns,
  isPlural,
  PHRASAL_PARTICLES,
  phrasalClasses,
  searchTerm,
  splitWords,
  stem,
  taskVerbClasses,
  undoneVerb,
} from "./search-words.js";

/** What a task says, read once per query. */
export interface Task {
  /** The terms text ranking reads: the task's own, and the nouns its words make that some tool uses. */
  readonly terms: readonly string[];
  /** The action classes of the task's verb (`add` → create, add); empty when it names none. */
  readonly actions: ReadonlySet<string>;
  /** The task's verb, stemmed, as written. */
  readonly verb?: string;
  /**
   * Nouns a verb of its own makes (`remind` → reminder, `attach` → attachment, `snooze` → snooze), or, for an un- verb,
   * the nouns of the verb it undoes (`unpin` → pin, `unsubscribe` → subscription).
   */
  readonly made: ReadonlySet<string>;
  /** The verb is an un- verb: a tool that deletes or removes the nouns it names undoes it. */
  readonly undoes: boolean;
  /** The thing acted on: the terms of the first noun phrase after the verb (`the issue types` → issue, type). */
  readonly object: readonly string[];
  /** The nouns that can head the thing acted on: the phrase's last noun, the people a "who" question asks about. */
  readonly heads: ReadonlySet<string>;
  /**
   * The nouns the API names the thing acted on with, when the task says it in general words (`access` → collaborator,
   * `activity` → action): nouns some tool acts on, read below the heads as written.
   */
  readonly kin: ReadonlySet<string>;
  /** Whether the thing acted on is written in the plural; undefined when the task names none. */
  readonly plural?: boolean;
  /** Nouns of where, whose or how: after `of`, `in`, `on`, `to` …, or an owner (`a customer's email`). */
  readonly context: ReadonlySet<string>;
  /** Every noun of the task, and whether it was written in the plural. */
  readonly nouns: ReadonlyMap<string, boolean>;
  /** The task's words as written, lower case. */
  readonly words: ReadonlySet<string>;
  /** Every term of the task as written, determiners and prepositions too: what a whole tool name is matched to. */
  readonly written: ReadonlySet<string>;
  /** The task is about the user asking (`my`, `me`, `I`). */
  readonly self: boolean;
  /** What the task picks its thing by (`by their email` → email): the terms of the phrase after `by`. */
  readonly by: readonly string[];
}

/** Words after which a noun no longer names the thing acted on but where, whose or how. */
const PHRASE_BREAKS = new Set([
  "about",
  "across",
  "am",
  "are",
  "as",
  "at",
  "by",
  "can",
  "did",
  "do",
  "does",
  "for",
  "from",
  "has",
  "have",
  "in",
  "inside",
  "instead",
  "into",
  "is",
  "like",
  "of",
  "on",
  "to",
  "under",
  "was",
  "were",
  "with",
  "within",
]);
/** Words that pick or point at a thing without naming it. */
const DETERMINERS = new Set([
  "a",
  "all",
  "an",
  "another",
  "any",
  "each",
  "every",
  "i",
  "it",
  "me",
  "multiple",
  "my",
  "new",
  "one",
  "other",
  "our",
  "several",
  "some",
  "that",
  "the",
  "their",
  "them",
  "these",
  "this",
  "those",
  "us",
  "your",
]);
/** Nouns that lead in to the thing a task is about (`the details of a card`): the thing follows them. */
const LEAD_NOUNS = new Set(["detail", "details", "info", "information"]);
/** Particles that make a phrasal verb, joined into its noun (`pay out` → payout, `check out` → checkout). */
const PARTICLES = new Set(["back", "down", "in", "off", "out", "over", "up"]);
const SELF = new Set(["i", "me", "my", "mine", "myself"]);
const WH = new Set(["which", "what", "who"]);
/** The people a "who" question asks about, as APIs name them. */
const PEOPLE = ["user", "member"];

/**
 * The nouns a word can make by the common English suffixes: `remind` → reminder, `protect` → protection, and the
 * closed compounds of a verb and `back` (`play` → playback, `roll` → rollback).
 */
function madeNouns(word: string, next: string | undefined): string[] {
  const bases = [
    word,
    ...(word.length > 5 && word.endsWith("ing") ? [word.slice(0, -3), `${word.slice(0, -3)}e`] : []),
  ];
  return bases.flatMap((base) => {
    const bare = base.replace(/e$/, "");
    return [
      base,
      `${base}er`,
      `${base}r`,
      `${base}ion`,
      `${base}ation`,
      `${bare}ion`,
      `${bare}ation`,
      `${base}ment`,
      `${base}ee`,
      `${base}ency`,
      `${base}ent`,
      `${base}back`,
      base.replace(/scribe$/, "scription"),
      ...(next !== undefined && PARTICLES.has(next) ? [`${base}${next}`] : []),
    ];
  });
}

/** The made nouns of a word that some tool uses (`vocabulary` holds every indexed term). */
function madeInVocabulary(word: string, next: string | undefined, vocabulary: ReadonlySet<string>): string[] {
  return [...new Set(madeNouns(word, next).flatMap((noun) => searchTerm(noun) ?? []))].filter((t) => vocabulary.has(t));
}

/** The nouns a verb makes; a phrasal verb's only its compound when a tool uses it (`pay out` → payout, not pay). */
function verbNouns(verb: string, next: string | undefined, vocabulary: ReadonlySet<string>): string[] {
  const made = madeInVocabulary(verb, next, vocabulary);
  const compound = next !== undefined && PARTICLES.has(next) ? searchTerm(`${verb}${next}`) : undefined;
  return compound !== undefined && made.includes(compound) ? [compound] : made;
}

/**
 * The nouns a verb makes; only the verb itself when some tool acts on it as a noun and no phrasal compound is one
 * (`call a customer` makes a call, not a caller; `pay out` still a payout).
 */
function itselfOrMade(
  verb: string,
  next: string | undefined,
  vocabulary: ReadonlySet<string>,
  objects: ReadonlySet<string>,
): string[] {
  const made = verbNouns(verb, next, vocabulary);
  const compound = next !== undefined && PARTICLES.has(next) ? searchTerm(`${verb}${next}`) : undefined;
  const itself = searchTerm(verb);
  if ((compound !== undefined && made.includes(compound)) || itself === undefined || !objects.has(itself)) return made;
  return [itself];
}

/**
 * Words a request or a question opens with that say nothing of the task (`how do I`, `can you`, `I want to`, `is there
 * a way to`, `please`, `let me`): left out when a verb the search knows follows them, or when they end in `to`.
 */
const REQUEST_WORDS = new Set([
  "a",
  "ahead",
  "am",
  "and",
  "are",
  "can",
  "could",
  "d",
  "do",
  "does",
  "go",
  "have",
  "help",
  "how",
  "i",
  "is",
  "it",
  "just",
  "let",
  "like",
  "ll",
  "m",
  "may",
  "me",
  "might",
  "need",
  "please",
  "possible",
  "quickly",
  "s",
  "shall",
  "should",
  "there",
  "to",
  "try",
  "trying",
  "us",
  "wanna",
  "want",
  "way",
  "we",
  "will",
  "would",
  "you",
]);
/** Words a question opens with that ask to read something: `is Anna online`, `does the customer have a card`. */
const QUESTION_WORDS = new Set([
  "am",
  "are",
  "can",
  "could",
  "did",
  "do",
  "does",
  "has",
  "have",
  "how",
  "is",
  "was",
  "were",
  "when",
  "where",
  "why",
]);
/** What a question that opens with {@link QUESTION_WORDS} asks for: a read of one thing or of a list. */
const QUESTION_CLASSES = ["get", "list"] as const;
/** Adverbs of time and degree that say nothing of what a task does or acts on (`is Anna online right now`). */
const FILLERS = new Set([
  "actually",
  "again",
  "already",
  "also",
  "anymore",
  "currently",
  "ever",
  "here",
  "now",
  "really",
  "right",
  "still",
  "there",
  "yet",
]);
/** `how many`, `how much`: a question that counts, read as a list. */
const COUNTING = new Set(["many", "much"]);

/** Where the task starts: after the request or question words it opens with, when a verb follows them. */
export function taskStart(words: readonly string[]): number {
  const prefix = words.findIndex((w) => !REQUEST_WORDS.has(w));
  for (let start = prefix < 0 ? words.length : prefix; start > 0; start--) {
    const next = words[start];
    if (words[start - 1] === "to" && next !== undefined) return start;
    if (next !== undefined && taskVerbClasses(stem(next)) !== undefined && !QUESTION_WORDS.has(next)) return start;
  }
  return 0;
}

/** Where a task's verb was read: its word, its action classes and, for a phrasal verb, its particle's word. */
export interface VerbAt {
  readonly index: number;
  readonly classes: readonly string[];
  readonly particle?: number;
}

/**
 * The verb at `index` read with its particle when they make a phrasal verb: right after it (`turn off notifications`)
 * or after the thing acted on, at the end or before a determiner or preposition (`take my reaction off a message`).
 */
function withParticle(words: readonly string[], verb: VerbAt): VerbAt {
  const word = stem(words[verb.index] as string);
  for (let j = verb.index + 1; j < Math.min(words.length, verb.index + 6); j++) {
    const classes = phrasalClasses(word, words[j] as string);
    if (classes === undefined) continue;
    const after = words[j + 1];
    const separable = after === undefined || DETERMINERS.has(after) || PHRASE_BREAKS.has(after);
    if (j === verb.index + 1 || separable) return { index: verb.index, classes, particle: j };
  }
  return verb;
}

/**
 * The task's verb: its first word when that is a verb, when a determiner, preposition or particle follows it, or when
 * it makes a phrasal verb with a particle after the thing acted on (`take someone off a cadence`).
 */
function findVerb(words: readonly string[]): VerbAt | undefined {
  const verb = firstVerb(words);
  return verb === undefined || verb.index !== words.findIndex((w) => !DETERMINERS.has(w) && searchTerm(w) !== undefined)
    ? verb
    : withParticle(words, verb);
}

function firstVerb(words: readonly string[]): VerbAt | undefined {
  const first = words[0];
  if (first !== undefined && COUNTING.has(first)) return { index: 0, classes: ["list"] };
  if (first !== undefined && QUESTION_WORDS.has(first)) return { index: 0, classes: QUESTION_CLASSES };
  const index = words.findIndex((w) => !DETERMINERS.has(w) && searchTerm(w) !== undefined);
  const word = words[index];
  if (word === undefined) return undefined;
  const classes = taskVerbClasses(stem(word));
  if (classes !== undefined) return { index, classes };
  const phrasal = withParticle(words, { index, classes: [stem(word)] });
  if (phrasal.particle !== undefined) return phrasal;
  const next = words[index + 1];
  const particle = next !== undefined && (PARTICLES.has(next) || PHRASAL_PARTICLES.has(next));
  const verbLike =
    next !== undefined && (DETERMINERS.has(next) || PHRASE_BREAKS.has(next) || particle) && !WH.has(word);
  return verbLike && !isPlural(word) ? { index, classes: [stem(word)] } : undefined;
}

/**
 * Reads a task: its verb, the noun phrase it acts on, the context nouns, and the nouns its words make. `vocabulary`
 * holds every indexed term, `objects` the head noun of every tool's object, `objectWords` every word of one (`line` of
 * `order line item`): a phrase none of whose words is in a tool's object names an attribute of the thing after it
 * (`the summary of an issue` acts on the issue).
 */
export function readTask(
  query: string,
  vocabulary: ReadonlySet<string>,
  objects: ReadonlySet<string>,
  objectWords: ReadonlySet<string> = objects,
): Task {
  const asked = splitWords(respelled(query)).filter((w) => !FILLERS.has(w));
  const opening = withoutAsides(asked.slice(taskStart(asked)));
  const counted = opening[0] === "how" && COUNTING.has(opening[1] ?? "") ? opening.slice(1) : opening;
  const words = withoutTopic(counted, findVerb(counted));
  const verb = findVerb(words);
  const verbWord = verb === undefined ? undefined : words[verb.index];
  const known = verbWord !== undefined && taskVerbClasses(stem(verbWord)) !== undefined;
  const undone = verbWord === undefined ? undefined : undoneVerb(stem(verbWord), vocabulary);
  const maker = undone ?? verbWord;
  const makerClasses = undone === undefined ? (verb?.classes ?? []) : (taskVerbClasses(stem(undone)) ?? [stem(undone)]);
  const ownVerb = maker !== undefined && ownsNouns(stem(maker), makerClasses);
  const kinOf = (term: string) => conceptNouns(term).filter((noun) => objects.has(noun));
  const nounKin = (term: string) => [...kinOf(term), ...compoundsOf(term, objects)];
  const made = new Set(
    ownVerb && maker !== undefined
      ? [...itselfOrMade(maker, words[(verb?.index ?? 0) + 1], vocabulary, objects), ...kinOf(stem(maker))]
      : [],
  );
  const nouns = new Map<string, boolean>();
  const object: string[] = [];
  const context = new Set<string>();
  let plural: boolean | undefined;
  let inObject = true;
  const agents: string[] = [];
  const makes = verb?.classes.includes("create") ?? false;
  words.forEach((word, i) => {
    if (verb !== undefined && i <= verb.index + (PARTICLES.has(words[verb.index + 1] ?? "") ? 1 : 0)) return;
    if (i === verb?.particle) {
      if (object.length > 0) inObject = false;
      return;
    }
    if (word === "s") {
      for (const t of object.splice(0)) context.add(t);
      return;
    }
    if (word.endsWith("ing") && AUXILIARIES.has(words[i - 1] ?? "")) {
      agents.push(...madeInVocabulary(word, undefined, vocabulary).filter((t) => /(er|ee|or)$/.test(t)));
      return;
    }
    if (RESULTS.has(word) && makes && object.length > 0) {
      for (const t of object.splice(0)) context.add(t);
      inObject = true;
      return;
    }
    if (PHRASE_BREAKS.has(word)) {
      if (object.length > 0) inObject = false;
      return;
    }
    const term = searchTerm(word);
    if (term === undefined || DETERMINERS.has(word) || WH.has(word)) return;
    if (LEAD_NOUNS.has(word) && object.length === 0) {
      inObject = true;
      return;
    }
    nouns.set(term, (nouns.get(term) ?? false) || isPlural(word));
    if (inObject) {
      object.push(term);
      plural = isPlural(word);
      if (startsActivity(verb, words, i)) inObject = false;
    } else context.add(term);
  });
  const lastObject = object.findLastIndex((t) => objectWords.has(t) || nounKin(t).length > 0);
  if (lastObject >= 0 && lastObject < object.length - 1) {
    object.splice(lastObject + 1);
    plural = nouns.get(object[lastObject] as string);
  }
  const attribute = object.length > 0 && lastObject < 0 && context.size > 0;
  if (attribute) {
    const owner = [...context][0] as string;
    for (const t of object.splice(0, object.length, owner)) context.add(t);
    context.delete(owner);
    plural = nouns.get(owner);
  }
  const self = words.some((w, i) => SELF.has(w) && !(verb !== undefined && i === verb.index + 1 && isDative(words, i)));
  const named = object.at(-1) ?? "";
  const [copula = "", after = ""] = words.slice(words.indexOf("who") + 1);
  const namesThem =
    AUXILIARIES.has(copula) && !PHRASE_BREAKS.has(after) && !after.endsWith("ing") && objects.has(named);
  const who = words.includes("who") && !PEOPLE.includes(named) && !agents.includes(named) && !namesThem;
  if (who) for (const t of object.splice(0)) context.add(t);
  const heads = new Set(who ? (agents.length > 0 ? agents : PEOPLE) : object.slice(-1));
  const kin = new Set([...heads].flatMap(nounKin).filter((noun) => !heads.has(noun)));
  const namesThing = nouns.size > [...nouns.keys()].filter((t) => LEAD_NOUNS.has(t)).length;
  const said = words.map((w) => (namesThing && LEAD_NOUNS.has(w) ? "" : w));
  const derived = said.flatMap((w, i) =>
    i === verb?.index ||
    i === verb?.particle ||
    w.length < MIN_MAKER ||
    DETERMINERS.has(w) ||
    PHRASE_BREAKS.has(w) ||
    objects.has(searchTerm(w) ?? w)
      ? []
      : madeInVocabulary(w, said[i + 1], vocabulary),
  );
  const own = said
    .filter(
      (w, i) => i !== verb?.index && i !== verb?.particle && w !== "" && !DETERMINERS.has(w) && !PHRASE_BREAKS.has(w),
    )
    .flatMap((w) => searchTerm(w) ?? []);
  return {
    terms: [...new Set([...own, ...[...made].filter((t) => !known || t !== searchTerm(verbWord ?? "")), ...derived])],
    actions: new Set(verb === undefined ? [] : newThingClasses(verb, words)),
    ...(verb === undefined || verbWord === undefined ? {} : { verb: stem(verbWord) }),
    made,
    undoes: undone !== undefined,
    object,
    heads,
    kin,
    ...(who ? { plural: !self } : object.length > 0 ? { plural } : {}),
    context,
    nouns,
    words: new Set(words),
    written: new Set(words.flatMap((w) => searchTerm(w) ?? [])),
    self,
    by: pickedBy(words),
  };
}

/** The terms of the phrase after `by` (`look up a customer by their email` → email), up to the next break. */
function pickedBy(words: readonly string[]): string[] {
  const at = words.indexOf("by");
  if (at < 0) return [];
  const after = words.slice(at + 1);
  const end = after.findIndex((w) => PHRASE_BREAKS.has(w));
  return (end < 0 ? after : after.slice(0, end)).flatMap((w) => (DETERMINERS.has(w) ? [] : (searchTerm(w) ?? [])));
}

/** Hyphenated words whose parts say nothing alone, as one word: a `to-do list` is the to-dos. */
const SPELLINGS: readonly (readonly [RegExp, string])[] = [
  [/\bto-?do lists?\b/gi, "todos"],
  [/\bto-do\b/gi, "todo"],
];

/** A task with {@link SPELLINGS} folded. */
export function respelled(query: string): string {
  return SPELLINGS.reduce((text, [pattern, word]) => text.replace(pattern, word), query);
}

/** Words after which what follows is what the user does not want (`pause it without killing it`). */
const NEGATIONS = new Set(["without", "except", "excluding"]);
/** Subjects that open a clause about the thing before them (`the changes I made`, `a number I no longer need`). */
const CLAUSE_SUBJECTS = new Set(["i", "we", "you", "they", "he", "she"]);

/**
 * A task without its asides, up to the next preposition: what it excludes (`without killing it`), and a clause about
 * the thing acted on that opens with its own subject after a noun (`a phone number I no longer need`, `a call I just
 * had with a prospect`): their verbs say how the user came to the thing, not which tool acts on it. The preposition's
 * phrase stays (`the changes I made in the container`).
 */
export function withoutAsides(words: readonly string[]): string[] {
  let aside = false;
  return words.filter((word, i) => {
    const before = words[i - 1] ?? "";
    const afterNoun = ![DETERMINERS, PHRASE_BREAKS, REQUEST_WORDS, QUESTION_WORDS, WH].some((set) => set.has(before));
    if (NEGATIONS.has(word) || (i > 0 && CLAUSE_SUBJECTS.has(word) && afterNoun)) aside = true;
    else if (PHRASE_BREAKS.has(word)) aside = false;
    return !aside;
  });
}

/**
 * Prepositions that name what a making verb makes of the thing it acts on (`save the changes as a new image`, `make
 * the draft into a post`): the thing made is what the task acts on, the thing it is made of its context.
 */
const RESULTS = new Set(["as", "into"]);

/** Shortest word that makes nouns: shorter ones are a contraction's tail or a letter (`what's`, `don't`, `I'll`). */
const MIN_MAKER = 3;

/** Articles that introduce a thing not there yet, or any one of many. */
const INDEFINITE = new Set(["a", "an", "another", "new"]);

/**
 * A verb's classes as the thing after it reads them: a verb that can make or change (`write`) makes a thing
 * introduced by an indefinite article (`write a note`: create), and may change the thing a definite one points at
 * (`write the note`).
 */
export function newThingClasses(verb: VerbAt, words: readonly string[]): readonly string[] {
  const next = words[verb.index + 1];
  const makes = verb.classes.includes("create") && next !== undefined && INDEFINITE.has(next);
  return makes ? verb.classes.filter((c) => c !== "update") : verb.classes;
}

/** Actions that make a thing with content of its own: an issue, a message, a note. */
const WRITING = new Set(["create", "send"]);
/** Words that say what a new thing's content is about. */
const TOPICS = new Set(["about", "regarding"]);

/**
 * A task that makes a thing, without what the thing's content is about, up to the next preposition (`open an issue
 * about a bug`, `email the team about the outage in the EU`): it is what the user writes, not which tool writes it.
 * A read keeps it (`find issues about a bug` searches by it).
 */
export function withoutTopic(words: readonly string[], verb: VerbAt | undefined): readonly string[] {
  if (verb === undefined || !verb.classes.some((c) => WRITING.has(c))) return words;
  let topic = false;
  return words.filter((word, i) => {
    if (i > verb.index && TOPICS.has(word)) topic = true;
    else if (PHRASE_BREAKS.has(word)) topic = false;
    return !topic;
  });
}

/** Verb classes that start or end an activity named by the -ing word after them (`start recording the call`). */
const ASPECTS = new Set(["start", "stop", "pause", "resume"]);

/**
 * Whether `words[i]` is an activity a start or stop verb right before it names (`start recording the ongoing call`,
 * `stop sharing my screen`): the thing acted on, the words after it only its context.
 */
function startsActivity(verb: VerbAt | undefined, words: readonly string[], i: number): boolean {
  const word = words[i] ?? "";
  return (
    verb !== undefined &&
    i === verb.index + 1 &&
    word.length > 5 &&
    word.endsWith("ing") &&
    verb.classes.some((c) => ASPECTS.has(c))
  );
}

/** Shortest word read as the head of a closed compound (`hook` of `webhook`), and shortest word before it. */
const COMPOUND_HEAD = 4;
const COMPOUND_MODIFIER = 3;

/**
 * The nouns tools act on that are closed compounds ending in `term` (`hook` → webhook, `list` → playlist): English
 * compounds are head-final, so a webhook is a kind of hook, and a user who says the head means it.
 */
export function compoundsOf(term: string, objects: ReadonlySet<string>): string[] {
  if (term.length < COMPOUND_HEAD) return [];
  return [...objects].filter((o) => o.length >= term.length + COMPOUND_MODIFIER && o.endsWith(term));
}

/** `me` after a verb with a thing after it (`show me the nodes`, `give me a list`) is who gets it, not whose it is. */
function isDative(words: readonly string[], i: number): boolean {
  const next = words[i + 1];
  return words[i] === "me" && next !== undefined && !PHRASE_BREAKS.has(next) && !PARTICLES.has(next);
}

/** The action classes every API shares: a verb that only means one of them makes no noun of its own. */
const CRUD = new Set(["create", "get", "list", "update", "delete", "search", "send"]);
const AUXILIARIES = new Set(["am", "are", "is", "was", "were"]);

/** Whether a verb names an action of its own (`remind`, `assign`, `protect`), whose nouns the tools may use. */
function ownsNouns(verb: string, classes: readonly string[]): boolean {
  return !CRUD.has(verb) && classes[0] === verb;
}
