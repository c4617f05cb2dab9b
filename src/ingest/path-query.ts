// A path template with a query string (`/search?query={query}`) → the path before `?` and its parameters as query parameters.
import type { Parameter } from "../model/api-model.js";
import type { IngestContext } from "./context.js";

/** One pair of a path template's query string: `name={var}`, or `name=value` the request always sends. */
type QueryPair =
  | { readonly name: string; readonly variable: string }
  | { readonly name: string; readonly fixed: string };

/** A query name or a template variable: the characters real specs use, nothing that needs escaping. */
const NAME = /^[A-Za-z0-9_.~-]+$/u;

/** A literal value sent as written: unreserved characters and percent-escapes only. */
const FIXED = /^(?:[A-Za-z0-9_.~+-]|%[0-9A-Fa-f]{2})*$/u;

/**
 * The pairs of `template`'s query string when every one is `name={var}` or a plain `name=value`; undefined when there is
 * no `?` or a pair has another shape (left as the spec wrote it, its `{var}`s then path parameters as before).
 */
function queryPairs(template: string): QueryPair[] | undefined {
  const mark = template.indexOf("?");
  if (mark === -1) return undefined;
  const pairs: QueryPair[] = [];
  for (const part of template.slice(mark + 1).split("&")) {
    const [name = "", value = ""] = part.split(/=(.*)/su);
    if (!NAME.test(name) || !part.includes("=")) return undefined;
    const variable = /^\{([^}]*)\}$/u.exec(value)?.[1];
    if (variable !== undefined && NAME.test(variable)) pairs.push({ name, variable });
    else if (FIXED.test(value)) pairs.push({ name, fixed: value });
    else return undefined;
  }
  return pairs;
}

/**
 * `template` with only the fixed pairs of a query string the operations' parameters take over (see `queryPairs`), which
 * the runtime sends before the parameters; else as it is.
 */
export function withoutQuery(template: string): string {
  const pairs = queryPairs(template);
  if (pairs === undefined) return template;
  const path = template.slice(0, template.indexOf("?")) || "/";
  const fixed = pairs.flatMap((pair) => ("fixed" in pair ? [`${pair.name}=${pair.fixed}`] : []));
  return fixed.length === 0 ? path : `${path}?${fixed.join("&")}`;
}

/**
 * Each `name={var}` pair of the spec's path becomes a query parameter: the operation's own query parameter `name` when
 * it declares one, else its path parameter `var` moved into the query as `name`, else a required string added; one
 * warning for the operation says which.
 */
export function queryParametersFromPath(
  ctx: IngestContext,
  input: { readonly template: string; readonly parameters: readonly Parameter[]; readonly pointer: string },
): Parameter[] {
  const pairs = queryPairs(input.template);
  if (pairs === undefined) return [...input.parameters];
  const path = withoutQuery(input.template).split("?")[0] as string;
  let parameters = [...input.parameters];
  const done: string[] = [];
  for (const pair of pairs) {
    const { name } = pair;
    if ("fixed" in pair) {
      done.push(`\`${name}=${pair.fixed}\` (fixed: always sent)`);
      continue;
    }
    const { variable } = pair;
    // A variable the path before `?` also uses stays a path parameter there.
    const pathParameter = path.includes(`{${variable}}`)
      ? undefined
      : parameters.find((p) => p.in === "path" && p.name === variable);
    if (parameters.some((p) => p.in === "query" && p.name === name)) {
      parameters = parameters.filter((p) => p !== pathParameter);
      done.push(`\`${name}\` (its query parameter)`);
    } else if (pathParameter !== undefined) {
      parameters = parameters.map((p) =>
        p === pathParameter ? { ...p, name, in: "query", style: "form", explode: true, allowReserved: false } : p,
      );
      done.push(`\`${name}\` (declared as path parameter \`${variable}\`, moved to the query)`);
    } else {
      parameters.push(addedParameter(name, input.pointer));
      done.push(`\`${name}\` (not declared: added as a required string)`);
    }
  }
  ctx.reporter.report("SPEC_PATH_QUERY", input.pointer, {
    message: `path ${JSON.stringify(input.template)} carries a query string, which belongs in query parameters: the operation calls ${JSON.stringify(path)} with the query parameters ${done.join(", ")}`,
  });
  return parameters;
}

function addedParameter(name: string, pointer: string): Parameter {
  return {
    name,
    in: "query",
    required: true,
    description: `The \`${name}\` query parameter.`,
    deprecated: false,
    schema: { type: "string" },
    style: "form",
    explode: true,
    allowReserved: false,
    examples: [],
    pointer,
  };
}
