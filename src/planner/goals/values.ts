// Checks the values a goal binds (literals, expressions, templates, structures) against where they go, recording input uses.
import { parseExpression, parseTemplate, referencesOf } from "../../runtime/expressions/index.js";
import type { Expression } from "../../runtime/expressions/index.js";
import type { Located, Value } from "../../goals/types.js";
import type { JsonSchema, MediaContent, Operation } from "../../model/api-model.js";
import { didYouMean } from "../../util/suggest.js";
import { schemaAtPointer, type WalkResult } from "../schema-walk.js";
import { derefTop } from "../schemas.js";
import { withCallbackWords } from "../inputs.js";
import { constantMisfit } from "../constant-fit.js";
import { describeTypes, jsonTypes, typeOfValue, typesFit } from "../type-fit.js";
import type { ValueExpr } from "../types.js";
import { recordInputUse, report, type GoalContext } from "./context.js";

/** Where a bound value goes: the schema it must satisfy and how to name the place in messages. */
export interface BindTarget {
  readonly schema: JsonSchema;
  readonly required: boolean;
  readonly description?: string;
  readonly examples: readonly unknown[];
  /** e.g. `getUserByEmail query email`. */
  readonly boundTo: string;
  /** e.g. `query parameter "email" of getUserByEmail`. */
  readonly label: string;
  /** The description says what the tool finally does with the value: it wins over the API's own (a pick's match). */
  readonly decisive?: true;
  /** Body properties the runtime fills from the resource's current state when left out (a PUT that reads first). */
  readonly kept?: ReadonlySet<string>;
}

/** Which expressions a place admits (Arazzo: request values see inputs and earlier outputs; outputs and criteria see the response). */
export type Usage =
  | { readonly where: "request"; readonly stepIndex: number }
  | {
      readonly where: "response";
      readonly stepIndex: number;
      readonly stepId: string;
      /** Outputs of a step with a `pick`: `$response.body` is the picked item. */
      readonly picked?: true;
    }
  | { readonly where: "returns" };

const ANY: JsonSchema = {};
const STRING: JsonSchema = { type: "string" };
const OBJECT: JsonSchema = { type: "object" };
const ARRAY: JsonSchema = { type: "array" };

/** Converts a goals-file value to the plan's ValueExpr, checking every expression and type on the way. */
export function bindValue(ctx: GoalContext, value: Value, usage: Usage, target: BindTarget | undefined): ValueExpr {
  switch (value.kind) {
    case "literal":
      checkFit(ctx, value, { type: typeOfValue(value.value) }, target, JSON.stringify(value.value));
      checkConstant(ctx, value, value.value, target);
      return { kind: "literal", value: value.value };
    case "expr":
      bindExpression(ctx, value, value.text, usage, target);
      return { kind: "expr", text: value.text };
    case "template":
      checkTemplate(ctx, value, value.text, usage, target);
      checkFit(ctx, value, STRING, target, `"${value.text}"`);
      return { kind: "template", text: value.text };
    case "object":
      checkFit(ctx, value, OBJECT, target, "an object written in the goals file");
      return {
        kind: "object",
        entries: value.entries.map(
          ([key, v]) => [key, bindValue(ctx, v, usage, childTarget(ctx, written(target), key))] as const,
        ),
      };
    case "array":
      checkFit(ctx, value, ARRAY, target, "a list written in the goals file");
      return {
        kind: "array",
        items: value.items.map((v, i) => bindValue(ctx, v, usage, childTarget(ctx, target, String(i)))),
      };
    case "each":
      bindExpression(ctx, value, value.source, usage);
      return { kind: "each", source: value.source, fields: value.fields.map((f) => [f.name, f.path] as const) };
  }
}

/** An object written in the goals file is always sent, even empty: what its schema requires inside it is required. */
function written(target: BindTarget | undefined): BindTarget | undefined {
  return target === undefined || target.required ? target : { ...target, required: true };
}

function childTarget(ctx: GoalContext, target: BindTarget | undefined, key: string): BindTarget | undefined {
  if (!target) return undefined;
  const walked = schemaAtPointer(target.schema, [key], ctx.api.schema);
  const schema = walked.ok ? withCallbackWords(walked.schema) : ANY;
  const description =
    typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : undefined;
  return {
    schema,
    required: target.required && target.kept?.has(key) !== true && isRequiredProperty(ctx, target.schema, key),
    ...(description === undefined ? {} : { description }),
    examples: [],
    boundTo: `${target.boundTo}/${key}`,
    label: `${target.label} property "${key}"`,
  };
}

