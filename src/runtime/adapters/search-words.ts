// Words of a task or an operation → the terms tool search compares: split, stemmed, folded, verbs in classes.

/** Words that carry no meaning for finding a tool. */
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "be",
  "by",
  "can",
  "do",
  "for",
  "from",
  "i",
  "in",
  "into",
  "is",
  "it",
  "its",
  "me",
  "my",
  "of",
  "on",
  "or",
  "our",
  "please",
  "some",
  "that",
  "the",
  "their",
  "them",
  "this",
  "to",
  "want",
  "we",
  "with",
  "you",
  "your",
]);

/** Identifier and prose → lower-case words: camelCase, snake_case, dotted and slashed names split. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** English plurals not made with -s (`/people`, `/children`), and ones that are their singular (`/series`, `/news`). */
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  people: "person",
  children: "child",
  series: "series",
  species: "species",
  news: "news",
};

/** Plural and verb endings folded so that `customers`/`customer`, `categories`/`category` meet. */
export function stem(word: string): string {
  if (Object.hasOwn(IRREGULAR_PLURALS, word)) return IRREGULAR_PLURALS[word] as string;
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /((ss|sh|ch|x)|[bnprt]us|ias|vas)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Whether a word, as written, is an English plural (`nodes`, `categories`), not one of the -ss/-us/-is words. */
export function isPlural(word: string): boolean {
  if (Object.hasOwn(IRREGULAR_PLURALS, word)) return true;
  return word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word);
}

/** Long and short forms an API and a user write for the same thing, folded to one. */
const SAME_THING: Readonly<Record<string, string>> = {
  repository: "repo",
  organization: "org",
  organisation: "org",
  application: "app",
  configuration: "config",
  environment: "env",
  information: "info",
  people: "user",
  person: "user",
  someone: "user",
  somebody: "user",
  everyone: "user",
  everybody: "user",
};

/** The term a word counts as: stemmed, long and short forms folded; undefined for a stop word. */
export function searchTerm(word: string): string | undefined {
  if (STOP_WORDS.has(word)) return undefined;
  const stemmed = stem(word);
  if (Object.hasOwn(SAME_THING, stemmed)) return SAME_THING[stemmed] as string;
  return Object.hasOwn(SAME_THING, word) ? (SAME_THING[word] as string) : stemmed;
}

/** Stemmed terms of `text` without stop words, long and short forms folded. */
export function searchTerms(text: string): string[] {
  return splitWords(text).flatMap((word) => searchTerm(word) ?? []);
}

/**
 * The classes of action a verb (stemmed) can mean. A task's verb and an operation's action meet when their classes
 * share one: "add a customer" finds `create`, "remove" finds `delete`, "show" finds both `get` and `list`.
 */
const VERB_CLASSES: Readonly<Record<string, readonly string[]>> = {
  create: ["create"],
  add: ["create", "add"],
  new: ["create"],
  make: ["create"],
  insert: ["create"],
  upsert: ["upsert", "create", "update"],
  buy: ["create"],
  purchase: ["create"],
  register: ["create"],
  generate: ["create"],
  build: ["create"],
  open: ["create", "open"],
  start: ["create", "start"],
  run: ["run", "start", "create"],
  post: ["create", "send"],
  send: ["send", "create"],
  write: ["create", "update"],
  save: ["create", "save"],
  list: ["list"],
  all: ["list"],
  show: ["get", "list"],
  view: ["get", "list"],
  see: ["get", "list"],
  display: ["get", "list"],
  which: ["list", "get"],
  what: ["get", "list"],
  who: ["list", "get"],
  browse: ["list"],
  enumerate: ["list"],
  get: ["get"],
  read: ["get"],
  fetch: ["get"],
  retrieve: ["get"],
  describe: ["get"],
  detail: ["get"],
  info: ["get"],
  look: ["get", "search"],
  check: ["get"],
  listen: ["get"],
  find: ["search", "get", "list"],
  search: ["search", "list"],
  lookup: ["search", "get"],
  query: ["search", "list"],
  update: ["update"],
  change: ["update"],
  edit: ["update"],
  modify: ["update"],
  set: ["update"],
  rename: ["update", "rename"],
  scale: ["scale", "update"],
  move: ["update", "move"],
  patch: ["update"],
  replace: ["update"],
  mark: ["update"],
  turn: ["update"],
  adjust: ["update"],
  assign: ["assign", "update"],
  configure: ["update"],
  toggle: ["update"],
  mute: ["update"],
  unmute: ["update"],
  freeze: ["pause"],
  play: ["play", "start"],
  log: ["log", "create"],
  delete: ["delete"],
  remove: ["delete", "remove"],
  erase: ["delete"],
  drop: ["delete"],
  destroy: ["delete"],
  unset: ["delete"],
  cancel: ["cancel", "delete"],
  kick: ["remove", "delete"],
  close: ["close", "update"],
  archive: ["archive", "close"],
  invite: ["invite", "add"],
  give: ["add", "create"],
  grant: ["add", "create"],
  join: ["join", "add"],
  leave: ["leave", "remove"],
};

