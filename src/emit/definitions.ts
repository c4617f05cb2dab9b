// Reads a plan's compiled Zod source and shows each tool as a model sees it (name, description, JSON Schema, examples), sized against the per-tool cap and the toolset budget.
import { Buffer } from "node:buffer";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { PlanOptions } from "../options.js";
import type { ToolDef, ToolPlan } from "../planner/types.js";
import {
  CALL_TOOL,
  CALL_TOOL_DESCRIPTION,
  CALL_TOOL_INPUT_SCHEMA,
  SEARCH_TOOLS,
  SEARCH_TOOLS_INPUT_SCHEMA,
  searchToolsDescription,
} from "../runtime/adapters/search.js";
import { briefDescriptions, briefText, type CutAwayNode, cutAway, schemaToDepth } from "../runtime/adapters/shared.js";
import { type ExampleCheck, exampleCheck } from "./example-check.js";
import { chooseExamples } from "./examples.js";
import { toolHead } from "./specs.js";
import { compilePlanSchemas, type CompiledPlanSchemas } from "./tool-schema.js";
import { o200kAtMost } from "./token-bound.js";
import { o200k, o200kLoaded, type TokenCounter } from "./tokens.js";
import { evaluateSchema, type Scope } from "./zod-json/nodes.js";
import { inputJsonSchema, servedInput, sharedScope, toolScope } from "./zod-json/served.js";

/** A tool definition exactly as an MCP client lists it. */
export interface ToolDefinitionView {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  /** The examples the tool carries (Anthropic `input_examples`, MCP `_meta`). */
  readonly inputExamples?: readonly Record<string, unknown>[];
  /** o200k tokens of the JSON of this definition, examples included. */
  readonly tokens: number;
  /**
   * Set when the input schema is cut to fit the per-tool cap: the tokens it would take whole (counted up to
   * {@link WHOLE_COUNT_FACTOR} times the cap; `fromTokensOver` says it takes more), and the depth kept.
   */
  readonly shortened?: {
    readonly fromTokens: number;
    readonly fromTokensOver?: boolean;
    readonly depth: number;
    /** Inputs whose descriptions were cut to their first sentence, when the top level alone was over the cap. */
    readonly brief?: readonly string[];
    /** Unions cut away are outlined by their alternatives' fields (it still fits the cap at this depth). */
    readonly outline?: boolean;
    /** Nodes past the depth described one level further (see openToCap). */
    readonly open?: readonly string[];
    /** Nodes past the depth that list their fields without descriptions (see openToCap). */
    readonly outlined?: readonly string[];
  };
  /** Listed only once a tool search finds it. */
  readonly deferLoading?: boolean;
}

/** Upper bound of one tool definition, in o200k tokens (README "Large toolsets"). */
export const DEFAULT_TOOL_TOKEN_CAP = 4000;

/** The context budget of a whole toolset (lint rule `definition-budget`, docs/lint.md; tool search above it), in o200k tokens. */
export const DEFAULT_DEFINITION_BUDGET = 5000;

export interface SizingOptions {
  /** The toolset's context budget; past it the toolset is served with tool search. Default 5,000. */
  readonly budget?: number;
  /** The per-tool cap. Default {@link DEFAULT_TOOL_TOKEN_CAP}. */
  readonly cap?: number;
  /** The token counter. Default o200k (tests pass one that records how much text it reads). */
  readonly tokens?: TokenCounter;
  /**
   * Count each shortened tool's whole definition as it is cut (`plan` prints it), rather than when first read: the
   * whole definition's text is then not held until then (megabytes a tool on Microsoft Graph). `generate` sets it.
   */
  readonly countWhole?: boolean;
  /** A goals toolset: over its budget, its largest tools are first described less deeply (see shallowerToBudget). */
  readonly goals?: boolean;
}

