// An operation → the query parameter by which a call chooses its answer's form (Google's `alt`, a `format`).
import type { Operation } from "../model/api-model.js";

/**
 * The query parameter whose allowed values name answer forms: `json` beside at least one other (`alt` of
 * `json | media | proto`, `format` of `json | xml | csv`). A call that sends another value than `json` asked for an
 * answer in that form, so text labelled `text/plain` or `text/html` is the answer it asked for (Drive's
 * `files.get?alt=media` of a `.txt` file), not an unreadable one. Undefined when no parameter is such a switch.
 */
export function operationToFormatParam(operation: Operation): string | undefined {
  const found = operation.parameters.find((parameter) => {
    if (parameter.in !== "query") return false;
    const allowed = typeof parameter.schema === "object" ? parameter.schema["enum"] : undefined;
    const values = Array.isArray(allowed) ? allowed.map((value) => String(value).toLowerCase()) : [];
    return values.includes("json") && values.some((value) => value !== "json");
  });
  return found?.name;
}