/**
 * Common English phrasal verbs (`verb particle`) and the action classes they mean, whatever their verb alone means:
 * `turn off` disables, `get rid of` deletes, `set up` creates, `look up` searches, `check out` buys (or looks at). The
 * particle may follow the thing acted on (`turn notifications off`, `take my reaction off a message`).
 */
const PHRASAL_VERBS: Readonly<Record<string, readonly string[]>> = {
  "set up": ["create"],
  "spin up": ["create", "start"],
  "sign up": ["create", "join"],
  "open up": ["open"],
  "start up": ["start"],
  "boot up": ["start"],
  "fire up": ["start"],
  "kick off": ["start", "run"],
  "carry out": ["run"],
  "turn on": ["enable", "update"],
  "switch on": ["enable", "update"],
  "turn off": ["disable", "update"],
  "switch off": ["disable", "update"],
  "shut off": ["disable", "update"],
  "turn up": ["update"],
  "turn down": ["update"],
  "shut down": ["stop", "close"],
  "close down": ["close"],
  "wind down": ["stop"],
  "call off": ["cancel"],
  "back out": ["cancel"],
  "give up": ["leave", "cancel"],
  "drop out": ["leave"],
  "get rid": ["delete", "remove"],
  "throw away": ["delete"],
  "throw out": ["delete"],
  "take down": ["delete", "remove"],
  "take off": ["remove", "delete"],
  "take away": ["remove", "delete"],
  "take out": ["remove", "delete"],
  "drop off": ["remove", "delete"],
  "clean up": ["delete"],
  "clean out": ["delete"],
  "clear out": ["delete"],
  "clear up": ["delete"],
  "wipe out": ["delete"],
  "cross out": ["delete"],
  "look up": ["search", "get"],
  "look for": ["search", "list"],
  "look at": ["get", "list"],
  "look into": ["get"],
  "find out": ["get"],
  "check on": ["get"],
  "check out": ["create", "update", "get"],
  "pull up": ["get", "list"],
  "bring up": ["get", "list"],
  "fill in": ["update"],
  "fill out": ["update"],
  "write down": ["create"],
  "note down": ["create"],
  "jot down": ["create"],
  "hand over": ["transfer"],
  "pass on": ["transfer"],
  "give back": ["refund"],
  "pay back": ["refund"],
  "hold off": ["pause"],
  "put back": ["unarchive", "update"],
  "bring back": ["unarchive", "update"],
  "opt out": ["unsubscribe", "leave", "delete"],
  "opt in": ["subscribe", "join", "add"],
  "mark off": ["complete"],
  "sign off": ["approve"],
  "lock down": ["lock"],
  "hang up": ["end", "update"],
  "hook up": ["connect", "attach", "link"],
};

/** The particles of {@link PHRASAL_VERBS}. */
export const PHRASAL_PARTICLES: ReadonlySet<string> = new Set(
  Object.keys(PHRASAL_VERBS).map((phrase) => phrase.split(" ")[1] as string),
);

/** The action classes of a phrasal verb (a stemmed verb and its particle), or undefined when it is not one. */
export function phrasalClasses(verb: string, particle: string): readonly string[] | undefined {
  const phrase = `${verb} ${particle}`;
  return Object.hasOwn(PHRASAL_VERBS, phrase) ? PHRASAL_VERBS[phrase] : undefined;
}

/** Verbs that name an action of their own (merge, refund, publish …): a task's verb is matched to them as written. */
const OWN_VERBS = new Set([
  "approve",
  "attach",
  "capture",
  "complete",
  "confirm",
  "connect",
  "cordon",
  "deploy",
  "disable",
  "dispatch",
  "duplicate",
  "enable",
  "end",
  "evict",
  "exchange",
  "finalize",
  "follow",
  "fork",
  "link",
  "lock",
  "merge",
  "notify",
  "pause",
  "pin",
  "publish",
  "react",
  "recommend",
  "refund",
  "reject",
  "remind",
  "rerun",
  "resend",
  "restore",
  "resume",
  "revoke",
  "rotate",
  "schedule",
  "share",
  "skip",
  "snooze",
  "star",
  "stop",
  "submit",
  "subscribe",
  "transfer",
  "transition",
  "uninstall",
  "unarchive",
  "unfollow",
  "unlock",
  "unpin",
  "unstar",
  "upload",
  "void",
  "vote",
  "watch",
]);

