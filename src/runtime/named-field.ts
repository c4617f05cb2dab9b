// A 400/422 message + the step that was refused → the suggestion naming the field the API named and what supplies it.
import { parseExpression, parseTemplate, referencesOf, type Expression } from "./expressions/index.js";
import type { StepSpec, ValueExpr } from "./types.js";

/** A parameter or body field the step sends, with the expressions its value reads. */
interface SentField {
  readonly name: string;
  readonly reads: readonly Expression[];
}

function reads(value: ValueExpr): Expression[] {
  if (value.kind === "expr") {
    const parsed = parseExpression(value.text);
    return parsed.ok ? [parsed.expr] : [];
  }
  if (value.kind === "template") {
    const parsed = parseTemplate(value.text);
    return parsed.ok ? [...referencesOf(parsed.template).expressions] : [];
  }
  if (value.kind === "object") return value.entries.flatMap(([, v]) => reads(v));
  if (value.kind === "array") return value.items.flatMap(reads);
  return [];
}

function sentFields(step: Pick<StepSpec, "params" | "body">): SentField[] {
  const body = step.body?.value.kind === "object" ? step.body.value.entries : [];
  return [
    ...step.params.map((p) => ({ name: p.name, reads: reads(p.value) })),
    ...body.map(([name, value]) => ({ name, reads: reads(value) })),
  ];
}

