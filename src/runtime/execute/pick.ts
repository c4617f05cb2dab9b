// A step's `pick`: the listed response → the one item whose fields equal the given values, or the error the model sees.
import type { EvaluationContext } from "../expressions/index.js";
import { editDistance } from "../expressions/hints.js";
import { pointerTokens, resolvePointer } from "../expressions/pointer.js";
import type { PickSpec, StepSpec } from "../types.js";
import type { ErrorBody } from "./failure.js";
import { compileValue, type Evaluator } from "./values.js";

/** A pick with its pointers decoded and its values compiled. */
export interface CompiledPick {
  readonly spec: PickSpec;
  readonly from: readonly string[];
  readonly where: readonly { readonly field: string; readonly tokens: readonly string[]; readonly value: Evaluator }[];
}

export type Picked = { readonly ok: true; readonly item: unknown } | { readonly ok: false; readonly error: ErrorBody };

/** Names the items that matched, by the step's outputs read from each (`gid 12`). */
export type Identify = (item: unknown) => string;

export function compilePick(spec: PickSpec): CompiledPick {
  return {
    spec,
    from: pointerTokens(spec.from),
    where: spec.where.map(([field, value]) => ({
      field: field.replace(/^\//, ""),
      tokens: pointerTokens(field),
      value: compileValue(value),
    })),
  };
}

/** Exact match: equal primitives (strings case-sensitive), or equal JSON for structures. */
function sameValue(actual: unknown, wanted: unknown): boolean {
  if (actual === wanted) return true;
  return typeof actual === "object" && actual !== null && JSON.stringify(actual) === JSON.stringify(wanted);
}

/**
 * The one item of the list at `from` whose every `where` field equals its value. None: NOT_FOUND naming the closest
 * values the list holds (and, for a paged list or one whose Link header or body says more pages follow, that only the
 * first page was read, and then not to say it does not exist; for a paged list whose answer names no next page, that
 * the whole list was read); several: INVALID_ARGUMENT naming them.
 */
export function pickItem(
  step: StepSpec,
  pick: CompiledPick,
  {
    body,
    ctx,
    identify,
    after = "unknown",
  }: { body: unknown; ctx: EvaluationContext; identify: Identify; after?: "more" | "last" | "unknown" },
): Picked {
  const listed = resolvePointer(body, pick.from);
  const label = `step "${step.id}" (${step.method.toUpperCase()} ${step.path})`;
  if (!Array.isArray(listed)) return { ok: false, error: noListAt(step, label, { pointer: pick.spec.from, listed }) };
  const items: readonly unknown[] = listed;
  const wanted = pick.where.map((w) => ({ ...w, wanted: w.value(ctx) }));
  const matches = items.filter((item) => wanted.every((w) => sameValue(resolvePointer(item, w.tokens), w.wanted)));
  if (matches.length === 1) return { ok: true, item: matches[0] };
  const condition = wanted.map((w) => `${w.field} ${JSON.stringify(w.wanted)}`).join(" and ");
  if (matches.length > 1)
    return {
      ok: false,
      error: {
        code: "INVALID_ARGUMENT",
        message: `${label}: ${matches.length} items have ${condition}, so it does not say which one is meant (${matches
          .slice(0, 5)
          .map(identify)
          .join("; ")})`,
        suggestion: "Ask the user which one they mean; the value must identify exactly one item.",
        step: step.id,
        retryable: false,
      },
    };
  const first = wanted[0];
  const values = first === undefined ? [] : textValues(items, first.tokens);
  const close = first === undefined || typeof first.wanted !== "string" ? [] : closeValues(values, first.wanted);
  const morePages = after === "more";
  const page = morePages
    ? " on the first page the API returned; the API says more pages follow, which this tool does not read, so it may " +
      "be on a later one"
    : after === "last"
      ? pick.spec.paged
        ? " (the API's answer names no page after this one: the whole list was read)"
        : ""
      : pick.spec.paged
        ? " on the first page the API returned (the list is paged; it may be on a later one)"
        : "";
  const shown = close.length > 0 ? close : values.slice(0, 5);
  return {
    ok: false,
    error: {
      code: "NOT_FOUND",
      message: `${label}: none of the ${items.length} items listed has ${condition}${page}`,
      suggestion: [
        shown.length === 0
          ? "Ask the user to confirm the value; it must match exactly."
          : `${close.length > 0 ? "Close matches" : "Some listed values"}: ` +
            `${shown.map((v) => JSON.stringify(v)).join(", ")}. ` +
            "Ask the user which one they mean, then call again with it exactly.",
        ...(morePages ? [MORE_PAGES] : []),
        ...(step.errorHints.NOT_FOUND === undefined ? [] : [step.errorHints.NOT_FOUND]),
      ].join(" "),
      step: step.id,
      retryable: false,
    },
  };
}

/** What a pick that read one page of several adds, so the model does not say the thing does not exist. */
export const MORE_PAGES =
  "Do not tell the user it does not exist: only the first page was searched. Ask for its exact id, or look it up " +
  "with a list or search tool that reads later pages.";

/** The API answered without the list a lookup reads: said as it is, never as "none of 0 items". */
export function noListAt(
  step: StepSpec,
  label: string,
  { pointer, listed }: { pointer: string; listed: unknown },
): ErrorBody {
  const what =
    listed === undefined
      ? pointer === ""
        ? "the body is empty"
        : "nothing is there"
      : `it holds ${listed === null ? "null" : typeof listed === "object" ? "an object" : `a ${typeof listed}`}`;
  return {
    code: "UPSTREAM_ERROR",
    message:
      `${label}: the response has no list at ${pointer === "" ? "its top level" : pointer} (${what}), ` +
      "so no item could be picked",
    suggestion: "The API answered in a shape the tool does not expect; tell the user instead of calling again.",
    step: step.id,
    retryable: false,
  };
}

function textValues(items: readonly unknown[], tokens: readonly string[]): string[] {
  return [
    ...new Set(items.map((item) => resolvePointer(item, tokens)).filter((v): v is string => typeof v === "string")),
  ];
}

/** Values equal but for case, containing one another, or within two edits; at most five, closest first. */
export function closeValues(values: readonly string[], wanted: string): string[] {
  const target = wanted.toLowerCase();
  const scored = values.flatMap((value) => {
    const lower = value.toLowerCase();
    if (lower === target) return [{ value, score: 0 }];
    if (lower.includes(target) || target.includes(lower)) return [{ value, score: 1 }];
    const distance = value.length > 100 ? Infinity : editDistance(lower, target);
    return distance <= 2 ? [{ value, score: 1 + distance }] : [];
  });
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, 5)
    .map((s) => s.value);
}
