// A read that must find exactly one item: its list → the one item meant, or the error naming none or several.
import { parseExpression } from "../expressions/index.js";
import { formatPointer, pointerTokens, resolvePointer } from "../expressions/pointer.js";
import type { ExactlyOneSpec, StepSpec } from "../types.js";
import type { OperationRequest } from "../transport.js";
import type { ErrorBody } from "./failure.js";
import { noListAt } from "./pick.js";
import { setAtPointer } from "./values.js";

/** How many of the items found the error names. */
const SHOWN = 5;

/** A value that names an item but is no output is shortened past this many characters (an output never is). */
const NAME_CHARS = 80;

/** The spec with its pointers decoded once. */
export interface CompiledExactlyOne {
  readonly spec: ExactlyOneSpec;
  readonly list: readonly string[];
  /** Each identifying field; `whole` for one an output reads (an id is never shortened). */
  readonly identify: readonly { readonly field: string; readonly tokens: readonly string[]; readonly whole: boolean }[];
}

/** The item fields the step's outputs read (`/_id` of `$response.body#/items/0/_id`). */
function outputFields(step: StepSpec, list: readonly string[]): Set<string> {
  const fields = new Set<string>();
  for (const text of Object.values(step.outputs)) {
    const parsed = parseExpression(text);
    if (!parsed.ok || parsed.expr.kind !== "responseBody") continue;
    const tokens = parsed.expr.pointer;
    if (list.every((t, i) => tokens[i] === t)) fields.add(formatPointer(tokens.slice(list.length + 1)));
  }
  return fields;
}

