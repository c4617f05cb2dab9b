// Derives each step's repair hints: the goals file's own first, else which input to check and which tool yields a valid value.
import type { SchemaLookup } from "../../model/api-source.js";
import type { JsonSchema } from "../../model/api-model.js";
import { derefTop, componentName } from "../schemas.js";
import { toSnakeCase } from "../../util/naming.js";
import type { StepPlan, ToolDef, ToolInput, ValueExpr } from "../types.js";

/** Every tool with each step's `errorHints` filled: explicit `errors` entries win over derived ones. */
export function withErrorHints(
  tools: readonly ToolDef[],
  explicit: ReadonlyMap<string, Readonly<Record<string, string>>>,
  schemas: SchemaLookup,
): ToolDef[] {
  const found: Found = { schemas, answers: new Map(), snake: new Map() };
  return tools.map((tool) => ({
    ...tool,
    steps: tool.steps.map((step) => ({
      ...step,
      errorHints: { ...derivedHints(tool, step, tools, found), ...stepEntries(explicit.get(tool.name), step.id) },
    })),
  }));
}

/**
 * What the producer search has worked out for one toolset: whether a schema yields a wanted value, by what is wanted
 * and then by schema and depth (the tools' results share schemas, read again for every input and step), and the
 * snake_case of each name met.
 */
interface Found {
  readonly schemas: SchemaLookup;
  readonly answers: Map<string, Map<object, (boolean | undefined)[]>>;
  readonly snake: Map<string, string>;
}

function snakeOf(found: Found, text: string): string {
  let name = found.snake.get(text);
  if (name === undefined) {
    name = toSnakeCase(text);
    found.snake.set(text, name);
  }
  return name;
}

function stepEntries(errors: Readonly<Record<string, string>> | undefined, stepId: string): Record<string, string> {
  const prefix = `${stepId}.`;
  return Object.fromEntries(
    Object.entries(errors ?? {})
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
}

function derivedHints(tool: ToolDef, step: StepPlan, tools: readonly ToolDef[], found: Found): Record<string, string> {
  const fed = tool.inputs.filter((i) => i.boundTo.some((b) => b.startsWith(`${step.operationId} `)));
  const names = quoted(fed);
  const identifying = fed.filter((i) => i.required && identifies(i, step.operationId));
  const ids = quoted(identifying);
  const producers = identifying.flatMap((i) => {
    const producer = BARE_REFERENCE.test(i.name)
      ? listerOf(i, step, tool.name, tools)
      : producerOf(i.name, tool.name, tools, found);
    return producer ? [`use ${producer} to find a valid \`${i.name}\``] : [];
  });
  const lookup = producers.length > 0 ? `; ${producers.join("; ")}` : "";
  const hints: Record<string, string> = {
    "404":
      identifying.length > 0
        ? `Nothing matches the given ${ids}. Check ${identifying.length > 1 ? "them" : "it"} with the user${lookup}.`
        : notFoundWithoutIdentifier(step),
    NOT_FOUND:
      identifying.length > 0
        ? `Step "${step.id}" found nothing for the given ${ids}${lookup}.`
        : `Step "${step.id}" found nothing.`,
    rejected: namesRecordOnly(step, fed)
      ? refusedHint(names, fed.length > 1, constantsOf(step))
      : rejectedHint(fed.length > 0, constantsOf(step)),
    "409": step.readOnly
      ? "The resource is in a conflicting state; read it again before retrying."
      : "The change conflicts with the current state (it may already exist or have changed); read the current state before trying again.",
    "429": "Too many requests: wait for the time given in retry_after_seconds, then retry once.",
  };
  return hints;
}

/** A name that refers to a record: `id`, `user_id`, `videoIds`, `uuid`, `AccountSid`, `project_key`. */
const REFERENCE = /(^|_)(id|ids|uuid|sid|key)$/;

/**
 * Whether the input names a record the step looks up, so a 404 can mean the model's value matched nothing: it fills a
 * path parameter, a pick's match (`pet_name`), or a parameter or body field named as a reference (`channel_id`), and is
 * not one of an enum's values.
 * The fields of what a create sends (Vimeo's new channel `name`, its `privacy`) find nothing and are found by no tool.
 */
function identifies(input: ToolInput, operationId: string): boolean {
  if (typeof input.schema === "object" && Array.isArray(input.schema["enum"])) return false;
  return input.boundTo.some((target) => {
    if (!target.startsWith(`${operationId} `)) return false;
    const [place = "", ...rest] = target.slice(operationId.length + 1).split(" ");
    if (place === "path" || place === "item") return true;
    const name = place === "body" ? rest[0] : place.startsWith("body/") ? place.split("/").at(-1) : rest[0];
    return name !== undefined && REFERENCE.test(toSnakeCase(name));
  });
}

/**
 * A 404 from a step the model gave no identifier: where a read's path names no record (`GET /lists`), the path itself
 * was not found, which a wrong server URL explains, not anything the model passed; where the path names one, the
 * record an earlier step found is gone; a write to a path naming none (Vimeo's `POST /channels`) refers to a record
 * that does not exist, or the path was not found — never "no longer exists" of what it was about to create; a write
 * that sends no value at all (Spotify's `PUT /me/player/pause`, answered 404 `NO_ACTIVE_DEVICE`) has no value to check: what
 * the API said names what is missing.
 */
function notFoundWithoutIdentifier(step: StepPlan): string {
  const call = `${step.method.toUpperCase()} ${step.path}`;
  if (step.path.includes("{")) return "The resource no longer exists.";
  if (step.readOnly && step.body === undefined)
    return `${call} was not found, though it names no record: the server URL the tool is configured with is likely wrong. Do not retry; tell the user the operator must check it.`;
  if (step.params.length === 0 && step.body === undefined)
    return `${call} answered Not Found, though the call names no record and sends no value: tell the user what the API said is missing (nothing active to act on, something not set up yet); if it said nothing, the server URL the tool is configured with is likely wrong. Do not retry unchanged.`;
  return `${call} answered Not Found: a record the request refers to does not exist, or the server URL the tool is configured with is wrong. Check the values passed with the user before calling again.`;
}

/**
 * Whether the model gives a write only the record it acts on: every input the step reads fills a path parameter
 * (Mailchimp's `POST /campaigns/{campaign_id}/actions/send`, a `DELETE /pools/{pool_id}`). A refusal of such a call
 * (a 400 "Your Campaign is not ready to send.") is about the record's state, since a wrong id is a 404.
 */
function namesRecordOnly(step: StepPlan, fed: readonly ToolInput[]): boolean {
  const prefix = `${step.operationId} `;
  return (
    !step.readOnly &&
    fed.length > 0 &&
    fed.every((i) => i.boundTo.filter((b) => b.startsWith(prefix)).every((b) => b.startsWith(`${prefix}path `)))
  );
}

/** A write given only its record was refused: what the record lacks is the cause, not the id the model passed. */
function refusedHint(names: string, plural: boolean, constants: readonly string[]): string {
  const own =
    constants.length === 0
      ? ""
      : ` If it names nothing, a value the goal itself sends (${constants.map((c) => `\`${c}\``).join(", ")}) may be the cause: tell the user the tool's goal binding needs fixing.`;
  const only = plural ? "only name it" : "only names it";
  const malformed = plural ? "one of them is" : "it is";
  return `The API refused the call for the record as it is now (${names} ${only}): the message says what it lacks or why its state does not allow this. Tell the user what must change first; do not retry unchanged. Check ${names} only if the API says ${malformed} malformed.${own}`;
}