/** Whether `key` must be present in instances of `schema`: a required property (also through allOf), or an item of a required array. */
function isRequiredProperty(ctx: GoalContext, schema: JsonSchema, key: string, depth = 0): boolean {
  const resolved = derefTop(schema, ctx.api.schema);
  if (typeof resolved !== "object" || depth > 8) return false;
  if (/^(0|[1-9]\d*)$/.test(key) && (resolved["items"] !== undefined || resolved["prefixItems"] !== undefined))
    return true;
  if (Array.isArray(resolved["required"]) && (resolved["required"] as unknown[]).includes(key)) return true;
  return (
    Array.isArray(resolved["allOf"]) &&
    (resolved["allOf"] as JsonSchema[]).some((branch) => isRequiredProperty(ctx, branch, key, depth + 1))
  );
}

/** Parses and checks one whole expression; returns the schema of the value it yields, if known. */
export function bindExpression(
  ctx: GoalContext,
  node: Located,
  text: string,
  usage: Usage,
  target?: BindTarget,
): JsonSchema | undefined {
  const parsed = parseExpression(text);
  if (!parsed.ok) {
    report(ctx, "PLAN_EXPRESSION_SYNTAX", node, {
      message: `"${text}": ${parsed.error.message} (at character ${parsed.error.offset + 1})`,
      hint: parsed.error.hint,
    });
    return undefined;
  }
  const schema = expressionSchema(ctx, node, parsed.expr, text, usage, target);
  if (schema !== undefined && parsed.expr.kind !== "inputs") checkFit(ctx, node, schema, target, text);
  return schema;
}

/**
 * Parses a `{$…}` template and checks each expression in it for the place it is used. A whole input inside a
 * request template is text spliced into it: a required string, described by where it goes.
 */
export function checkTemplate(ctx: GoalContext, node: Located, text: string, usage: Usage, target?: BindTarget): void {
  const parsed = parseTemplate(text);
  if (!parsed.ok) {
    report(ctx, "PLAN_EXPRESSION_SYNTAX", node, {
      message: `"${text}": ${parsed.error.message} (at character ${parsed.error.offset + 1})`,
      hint: parsed.error.hint,
    });
    return;
  }
  for (const expr of referencesOf(parsed.template).expressions) {
    if (expr.kind === "inputs" && expr.pointer.length === 0 && usage.where === "request")
      recordTemplateUse(ctx, node, expr.name, text, target);
    else expressionSchema(ctx, node, expr, text, usage, undefined);
  }
}

function recordTemplateUse(
  ctx: GoalContext,
  node: Located,
  name: string,
  text: string,
  target: BindTarget | undefined,
): void {
  recordInputUse(ctx, name, {
    schema: STRING,
    required: true,
    inTemplate: true,
    description: templateDescription(name, text, target),
    examples: [],
    boundTo: target ? `${target.boundTo} (template)` : "template",
    node,
  });
}

/** `Text inserted into query parameter "q" of search/issues-and-pull-requests: is:pr author:{author}.` */
function templateDescription(name: string, text: string, target: BindTarget | undefined): string {
  const shown = text.replace(/\{\$inputs\.([A-Za-z0-9_-]+)\}/g, "{$1}").replace(/\{\$[^}]*\}/g, "{…}");
  const place = target ? target.label.replace(/^\w/, (c) => c.toLowerCase()) : "a text value";
  return `Text inserted as {${name}} into ${place}: \`${shown}\`.`;
}

/** Checks the expressions a parsed criterion reads (they see the step's response). */
export function bindExpressions(
  ctx: GoalContext,
  node: Located,
  expressions: readonly Expression[],
  text: string,
  usage: Usage,
): void {
  for (const expr of expressions) expressionSchema(ctx, node, expr, text, usage, undefined);
}

type Resolver = (
  ctx: GoalContext,
  node: Located,
  expr: Expression,
  text: string,
  usage: Usage,
  target?: BindTarget,
) => JsonSchema | undefined;

