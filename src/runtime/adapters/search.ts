// Tool objects + a query → the best-matching tools: fielded BM25 plus the task's verb and nouns against each profile.
import type { OperationProfile, Tool } from "../types.js";
import { fuseRanks } from "./search-fusion.js";
import { readTask, type Task } from "./search-task.js";
import { NICHE_SIGNALS, searchTerm, searchTerms, splitWords, stem, verbClasses } from "./search-words.js";
import { CHANGE_NEEDED, LEFT_OUT_RESET } from "../nothing-to-change.js";

export { searchTerms } from "./search-words.js";

/** One search hit: what a model needs to decide whether to load the tool. */
export interface ToolMatch {
  readonly name: string;
  /** The first sentence of the description, at most {@link SUMMARY_CHARS} characters. */
  readonly description: string;
  /** The inputs a call must give. */
  readonly required: readonly string[];
}

/** Finds the tools that best match `query`, best first, at most `limit` (default {@link DEFAULT_SEARCH_LIMIT}). */
export type ToolSearch = (query: string, limit?: number) => ToolMatch[];

export const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 20;
const SUMMARY_CHARS = 160;
const K1 = 1.2;
const B = 0.75;
/** How many times a field's terms count: the object and name say more than the description. */
const FIELD_WEIGHTS = { name: 3, object: 3, title: 2, tags: 1, parents: 1, parameters: 1, description: 1 } as const;
type Field = keyof typeof FIELD_WEIGHTS;
/** Added when the task's verb means the tool's action (add → create, show → get or list), half for a kin one. */
const ACTION_BONUS = 3;
/** Taken off when the task names a verb the tool's action does not mean. */
const ACTION_MISMATCH = 2;
/** Taken off a tool that picks by id when the task picks by something it takes no input for (`by their email`). */
const PICK_PENALTY = 2;
/**
 * The share of its text score a tool that changes things keeps for a task that only reads: a long description that
 * repeats the task's nouns (Asana's create story, "comment" twice) does not outrank the read that was asked for.
 */
const WRITE_TEXT_SHARE = 0.75;
/** Actions that only read. */
const READ_ACTIONS: ReadonlySet<string> = new Set(["get", "list", "search"]);
/**
 * Added when the tool's object is the thing the task acts on (scaled by how many of their words they share), a
 * quarter when it is only named around it (`the commits of a branch` for a branch tool); half taken off when the
 * tool sits under the thing the task acts on (`the branches of a commit` for the commits of a branch).
 */
const OBJECT_BONUS = 4;
/**
 * The share of the object bonus for a tool whose object is the API's noun for the task's general word (access →
 * collaborator).
 */
const KIN_SHARE = 0.75;
/**
 * The share of the object bonus for a tool whose object names the task's thing before its own head
 * (`order line item`).
 */
const INNER_SHARE = 0.75;
/** How much the API's nouns for the task's general words count in the text ranking, against 1 for the task's own. */
const KIN_TEXT_WEIGHT = 0.5;
/**
 * Added when the tool's inputs or response hold the thing the task acts on, not its object (`set my status`), unless
 * the task creates it: a create makes its own object (a GitLab variable's `key` is no key to create).
 */
const ATTRIBUTE_BONUS = OBJECT_BONUS / 4;
/** How much the words a tool's inputs and response use count in the text ranking, against 1 for its fields. */
const WORDS_WEIGHT = 0.5;
/** Added when a parent of the tool is named around the task's object (`the statuses of a project`). */
const PARENT_BONUS = 1.5;
/** Taken off for each parent of the tool the task does not name: a sub-resource the user did not ask for. */
const PARENT_PENALTY = 1;
/** Taken off for each word of the tool's name that says what neither the task nor the tool's profile says. */
const EXTRA_NAME_PENALTY = 0.5;
/** Added when the task is about the user asking (`my repositories`) and the tool acts for the authenticated user. */
const SELF_BONUS = 2;
/** Taken off a tool that acts only on the caller's own thing (`/members/me`) when the task does not say whose. */
const CALLER_PENALTY = 1;
/** Added when the tool's name has the task's verb as written (`post a message` for `chat_post_message`). */
const VERB_BONUS = 1;
/** How much the task's verb counts in the text ranking, against 1 for its nouns: its profile action says more. */
const VERB_TEXT_WEIGHT = 0.5;
/** Added for each niche signal of the tool that the task names (`create several issues at once` for a bulk tool). */
const SIGNAL_BONUS = 2;
/** Added to a list (plural noun) or a read of one item (singular noun) when the task's verb could mean either. */
const NUMBER_BONUS = 1.5;
/** Added to the score of a tool whose name the query holds as written (`pulls_merge`), so it finds that tool first. */
const NAME_BONUS = 10;
/**
 * Added to the score of a tool whose every name word is in the query (`get_services` for "get the details of a
 * service"): evidence as strong as its action or object matching, no more, since short names are matched by chance.
 */