/** The budget and cap: the options', else the goals file's `lint.budget`, else the defaults. */
export function sizingOptions(
  options: Pick<PlanOptions, "definitionBudget" | "toolTokenCap">,
  goalsBudget: number | undefined,
  goals = false,
): SizingOptions {
  const budget = options.definitionBudget ?? goalsBudget;
  return {
    ...(goals ? { goals } : {}),
    ...(budget === undefined ? {} : { budget }),
    ...(options.toolTokenCap === undefined ? {} : { cap: options.toolTokenCap }),
  };
}

/** A plan as it is served: examples chosen, oversized inputs cut, non-core tools deferred, with its definitions. */
export interface SizedPlan {
  readonly plan: ToolPlan;
  readonly definitions: readonly ToolDefinitionView[];
  /** Present when the toolset passes its budget: what the model sees before any search. */
  readonly search?: { readonly core: readonly string[]; readonly upfrontTokens: number };
  readonly diagnostics: readonly Diagnostic[];
}

/** Every tool's definition and token count, as the tool is served (see {@link sizePlan}). */
export function toolDefinitions(
  plan: ToolPlan,
  compiled: CompiledPlanSchemas = compilePlanSchemas(plan),
  options: SizingOptions = {},
): ToolDefinitionView[] {
  return [...sizePlan(plan, compiled, options).definitions];
}

/**
 * Measures every definition: each tool gets its input examples, a definition over the cap is described to the depth
 * that fits (the tool still checks its whole schema when called), and a toolset over its budget keeps a core —
 * the goals marked `core: true`, else (all-operations) the rule of {@link allOperationsCore} — and defers the rest.
 */
export function sizePlan(
  plan: ToolPlan,
  compiled: CompiledPlanSchemas = compilePlanSchemas(plan),
  options: SizingOptions = {},
): SizedPlan {
  const budget = options.budget ?? DEFAULT_DEFINITION_BUDGET;
  const cap = options.cap ?? DEFAULT_TOOL_TOKEN_CAP;
  const counter = options.tokens ?? lazyO200k();
  const converted = convertedInputs(compiled);
  const diagnostics: Diagnostic[] = [];
  const measuredAtCap = plan.tools.map((tool) => {
    const { check, inputSchema } = converted(tool);
    const chosen = chooseExamples(tool, check, plan.schemas);
    diagnostics.push(...chosen.diagnostics);
    const definition = { name: tool.name, description: tool.description, inputSchema, examples: chosen.examples };
    const fitted = fitToCap(definition, cap, counter, options.countWhole);
    if (options.countWhole) void fitted.shortened?.fromTokens;
    if (!fits(fitted, cap))
      diagnostics.push(
        diagnostic("PLAN_TOOL_OVER_TOKEN_CAP", {
          message: `tool ${tool.name}: ${fitted.tokens} tokens, over the cap of ${cap}`,
          file: tool.origin.file,
          pointer: tool.origin.pointer,
        }),
      );
    return { tool, view: fitted, definition };
  });
  const measured =
    (options.goals === true ? shallowerToBudget(measuredAtCap, { budget, cap, counter }) : undefined) ?? measuredAtCap;
  if (
    withinBudget(
      measured.map((m) => m.view),
      budget,
    )
  )
    return {
      plan: withTools(
        plan,
        measured.map((m) => servedTool(m.tool, m.view, false, false)),
      ),
      definitions: measured.map((m) => m.view),
      diagnostics,
    };
  const core = coreTools(measured, budget);
  const upfrontTokens =
    measured.filter((m) => core.has(m.tool.name)).reduce((n, m) => n + m.view.tokens, 0) +
    searchToolTokens(plan.tools.length, counter);
  if (upfrontTokens > budget)
    diagnostics.push(
      diagnostic("PLAN_CORE_OVER_BUDGET", {
        message: `the core tools and tool search take ${upfrontTokens} tokens, over the budget of ${budget}`,
      }),
    );
  for (const m of measured) if (!core.has(m.tool.name)) Object.assign(m.view, { deferLoading: true });
  return {
    plan: withTools(
      plan,
      measured.map((m) => servedTool(m.tool, m.view, !core.has(m.tool.name), true)),
    ),
    definitions: measured.map((m) => m.view),
    search: { core: [...core], upfrontTokens },
    diagnostics,
  };
}

