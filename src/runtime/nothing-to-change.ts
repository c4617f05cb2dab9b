// An update's or add's checked arguments → INVALID_ARGUMENT when they change or add nothing; nothing is sent.
import { errorEnvelope } from "./errors.js";
import type { ErrorEnvelope, ToolSpec } from "./types.js";

/** The sentence a tool with change inputs adds to its description, so the model knows before it calls. */
export const CHANGE_NEEDED = "Give at least one field to change.";

/** The sentence an update adds when its API resets the fields a call leaves out, so the model sends those to keep. */
export const LEFT_OUT_RESET =
  "Fields left out are reset, not kept: the API replaces every updatable field, " +
  "so give the current value of each to keep.";

/** The sentence a tool with add inputs adds to its description. */
export const ADD_NEEDED = "Give at least one item to add.";

/** How many change inputs the suggestion names before it says how many more there are. */
export const NAMED_CHANGES = 8;

function given(args: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(args).filter((key) => args[key] !== undefined);
}

/**
 * The refusal of an update called with no field to change: sent, it would change nothing and answer the unchanged
 * record, which the model would report as done. Undefined when the tool has no change inputs or one is given.
 */
export function nothingToChange(
  spec: Pick<ToolSpec, "changeInputs">,
  args: Readonly<Record<string, unknown>>,
): ErrorEnvelope | undefined {
  const changes = spec.changeInputs;
  if (changes === undefined || changes.length === 0 || changes.some((name) => args[name] !== undefined))
    return undefined;
  const present = given(args);
  const named = changes.slice(0, NAMED_CHANGES).join(", ");
  const more = changes.length > NAMED_CHANGES ? ` (or one of ${changes.length - NAMED_CHANGES} more)` : "";
  return errorEnvelope({
    code: "INVALID_ARGUMENT",
    message:
      `nothing to change: the call gives ${present.length === 0 ? "no argument" : `only ${present.join(", ")}`}` +
      " and no field to change, so it would send an empty change; nothing was sent.",
    suggestion: `Give at least one of ${named}${more}: the value it should have after the update.`,
    retryable: false,
  });
}

function hasItem(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined;
}

/**
 * The refusal of a call that adds the items of lists and gives none (Gitea's review requests with no reviewer): sent,
 * it would add nothing and answer success, which the model would report as done. Undefined when the tool has no add
 * inputs or one holds an item.
 */
export function nothingToAdd(
  spec: Pick<ToolSpec, "addInputs">,
  args: Readonly<Record<string, unknown>>,
): ErrorEnvelope | undefined {
  const lists = spec.addInputs;
  if (lists === undefined || lists.length === 0 || lists.some((name) => hasItem(args[name]))) return undefined;
  const named = lists.slice(0, NAMED_CHANGES).join(", ");
  const more = lists.length > NAMED_CHANGES ? ` (or one of ${lists.length - NAMED_CHANGES} more)` : "";
  return errorEnvelope({
    code: "INVALID_ARGUMENT",
    message: `nothing to add: the call gives no item in ${named}${more}, so it would add nothing; nothing was sent.`,
    suggestion: `Give at least one item in ${named}${more}: what the call should add.`,
    retryable: false,
  });
}