const NAME_WORDS_BONUS = 3;
/** The factor for each niche signal (admin, enterprise, deprecated, …) of a tool that the task does not mention. */
const NICHE_FACTOR = 0.55;

/** The rank constant of the fusion of the profile ranking with the plain text ranking (see {@link fuseRanks}). */
const FUSION_K = 1;
/**
 * How much the plain text ranking's ranks count in the fusion, against 1 for the profile ranking's: below 1/3, so it
 * reorders the profile ranking's runners-up and brings tools into them, but never overturns its first (a tool second
 * there and first in the text would need 1/3 to tie it). Weights that can overturn it lost tasks at 1.
 */
const FUSION_WEIGHT = 0.3;

/** The first sentence of a description, cut to {@link SUMMARY_CHARS} characters. */
export function oneLine(description: string): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  return sentence.length <= SUMMARY_CHARS ? sentence : `${sentence.slice(0, SUMMARY_CHARS - 1).trimEnd()}…`;
}

/** An operation id standing in for a summary (`updateCardsClosedByIdCard()`): it tells a model nothing. */
const IDENTIFIER_SENTENCE = /^[A-Za-z_][\w./-]*(\(\))?\.?$/;
/** The line a tool of an operation without summary or description carries (`Calls POST /sites/{site_id}/deploys.`). */
const CALL_SENTENCE = /^Calls [A-Z]+ \S+\.$/;
/** A note before what the operation does (`**Note:** Environment variable keys will soon be moved …`). */
const NOTE_SENTENCE = /^\W*note\W*:/i;

/**
 * The one line a search hit answers with: the description's first sentence without HTML tags and markdown emphasis,
 * or, when that is only an operation id, the generated call line or a note, what the tool's profile says it does
 * (`Close card.`, `Create deploy under site. Calls POST /sites/{site_id}/deploys.`).
 */
export function whenToUse(tool: Searchable): string {
  const text = tool.description.replace(/<[^>]*>/g, " ").replace(/\*\*|__/g, "");
  const line = oneLine(text);
  const profile = tool.profile;
  const says = !IDENTIFIER_SENTENCE.test(line) && !CALL_SENTENCE.test(line) && !NOTE_SENTENCE.test(line);
  if (says || profile === undefined || profile.object === "") return line;
  const under = profile.parents === undefined ? "" : ` under ${profile.parents.join(", ")}`;
  const many = profile.action === "list" || profile.action === "search";
  const does = `${profile.action} ${many ? pluralPhrase(profile.object) : profile.object}${under}`;
  const call = /Calls [A-Z]+ \S+\.$/.exec(text.trim())?.[0];
  return `${does.charAt(0).toUpperCase()}${does.slice(1)}.${call === undefined ? "" : ` ${call}`}`;
}

/** A noun phrase with its last word in the plural (`deploy` → deploys, `policy` → policies, `branch` → branches). */
export function pluralPhrase(phrase: string): string {
  return phrase.replace(/(\w+)$/, (word) => {
    if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
    return /(s|sh|ch|x|z)$/.test(word) ? `${word}es` : `${word}s`;
  });
}

/**
 * What tool search reads of a tool: a Tool (its inputs read from its Zod schema), or a manifest entry that lists its
 * inputs (a tool whose module is not loaded yet).
 */
export type Searchable = Pick<Tool, "name" | "title" | "description" | "tags" | "profile" | "deferLoading"> &
  (
    | { readonly inputSchema: Tool["inputSchema"] }
    | { readonly inputNames: readonly string[]; readonly requiredInputs: readonly string[] }
  );

function parameterNames(tool: Searchable): readonly string[] {
  if ("inputNames" in tool) return tool.inputNames;
  const shape = (tool.inputSchema as { shape?: Record<string, unknown> }).shape;
  return shape === undefined ? [] : Object.keys(shape).filter((name) => name !== "request_id");
}

function requiredInputs(tool: Searchable): readonly string[] {
  if ("requiredInputs" in tool) return tool.requiredInputs;
  const shape = (tool.inputSchema as { shape?: Record<string, { isOptional?: () => boolean }> }).shape;
  if (shape === undefined) return [];
  return Object.entries(shape)
    .filter(
      ([name, schema]) => name !== "request_id" && typeof schema?.isOptional === "function" && !schema.isOptional(),
    )
    .map(([name]) => name);
}

/**
 * A tool's name as terms, a word that runs together the words of its profile's object or a parent read as those words
 * (`usergroups_list` under `user group` → user, group, list); `written` keeps the run-together word too, for a query
 * that spells it so (`invoiceitems`).
 */
function nameTerms(tool: Searchable, written = false): string[] {
  const phrases = [tool.profile?.object ?? "", ...(tool.profile?.parents ?? [])]
    .map((phrase) => searchTerms(phrase))
    .filter((terms) => terms.length > 1);
  return searchTerms(tool.name).flatMap((term) => {
    const words = phrases.find((terms) => stem(terms.join("")) === term || terms.join("") === term);
    return words === undefined ? [term] : written ? [term, ...words] : words;
  });
}