/**
 * The o200k counter, loaded when first asked to count: a toolset whose definitions fit the cap and the budget by their
 * bytes alone (most goals files) is generated without loading the encoder's rank table.
 */
function lazyO200k(): TokenCounter {
  return {
    count: (text) => o200k().count(text),
    within: (text, limit) => o200k().within(text, limit),
    loaded: o200kLoaded,
  };
}

/** A tool's advertised input JSON Schema, and the check of its examples against its arguments. */
interface ConvertedInput {
  readonly check: ExampleCheck;
  readonly inputSchema: Record<string, unknown>;
}

/** How many distinct tool inputs are kept converted at once (tools with the same input usually sit together). */
const CONVERTED_KEPT = 32;

/**
 * Each tool's advertised input JSON Schema, read from its compiled source (zod-json/: never evaluated, never through
 * `z.toJSONSchema`) once per distinct source: tools whose input source text (and approval, which adds `request_id`)
 * is the same have the same schemas (Kubernetes: 1,014 tools, 455 distinct inputs). The most recent
 * {@link CONVERTED_KEPT} are kept. Examples are checked against the same JSON Schema (a gated tool's without its
 * `request_id`, as its arguments are validated), compiled when the first example is checked.
 */
function convertedInputs(compiled: CompiledPlanSchemas): (tool: ToolDef) => ConvertedInput {
  const kept = new Map<string, ConvertedInput>();
  let shared: Scope | undefined;
  return (tool) => {
    const { approval } = toolHead(tool);
    const source = compiled.tools[tool.name];
    const key =
      source === undefined
        ? undefined
        : `${approval ?? ""}\u0000${source.inputLocals.map((l) => `${l.name}=${l.expression}`).join("\u0000")}\u0000${source.input}`;
    const known = key === undefined ? undefined : kept.get(key);
    if (known !== undefined) {
      kept.delete(key as string);
      kept.set(key as string, known);
      return known;
    }
    shared ??= sharedScope(compiled.shared);
    const input =
      source === undefined
        ? { type: "object", checks: [], shape: {} }
        : evaluateSchema(source.inputCode, toolScope(shared, source.inputLocals));
    const gated = approval === "required";
    const inputSchema = inputJsonSchema(servedInput(input, gated));
    const check = exampleCheck(() => (gated ? inputJsonSchema(servedInput(input, false)) : inputSchema));
    const made = { check, inputSchema };
    if (key !== undefined) {
      kept.set(key, made);
      if (kept.size > CONVERTED_KEPT) kept.delete(kept.keys().next().value as string);
    }
    return made;
  };
}

/**
 * Whether the definitions take at most `budget` tokens, counting as few as it can: a definition's UTF-8 bytes bound
 * its o200k tokens from above, then the tighter bound of token-bound.ts (neither loads the encoder), and the count
 * stops as soon as the sum passes the budget.
 */
function withinBudget(views: readonly SizedView[], budget: number): boolean {
  if (views.reduce((n, v) => n + v.bytes, 0) <= budget) return true;
  let bound = 0;
  for (const view of views) if ((bound += atMost.get(view)?.(budget - bound) ?? view.bytes) > budget) break;
  if (bound <= budget) return true;
  let sum = 0;
  for (const view of views) if ((sum += view.tokens) > budget) return false;
  return true;
}

/** A definition view whose `tokens` are counted on first read; `bytes` (UTF-8 of the same JSON) bounds them from above. */
type SizedView = ToolDefinitionView & { readonly bytes: number };

interface Measured {
  readonly tool: ToolDef;
  readonly view: SizedView;
  readonly definition: Definition;
}

/**
 * Up to this many tools, a goals toolset over its budget is first tried with its largest tools described less deeply.
 * An all-operations toolset is served with tool search as soon as it passes its budget.
 */
const SHALLOWER_MAX_TOOLS = 32;

/** No tool is cut below this many tokens to bring a toolset within its budget. */
const SHALLOWER_FLOOR = 400;

