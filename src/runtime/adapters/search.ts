// Tool objects + a query → the best-matching tools: fielded BM25 plus the task's verb and nouns against each profile.
import type { OperationProfile, Tool } from "../types.js";
import { isPlural, NICHE_SIGNALS, searchTerm, searchTerms, splitWords, stem, verbClasses } from "./search-words.js";

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
/** Added when the task's verb and the tool's action mean the same (add → create, show → get or list). */
const ACTION_BONUS = 3;
/** Taken off when the task names a verb the tool's action does not mean. */
const ACTION_MISMATCH = 2;
/** Added when every word of the tool's object is in the task; half when only its head noun is. */
const OBJECT_BONUS = 4;
/** Added to a list (plural noun) or a read of one item (singular noun) when the task's verb could mean either. */
const NUMBER_BONUS = 1.5;
/** Added to the score of a tool whose every name term is in the query, so a query naming a tool finds it first. */
const NAME_BONUS = 10;
/** The factor for each niche signal (admin, enterprise, deprecated, …) of a tool that the task does not mention. */
const NICHE_FACTOR = 0.55;

/** The first sentence of a description, cut to {@link SUMMARY_CHARS} characters. */
export function oneLine(description: string): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  return sentence.length <= SUMMARY_CHARS ? sentence : `${sentence.slice(0, SUMMARY_CHARS - 1).trimEnd()}…`;
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

function fieldTexts(tool: Searchable): Record<Field, string> {
  const profile = tool.profile;
  return {
    name: tool.name,
    object: profile?.object ?? "",
    title: tool.title === tool.name || /^[A-Z]+ \//.test(tool.title) ? "" : tool.title,
    tags: (tool.tags ?? []).join(" "),
    parents: (profile?.parents ?? []).join(" "),
    parameters: parameterNames(tool).join(" "),
    description: tool.description,
  };
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
  /** Each tool's name as terms: a query that holds all of them names the tool. */
  readonly names: readonly ReadonlySet<string>[];
  readonly frequencies: readonly Map<string, number>[];
  readonly lengths: readonly number[];
  readonly documentFrequency: Map<string, number>;
  readonly averageLength: number;
  /** Each tool's profile as scoring reads it, computed once. */
  readonly profiles: readonly (ProfileTerms | undefined)[];
}

/** A profile's action classes and object terms, so a query does not recompute them per tool. */
interface ProfileTerms {
  readonly action: string;
  readonly classes: readonly string[];
  readonly object: readonly string[];
  readonly signals: readonly (readonly string[])[];
}

function profileTerms(profile: OperationProfile | undefined): ProfileTerms | undefined {
  if (profile === undefined) return undefined;
  return {
    action: profile.action,
    classes: verbClasses(stem(profile.action)) ?? [profile.action],
    object: searchTerms(profile.object),
    signals: (profile.signals ?? []).map((signal) =>
      Object.hasOwn(NICHE_SIGNALS, signal) ? (NICHE_SIGNALS[signal] as readonly string[]) : [signal],
    ),
  };
}

function buildIndex(tools: readonly Searchable[]): Index {
  const frequencies = tools.map((tool) => {
    const counts = new Map<string, number>();
    for (const term of documentTerms(tool)) counts.set(term, (counts.get(term) ?? 0) + 1);
    return counts;
  });
  const lengths = frequencies.map((counts) => [...counts.values()].reduce((n, c) => n + c, 0));
  const documentFrequency = new Map<string, number>();
  for (const counts of frequencies)
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const averageLength = lengths.reduce((n, l) => n + l, 0) / Math.max(1, lengths.length);
  const names = tools.map((tool) => new Set(searchTerms(tool.name)));
  const profiles = tools.map((tool) => profileTerms(tool.profile));
  return { tools, names, frequencies, lengths, documentFrequency, averageLength, profiles };
}