/** The ways a tool's name can be written in a query: its terms as written, and with run-together words read out. */
function nameSets(tool: Searchable): ReadonlySet<string>[] {
  const sets = [searchTerms(tool.name), nameTerms(tool)].map((terms) => new Set(terms.filter((t) => !ID_WORDS.has(t))));
  return sets[0]?.size === sets[1]?.size && [...(sets[0] ?? [])].every((t) => sets[1]?.has(t))
    ? sets.slice(0, 1)
    : sets;
}

function fieldTexts(tool: Searchable): Record<Field, string> {
  const profile = tool.profile;
  return {
    name: nameTerms(tool, true).join(" "),
    object: profile?.object ?? "",
    title: tool.title === tool.name || /^[A-Z]+ \//.test(tool.title) ? "" : tool.title,
    tags: (tool.tags ?? []).join(" "),
    parents: (profile?.parents ?? []).join(" "),
    parameters: parameterNames(tool).join(" "),
    description: tool.description.replace(CHANGE_NEEDED, "").replace(LEFT_OUT_RESET, ""),
  };
}

/** A tool's own text as one field: name, title, tags, input names and description, each once. */
function plainTerms(tool: Searchable): string[] {
  const fields = fieldTexts(tool);
  return searchTerms([tool.name, fields.title, fields.tags, fields.parameters, fields.description].join(" "));
}

function documentTerms(tool: Searchable): string[] {
  const fields = fieldTexts(tool);
  return (Object.keys(FIELD_WEIGHTS) as Field[]).flatMap((field) => {
    const terms = searchTerms(fields[field]);
    return Array.from({ length: FIELD_WEIGHTS[field] }, () => terms).flat();
  });
}

interface Index {
  readonly tools: readonly Searchable[];
  /** Each tool's name as terms, written either way (see {@link nameSets}): a query that holds all of one names it. */
  readonly names: readonly (readonly ReadonlySet<string>[])[];
  /** Each tool's name as a query writes it (see {@link spelledName}). */
  readonly spelled: readonly (string | undefined)[];
  /** The tools' weighted fields. */
  readonly text: TextIndex;
  /** The words each tool's inputs and response use beyond its name and description (its profile's `words`). */
  readonly words: TextIndex;
  /** All of each tool's own text, one field, unweighted: what a plain text ranking reads. */
  readonly plain: TextIndex;
  /** Each tool's profile as scoring reads it, computed once. */
  readonly profiles: readonly (ProfileTerms | undefined)[];
  /** Every indexed term: the nouns a task's words make count only when some tool uses them. */
  readonly vocabulary: ReadonlySet<string>;
  /** The head noun of every tool's object. */
  readonly objects: ReadonlySet<string>;
  /** Every word of every tool's object (`line` of `order line item`). */
  readonly objectWords: ReadonlySet<string>;
  /** The parents a quarter of the tools share: the API's containers. */
  readonly containers: ReadonlySet<string>;
}

/** A profile's action classes, object and parent terms, so a query does not recompute them per tool. */
interface ProfileTerms {
  readonly action: string;
  readonly classes: readonly string[];
  readonly object: readonly string[];
  readonly parents: ReadonlySet<string>;
  /** What a `by` qualifier picks by, other than an id or the object and parents (`by field`, `by email`). */
  readonly picks: readonly string[];
  /** Each niche signal's name and the words that name it in a task. */
  readonly signals: readonly { readonly signal: string; readonly triggers: readonly string[] }[];
  /** The signals that lower the score when the task does not name them (see {@link withAvoidableSignals}). */
  readonly avoidable: ReadonlySet<string>;
  /** The tool acts for the authenticated user (`…_for_authenticated_user`, `/me/…`, `getCurrentUser`). */
  readonly self: boolean;
  /** Its object is the caller's own (`/members/me`, `/carts/mine`): a parent that stands for the caller. */
  readonly caller: boolean;
  /** The words its inputs and response use beyond its name and description. */
  readonly words: ReadonlySet<string>;
  /** It picks one item (a `by` qualifier: `DELETE /todos/{id}`), not a whole collection. */
  readonly item: boolean;
  /** It picks its item by id (its path ends in one). */
  readonly byId: boolean;
  /** The terms of its input names. */
  readonly inputs: ReadonlySet<string>;
}

/** Actions on an existing thing, whose tools act on one item or on many. */
const WRITES = new Set(["update", "delete"]);

/** Words of a tool's name or parents that say it acts for the user calling it. */
const SELF_WORDS = new Set(["authenticated", "current", "me", "mine", "my", "myself", "self"]);