/**
 * A small toolset over its budget because some tools are described deep (a Kubernetes replace whose pod template
 * takes 3,700 tokens beside seven tools of 150–330): the largest cap under which every tool, cut to fit it, brings the
 * whole within the budget, so every tool stays listed upfront; undefined when none does (then tool search serves it).
 * Tools within the cap found are kept as measured; none is cut below SHALLOWER_FLOOR.
 */
function shallowerToBudget(
  measured: readonly Measured[],
  options: { readonly budget: number; readonly cap: number; readonly counter: TokenCounter },
): Measured[] | undefined {
  const { budget, cap, counter } = options;
  if (
    measured.length > SHALLOWER_MAX_TOOLS ||
    withinBudget(
      measured.map((m) => m.view),
      budget,
    )
  )
    return undefined;
  const refit = (limit: number): Measured[] =>
    measured.map((m) => (fits(m.view, limit) ? m : { ...m, view: fitToCap(m.definition, limit, counter) }));
  const total = (list: readonly Measured[]): number => list.reduce((n, m) => n + m.view.tokens, 0);
  let best = refit(SHALLOWER_FLOOR);
  if (total(best) > budget) return undefined;
  let [low, high] = [SHALLOWER_FLOOR, Math.min(cap, budget)];
  while (high - low > SHALLOWER_FLOOR / 8) {
    const middle = Math.floor((low + high) / 2);
    const tried = refit(middle);
    if (total(tried) <= budget) [low, best] = [middle, tried];
    else high = middle;
  }
  return best;
}

function withTools(plan: ToolPlan, tools: readonly ToolDef[]): ToolPlan {
  return { ...plan, tools };
}

/**
 * The tool as served: its chosen examples and shortened depth; the search profile only when the toolset is served with
 * tool search (`searched`), so a toolset within its budget is written as before.
 */
function servedTool(tool: ToolDef, view: ToolDefinitionView, deferred: boolean, searched: boolean): ToolDef {
  const { profile, ...rest } = tool;
  return {
    ...rest,
    ...(searched && profile !== undefined ? { profile } : {}),
    ...(view.inputExamples === undefined ? {} : { examples: view.inputExamples }),
    ...(view.shortened === undefined ? {} : { definitionDepth: view.shortened.depth }),
    ...(view.shortened?.brief === undefined ? {} : { definitionBrief: view.shortened.brief }),
    ...(view.shortened?.outline === true ? { definitionOutline: true } : {}),
    ...(view.shortened?.open === undefined ? {} : { definitionOpen: view.shortened.open }),
    ...(view.shortened?.outlined === undefined ? {} : { definitionOutlined: view.shortened.outlined }),
    ...(deferred ? { deferLoading: true } : {}),
  };
}

/** Tokens of `search_tools` and `call_tool` as an MCP client lists them. */
function searchToolTokens(count: number, counter: TokenCounter): number {
  const search = {
    name: SEARCH_TOOLS,
    description: searchToolsDescription(count),
    inputSchema: SEARCH_TOOLS_INPUT_SCHEMA,
  };
  const call = { name: CALL_TOOL, description: CALL_TOOL_DESCRIPTION, inputSchema: CALL_TOOL_INPUT_SCHEMA };
  return counter.count(JSON.stringify(search)) + counter.count(JSON.stringify(call));
}

/**
 * The goals marked `core: true` but those the words of their operations made actions (an uninstall is never offered
 * upfront); without any (all-operations mode), {@link allOperationsCore}.
 */
function coreTools(measured: readonly Measured[], budget: number): Set<string> {
  const marked = measured
    .filter((m) => m.tool.core === true && m.tool.riskReason === undefined)
    .map((m) => m.tool.name);
  return new Set(marked.length > 0 ? marked : allOperationsCore(measured, budget));
}

/**
 * The core without a goals file: read-only tools that need no input (an API's entry points: "get the authenticated
 * user", "list my repositories"), in spec order, while they take at most a quarter of the budget.
 */