/**
 * The hint for a refusal whose message names none of the fields the step sends (the runtime names the field when the
 * message does): what the API said is the reason, a value or the record's state, and which argument is at fault would
 * be a guess, so none is named (Linode's boot answered "Linode busy." and was told to check `config_id`, an optional
 * argument the call had not carried). Where the model gives the step nothing, or the message faults a value the model
 * did not pass, a value the goal itself sends is the likely cause.
 */
function rejectedHint(fed: boolean, constants: readonly string[]): string {
  const fixed = constants.map((c) => `\`${c}\``).join(", ");
  const binding = "tell the user the tool's goal binding needs fixing instead of retrying with other arguments.";
  if (!fed)
    return constants.length === 0
      ? "The API rejected the request."
      : `The API rejected the request. The likely cause is a value the goal itself sends (${fixed}): ${binding}`;
  const own =
    constants.length === 0
      ? ""
      : ` If it faults a value you did not pass, the likely cause is one the goal itself sends (${fixed}): ${binding}`;
  return `The API rejected the call without naming an argument: what it said is the reason. If it faults a value, check the arguments you passed against their descriptions and examples; if it is about the record's state (busy, not ready, not allowed now), tell the user what must change first. Do not retry unchanged.${own}`;
}

/** Parameters and body fields the step binds to a constant (a literal, or a template reading no input). */
function constantsOf(step: StepPlan): string[] {
  const fixed = (value: ValueExpr): boolean => {
    if (value.kind === "array") return value.items.every(fixed);
    if (value.kind === "object") return value.entries.every(([, v]) => fixed(v));
    return value.kind === "literal" || (value.kind === "template" && !value.text.includes("$inputs."));
  };
  const body =
    step.body?.value.kind === "object" ? step.body.value.entries.filter(([, v]) => fixed(v)).map(([k]) => k) : [];
  return [...step.params.filter((p) => fixed(p.value)).map((p) => p.name), ...body];
}

function quoted(inputs: readonly ToolInput[]): string {
  return inputs.map((i) => `\`${i.name}\``).join(", ");
}

