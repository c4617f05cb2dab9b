// Where a tool input comes from: its override in the goals file, the first value that reads it, or the spec parameter it is bound to.
import { operationById } from "../model/api-source.js";
import { schemaLookup } from "../model/api-source.js";
import type { Goal, Located, Value } from "../goals/types.js";
import type { JsonSchema } from "../model/api-model.js";
import { derefTop } from "../planner/schemas.js";
import type { ToolDef, ToolInput } from "../planner/types.js";
import { locate, nodeLocation, toolLocation } from "./location.js";
import { goalOf, type FindingLocation, type LintContext } from "./types.js";

function reads(text: string, name: string): boolean {
  return new RegExp(`\\$inputs\\.${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9_-])`).test(text);
}

function firstUse(value: Value | undefined, name: string): Located | undefined {
  if (value === undefined) return undefined;
  if (value.kind === "expr" || value.kind === "template") return reads(value.text, name) ? value : undefined;
  if (value.kind === "each") return reads(value.source, name) ? value : undefined;
  if (value.kind === "object") return value.entries.map(([, v]) => firstUse(v, name)).find((v) => v !== undefined);
  if (value.kind === "array") return value.items.map((v) => firstUse(v, name)).find((v) => v !== undefined);
  return undefined;
}

/** The goals-file node that declares or first reads `$inputs.NAME`. */
function inputNode(goal: Goal, name: string): Located | undefined {
  const declared = goal.inputs[name];
  if (declared) return declared;
  const values = [...goal.steps.flatMap((s) => [...s.params.map((p) => p.value), s.body?.payload]), goal.returns];
  return values.map((v) => firstUse(v, name)).find((v) => v !== undefined);
}

/** The spec node an input is bound to (`opId query limit` → that parameter; `opId body …` → the request body). */
function specNode(ctx: LintContext, input: ToolInput): string | undefined {
  const [opId, where, name] = (input.boundTo[0] ?? "").split(" ");
  const operation = operationById(ctx.api, opId);
  if (operation === undefined) return undefined;
  if (where === "body") return operation.requestBody?.pointer;
  return operation.parameters.find((p) => p.in === where && p.name === name)?.pointer;
}

/** Where to fix an input: its goals-file node, else the spec parameter, else the tool. */
export function inputLocation(ctx: LintContext, tool: ToolDef, input: ToolInput): FindingLocation {
  const goal = goalOf(ctx, tool);
  const node = goal && inputNode(goal, input.sourceName ?? input.name);
  if (node) return nodeLocation(ctx, node);
  const pointer = goal ? undefined : specNode(ctx, input);
  return pointer === undefined ? toolLocation(ctx, tool) : locate(ctx, ctx.api.index.file, pointer);
}

/** The input's schema with a top-level `$ref` followed. */
export function inputSchema(ctx: LintContext, input: ToolInput): JsonSchema {
  return derefTop(input.schema, schemaLookup(ctx.plan.schemas));
}

/** A keyword of a schema object (undefined for boolean schemas). */
export function schemaField(schema: JsonSchema, key: string): unknown {
  return typeof schema === "object" ? schema[key] : undefined;
}