function allOperationsCore(measured: readonly Measured[], budget: number): string[] {
  const room = Math.floor(budget / 4);
  const core: string[] = [];
  let used = 0;
  for (const { tool, view } of measured) {
    if (tool.category !== "data" || tool.inputs.some((i) => i.required) || used + view.tokens > room) continue;
    core.push(tool.name);
    used += view.tokens;
  }
  return core;
}

interface Definition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly examples: readonly Record<string, unknown>[];
}

/** Whether a view's definition takes at most `cap` tokens, reading no more of it than the cap needs. */
const fitsCap = new WeakMap<SizedView, (cap: number) => boolean>();

/**
 * A view's upper bound of its tokens that needs no encoder (token-bound.ts), worked out up to `limit` (a result past it
 * only says so).
 */
const atMost = new WeakMap<SizedView, (limit: number) => number>();

/** The view of `definition` with `inputSchema` and `examples`, its tokens counted when first read. */
function sizedView(
  definition: Definition,
  view: { inputSchema: Record<string, unknown>; examples: readonly Record<string, unknown>[]; counter: TokenCounter },
  shortened?: ToolDefinitionView["shortened"],
): SizedView {
  const { inputSchema, examples, counter } = view;
  const text = JSON.stringify({
    name: definition.name,
    description: definition.description,
    inputSchema,
    ...(examples.length === 0 ? {} : { input_examples: examples }),
  });
  const bytes = Buffer.byteLength(text, "utf8");
  let tokens: number | undefined;
  const sized: SizedView = {
    name: definition.name,
    description: definition.description,
    inputSchema,
    ...(examples.length === 0 ? {} : { inputExamples: examples }),
    get tokens() {
      return (tokens ??= counter.count(text));
    },
    bytes,
    ...(shortened === undefined ? {} : { shortened }),
  };
  let bound: number | undefined;
  const bounded = (limit: number): number => {
    if (bound !== undefined) return bound;
    const n = tokens ?? o200kAtMost(text, limit);
    if (n <= limit) bound = n;
    return n;
  };
  atMost.set(sized, bounded);
  fitsCap.set(sized, (cap) => {
    if (bytes <= cap) return true;
    if (tokens !== undefined) return tokens <= cap;
    if (counter.loaded?.() !== true && bounded(cap) <= cap) return true;
    const within = counter.within(text, cap);
    if (within !== false) tokens = within;
    return within !== false;
  });
  return sized;
}

function fits(view: SizedView, cap: number): boolean {
  return fitsCap.get(view)?.(cap) ?? view.tokens <= cap;
}

/**
 * The definition whole when it fits `cap`; else its input schema cut to the deepest level that fits, examples kept if
 * they still fit. Cuts are tried from the shallowest up (a deeper cut only adds to a shallower one), so the cuts
 * built are the small ones that fit and the first that does not, never the whole schema at every depth.
 */
function fitToCap(definition: Definition, cap: number, counter: TokenCounter, countWhole = false): SizedView {
  const whole = sizedView(definition, { inputSchema: definition.inputSchema, examples: definition.examples, counter });
  // Counted once to the larger limit when the whole count is wanted anyway: past it, the whole does not fit either.
  const over = countWhole && !fits(whole, WHOLE_COUNT_FACTOR * cap);
  if (!over && fits(whole, cap)) return whole;
  const deepest = Math.min(propertyDepth(definition.inputSchema), MAX_CUT_DEPTH) - 1;
  const cutTo = (
    depth: number,
    examples: readonly Record<string, unknown>[],
    brief: readonly string[] = [],
  ): SizedView => {
    const cut = schemaToDepth(definition.inputSchema, depth);
    return sizedView(
      definition,
      { inputSchema: briefDescriptions(cut, brief), examples, counter },
      shortenedFrom(whole, { depth, ...(brief.length === 0 ? {} : { brief }) }, cap, over),
    );
  };
  for (const keep of [definition.examples, []]) {
    let fitted: SizedView | undefined;
    let depth = 0;
    for (; depth <= deepest; depth++) {
      const cut = cutTo(depth, keep);
      if (!fits(cut, cap)) break;
      fitted = cut;
    }
    if (fitted === undefined) continue;
    const at = depth - 1;
    const view = (cut: Record<string, unknown>, shortened: Opened & { readonly outline?: true }) =>
      sizedView(definition, { inputSchema: cut, examples: keep, counter }, shortenedFrom(whole, shortened, cap, over));
    const outlined = outlinedToCap(definition, fitted, at, cap, view) ?? fitted;
    return at < deepest ? openToCap(definition, outlined, at, cap, view) : outlined;
  }
  return briefToCap(definition, cap, (brief, examples) => cutTo(0, examples, brief));
}