function picksOf(profile: OperationProfile): string[] {
  const known = new Set([...searchTerms(`${profile.object} ${(profile.parents ?? []).join(" ")}`), "id"]);
  const by = (profile.qualifiers ?? []).filter((q) => q.startsWith("by "));
  return [...new Set(searchTerms(by.join(" ")))].filter((t) => !known.has(t));
}

function profileTerms(tool: Searchable): ProfileTerms | undefined {
  const profile = tool.profile;
  if (profile === undefined) return undefined;
  return {
    action: profile.action,
    classes: verbClasses(stem(profile.action)) ?? [profile.action],
    object: searchTerms(profile.object),
    parents: new Set(searchTerms((profile.parents ?? []).join(" "))),
    picks: picksOf(profile),
    signals: (profile.signals ?? []).map((signal) => ({
      signal,
      triggers: Object.hasOwn(NICHE_SIGNALS, signal) ? (NICHE_SIGNALS[signal] as readonly string[]) : [signal],
    })),
    avoidable: new Set(),
    self: splitWords(`${tool.name} ${(profile.parents ?? []).join(" ")}`).some((w) => SELF_WORDS.has(w)),
    caller: (profile.parents ?? []).some((p) => SELF_WORDS.has(p)),
    words: new Set(profile.words ?? []),
    item: (profile.qualifiers ?? []).some((q) => q.startsWith("by ")),
    byId: (profile.qualifiers ?? []).includes("by id"),
    inputs: new Set(searchTerms(parameterNames(tool).join(" "))),
  };
}

/** Signals of a version of an operation: niche only beside a version without them. */
const VERSION_SIGNALS = new Set(["preview", "deprecated"]);

/**
 * Marks the niche signals that lower a tool's score: every one but a version's, and a version's (preview, deprecated)
 * only beside a tool of the same action and object without it — a preview `create cron job` is no niche when every
 * `create cron job` is a preview.
 */
function withAvoidableSignals(profiles: readonly (ProfileTerms | undefined)[]): (ProfileTerms | undefined)[] {
  const key = (p: ProfileTerms) => `${p.action} ${p.object.join(" ")}`;
  const groups = new Map<string, ProfileTerms[]>();
  for (const p of profiles) if (p !== undefined) groups.set(key(p), [...(groups.get(key(p)) ?? []), p]);
  return profiles.map((p) => {
    if (p === undefined || p.signals.length === 0) return p;
    const group = groups.get(key(p)) ?? [];
    const lacks = (o: ProfileTerms, signal: string) => !o.signals.some((x) => x.signal === signal);
    const avoidable = p.signals
      .map(({ signal }) => signal)
      .filter((signal) => !VERSION_SIGNALS.has(signal) || group.some((o) => lacks(o, signal)));
    return { ...p, avoidable: new Set(avoidable) };
  });
}

/** Name words that only say an input picks the item (`…_by_id_card`): not part of what the name says it does. */
const ID_WORDS = new Set(["id", "ids"]);

/** BM25 statistics of one text per tool. */
interface TextIndex {
  readonly frequencies: readonly Map<string, number>[];
  readonly lengths: readonly number[];
  readonly documentFrequency: Map<string, number>;
  readonly averageLength: number;
}

/** The endings {@link root} cuts, longest first. */
const ROOT_ENDINGS = ["ation", "ition", "ion", "ing", "ed", "e"] as const;

/**
 * What text ranking compares of a term: one derivational or inflectional ending cut and a doubled last consonant
 * undone, when four letters stay (`archive`, `archived`, `archiving` → archiv; `starred` → star; `creation` → creat).
 */
export function root(term: string): string {
  const cut = ROOT_ENDINGS.find((ending) => term.endsWith(ending) && term.length - ending.length >= 4);
  if (cut === undefined) return term;
  const stemmed = term.slice(0, -cut.length);
  return /([b-df-hj-kmnp-rtv-z])\1$/.test(stemmed) ? stemmed.slice(0, -1) : stemmed;
}

function textIndex(documents: readonly (readonly string[])[]): TextIndex {
  const frequencies = documents.map((terms) => {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(root(term), (counts.get(root(term)) ?? 0) + 1);
    return counts;
  });
  const lengths = frequencies.map((counts) => [...counts.values()].reduce((n, c) => n + c, 0));
  const documentFrequency = new Map<string, number>();
  for (const counts of frequencies)
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const averageLength = lengths.reduce((n, l) => n + l, 0) / Math.max(1, lengths.length);
  return { frequencies, lengths, documentFrequency, averageLength };
}

/**
 * The index of a list of tools, built once per list: it depends on nothing else and no search changes it, so every
 * search over the same list (each request's server in stateless HTTP, each session) shares it.
 */
const indexes = new WeakMap<readonly Searchable[], Index>();

function indexOf(tools: readonly Searchable[]): Index {
  let index = indexes.get(tools);
  if (index === undefined) indexes.set(tools, (index = buildIndex(tools)));
  return index;
}