const RESOLVERS: Partial<Record<Expression["kind"], Resolver>> = {
  inputs: inputSchema,
  config: configSchema,
  stepOutput: stepOutputSchema,
  responseBody: responseBodySchema,
  responseHeader: responseHeaderSchema,
  statusCode: (ctx, node, _e, text, usage) => (responseOnly(ctx, node, text, usage) ? { type: "integer" } : undefined),
  url: (ctx, node, _e, text, usage) => (responseOnly(ctx, node, text, usage) ? STRING : undefined),
  method: (ctx, node, _e, text, usage) => (responseOnly(ctx, node, text, usage) ? STRING : undefined),
  requestHeader: (ctx, node, _e, text, usage) => (responseOnly(ctx, node, text, usage) ? ANY : undefined),
  requestQuery: (ctx, node, _e, text, usage) => (responseOnly(ctx, node, text, usage) ? ANY : undefined),
  requestPath: (ctx, node, _e, text, usage) => (responseOnly(ctx, node, text, usage) ? ANY : undefined),
  requestBody: (ctx, node, _e, text, usage) => (responseOnly(ctx, node, text, usage) ? ANY : undefined),
};

function expressionSchema(
  ctx: GoalContext,
  node: Located,
  expr: Expression,
  text: string,
  usage: Usage,
  target?: BindTarget,
): JsonSchema | undefined {
  const resolver = RESOLVERS[expr.kind];
  if (resolver) return resolver(ctx, node, expr, text, usage, target);
  report(ctx, "PLAN_EXPRESSION_CONTEXT", node, {
    message: `"${text}" (${expr.kind}) cannot be evaluated inside one tool call`,
    hint: "use $inputs.NAME, $steps.ID.outputs.NAME, or $response/$statusCode in a step's outputs and criteria",
  });
  return undefined;
}

function responseOnly(ctx: GoalContext, node: Located, text: string, usage: Usage): boolean {
  if (usage.where === "response") return true;
  report(ctx, "PLAN_EXPRESSION_CONTEXT", node, {
    message: `"${text}" reads the current response, which does not exist ${usage.where === "request" ? "while the request is built" : "in the goal's returns"}`,
    hint: `declare it as a step output (outputs: { NAME: ${text} }) and read it as $steps.ID.outputs.NAME`,
  });
  return false;
}

function inputSchema(
  ctx: GoalContext,
  node: Located,
  expr: Expression,
  _text: string,
  _usage: Usage,
  target?: BindTarget,
): JsonSchema | undefined {
  if (expr.kind !== "inputs") return undefined;
  const whole = expr.pointer.length === 0;
  recordInputUse(ctx, expr.name, {
    schema: whole && target ? target.schema : whole ? ANY : { type: "object" },
    required: whole ? (target?.required ?? false) : false,
    ...(whole && target?.description !== undefined ? { description: target.description } : {}),
    examples: whole ? (target?.examples ?? []) : [],
    boundTo: target?.boundTo ?? "expression",
    node,
    ...(whole && target?.decisive ? { decisive: true as const } : {}),
  });
  return undefined;
}

const SCALAR_TYPES: ReadonlySet<string> = new Set(["string", "integer", "number"]);

/**
 * `$config.NAME`: a value the operator sets (text, parsed as a number where the place takes one), recorded with the
 * place's schema for its start-up checks. Only a request may send it; it is never a model input.
 */
function configSchema(
  ctx: GoalContext,
  node: Located,
  expr: Expression,
  text: string,
  usage: Usage,
  target?: BindTarget,
): JsonSchema | undefined {
  if (expr.kind !== "config") return undefined;
  if (usage.where !== "request") {
    report(ctx, "PLAN_EXPRESSION_CONTEXT", node, {
      message: `"${text}" is a configured value, which a goal sends in a request and never reads back`,
      hint: "bind it to a parameter or a body field of a step",
    });
    return undefined;
  }
  const types = target === undefined ? ["string"] : [...jsonTypes(target.schema, ctx.api.schema)];
  const scalar = types.filter((t) => SCALAR_TYPES.has(t));
  ctx.configUses.push({
    name: expr.name,
    stepIndex: usage.stepIndex,
    schema: target === undefined ? STRING : target.schema,
    place: target?.label ?? "a text value",
    ...(target?.description === undefined ? {} : { description: target.description }),
    node,
  });
  return { type: scalar.length > 0 ? scalar : "string" };
}

