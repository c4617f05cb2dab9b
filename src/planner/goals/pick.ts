// Plans a step's `pick`: the list it reads in the success response, the item fields it matches and the values bound to them.
import type { Pick, Step } from "../../goals/types.js";
import type { JsonSchema, Operation } from "../../model/api-model.js";
import { escapeToken, formatPointer, pointerTokens } from "../../runtime/expressions/pointer.js";
import type { PickSpec } from "../../runtime/types.js";
import { toSnakeCase } from "../../util/naming.js";
import { pagingOf } from "../paging.js";
import { schemaAtPointer } from "../schema-walk.js";
import { describeTypes, jsonTypes } from "../type-fit.js";
import type { ValueExpr } from "../types.js";
import { report, type GoalContext } from "./context.js";
import { bindValue, reportMissingPointer } from "./values.js";

/** The planned pick and the schema of the item its outputs read. */
export interface PlannedPick {
  readonly spec: PickSpec;
  readonly item: JsonSchema;
}

/** Query parameters that select a page: a step that sends one page of such a list may miss the item. */
const PAGE_PARAMETER =
  /^(limit|offset|page|per_page|page_size|pagesize|cursor|after|before|starting_after|page_token|next_token|max_results|top|skip|count|size|continue)$/;

export function isPaged(operation: Operation): boolean {
  return operation.parameters.some((p) => p.in === "query" && PAGE_PARAMETER.test(toSnakeCase(p.name)));
}

/** `name` → `/name`; a field written as a pointer (`/metadata/name`) stays as it is. */
function fieldPointer(field: string): string {
  return field.startsWith("/") ? field : `/${escapeToken(field)}`;
}

function listSchema(operation: Operation): { status: string; schema: JsonSchema } | undefined {
  const success = operation.success;
  const content = success?.contents.find((c) => c.kind === "json") ?? success?.contents[0];
  return success && content ? { status: success.status, schema: content.schema } : undefined;
}

/** The item schema of the list at `pick.from` (`{}` for a response the spec leaves untyped), or undefined with a diagnostic. */
function itemSchema(ctx: GoalContext, pick: Pick, operation: Operation): JsonSchema | undefined {
  const response = listSchema(operation);
  if (response === undefined) {
    report(ctx, "PLAN_RESPONSE_UNTYPED", pick, {
      message: `pick cannot be checked: the ${operation.success?.status ?? "success"} response of ${operation.id} declares no body schema; its items are matched as they come`,
    });
    return {};
  }
  const tokens = pointerTokens(pick.from);
  const walked = schemaAtPointer(response.schema, tokens, ctx.api.schema);
  if (!walked.ok) {
    reportMissingPointer(ctx, pick, {
      subject: `pick from "${pick.from}"`,
      owner: `the ${response.status} response of ${operation.id}`,
      schemaName: "the response schema",
      tokens,
      walked,
    });
    return undefined;
  }
  const types = jsonTypes(walked.schema, ctx.api.schema);
  const item = schemaAtPointer(walked.schema, ["0"], ctx.api.schema);
  if (types.has("array") && item.ok) return item.schema;
  report(ctx, "PLAN_TYPE_MISMATCH", pick, {
    message: `pick from "${pick.from}" reaches ${describeTypes(types)} in the ${response.status} response of ${operation.id}, not a list`,
    hint: 'point `from` at the list in the response body (`""` when the body itself is the list)',
  });
  return undefined;
}

/** Checks the pick against the operation's response and binds its values (typed by the item fields they are matched with). */
export function planPick(ctx: GoalContext, index: number, step: Step, operation: Operation): PlannedPick | undefined {
  const pick = step.pick;
  if (pick === undefined) return undefined;
  const item = itemSchema(ctx, pick, operation);
  const where: (readonly [string, ValueExpr])[] = [];
  for (const entry of pick.where) {
    const pointer = fieldPointer(entry.field);
    const tokens = pointerTokens(pointer);
    const walked = item === undefined ? undefined : schemaAtPointer(item, tokens, ctx.api.schema);
    if (walked !== undefined && !walked.ok)
      reportMissingPointer(ctx, entry, {
        subject: `pick where "${entry.field}"`,
        owner: `each item ${operation.id} lists`,
        schemaName: "the item schema",
        tokens,
        walked,
      });
    const known = walked?.ok ? walked.schema : {};
    // A field the spec does not type is matched as text: a pick finds a record by its name, title or email.
    const schema = hasShape(known) ? known : { type: "string" };
    const value = bindValue(
      ctx,
      entry.value,
      { where: "request", stepIndex: index },
      {
        schema: withoutDescription(schema),
        required: true,
        description: `${sentenceOf(schema) || `The ${tokens.join(" ")}. `}Matched exactly (case included) against the ${tokens.join(" ")} of each item ${operation.id} lists${isPaged(operation) ? ", first page only" : ""}.`,
        examples: [],
        boundTo: `${operation.id} item ${formatPointer(tokens)}`,
        decisive: true,
        label: `item field "${entry.field}" of ${operation.id}`,
      },
    );
    where.push([formatPointer(tokens), value]);
  }
  if (item === undefined) return undefined;
  const next = pagingOf(operation, ctx.api.schema)?.next;
  return {
    spec: {
      from: formatPointer(pointerTokens(pick.from)),
      where,
      paged: isPaged(operation),
      ...(next ? { next } : {}),
    },
    item,
  };
}

/** Whether the schema says anything of its value beyond a description. */
function hasShape(schema: JsonSchema): boolean {
  return typeof schema === "object" && Object.keys(schema).some((k) => k !== "description" && k !== "title");
}

function withoutDescription(schema: JsonSchema): JsonSchema {
  if (typeof schema !== "object") return schema;
  const { description: _description, ...rest } = schema as Record<string, unknown>;
  return rest;
}

/** The field's own description as a sentence followed by a space, or nothing. */
function sentenceOf(schema: JsonSchema): string {
  const text =
    typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"].trim() : "";
  if (text === "") return "";
  return /[.!?]$/.test(text) ? `${text} ` : `${text}. `;
}