/** Most nodes tried for {@link openToCap} per tool (each try cuts and sizes the definition again). */
const MAX_OPEN_TRIES = 48;

/** An optional node is described further only when that adds at most this many bytes (about 100 tokens). */
const SMALL_OPEN_BYTES = 400;

/**
 * The cut at `depth` with nodes past it described one level further while the definition fits `cap`: the fields a
 * call must send first (each required all the way from the top: SendGrid's `from`, `personalizations`, then their
 * required fields in turn), then optional nodes that add little (a `reply_to` of `email` and `name`), shallowest
 * first; a node too large for that lists its fields by name, type and whether required (no descriptions), where
 * that fits (Storecove's `invoice`). A uniform depth leaves every one of them a bare "(fields not listed)".
 */
function openToCap(
  definition: Definition,
  plain: SizedView,
  depth: number,
  cap: number,
  view: (cut: Record<string, unknown>, shortened: Opened & { readonly outline?: true }) => SizedView,
): SizedView {
  const outline = plain.shortened?.outline === true;
  const open: string[] = [];
  const outlined: string[] = [];
  const tried = new Set<string>();
  let best = plain;
  let tries = 0;
  const attempt = (opened: string[], listed: string[], limit: number): boolean => {
    tries++;
    const cut = schemaToDepth(definition.inputSchema, depth, undefined, outline, opened, listed);
    const next = view(cut, {
      depth,
      ...(outline ? { outline } : {}),
      ...(opened.length === 0 ? {} : { open: opened }),
      ...(listed.length === 0 ? {} : { outlined: listed }),
    });
    if (next.bytes - best.bytes > limit || !fits(next, cap)) return false;
    best = next;
    return true;
  };
  for (let round = 0; round < MAX_CUT_DEPTH && tries < MAX_OPEN_TRIES; round++) {
    const waiting = cutAway(definition.inputSchema, depth, open, outlined, outline).filter(
      (node) => !tried.has(node.path),
    );
    if (waiting.length === 0) break;
    const rank = (n: CutAwayNode): number => (n.required ? 0 : n.needed ? 1 : 2);
    const order = [...waiting].sort((a, b) => rank(a) - rank(b));
    let grew = false;
    for (const node of order) {
      if (tries >= MAX_OPEN_TRIES) break;
      tried.add(node.path);
      const limit = node.required ? Infinity : SMALL_OPEN_BYTES;
      if (!node.listed && attempt([...open, node.path], outlined, limit)) open.push(node.path);
      else if (tries < MAX_OPEN_TRIES && attempt(open, [...outlined, node.path], Infinity)) outlined.push(node.path);
      else continue;
      grew = true;
    }
    if (!grew) break;
  }
  return best;
}

type Opened = { readonly depth: number; readonly open?: readonly string[]; readonly outlined?: readonly string[] };

/**
 * The cut at `depth` with the unions it cuts away outlined (their alternatives' fields and what tells them apart, see
 * schemaToDepth), when that differs from the plain cut and still fits `cap`: never a shallower cut for it.
 */
function outlinedToCap(
  definition: Definition,
  plain: SizedView,
  depth: number,
  cap: number,
  view: (cut: Record<string, unknown>, shortened: { readonly depth: number; readonly outline: true }) => SizedView,
): SizedView | undefined {
  const cut = schemaToDepth(definition.inputSchema, depth, undefined, true);
  if (JSON.stringify(cut) === JSON.stringify(plain.inputSchema)) return undefined;
  const outlined = view(cut, { depth, outline: true });
  return fits(outlined, cap) ? outlined : undefined;
}