export function compileExactlyOne(step: StepSpec, spec: ExactlyOneSpec): CompiledExactlyOne {
  const list = pointerTokens(spec.list);
  const whole = outputFields(step, list);
  return {
    spec,
    list,
    identify: spec.identify.map((pointer) => ({
      field: pointer.replace(/^\//, ""),
      tokens: pointerTokens(pointer),
      whole: whole.has(pointer),
    })),
  };
}

const label = (step: StepSpec): string => `step "${step.id}" (${step.method.toUpperCase()} ${step.path})`;

/** The values the user's search sent, by parameter. */
function searched(spec: ExactlyOneSpec, request: OperationRequest): [string, unknown][] {
  return spec.searchedBy.flatMap(({ parameter }) => {
    const value = request.params.find((p) => p.spec.name === parameter && p.spec.in === "query")?.value;
    return value === undefined ? [] : [[parameter, value] as [string, unknown]];
  });
}

/** `filter "email:ada@example.com"`: the search as the step sent it, or nothing when no input filled it. */
function searchOf(sent: readonly [string, unknown][]): string {
  return sent.map(([parameter, value]) => `${parameter} ${JSON.stringify(value)}`).join(" and ");
}

/**
 * The items one of whose identifying fields equals a searched value exactly (a typeahead that lists "Website relaunch"
 * and "Website relaunch 2" for "Website relaunch"): the user named that one.
 */
function namedExactly(check: CompiledExactlyOne, items: readonly unknown[], sent: readonly [string, unknown][]) {
  const terms = new Set(sent.map(([, value]) => String(value)));
  return items.filter((item) =>
    check.identify.some(({ tokens }) => {
      const value = resolvePointer(item, tokens);
      return (typeof value === "string" || typeof value === "number") && terms.has(String(value));
    }),
  );
}

function shown(value: unknown, whole: boolean): string {
  const text = JSON.stringify(value);
  return whole || text.length <= NAME_CHARS ? text : `${text.slice(0, NAME_CHARS - 2)}…"`;
}

/** `_id "5f1", email "ada@example.com"`: the item's identifying fields that it has. */
function nameItem(check: CompiledExactlyOne, item: unknown): string {
  const parts = check.identify.flatMap(({ field, tokens, whole }) => {
    const value = resolvePointer(item, tokens);
    if (value === undefined || value === null || typeof value === "object") return [];
    return [`${field} ${shown(value, whole)}`];
  });
  return parts.length > 0 ? parts.join(", ") : shown(item, false);
}

function inputsPhrase(spec: ExactlyOneSpec): string {
  const inputs = [...new Set(spec.searchedBy.map((s) => s.input))];
  return inputs.length === 0 ? "the search" : inputs.map((i) => `\`${i}\``).join(" or ");
}

/** Said of a first page whose answer names a next one: what matches there may not be all that matches. */
const LATER_PAGES = " on the first page, and the API says more pages follow, which this tool does not read";

function several(
  step: StepSpec,
  check: CompiledExactlyOne,
  { items, search, morePages }: { items: readonly unknown[]; search: string; morePages: boolean },
): ErrorBody {
  const named = items
    .slice(0, SHOWN)
    .map((item, i) => `${i + 1}. ${nameItem(check, item)}`)
    .join("; ");
  const more = items.length > SHOWN ? `; and ${items.length - SHOWN} more` : "";
  const what = search === "" ? "the read" : search;
  const matches = items.length === 1 ? "1 item matches" : `${items.length} items match`;
  const count = morePages
    ? `${matches} ${what}${LATER_PAGES}, so more may match`
    : `${items.length} items match ${what}`;
  return {
    code: "INVALID_ARGUMENT",
    message: `${label(step)}: ${count}, and this tool acts on exactly one, so it did not choose: ${named}${more}`,
    suggestion:
      "Ask the user which one they mean (show them the items above), then call again with " +
      `${inputsPhrase(check.spec)} narrowed so it matches only that one (a full email, an exact name, an id).`,
    step: step.id,
    retryable: false,
  };
}

function none(step: StepSpec, check: CompiledExactlyOne, search: string, morePages = false): ErrorBody {
  return {
    code: "NOT_FOUND",
    message:
      `${label(step)}: no item matches ${search === "" ? "the read" : search}` +
      `${morePages ? `${LATER_PAGES}, so one may match there` : ""}`,
    suggestion: [
      morePages
        ? `Do not tell the user it does not exist: call again with ${inputsPhrase(check.spec)} narrowed so the ` +
          "first page holds it (the full name, an exact match), or ask the user for its id."
        : `Ask the user to check the value, or call again with ${inputsPhrase(check.spec)} written another way ` +
          "(fewer words, the full email, the name as it is listed).",
      ...(step.errorHints.NOT_FOUND === undefined ? [] : [step.errorHints.NOT_FOUND]),
    ].join(" "),
    step: step.id,
    retryable: false,
  };
}

/** The answer as the outputs read it: the list narrowed to the one item meant, or the error naming none or several. */
export type OneItem = { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly error: ErrorBody };

/**
 * The body with the list the step's outputs read item 0 of holding exactly one item: as it came, or narrowed to the
 * one item whose identifying field equals the search; else the error naming none or several. A body with nothing there
 * passes as it is (the outputs then say what is missing), `null` is an empty list (Go's nil slice), anything else
 * there is no list (said so). On a page whose answer names a next one (`after: "more"`), one item is not all that
 * matches and none is not proof there is none: both are said so, unless an item's name equals the search exactly.
 */
export function exactlyOneItem(
  step: StepSpec,
  check: CompiledExactlyOne,
  {
    body,
    request,
    after = "unknown",
  }: { body: unknown; request: OperationRequest; after?: "more" | "last" | "unknown" },
): OneItem {
  const listed = resolvePointer(body, check.list);
  if (listed !== undefined && listed !== null && !Array.isArray(listed))
    return { ok: false, error: noListAt(step, label(step), { pointer: check.spec.list, listed }) };
  const sent = searched(check.spec, request);
  const morePages = after === "more";
  if (listed === null) return { ok: false, error: none(step, check, searchOf(sent), morePages) };
  if (!Array.isArray(listed)) return { ok: true, body };
  if (listed.length === 0) return { ok: false, error: none(step, check, searchOf(sent), morePages) };
  if (listed.length === 1 && !morePages) return { ok: true, body };
  const exact = namedExactly(check, listed, sent);
  if (exact.length === 1) return { ok: true, body: setAtPointer(body, check.list, exact) };
  return { ok: false, error: several(step, check, { items: listed, search: searchOf(sent), morePages }) };
}