/** What a task says: its terms, the action classes of its first verb, its nouns and whether each is plural. */
interface Task {
  readonly terms: readonly string[];
  readonly actions: ReadonlySet<string>;
  /** Each noun's stem, and whether the task wrote it in the plural. */
  readonly nouns: ReadonlyMap<string, boolean>;
  readonly words: ReadonlySet<string>;
}

function readTask(query: string): Task {
  const words = splitWords(query);
  const terms = [...new Set(searchTerms(query))];
  let actions: readonly string[] = [];
  const nouns = new Map<string, boolean>();
  for (const word of words) {
    const classes = verbClasses(stem(word));
    if (classes !== undefined && actions.length === 0 && nouns.size === 0) {
      actions = classes;
      continue;
    }
    const term = searchTerm(word);
    if (term === undefined) continue;
    nouns.set(term, (nouns.get(term) ?? false) || isPlural(word));
  }
  return { terms, actions: new Set(actions), nouns, words: new Set(words) };
}

/** The bonus (or penalty) the tool's profile earns from the task's verb and nouns. */
function profileScore(profile: ProfileTerms, task: Task): number {
  let score = 0;
  if (task.actions.size > 0) {
    if (profile.classes.some((c) => task.actions.has(c))) score += ACTION_BONUS;
    else score -= ACTION_MISMATCH;
  }
  const head = profile.object.at(-1);
  if (profile.object.length > 0 && profile.object.every((t) => task.nouns.has(t))) score += OBJECT_BONUS;
  else if (head !== undefined && task.nouns.has(head)) score += OBJECT_BONUS / 2;
  const either = task.actions.size === 0 || (task.actions.has("get") && task.actions.has("list"));
  const plural = head === undefined ? undefined : task.nouns.get(head);
  if (either && plural !== undefined) {
    if (plural && (profile.action === "list" || profile.action === "search")) score += NUMBER_BONUS;
    if (!plural && profile.action === "get") score += NUMBER_BONUS;
  }
  return score;
}

/** The factor for the tool's niche signals the task does not mention. */
function nicheFactor(profile: ProfileTerms, task: Task): number {
  let factor = 1;
  for (const triggers of profile.signals) if (!triggers.some((t) => task.words.has(t))) factor *= NICHE_FACTOR;
  return factor;
}

function score(index: Index, document: number, task: Task): number {
  const name = index.names[document] as ReadonlySet<string>;
  const named = name.size > 0 && [...name].every((term) => task.terms.includes(term)) ? NAME_BONUS : 0;
  const text = bm25(index, document, task.terms);
  if (text === 0 && named === 0) return 0;
  const profile = index.profiles[document];
  if (profile === undefined) return named + text;
  return Math.max(0.001, (named + text + profileScore(profile, task)) * nicheFactor(profile, task));
}

function bm25(index: Index, document: number, terms: readonly string[]): number {
  const counts = index.frequencies[document] as Map<string, number>;
  const length = index.lengths[document] as number;
  const total = index.tools.length;
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
 * each tool's fields weighted (name and object 3, title 2, the rest 1), plus what its profile says: a bonus when the
 * task's verb means the tool's action and when the task names its object, a list preferred for a plural noun and a
 * read for a singular one, and a lower score for each admin, enterprise, deprecated or preview part the task does not
 * mention. A tool whose name's words are all in the query ranks first. Ties keep the tools' order; a query no tool
 * matches finds nothing.
 */
export function createToolSearch(tools: readonly Searchable[]): ToolSearch {
  let index: Index | undefined;
  return (query, limit = DEFAULT_SEARCH_LIMIT) => {
    index ??= buildIndex(tools);
    const task = readTask(query);
    const built = index;
    const scored = built.tools.map((tool, i) => ({ tool, score: score(built, i, task), i })).filter((s) => s.score > 0);
    scored.sort((a, b) => b.score - a.score || a.i - b.i);
    const count = Math.max(1, Math.min(MAX_SEARCH_LIMIT, Math.floor(limit)));
    return scored.slice(0, count).map(({ tool }) => ({
      name: tool.name,
      description: oneLine(tool.description),
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