/**
 * The top level alone is over the cap: the fewest inputs whose descriptions, cut to their first sentence, bring it
 * within — optional inputs before required ones, the longest descriptions first (examples kept if they still fit).
 * Found by bisection (fewer cut, more tokens); past every input, all of them cut and no examples.
 */
function briefToCap(
  definition: Definition,
  cap: number,
  cutTo: (brief: readonly string[], examples: readonly Record<string, unknown>[]) => SizedView,
): SizedView {
  const order = briefOrder(definition.inputSchema);
  for (const keep of [definition.examples, []]) {
    if (!fits(cutTo(order, keep), cap)) continue;
    let [low, high] = [0, order.length];
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (fits(cutTo(order.slice(0, middle), keep), cap)) high = middle;
      else low = middle + 1;
    }
    return cutTo(order.slice(0, low), keep);
  }
  return cutTo(order, []);
}

/** Top-level inputs whose description its first sentence shortens: optional before required, longest first. */
function briefOrder(schema: Record<string, unknown>): string[] {
  const properties = (schema["properties"] ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(schema["required"]) ? (schema["required"] as unknown[]) : []);
  const cuttable = Object.entries(properties).flatMap(([name, property]) => {
    const text = property?.["description"];
    const brief = typeof text === "string" ? briefText(text) : undefined;
    return typeof text === "string" && brief !== undefined && brief !== text
      ? [{ name, required: required.has(name), saved: text.length - brief.length }]
      : [];
  });
  cuttable.sort(
    (a, b) =>
      Number(a.required) - Number(b.required) || b.saved - a.saved || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  return cuttable.map((c) => c.name);
}

/** How far, in caps, the whole definition of a shortened tool is counted (a whole Microsoft Graph body is megabytes). */
const WHOLE_COUNT_FACTOR = 3;

/** What a cut says it was cut from: the whole definition's tokens are counted only if someone reads them. */
function shortenedFrom(
  whole: SizedView,
  cut: {
    readonly depth: number;
    readonly brief?: readonly string[];
    readonly outline?: true;
    readonly open?: readonly string[];
    readonly outlined?: readonly string[];
  },
  cap: number,
  over: boolean,
): NonNullable<ToolDefinitionView["shortened"]> {
  const limit = WHOLE_COUNT_FACTOR * cap;
  let counted: number | false | undefined = over ? false : undefined;
  let source: SizedView | undefined = over ? undefined : whole;
  const count = (): number | false => {
    if (counted === undefined && source !== undefined) counted = fits(source, limit) ? source.tokens : false;
    source = undefined;
    return counted ?? false;
  };
  return {
    get fromTokens() {
      return count() || limit;
    },
    get fromTokensOver() {
      return count() === false;
    },
    ...cut,
  };
}

const MAX_CUT_DEPTH = 16;

/** How many levels of `properties` a schema nests (through items, unions and `$defs` refs; a cycle counts as MAX_CUT_DEPTH). */
function propertyDepth(schema: Record<string, unknown>): number {
  const defs = (schema["$defs"] ?? {}) as Record<string, unknown>;
  const memo = new Map<string, number>();
  const below = (node: unknown): number => {
    if (node === null || typeof node !== "object") return 0;
    if (Array.isArray(node)) return Math.max(0, ...node.map(below));
    let deepest = 0;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === "$defs") continue;
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/"))
        deepest = Math.max(deepest, viaRef(value.slice("#/$defs/".length)));
      else if (key === "properties" && value !== null && typeof value === "object")
        deepest = Math.max(deepest, 1 + Math.max(0, ...Object.values(value).map(below)));
      else deepest = Math.max(deepest, below(value));
    }
    return Math.min(deepest, MAX_CUT_DEPTH);
  };
  const viaRef = (name: string): number => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    memo.set(name, MAX_CUT_DEPTH);
    const depth = below(defs[name]);
    memo.set(name, depth);
    return depth;
  };
  return below(schema);
}
