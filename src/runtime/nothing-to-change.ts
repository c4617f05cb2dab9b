// An update's checked arguments → INVALID_ARGUMENT when they give none of its change inputs (nothing is sent).
import { errorEnvelope } from "./errors.js";
import type { ErrorEnvelope, ToolSpec } from "./types.js";

/** The sentence a tool with change inputs adds to its description, so the model knows before it calls. */
export const CHANGE_NEEDED = "Give at least one field to change.";

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