function buildIndex(tools: readonly Searchable[]): Index {
  const documents = tools.map(documentTerms);
  const text = textIndex(documents);
  const words = textIndex(tools.map((tool) => tool.profile?.words ?? []));
  const plain = textIndex(tools.map(plainTerms));
  const names = tools.map(nameSets);
  const profiles = withAvoidableSignals(tools.map(profileTerms));
  const vocabulary: ReadonlySet<string> = new Set(documents.flat());
  const objects: ReadonlySet<string> = new Set(profiles.flatMap((p) => p?.object.at(-1) ?? []));
  const objectWords: ReadonlySet<string> = new Set(profiles.flatMap((p) => p?.object ?? []));
  const under = new Map<string, number>();
  for (const p of profiles) for (const t of p?.parents ?? []) under.set(t, (under.get(t) ?? 0) + 1);
  const containers = new Set([...under].filter(([, n]) => n >= CONTAINER_SHARE * tools.length).map(([t]) => t));
  return {
    tools,
    names,
    spelled: tools.map((tool) => spelledName(tool.name)),
    text,
    words,
    plain,
    profiles,
    vocabulary,
    objects,
    objectWords,
    containers,
  };
}

/** The bonus (or penalty) the tool's profile earns from the task's verb, object, parents and whose it is. */
function profileScore(
  profile: ProfileTerms,
  task: Task,
  name: ReadonlySet<string>,
  containers: ReadonlySet<string>,
): number {
  const action = actionScore(profile, task);
  return (
    action +
    objectScore(profile, task) +
    numberScore(profile, task) +
    ([...profile.parents].some((t) => task.context.has(t)) ? PARENT_BONUS : 0) +
    (task.self && profile.self ? SELF_BONUS : 0) -
    (!task.self && profile.caller ? CALLER_PENALTY : 0) +
    (action > 0 && task.verb !== undefined && name.has(task.verb) ? VERB_BONUS : 0) +
    profile.signals.filter(({ triggers }) => triggers.some((t) => task.words.has(t))).length * SIGNAL_BONUS -
    unmentionedParents(profile, task, containers) * PARENT_PENALTY -
    extraNameTerms(profile, task, name, containers) * EXTRA_NAME_PENALTY -
    (picksByIdOnly(profile, task) ? PICK_PENALTY : 0)
  );
}

/**
 * Whether the task picks its thing by something other than its id (`by their email`) that the tool, which picks by id,
 * takes no input for: the user has no id to give it (`GET /customers/{id}` for "look up a customer by their email").
 */
function picksByIdOnly(profile: ProfileTerms, task: Task): boolean {
  return (
    profile.byId &&
    task.by.length > 0 &&
    !task.by.some(
      (t) => ID_WORDS.has(t) || profile.inputs.has(t) || profile.object.includes(t) || profile.parents.has(t),
    )
  );
}

/**
 * The tool's parents and `by` qualifiers the task does not name (`/lists/{id}/archiveAllCards` for "archive a card",
 * `by field`), leaving out the API's containers and, for a task about the user asking, the user.
 */
function unmentionedParents(profile: ProfileTerms, task: Task, containers: ReadonlySet<string>): number {
  const people = task.self || profile.self;
  const named = (t: string) => task.terms.includes(t) || containers.has(t) || (people && PEOPLE.has(t));
  return [...profile.parents, ...profile.picks].filter((t) => !named(t)).length;
}

/**
 * Words of the tool's name that neither the task nor the tool's action, object and parents account for (`async` in
 * `pulls_merge_async`, `template` in `repos_create_using_template`): what makes it a variant the user did not ask for.
 */
function extraNameTerms(
  profile: ProfileTerms,
  task: Task,
  name: ReadonlySet<string>,
  containers: ReadonlySet<string>,
): number {
  const accounted = (t: string) =>
    task.terms.includes(t) ||
    t === task.verb ||
    t === profile.action ||
    profile.classes.includes(t) ||
    profile.object.includes(t) ||
    profile.parents.has(t) ||
    containers.has(t) ||
    SELF_WORDS.has(t);
  return [...name].filter((t) => !accounted(t)).length;
}

/** Parents that stand for the user asking when a task says `my` (`/members/{idMember}/boards` with `me`). */
const PEOPLE = new Set(["user", "member", "account"]);
/** A parent this share of the tools sit under is the API's container (a repo, a namespace), not a sub-resource. */
const CONTAINER_SHARE = 0.25;

/** Actions that make a thing: what a verb of its own does to the noun it makes (`remind` → add reminder). */
const MAKING = new Set(["create", "add", "send"]);
/** Actions that undo a thing: what an un- verb does to the noun of the verb it undoes (`unpin` → delete pin). */
const UNMAKING = new Set(["delete", "remove"]);

