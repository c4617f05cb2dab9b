// Tool objects + a query → the best-matching tools by BM25 over names, descriptions, tags and parameter names.
import type { Tool } from "../types.js";

/** One search hit: what a model needs to decide whether to load the tool. */
export interface ToolMatch {
  readonly name: string;
  /** The first sentence of the description, at most {@link SUMMARY_CHARS} characters. */
  readonly description: string;
}

/** Finds the tools that best match `query`, best first, at most `limit` (default {@link DEFAULT_SEARCH_LIMIT}). */
export type ToolSearch = (query: string, limit?: number) => ToolMatch[];

export const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 20;
const SUMMARY_CHARS = 160;
const K1 = 1.2;
const B = 0.75;
/** How many times a field's terms count: a word of the name says more than one of the description. */
const FIELD_WEIGHTS = { name: 3, tags: 2, parameters: 1, description: 1 } as const;
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "by",
  "for",
  "from",
  "in",
  "is",
  "it",
  "of",
  "on",
  "or",
  "the",
  "this",
  "to",
  "with",
]);

/** Lower-case word stems of `text`: camelCase, snake_case and paths split, a plural `s` dropped. */
export function searchTerms(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && !STOP_WORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The first sentence of a description, cut to {@link SUMMARY_CHARS} characters. */
export function oneLine(description: string): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  return sentence.length <= SUMMARY_CHARS ? sentence : `${sentence.slice(0, SUMMARY_CHARS - 1).trimEnd()}…`;
}

function parameterNames(tool: Tool): string[] {
  const shape = (tool.inputSchema as { shape?: Record<string, unknown> }).shape;
  return shape === undefined ? [] : Object.keys(shape).filter((name) => name !== "request_id");
}

function documentTerms(tool: Tool): string[] {
  const fields: Record<keyof typeof FIELD_WEIGHTS, string> = {
    name: tool.name,
    tags: (tool.tags ?? []).join(" "),
    parameters: parameterNames(tool).join(" "),
    description: `${tool.title} ${tool.description}`,
  };
  return (Object.keys(FIELD_WEIGHTS) as (keyof typeof FIELD_WEIGHTS)[]).flatMap((field) => {
    const terms = searchTerms(fields[field]);
    return Array.from({ length: FIELD_WEIGHTS[field] }, () => terms).flat();
  });
}

interface Index {
  readonly tools: readonly Tool[];
  /** Each tool's name as terms: a query that holds all of them names the tool. */
  readonly names: readonly ReadonlySet<string>[];
  readonly frequencies: readonly Map<string, number>[];
  readonly lengths: readonly number[];
  readonly documentFrequency: Map<string, number>;
  readonly averageLength: number;
}

function buildIndex(tools: readonly Tool[]): Index {
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
  return { tools, names, frequencies, lengths, documentFrequency, averageLength };
}

/** Added to the score of a tool whose every name term is in the query, so a query naming a tool finds it first. */
const NAME_BONUS = 10;

function score(index: Index, document: number, terms: readonly string[]): number {
  const name = index.names[document] as ReadonlySet<string>;
  const named = name.size > 0 && [...name].every((term) => terms.includes(term)) ? NAME_BONUS : 0;
  return named + bm25(index, document, terms);
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
 * A BM25 search over `tools` (Robertson & Zaragoza, k1 = 1.2, b = 0.75), the index built on the first query.
 * A tool whose name's words are all in the query ranks above those that are not. Ties keep the tools' order; a query of
 * stop words only, or one no tool matches, finds nothing.
 */
export function createToolSearch(tools: readonly Tool[]): ToolSearch {
  let index: Index | undefined;
  return (query, limit = DEFAULT_SEARCH_LIMIT) => {
    index ??= buildIndex(tools);
    const terms = [...new Set(searchTerms(query))];
    const built = index;
    const scored = built.tools
      .map((tool, i) => ({ tool, score: score(built, i, terms), i }))
      .filter((s) => s.score > 0);
    scored.sort((a, b) => b.score - a.score || a.i - b.i);
    const count = Math.max(1, Math.min(MAX_SEARCH_LIMIT, Math.floor(limit)));
    return scored.slice(0, count).map(({ tool }) => ({ name: tool.name, description: oneLine(tool.description) }));
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
export function createSearchSession(tools: readonly Tool[]): SearchSession {
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
export function servedWithSearch(tools: readonly Tool[]): boolean {
  return tools.some((tool) => tool.deferLoading === true);
}