function stepOutputSchema(
  ctx: GoalContext,
  node: Located,
  expr: Expression,
  text: string,
  usage: Usage,
): JsonSchema | undefined {
  if (expr.kind !== "stepOutput") return undefined;
  const producer = ctx.goal.steps.find((s) => s.id === expr.stepId);
  if (!producer) {
    report(ctx, "PLAN_UNKNOWN_STEP", node, {
      message: `"${text}" reads step "${expr.stepId}", which this goal does not have`,
      hint: didYouMean(expr.stepId, ctx.stepOrder) ?? `steps are ${ctx.stepOrder.join(", ")}`,
    });
    return undefined;
  }
  if (usage.where !== "returns") noteRead(ctx, usage, expr.stepId);
  const bound = ctx.steps.get(expr.stepId);
  const declared = producer.outputs[expr.name] !== undefined;
  if (!declared) {
    report(ctx, "PLAN_UNKNOWN_OUTPUT", node, {
      message: `"${text}": step "${expr.stepId}" has no output "${expr.name}"`,
      hint: didYouMean(expr.name, Object.keys(producer.outputs)) ?? `declare it under outputs of step "${expr.stepId}"`,
    });
    return undefined;
  }
  const schema = bound?.outputs.get(expr.name);
  if (schema === undefined) return undefined;
  const walked = schemaAtPointer(schema, expr.pointer, ctx.api.schema);
  return walked.ok ? walked.schema : ANY;
}

function noteRead(ctx: GoalContext, usage: Exclude<Usage, { where: "returns" }>, producer: string): void {
  const reader = ctx.stepOrder[usage.stepIndex];
  if (reader !== undefined) ctx.reads.get(reader)?.add(producer);
}

function responseBodySchema(
  ctx: GoalContext,
  node: Located,
  expr: Expression,
  text: string,
  usage: Usage,
): JsonSchema | undefined {
  if (expr.kind !== "responseBody" || !responseOnly(ctx, node, text, usage) || usage.where !== "response")
    return undefined;
  const bound = ctx.steps.get(usage.stepId);
  const operation = bound?.operation;
  if (!operation) return undefined;
  if (usage.picked && bound.item !== undefined)
    return pickedItemSchema(ctx, node, { text, tokens: expr.pointer, bound });
  const bodies = successBodies(operation);
  if (bodies.length === 0) {
    report(ctx, "PLAN_RESPONSE_UNTYPED", node, {
      message: `"${text}" cannot be checked: the ${operation.success?.status ?? "success"} response of ${operation.id} declares no body schema`,
    });
    return undefined;
  }
  const walks = bodies.map((body) => ({
    status: body.status,
    walked: schemaAtPointer(body.content.schema, expr.pointer, ctx.api.schema),
  }));
  const found = walks.find((w) => w.walked.ok && w.walked.openAt === undefined) ?? walks.find((w) => w.walked.ok);
  if (found?.walked.ok) {
    if (found.walked.openAt !== undefined)
      reportOpenPointer(ctx, node, {
        text,
        tokens: expr.pointer,
        openAt: found.walked.openAt,
        owner: `the ${found.status} response of ${operation.id}`,
      });
    return found.walked.schema;
  }
  const deepest = walks.reduce((a, b) => (failedAt(b.walked) > failedAt(a.walked) ? b : a));
  if (deepest.walked.ok) return deepest.walked.schema;
  reportMissingPointer(ctx, node, {
    subject: `"${text}"`,
    owner: `the ${deepest.status} response of ${operation.id}`,
    schemaName: "the response schema",
    tokens: expr.pointer,
    walked: deepest.walked,
  });
  return undefined;
}

function pickedItemSchema(
  ctx: GoalContext,
  node: Located,
  {
    text,
    tokens,
    bound,
  }: { text: string; tokens: readonly string[]; bound: { operation: Operation; item?: JsonSchema } },
): JsonSchema | undefined {
  const walked = schemaAtPointer(bound.item ?? {}, tokens, ctx.api.schema);
  if (walked.ok) {
    if (walked.openAt !== undefined)
      reportOpenPointer(ctx, node, {
        text,
        tokens,
        openAt: walked.openAt,
        owner: `the item picked from ${bound.operation.id}'s list`,
      });
    return walked.schema;
  }
  reportMissingPointer(ctx, node, {
    subject: `"${text}"`,
    owner: `the item picked from ${bound.operation.id}'s list`,
    schemaName: "the item schema",
    tokens,
    walked,
  });
  return undefined;
}