const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether the message names the field: quoted (`'To'`, `"To"`, `` `To` ``), called a parameter or field in its exact
 * spelling (Twilio's "Url parameter is required."), or, for a name no sentence would use as a plain word
 * (`AccountSid`, `phone_number`), as a whole word of that exact spelling.
 */
function names(message: string, field: string): boolean {
  if (new RegExp(`['"\`‘“]${literal(field)}['"\`’”]`, "i").test(message)) return true;
  const called = `(?<![A-Za-z0-9_])${literal(field)}\\s+(?:[Pp]arameter|[Ff]ield|[Aa]rgument)s?\\b`;
  if (
    new RegExp(`${called}|\\b(?:[Pp]arameter|[Ff]ield|[Aa]rgument)\\s+${literal(field)}(?![A-Za-z0-9_])`).test(message)
  )
    return true;
  const identifier = /[_\d]|[a-z][A-Z]/.test(field);
  return identifier && new RegExp(`(?<![A-Za-z0-9_])${literal(field)}(?![A-Za-z0-9_])`).test(message);
}

function supplier(field: SentField): string {
  const inputs = [...new Set(field.reads.flatMap((e) => (e.kind === "inputs" ? [e.name] : [])))];
  const steps = [...new Set(field.reads.flatMap((e) => (e.kind === "stepOutput" ? [e.stepId] : [])))];
  const named = `The API named \`${field.name}\``;
  const list = (items: readonly string[]): string => items.map((i) => `\`${i}\``).join(", ");
  if (inputs.length === 1)
    return `${named}, which the ${list(inputs)} argument supplies: pass it (a call may have left it out) with a value \
that fits its description, then call again.`;
  if (inputs.length > 1)
    return `${named}, which the ${list(inputs)} arguments supply: pass them with values that fit their descriptions, \
then call again.`;
  if (steps.length > 0)
    return `${named}, which step ${list(steps)} found: check the arguments that chose it, then call again.`;
  const config = [...new Set(field.reads.flatMap((e) => (e.kind === "config" ? [`$config.${e.name}`] : [])))];
  if (config.length > 0)
    return `${named}, a value the operator configures (${list(config)}): tell the user the operator must check that \
setting instead of retrying with other arguments.`;
  return `${named}, a value the goal itself sends: tell the user the tool's goal binding needs fixing instead of \
retrying with other arguments.`;
}

/** What to do about a field the API asks for that the step never sends: no argument supplies it. */
function unsentSuggestion(field: string): string {
  return `The API named \`${field}\`, which this tool never sends (its goal leaves it out), so no argument can supply \
it: do not retry with other arguments; tell the user the tool cannot do this until its goal binds \`${field}\`.`;
}

/**
 * The suggestion for a refusal whose message names a field the step sends, else one the operation takes that the step
 * never sends; undefined when it names neither.
 */
export function namedFieldSuggestion(
  step: Pick<StepSpec, "params" | "body" | "unsent">,
  message: string | undefined,
): string | undefined {
  if (message === undefined) return undefined;
  const fields = sentFields(step).filter((f) => names(message, f.name));
  const [first] = fields.filter((f) => f.reads.some((e) => e.kind === "inputs"));
  const chosen = first ?? fields[0];
  if (chosen !== undefined) return supplier(chosen);
  const unsent = (step.unsent ?? []).find((f) => names(message, f));
  return unsent === undefined ? undefined : unsentSuggestion(unsent);
}

/** A token an error answer hands back for the refused call to carry when it is made again, and what it costs. */
export interface TokenToSendBack {
  /** The member of the answer holding it (`token`, `primetime_confirmation_token`). */
  readonly member: string;
  /** The argument that sends it back (`cancel_confirmation_token`). */
  readonly input: string;
  readonly value: string;
  /** The answer's other plain values (`amount 500, currency "USD", token_duration 60`), or "". */
  readonly terms: string;
}

const snake = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** Members an error body says its refusal in, already quoted by the message. */
const SAID = new Set(["error", "error_description", "message", "code", "detail", "title", "status", "type"]);

/**
 * The token a refusal's body hands back (Lyft's `{error: "cancel_confirmation_required", amount: 500, currency: "USD",
 * token: "656a91d"}` for `POST /rides/{id}/cancel`, whose body takes `cancel_confirmation_token`): a string member
 * named `token`, or ending in `_token`, that a field the step sends from one argument is named (the same name, or
 * `…_token` for a bare `token` when only one field so ends; a field named `token` alone is the token the call already
 * carried, a verification's). Undefined otherwise: the model cannot send it back.
 */
export function tokenToSendBack(step: Pick<StepSpec, "params" | "body">, body: unknown): TokenToSendBack | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  const fields = sentFields(step).flatMap((f) => {
    const inputs = [...new Set(f.reads.flatMap((e) => (e.kind === "inputs" ? [e.name] : [])))];
    return inputs.length === 1 && /_token$/.test(snake(f.name)) ? [{ name: snake(f.name), input: inputs[0] }] : [];
  });
  for (const [member, value] of Object.entries(record)) {
    const name = snake(member);
    if (typeof value !== "string" || value === "" || value.length > 200 || !/(^|_)token$/.test(name)) continue;
    const same = fields.filter((f) => f.name === name);
    const ends = name === "token" ? fields.filter((f) => f.name.endsWith("_token")) : [];
    const field = same.length === 1 ? same[0] : ends.length === 1 ? ends[0] : undefined;
    if (field?.input === undefined) continue;
    const terms = Object.entries(record)
      .filter(([k, v]) => k !== member && !SAID.has(snake(k)) && ["string", "number", "boolean"].includes(typeof v))
      .slice(0, 6)
      .map(([k, v]) => `${k} ${JSON.stringify(v).slice(0, 80)}`)
      .join(", ");
    return { member, input: field.input, value, terms };
  }
  return undefined;
}

/** A field that carries where an earlier listing left off: a sync, page, delta or continuation token, or a cursor. */
const RESUME_FIELD =
  /(?:^|_)(?:(?:sync|page|delta|continuation|resume|change|state)_?token|cursor|sync_?state|resource_?version)$/;

/**
 * The arguments that send a sync token or cursor (Google's `syncToken` from `sync_token`), for an answer saying it
 * expired: the call works again without them. Those whose first word the answer says ("Sync token is no longer
 * valid" → `syncToken`, not `pageToken`), else all of them; empty when the step sends none from an argument.
 */
export function resumeTokenInputs(step: Pick<StepSpec, "params" | "body">, said = ""): string[] {
  const fields = sentFields(step).filter((f) => RESUME_FIELD.test(snake(f.name)));
  const spoken = fields.filter((f) => new RegExp(`\\b${snake(f.name).split("_")[0]}`, "i").test(said));
  const chosen = spoken.length > 0 ? spoken : fields;
  return [...new Set(chosen.flatMap((f) => f.reads.flatMap((e) => (e.kind === "inputs" ? [e.name] : []))))];
}