function actionScore(profile: ProfileTerms, task: Task): number {
  if (task.actions.size === 0) return 0;
  const made = task.made.has(profile.object.at(-1) ?? "");
  const making = task.undoes ? UNMAKING : MAKING;
  if (task.actions.has(profile.action) || (made && making.has(profile.action))) return ACTION_BONUS;
  if (made && profile.classes.includes("update")) return (ACTION_BONUS * 2) / 3;
  if (profile.classes.some((c) => task.actions.has(c) || (made && making.has(c)))) return ACTION_BONUS / 2;
  return made ? 0 : -ACTION_MISMATCH;
}

/** Whether the task only reads and the tool's action is no read: a change the task did not ask for. */
function writesForRead(profile: ProfileTerms, task: Task): boolean {
  const reads = task.actions.size > 0 && [...task.actions].every((a) => READ_ACTIONS.has(a));
  return reads && !profile.classes.some((c) => READ_ACTIONS.has(c));
}

function objectScore(profile: ProfileTerms, task: Task): number {
  const head = profile.object.at(-1);
  if (head === undefined) return 0;
  const made = task.made.has(head);
  const inverted = !made && !task.heads.has(head) && [...task.heads].some((h) => profile.parents.has(h));
  if (inverted) return -OBJECT_BONUS / 2;
  const owners = profile.object.slice(0, -1).filter((t) => task.context.has(t));
  const phrase = [...owners, ...task.object];
  if (isMembership(profile.object, task)) return MEMBERSHIP_SHARE * OBJECT_BONUS;
  if (made || task.heads.has(head))
    return phraseBonus(profile.object, made || task.object.length === 0 ? [...phrase, head] : phrase);
  if (task.kin.has(head)) return KIN_SHARE * phraseBonus(profile.object, [...task.object.slice(0, -1), head]);
  if (task.object.includes(head) || task.context.has(head)) return OBJECT_BONUS / 4;
  if ([...task.heads].some((h) => profile.object.includes(h))) return INNER_SHARE * phraseBonus(profile.object, phrase);
  const creates = task.actions.size > 0 && [...task.actions].every((a) => a === "create");
  return !creates && [...task.heads].some((h) => profile.words.has(h)) ? ATTRIBUTE_BONUS : 0;
}

/**
 * The share of the object bonus for a tool whose object is the membership in the group a task names of the person it
 * acts on: above the person's own tools, which leave the group out.
 */
const MEMBERSHIP_SHARE = 1.25;
/** Object heads that say a person's place in a group: a cadence membership, a team member. */
const MEMBERSHIPS = new Set(["membership", "member"]);

/**
 * Whether the tool's object is the membership in a group of the person the task acts on (`take someone off a cadence`
 * for a `cadence membership`, `add Anna to the team` for a `team member`): a person is added to or removed from a group
 * by making or deleting their membership.
 */
function isMembership(object: readonly string[], task: Task): boolean {
  const head = object.at(-1) ?? "";
  const person = [...task.heads, ...task.kin].some((h) => PEOPLE.has(h) || h === "person");
  return MEMBERSHIPS.has(head) && person && object.slice(0, -1).some((t) => task.context.has(t));
}

/** The object bonus scaled by the words the tool's object and the task's phrase share. */
function phraseBonus(object: readonly string[], phraseWords: readonly string[]): number {
  const phrase = new Set(phraseWords);
  const shared = object.filter((t) => phrase.has(t)).length;
  const union = new Set([...phrase, ...object]).size;
  return (OBJECT_BONUS * (1 + shared / union)) / 2;
}

/**
 * A list for a plural object, a read of one item for a singular one, when the task's verb could mean either; for a
 * change or a removal of one thing, the tool that picks one item (`DELETE /todos/{id}`, not `DELETE /todos`).
 */
function numberScore(profile: ProfileTerms, task: Task): number {
  const about = (h: string) => profile.object.includes(h);
  if (task.plural === undefined || !([...task.heads].some(about) || [...task.kin].some(about))) return 0;
  if (WRITES.has(profile.action) && task.actions.has(profile.action))
    return !task.plural && profile.item ? NUMBER_BONUS : 0;
  const either = task.actions.size === 0 || (task.actions.has("get") && task.actions.has("list"));
  if (!either) return 0;
  if (task.plural && (profile.action === "list" || profile.action === "search")) return NUMBER_BONUS;
  return !task.plural && profile.action === "get" ? NUMBER_BONUS : 0;
}

/** The factor for the tool's niche signals the task does not mention. */
function nicheFactor(profile: ProfileTerms, task: Task): number {
  let factor = 1;
  for (const { signal, triggers } of profile.signals)
    if (profile.avoidable.has(signal) && !triggers.some((t) => task.words.has(t))) factor *= NICHE_FACTOR;
  return factor;
}

/** A task's terms as text ranking compares them (see {@link root}), cut once per query. */
interface TextTerms {
  readonly terms: readonly string[];
  readonly verb: readonly string[];
  readonly kin: readonly string[];
  /** The query in lower case, for a tool name written in it. */
  readonly query: string;
}