/** PLAN_POINTER_THROUGH_OPEN_VALUE: the pointer goes on where the spec declares no members, so the rest is not checked. */
function reportOpenPointer(
  ctx: GoalContext,
  node: Located,
  found: { text: string; tokens: readonly string[]; openAt: number; owner: string },
): void {
  const open = `/${found.tokens.slice(0, found.openAt).join("/")}`;
  const rest = found.tokens.slice(found.openAt).join("/");
  report(ctx, "PLAN_POINTER_THROUGH_OPEN_VALUE", node, {
    message: `"${found.text}": ${open === "/" ? "the body" : open} of ${found.owner} is an open value the spec declares no members of, so "${rest}" under it is not checked; at run time a missing value stops the goal with NOT_FOUND where a later step needs it, and is left out of the result otherwise`,
  });
}

/** PLAN_POINTER_NOT_IN_RESPONSE for a pointer whose walk stopped: the missing token, where, and the closest names there. */
export function reportMissingPointer(
  ctx: GoalContext,
  node: Located,
  found: {
    subject: string;
    owner: string;
    schemaName: string;
    tokens: readonly string[];
    walked: Extract<WalkResult, { ok: false }>;
  },
): void {
  const { walked, tokens } = found;
  const missing = tokens[walked.failedAt] ?? "";
  report(ctx, "PLAN_POINTER_NOT_IN_RESPONSE", node, {
    message: `${found.subject}: ${found.owner} has no "${missing}" at /${tokens.slice(0, walked.failedAt + 1).join("/")}`,
    hint:
      didYouMean(missing, walked.available) ??
      (walked.available.length > 0
        ? `properties there: ${walked.available.slice(0, 12).join(", ")}`
        : `check the pointer against ${found.schemaName}`),
  });
}

function failedAt(walked: WalkResult): number {
  return walked.ok ? Infinity : walked.failedAt;
}

/** Body contents of the success response, then of the other 2xx responses (a step may branch on 200 vs 201). */
function successBodies(operation: Operation): { status: string; content: MediaContent }[] {
  const others = operation.responses.filter((r) => r !== operation.success && r.status.startsWith("2"));
  return [operation.success, ...others].flatMap((r) => {
    const content = r?.contents.find((c) => c.kind === "json") ?? r?.contents[0];
    return r && content ? [{ status: r.status, content }] : [];
  });
}

function responseHeaderSchema(
  ctx: GoalContext,
  node: Located,
  expr: Expression,
  text: string,
  usage: Usage,
): JsonSchema | undefined {
  if (expr.kind !== "responseHeader" || !responseOnly(ctx, node, text, usage) || usage.where !== "response")
    return undefined;
  const headers = ctx.steps.get(usage.stepId)?.operation.success?.headers ?? {};
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === expr.name.toLowerCase());
  return entry ? entry[1].schema : STRING;
}

/** A constant must satisfy the whole schema of where it goes (format, enum, pattern, bounds), not just its type. */
function checkConstant(ctx: GoalContext, node: Located, value: unknown, target: BindTarget | undefined): void {
  if (!target || (value !== null && typeof value === "object" && !Array.isArray(value))) return;
  const reason = constantMisfit(value, target.schema, ctx.api.schema);
  if (reason === undefined) return;
  report(ctx, "PLAN_CONSTANT_INVALID", node, {
    message: `${JSON.stringify(value)} ${reason}, as ${target.label} requires`,
    hint: `bind a value ${target.label} accepts, or make it an input ($inputs.NAME) the model fills`,
  });
}

function checkFit(
  ctx: GoalContext,
  node: Located,
  source: JsonSchema,
  target: BindTarget | undefined,
  shown: string,
): void {
  if (!target) return;
  const from = jsonTypes(source, ctx.api.schema);
  const to = jsonTypes(target.schema, ctx.api.schema);
  if (typesFit(from, to)) return;
  report(ctx, "PLAN_TYPE_MISMATCH", node, {
    message: `${shown} yields ${describeTypes(from)}, but ${target.label} expects ${describeTypes(to)}`,
    hint: `bind a value of type ${describeTypes(to)} there, or read another field that has that type`,
  });
}