/**
 * General API vocabulary: a word users say (stemmed) → the nouns APIs name the same thing with (`access` to a
 * repository is a collaborator or a member, the `activity` on a board its actions or events, an `approve` of a pull
 * request a review). A task reads them only where some tool acts on that noun, and below a tool that acts on the word
 * itself.
 */
export const CONCEPTS: Readonly<Record<string, readonly string[]>> = {
  access: ["collaborator", "member", "permission"],
  activity: ["action", "event"],
  history: ["action", "event"],
  comment: ["story"],
  branch: ["ref"],
  approve: ["review"],
  reject: ["review"],
  contact: ["user", "customer", "lead"],
  lead: ["user", "contact", "prospect"],
  prospect: ["user", "contact", "lead"],
  company: ["account", "org", "business"],
  text: ["message", "sms"],
  sms: ["message"],
  photo: ["media", "image", "picture", "attachment"],
  picture: ["media", "image", "photo", "attachment"],
  discount: ["coupon", "promotion"],
  password: ["secret", "credential"],
  credit: ["balance"],
  song: ["track"],
  todo: ["task"],
  remind: ["task"],
  reminder: ["task"],
  alert: ["trigger", "alarm", "notification"],
};

/** The nouns of {@link CONCEPTS} a stemmed word stands for. */
export function conceptNouns(term: string): readonly string[] {
  return Object.hasOwn(CONCEPTS, term) ? (CONCEPTS[term] as readonly string[]) : [];
}

/**
 * Verbs a user opens a task with that operation names use as nouns (`storeStoreRepositoryV1GetListGet`, a message's
 * `text`, a `release`), or that users say for an API's own verb: read so in a task only. Sending a thing by its
 * medium's name (`text`, `email`) makes that thing; storing keeps a new one; releasing a held thing gives it up;
 * publishing to a registry pushes.
 */
const TASK_VERBS: Readonly<Record<string, readonly string[]>> = {
  store: ["create", "save"],
  text: ["text", "send", "create"],
  email: ["email", "send", "create"],
  release: ["release", "delete"],
  publish: ["publish", "push"],
};

/** The action classes of a stemmed word a task opens with: {@link verbClasses}, and the task-only verbs. */
export function taskVerbClasses(word: string): readonly string[] | undefined {
  return Object.hasOwn(TASK_VERBS, word) ? TASK_VERBS[word] : verbClasses(word);
}

/** The action classes of a stemmed word, or undefined when it is not a verb the search knows. */
export function verbClasses(word: string): readonly string[] | undefined {
  if (Object.hasOwn(VERB_CLASSES, word)) return VERB_CLASSES[word];
  return OWN_VERBS.has(word) || undoesKnownVerb(word) ? [word] : undefined;
}

/**
 * An un- or dis- verb of a verb the search knows (`unassign`, `unhide`, `disconnect`): an action of its own, the
 * undoing of its stem's.
 */
function undoesKnownVerb(word: string): boolean {
  const prefix = /^(un|dis)/.exec(word)?.[0];
  const rest = word.slice(prefix?.length ?? 0);
  return prefix !== undefined && rest.length >= 3 && (Object.hasOwn(VERB_CLASSES, rest) || OWN_VERBS.has(rest));
}

/**
 * The verb an un- verb undoes (`unpin` → pin, `unsubscribe` → subscribe, `unassign` → assign), as written: a verb the
 * search knows or a word some tool uses (`vocabulary`); undefined for any other word.
 */
export function undoneVerb(word: string, vocabulary: ReadonlySet<string>): string | undefined {
  if (!word.startsWith("un") || word.length < 5) return undefined;
  const rest = word.slice(2);
  return verbClasses(stem(rest)) !== undefined || vocabulary.has(searchTerm(rest) ?? rest) ? rest : undefined;
}

/** Words of an operation or a task that mark a part of the API a user rarely means unless they say so. */
export const NICHE_SIGNALS: Readonly<Record<string, readonly string[]>> = {
  admin: ["admin", "administrator"],
  enterprise: ["enterprise", "enterprises", "grid"],
  deprecated: ["deprecated", "legacy"],
  preview: ["alpha", "beta", "preview", "experimental"],
  watch: ["watch"],
  proxy: ["proxy", "connect"],
  collection: ["collection"],
  internal: ["internal"],
  bulk: ["bulk", "several", "multiple", "once"],
};