/** A verb that only asks to read (`show`, `view`, `get`): its action says all of it, its word in a text nothing. */
function onlyReads(verb: string): boolean {
  return (verbClasses(verb) ?? [verb]).every((c) => c === "get" || c === "list");
}

function textTerms(task: Task, query: string): TextTerms {
  return {
    query: query.toLowerCase(),
    terms: task.terms.map(root),
    verb: task.verb === undefined || onlyReads(task.verb) ? [] : [root(searchTerm(task.verb) ?? task.verb)],
    kin: [...task.kin].map(root),
  };
}

function score(index: Index, document: number, task: Task, query: TextTerms): number {
  const spellings = index.names[document] as readonly ReadonlySet<string>[];
  const name = spellings.at(-1) as ReadonlySet<string>;
  const whole = (set: ReadonlySet<string>) =>
    set.size > 1 && [...set].every((term) => task.written.has(term)) && namesObject(set, task);
  const named = writesSpelled(query.query, index.spelled[document])
    ? NAME_BONUS
    : spellings.some(whole)
      ? NAME_WORDS_BONUS
      : 0;
  const fields = index.text;
  const text =
    bm25(fields, document, query.terms) +
    VERB_TEXT_WEIGHT * bm25(fields, document, query.verb) +
    KIN_TEXT_WEIGHT * bm25(fields, document, query.kin) +
    WORDS_WEIGHT * bm25(index.words, document, query.terms);
  const profile = index.profiles[document];
  if (profile === undefined) return named + text;
  const head = profile.object.at(-1) ?? "";
  const fits = task.made.has(head) || task.heads.has(head) || task.kin.has(head);
  if (text === 0 && named === 0 && !fits) return 0;
  const share = writesForRead(profile, task) ? WRITE_TEXT_SHARE : 1;
  return Math.max(
    0.001,
    (named + share * text + profileScore(profile, task, name, index.containers)) * nicheFactor(profile, task),
  );
}

/**
 * Whether a query (lower case) holds a tool's name of several words as written, a word of its own (`pulls_merge`,
 * `chat_post_message`, or its words in that order: `pulls merge`): a one-word name (`search`) is only a word of the
 * query.
 */
export function writesName(query: string, name: string): boolean {
  return writesSpelled(query, spelledName(name));
}

/** A tool's name as a query would write it (lower case), or undefined for a one-word name. */
function spelledName(name: string): string | undefined {
  return splitWords(name).length < 2 ? undefined : name.toLowerCase();
}

function writesSpelled(query: string, written: string | undefined): boolean {
  if (written === undefined) return false;
  const edge = (c: string | undefined) => c === undefined || !/[a-z0-9_]/.test(c);
  return [written, written.replaceAll("_", " ")].some((spelling) => {
    const at = query.indexOf(spelling);
    return at >= 0 && edge(query[at - 1]) && edge(query[at + spelling.length]);
  });
}

/**
 * Whether a tool's name, all of whose words a task holds, names what the task acts on: one of its words is in the
 * task's thing acted on, or the task names none. `get_repositories` is no name of "get a tag of a repository".
 */
function namesObject(name: ReadonlySet<string>, task: Task): boolean {
  return task.object.length === 0 || task.object.some((t) => name.has(t)) || [...task.heads].some((t) => name.has(t));
}

function bm25(index: TextIndex, document: number, terms: readonly string[]): number {
  const counts = index.frequencies[document] as Map<string, number>;
  const length = index.lengths[document] as number;
  const total = index.lengths.length;
  return terms.reduce((sum, term) => {
    const tf = counts.get(term) ?? 0;
    if (tf === 0) return sum;
    const df = index.documentFrequency.get(term) ?? 0;
    const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
    return sum + (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / index.averageLength));
  }, 0);
}

/**
 * Tool search over `tools`, the index built on the first query: BM25 (Robertson & Zaragoza, k1 = 1.2, b = 0.75) over
 * each tool's fields weighted (name and object 3, title 2, the rest 1), words compared by their root (archived and
 * archive meet), and, at half weight, over the words its inputs and response use (its profile's `words`), plus what its
 * profile says: a bonus when the task's verb means the tool's action and when the task names its object (or the API's
 * noun for the task's general word), a list preferred for a plural noun and a read for a singular one, and a lower
 * score for each admin, enterprise, deprecated or preview part the task does not mention. A tool whose name the query
 * writes (`pulls_merge`) ranks first; one whose name's words are all in it gains as much as a matching action. Ties
 * keep the tools' order; a query no tool matches finds nothing.
 */
