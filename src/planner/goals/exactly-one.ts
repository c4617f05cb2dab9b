// Planned steps → the ones whose read must find exactly one item (`exactly_one`, or a target read searched by the user).
import type { Goal } from "../../goals/types.js";
import type { JsonSchema, Operation, Parameter } from "../../model/api-model.js";
import { targetReadIds } from "../../runtime/approval/target-reads.js";
import { parseExpression, parseTemplate, referencesOf } from "../../runtime/expressions/index.js";
import { escapeToken, formatPointer } from "../../runtime/expressions/pointer.js";
import type { ExactlyOneSpec, ValueExpr } from "../../runtime/types.js";
import { toSnakeCase } from "../../util/naming.js";
import { isPagingParameter } from "../init/operations.js";
import { pagingOf } from "../paging.js";
import { propertyNames, schemaAtPointer } from "../schema-walk.js";
import { jsonTypes } from "../type-fit.js";
import type { StepPlan, ToolInput } from "../types.js";
import { report, type GoalContext } from "./context.js";

/** Item fields that tell records apart for a person, in the order the error names them. */
const NAMING_FIELDS = [
  "email",
  "login",
  "username",
  "user_name",
  "display_name",
  "name",
  "full_name",
  "first_name",
  "last_name",
  "title",
  "key",
  "slug",
  "summary",
];

/** How many fields name each item: the outputs' first, then naming fields. */
const IDENTIFY_MAX = 5;

/** Page sizes: bound to 1, the API lists one item at most and a second match is never seen. */
const PAGE_SIZE = /^(limit|per_page|page_size|pagesize|max_results|maxresults|top|count|size|first)$/;

type ListFound = { ok: true; list: readonly string[]; tails: readonly string[] } | { ok: false; reason: string };

/** The one list whose item 0 the step's outputs read, and the item fields they read, or why there is none. */
function listOfOutputs(step: StepPlan): ListFound {
  const reads = Object.entries(step.outputs).flatMap(([name, text]) => {
    const parsed = parseExpression(text);
    if (!parsed.ok || parsed.expr.kind !== "responseBody") return [];
    const tokens = parsed.expr.pointer;
    const at = tokens.findIndex((t) => /^\d+$/.test(t));
    return at < 0 ? [] : [{ name, list: tokens.slice(0, at), index: tokens[at], tail: tokens.slice(at + 1) }];
  });
  if (reads.length === 0) return { ok: false, reason: "none of its outputs reads an item of a list" };
  const other = reads.find((r) => r.index !== "0");
  if (other !== undefined)
    return { ok: false, reason: `its output "${other.name}" reads item ${other.index}, not the first` };
  const lists = [...new Set(reads.map((r) => formatPointer(r.list)))];
  if (lists.length > 1)
    return { ok: false, reason: `its outputs read items of ${lists.length} lists (${lists.join(", ")})` };
  return { ok: true, list: reads[0]?.list ?? [], tails: [...new Set(reads.map((r) => formatPointer(r.tail)))] };
}

/** The item schema of the list at `list` in the operation's success response; `{}` when the spec leaves it untyped. */
function itemSchema(ctx: GoalContext, operation: Operation, list: readonly string[]): JsonSchema | undefined {
  const content = operation.success?.contents.find((c) => c.kind === "json") ?? operation.success?.contents[0];
  if (content === undefined) return {};
  const walked = schemaAtPointer(content.schema, list, ctx.api.schema);
  if (!walked.ok) return undefined;
  if (walked.openAt !== undefined) return {};
  if (!jsonTypes(walked.schema, ctx.api.schema).has("array")) return undefined;
  const item = schemaAtPointer(walked.schema, ["0"], ctx.api.schema);
  return item.ok ? item.schema : {};
}

/** The outputs' fields, then the item's naming fields it has (`email`, `name`), at most five. */
function identifyingFields(ctx: GoalContext, tails: readonly string[], item: JsonSchema): string[] {
  const names = propertyNames(item, ctx.api.schema);
  const naming = NAMING_FIELDS.flatMap((word) => names.filter((n) => toSnakeCase(n) === word)).map(
    (n) => `/${escapeToken(n)}`,
  );
  return [...new Set([...tails.filter((t) => t !== ""), ...naming])].slice(0, IDENTIFY_MAX);
}

/** The inputs a value reads, as the goals file names them. */
function inputsRead(value: ValueExpr): string[] {
  if (value.kind === "expr") {
    const parsed = parseExpression(value.text);
    return parsed.ok && parsed.expr.kind === "inputs" ? [parsed.expr.name] : [];
  }
  if (value.kind !== "template") return [];
  const parsed = parseTemplate(value.text);
  return parsed.ok
    ? referencesOf(parsed.template).expressions.flatMap((e) => (e.kind === "inputs" ? [e.name] : []))
    : [];
}

/** The API version a call is made against (Azure's `api-version`): the caller's setting, not what it searches for. */
const VERSION = /^(api_)?version$/;

