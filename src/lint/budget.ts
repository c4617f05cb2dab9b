// Tool definitions → the context-budget report: tokens per tool and in all, descriptions clients cut, OpenAI strict-mode and name-rule breaks.
import { DEFAULT_DEFINITION_BUDGET, type ToolDefinitionView } from "../emit/definitions.js";
import { OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS } from "../runtime/adapters/openai-strict.js";
import { CLIENT_CUT_CHARS } from "./rules/description-too-long.js";
import { nameProblem } from "./rules/name-too-long.js";
import type { BudgetReport, ToolBudget } from "./types.js";

export { DEFAULT_DEFINITION_BUDGET };

/** Keywords OpenAI strict mode takes on any schema (OpenAI Structured Outputs, "Supported schemas"). */
const STRICT_ANY = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "anyOf",
  "$ref",
  "$defs",
  "definitions",
  "description",
  "title",
]);

interface StrictFindings {
  readonly optional: Set<string>;
  readonly keywords: Set<string>;
  open: boolean;
}

function typesOf(node: Record<string, unknown>): string[] {
  const type = node["type"];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === "string");
}

function walkStrict(node: unknown, path: string, found: StrictFindings): void {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return;
  const schema = node as Record<string, unknown>;
  const allowed = new Set([...STRICT_ANY, ...typesOf(schema).flatMap((t) => OPENAI_STRICT_KEYWORDS[t] ?? [])]);
  for (const key of Object.keys(schema)) if (!allowed.has(key)) found.keywords.add(key);
  if (typeof schema["format"] === "string" && !OPENAI_STRICT_FORMATS.has(schema["format"]))
    found.keywords.add(`format ${schema["format"]}`);
  const properties = (schema["properties"] ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(schema["required"]) ? schema["required"] : []);
  if (typesOf(schema).includes("object") && schema["additionalProperties"] !== false) found.open = true;
  for (const [key, sub] of Object.entries(properties)) {
    if (!required.has(key)) found.optional.add(path + key);
    walkStrict(sub, `${path}${key}.`, found);
  }
  for (const key of [
    "items",
    "anyOf",
    "oneOf",
    "allOf",
    "$defs",
    "definitions",
    "additionalProperties",
    "prefixItems",
    "not",
  ]) {
    const child = schema[key];
    const children = Array.isArray(child)
      ? child
      : key === "$defs" || key === "definitions"
        ? Object.values(child ?? {})
        : [child];
    for (const c of children) walkStrict(c, path, found);
  }
}

/** What keeps an input schema, as written, out of OpenAI strict mode (empty when it is accepted as is). */
export function strictModeProblems(inputSchema: Record<string, unknown>): string[] {
  const found: StrictFindings = { optional: new Set(), keywords: new Set(), open: false };
  walkStrict(inputSchema, "", found);
  return [
    ...(inputSchema["type"] === "object" ? [] : ["root is not an object"]),
    ...(found.optional.size > 0 ? [`optional properties: ${[...found.optional].join(", ")}`] : []),
    ...(found.open ? ["an object without additionalProperties: false"] : []),
    ...(found.keywords.size > 0 ? [`keywords: ${[...found.keywords].sort().join(", ")}`] : []),
  ];
}

/** The report over a toolset's definitions (as `sizePlan(plan)` serves them; `search` is its tool-search listing). */
export function budgetReport(
  definitions: readonly ToolDefinitionView[],
  budget: number = DEFAULT_DEFINITION_BUDGET,
  search?: { readonly core: readonly string[]; readonly upfrontTokens: number },
): BudgetReport {
  const tools = definitions.map((d): ToolBudget => {
    const problem = nameProblem(d.name);
    return {
      name: d.name,
      tokens: d.tokens,
      descriptionChars: d.description.length,
      cutByClients: d.description.length > CLIENT_CUT_CHARS,
      strictMode: strictModeProblems(d.inputSchema),
      ...(problem === undefined ? {} : { nameProblem: problem }),
    };
  });
  const totalTokens = tools.reduce((n, t) => n + t.tokens, 0);
  return {
    tools,
    totalTokens,
    budget,
    overBudget: totalTokens > budget,
    serving: search === undefined ? { mode: "all" } : { mode: "search", core: [...search.core] },
    upfrontTokens: search?.upfrontTokens ?? totalTokens,
    counted: COUNTED,
  };
}

/**
 * What the token counts cover: the definition a model reads to choose and call a tool (the largest of the adapters').
 * An MCP tools/list entry also carries a title, the four annotations and an output schema per tool, not counted.
 */
const COUNTED = {
  included: ["name", "description", "inputSchema", "input_examples"],
  excluded: ["title", "annotations", "outputSchema"],
} as const;

/** The counts' coverage in words, for the text reports. */
export function countedText(report: Pick<BudgetReport, "counted">): string {
  return `counted: ${report.counted.included.join(", ")}; not counted: ${report.counted.excluded.join(", ")} (MCP tools/list carries them too)`;
}

/** What the model sees upfront, in words: `all 6 definitions` or `tool search: 2 core tools plus search_tools and call_tool`. */
export function servingModeText(report: BudgetReport): string {
  if (report.serving.mode === "all") return `all ${report.tools.length} definitions listed`;
  const count = report.serving.core.length;
  return `served with tool search: ${count} core tool${count === 1 ? "" : "s"} plus search_tools and call_tool listed`;
}

function namesOrNone(names: readonly string[], max = 6): string {
  if (names.length === 0) return "none";
  return names.slice(0, max).join(", ") + (names.length > max ? ` and ${names.length - max} more` : "");
}

/** The short human summary printed at the end of `plan` and `lint`. */
export function budgetToText(report: BudgetReport): string {
  const largest = [...report.tools]
    .sort((a, b) => b.tokens - a.tokens)
    .slice(0, 3)
    .map((t) => `${t.name} ${t.tokens}`);
  const upfront = report.upfrontTokens > report.budget ? "OVER BUDGET" : "within budget";
  const status =
    report.serving.mode === "all"
      ? upfront
      : `${servingModeText(report)} upfront: ${report.upfrontTokens} tokens, ${upfront}`;
  return `${[
    `context budget: ${report.totalTokens} of ${report.budget} tokens (o200k) for ${report.tools.length} tool definitions, ${status}${largest.length > 0 ? `; largest: ${largest.join(", ")}` : ""}`,
    `  ${countedText(report)}`,
    `  descriptions clients cut (> ${CLIENT_CUT_CHARS} chars): ${namesOrNone(report.tools.filter((t) => t.cutByClients).map((t) => t.name))}`,
    `  not OpenAI strict as written (the openai adapter lowers them): ${namesOrNone(report.tools.filter((t) => t.strictMode.length > 0).map((t) => t.name))}`,
    `  names breaking ^[a-zA-Z0-9_-]{1,64}$ (Anthropic, OpenAI): ${namesOrNone(report.tools.filter((t) => t.nameProblem !== undefined).map((t) => t.name))}`,
  ].join("\n")}\n`;
}