export function createToolSearch(tools: readonly Searchable[]): ToolSearch {
  let index: Index | undefined;
  return (query, limit = DEFAULT_SEARCH_LIMIT) => {
    index ??= indexOf(tools);
    const task = readTask(query, index.vocabulary, index.objects, index.objectWords);
    const built = index;
    const compared = textTerms(task, query);
    const ranked = built.tools.map((_, i) => score(built, i, task, compared));
    const asked = [...new Set(searchTerms(query).map(root))];
    const plain = built.tools.map((_, i) => bm25(built.plain, i, asked));
    const fused = fuseRanks(
      [
        { scores: ranked, weight: 1 },
        { scores: plain, weight: FUSION_WEIGHT },
      ],
      FUSION_K,
    );
    const scored = built.tools
      .map((tool, i) => ({ tool, score: fused[i] as number, own: ranked[i] as number, i }))
      .filter((s) => s.score > 0);
    scored.sort((a, b) => b.score - a.score || b.own - a.own || a.i - b.i);
    const count = Math.max(1, Math.min(MAX_SEARCH_LIMIT, Math.floor(limit)));
    return scored.slice(0, count).map(({ tool }) => ({
      name: tool.name,
      description: whenToUse(tool),
      required: [...requiredInputs(tool)],
    }));
  };
}

/** The name of the search tool a toolset over its context budget is served with (MCP, OpenAI Chat, Vercel AI). */
export const SEARCH_TOOLS = "search_tools";

/** The input schema of {@link SEARCH_TOOLS}. */
export const SEARCH_TOOLS_INPUT_SCHEMA = {
  type: "object",
  properties: {
    query: { type: "string", description: 'What you want to do, in a few words, e.g. "merge a pull request".' },
    limit: {
      type: "integer",
      minimum: 1,
      maximum: MAX_SEARCH_LIMIT,
      description: `How many tools to return (default ${DEFAULT_SEARCH_LIMIT}).`,
    },
  },
  required: ["query"],
  additionalProperties: false,
} as const;

/** The description of {@link SEARCH_TOOLS} for a toolset of `count` tools. */
export function searchToolsDescription(count: number): string {
  return (
    `Finds the tools for a task among the ${count} of this toolset, best match first, with a one-line ` +
    `description each; the tools found become callable. Use when no tool you have fits the task.`
  );
}

/** The MCP server's tool that calls a found tool by name, for clients that do not refresh their tool list. */
export const CALL_TOOL = "call_tool";
export const CALL_TOOL_DESCRIPTION =
  `Calls a tool ${SEARCH_TOOLS} found, by name, with its arguments. Use ` +
  `when that tool is not in your tool list; its approval rules still apply.`;
export const CALL_TOOL_INPUT_SCHEMA = {
  type: "object",
  properties: {
    name: { type: "string", description: `A tool name ${SEARCH_TOOLS} returned.` },
    arguments: { type: "object", description: "The tool's arguments, as its input schema describes them." },
  },
  required: ["name"],
  additionalProperties: false,
} as const;

/** What a search tool answers: the matches, or an INVALID_ARGUMENT-shaped problem with the query. */
export type SearchAnswer =
  | { readonly tools: readonly ToolMatch[]; readonly hint: string }
  | {
      readonly error: {
        readonly code: "INVALID_ARGUMENT";
        readonly message: string;
        readonly suggestion: string;
        readonly retryable: false;
      };
    };

/**
 * Tool search with memory: which tools are visible now (the core, then every tool a search found), in toolset order.
 */
export interface SearchSession {
  /** Runs a search with the model's arguments and makes the tools found visible. */
  search(args: unknown, loadedHint: string): SearchAnswer;
  /** The names visible now, in the toolset's order. */
  visible(): string[];
  /** The tool names the last search made visible that were not before. */
  readonly added: readonly string[];
}

/** A {@link SearchSession} over `tools`: the core is every tool not marked `deferLoading`. */
export function createSearchSession(tools: readonly Searchable[]): SearchSession {
  const search = createToolSearch(tools);
  const loaded = new Set(tools.filter((tool) => tool.deferLoading !== true).map((tool) => tool.name));
  let added: string[] = [];
  return {
    get added() {
      return added;
    },
    visible: () => tools.filter((tool) => loaded.has(tool.name)).map((tool) => tool.name),
    search(args, loadedHint) {
      const { query, limit } = (args ?? {}) as { query?: unknown; limit?: unknown };
      added = [];
      if (typeof query !== "string" || query.trim() === "") {
        return {
          error: {
            code: "INVALID_ARGUMENT",
            message: "query: a non-empty string is required.",
            suggestion: 'Describe the task in a few words, e.g. "merge a pull request".',
            retryable: false,
          },
        };
      }
      const matches = search(query, typeof limit === "number" ? limit : DEFAULT_SEARCH_LIMIT);
      added = matches.map((m) => m.name).filter((name) => !loaded.has(name));
      for (const name of added) loaded.add(name);
      return {
        tools: matches,
        hint: matches.length === 0 ? "No tool matches; try other words (a resource name, a verb)." : loadedHint,
      };
    },
  };
}

/** Whether a toolset is served with tool search: some tool is listed only once a search finds it. */
export function servedWithSearch(tools: readonly Pick<Tool, "deferLoading">[]): boolean {
  return tools.some((tool) => tool.deferLoading === true);
}