/** A reference that names no record of its own: `id`, `uuid`, `key`; which record it is, the path says. */
const BARE_REFERENCE = /^(id|ids|uuid|sid|key)$/;

/**
 * For a bare `id` filling a path parameter (Up's `GET /transactions/{id}`), the tool that lists the collection the path
 * names before it (`GET /transactions`): any tool whose result has an `id` (Up's accounts list) yields ids of other
 * records. None when no tool lists that collection, or the id fills no path parameter.
 */
function listerOf(input: ToolInput, step: StepPlan, self: string, tools: readonly ToolDef[]): string | undefined {
  const param = input.boundTo
    .filter((b) => b.startsWith(`${step.operationId} path `))
    .map((b) => b.slice(`${step.operationId} path `.length))[0];
  const at = param === undefined ? -1 : step.path.indexOf(`/{${param}}`);
  if (at <= 0) return undefined;
  const collection = step.path.slice(0, at);
  return tools.find(
    (t) =>
      t.name !== self &&
      t.category === "data" &&
      !t.inputs.some((i) => i.required && i.name === input.name) &&
      t.steps.some((s) => s.method === "get" && s.path === collection),
  )?.name;
}

/**
 * Another tool whose result carries a value for `input`: first one returning the entity itself (the `id` of a
 * schema named like it, `pet_id` ← Pet.id), else one with a property of that name holding values, not records (an
 * order's `petId`; never a pull request's `base.repo`, a whole repository, for `repo`). A tool that itself
 * requires `input` finds no valid one (Gitea's pull request list, which needs the `repo` it would name).
 */
function producerOf(input: string, self: string, tools: readonly ToolDef[], found: Found): string | undefined {
  const entity = input.endsWith("_id") ? input.slice(0, -3) : undefined;
  const candidates = tools.filter(
    (t) =>
      t.name !== self &&
      t.category === "data" &&
      !t.inputs.some((i) => i.required && i.name === input) &&
      !samplesAtRandom(t),
  );
  const owner =
    entity === undefined ? undefined : candidates.find((t) => yields(t.returns.schema, { entity }, found, 0));
  return (owner ?? candidates.find((t) => yields(t.returns.schema, { input }, found, 0)))?.name;
}

/**
 * A tool that answers records picked at random (Wordnik's `GET /words.json/randomWords`): valid values, but never the
 * one the user meant, so no way to find it.
 */
export function samplesAtRandom(tool: Pick<ToolDef, "name" | "steps">): boolean {
  return [tool.name, ...tool.steps.flatMap((s) => [s.operationId, s.path])].some((text) => /random/i.test(text));
}

/** {@link yieldsOnce}, each schema answered once per depth for what is wanted. */
function yields(schema: JsonSchema, wanted: { input?: string; entity?: string }, found: Found, depth: number): boolean {
  if (depth > 4 || typeof schema !== "object") return false;
  const key = wanted.input === undefined ? `entity ${wanted.entity}` : `input ${wanted.input}`;
  let answers = found.answers.get(key);
  if (answers === undefined) found.answers.set(key, (answers = new Map()));
  let byDepth = answers.get(schema);
  if (byDepth === undefined) answers.set(schema, (byDepth = []));
  byDepth[depth] ??= yieldsOnce(schema, wanted, found, depth);
  return byDepth[depth];
}

/** Whether a property holds values (a string, a list of ids), not a record with members of its own or a list of them. */
function holdsValue(schema: JsonSchema, schemas: SchemaLookup, depth = 0): boolean {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object" || depth > 1) return true;
  const items = node["items"];
  if (items !== undefined && typeof items === "object" && !Array.isArray(items))
    return holdsValue(items as JsonSchema, schemas, depth + 1);
  const type = node["type"];
  return !(type === "object" || (Array.isArray(type) && type.includes("object")) || node["properties"] !== undefined);
}

function yieldsOnce(
  schema: Exclude<JsonSchema, boolean>,
  wanted: { input?: string; entity?: string },
  found: Found,
  depth: number,
): boolean {
  const { schemas } = found;
  const ref = componentName(schema["$ref"]);
  const node = derefTop(schema, schemas);
  if (typeof node !== "object") return false;
  const properties = (node["properties"] ?? {}) as Record<string, JsonSchema>;
  if (
    wanted.input !== undefined &&
    Object.entries(properties).some(([p, s]) => snakeOf(found, p) === wanted.input && holdsValue(s, schemas))
  )
    return true;
  if (
    wanted.entity !== undefined &&
    ref !== undefined &&
    snakeOf(found, ref) === wanted.entity &&
    Object.hasOwn(properties, "id")
  )
    return true;
  const nested = [node["items"], ...Object.values(properties)].filter(
    (s): s is JsonSchema => s !== undefined && typeof s === "object",
  );
  return nested.some((s) => yields(s, wanted, found, depth + 1));
}