/** Text a person types to find a record: a string (an email, a name, a query), not a choice, a date or a page. */
function isSearchTerm(parameter: Parameter): boolean {
  const schema = parameter.schema;
  if (parameter.in !== "query" || isPagingParameter(parameter) || typeof schema !== "object") return false;
  if (VERSION.test(toSnakeCase(parameter.name))) return false;
  const type = schema["type"];
  return (
    (type === undefined || type === "string") &&
    schema["enum"] === undefined &&
    schema["const"] === undefined &&
    !["date", "date-time", "time", "duration"].includes(String(schema["format"]))
  );
}

/** The query parameters of the step that a tool input fills, with that input's model-facing name. */
function searchedBy(
  step: StepPlan,
  { operation, inputs }: { operation: Operation; inputs: readonly ToolInput[] },
): { parameter: string; input: string; term: boolean }[] {
  return step.params.flatMap((param) => {
    if (param.in !== "query") return [];
    const spec = operation.parameters.find((p) => p.name === param.name && p.in === "query");
    return inputsRead(param.value).flatMap((source) => {
      const input = inputs.find((i) => (i.sourceName ?? i.name) === source);
      if (input === undefined) return [];
      return [{ parameter: param.name, input: input.name, term: spec !== undefined && isSearchTerm(spec) }];
    });
  });
}

/** The searched parameters the error names: the search terms, or every input-filled one when none is free text. */
function searchTerms(all: readonly { parameter: string; input: string; term: boolean }[]) {
  const terms = all.some((s) => s.term) ? all.filter((s) => s.term) : all;
  return terms.map(({ parameter, input }) => ({ parameter, input }));
}

/** A page size the step binds to 1: the check could never see a second item. */
function pageOfOne(step: StepPlan): string | undefined {
  return step.params.find(
    (p) =>
      p.in === "query" &&
      PAGE_SIZE.test(toSnakeCase(p.name)) &&
      p.value.kind === "literal" &&
      Number(p.value.value) === 1,
  )?.name;
}

interface StepFacts {
  readonly step: StepPlan;
  readonly operation: Operation;
  readonly inputs: readonly ToolInput[];
}

/** The spec when the step can be checked, or why not. */
function specOf(
  ctx: GoalContext,
  facts: StepFacts,
): { ok: true; spec: ExactlyOneSpec } | { ok: false; reason: string } {
  const { step, operation } = facts;
  if (step.pick !== undefined) return { ok: false, reason: "it has a `pick`, which already needs exactly one match" };
  const found = listOfOutputs(step);
  if (!found.ok) return found;
  const item = itemSchema(ctx, operation, found.list);
  const where = found.list.length === 0 ? "the response body" : formatPointer(found.list);
  if (item === undefined)
    return { ok: false, reason: `${where} is not a list in the ${operation.success?.status ?? "success"} response` };
  const single = pageOfOne(step);
  if (single !== undefined)
    return {
      ok: false,
      reason: `it binds ${single} to 1, so the API lists one item at most and a second is never seen`,
    };
  const next = pagingOf(operation, ctx.api.schema)?.next;
  return {
    ok: true,
    spec: {
      list: formatPointer(found.list),
      identify: identifyingFields(ctx, found.tails, item),
      searchedBy: searchTerms(searchedBy(step, facts)),
      ...(next === undefined ? {} : { next }),
    },
  };
}

/** Whether the planner asks for exactly one by itself: a target read (no pick) that a user's search term filters. */
function searchedTarget(facts: StepFacts, targets: ReadonlySet<string>): boolean {
  const { step } = facts;
  return (
    targets.has(step.id) &&
    step.pick === undefined &&
    listOfOutputs(step).ok &&
    searchedBy(step, facts).some((s) => s.term)
  );
}

/**
 * Each step's `exactlyOne`: written `exactly_one: true` (PLAN_EXACTLY_ONE_UNSUPPORTED where it cannot be checked),
 * `false` (never), or unwritten: set on a target read whose item 0 an action takes and whose query a user's search
 * term fills, where it can be checked.
 */
export function withExactlyOne(
  ctx: GoalContext,
  {
    goal,
    steps,
    operations,
    inputs,
  }: { goal: Goal; steps: readonly StepPlan[]; operations: readonly Operation[]; inputs: readonly ToolInput[] },
): StepPlan[] {
  const targets = new Set(targetReadIds(steps));
  return steps.map((step, index) => {
    const written = goal.steps.find((s) => s.id === step.id);
    const operation = operations[index];
    if (operation === undefined || written?.exactlyOne?.value === false) return step;
    const facts: StepFacts = { step, operation, inputs };
    const asked = written?.exactlyOne !== undefined;
    if (!asked && !searchedTarget(facts, targets)) return step;
    const planned = specOf(ctx, facts);
    if (planned.ok) return { ...step, exactlyOne: planned.spec };
    if (written?.exactlyOne !== undefined)
      report(ctx, "PLAN_EXACTLY_ONE_UNSUPPORTED", written.exactlyOne, {
        message: `step "${step.id}" asks for exactly one item, but ${planned.reason}`,
      });
    return step;
  });
}
