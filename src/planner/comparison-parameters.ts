// A parameter named with a comparison (`DateSent<`, `Created>=`) → an input name and a description that say which bound it is.
import { toIdentifierName } from "../util/naming.js";

interface ComparisonBound {
  /** The compared field as the spec spells it (`DateSent`). */
  readonly field: string;
  readonly side: "before" | "after";
}

/**
 * `DateSent<` is the key of `DateSent<=2024-01-31` in a query string: on or before; `DateSent>` on or after. A name
 * that is only an operator is not a bound.
 */
function comparisonBound(name: string): ComparisonBound | undefined {
  const match = /^(.*?[A-Za-z0-9_\]])\s*(<=|>=|<|>)$/.exec(name);
  if (match === null) return undefined;
  return { field: match[1] ?? name, side: match[2]?.startsWith("<") ? "before" : "after" };
}

/** The input name of a parameter: `DateSent<` → `date_sent_before`, `DateSent>` → `date_sent_after`. */
export function parameterInputName(name: string): string {
  const bound = comparisonBound(name);
  return bound === undefined
    ? toIdentifierName(name, "param")
    : toIdentifierName(`${bound.field}_${bound.side}`, "param");
}

/** The parameter's description led by the bound it is, so `DateSent<` and `DateSent>` no longer read the same. */
export function parameterDescription(name: string, description: string | undefined): string | undefined {
  const bound = comparisonBound(name);
  if (bound === undefined) return description;
  const lead =
    bound.side === "before"
      ? `Upper bound: only items whose ${bound.field} is on or before this value (sent as \`${name}\`).`
      : `Lower bound: only items whose ${bound.field} is on or after this value (sent as \`${name}\`).`;
  return description === undefined || description.trim() === "" ? lead : `${lead} ${description}`;
}
