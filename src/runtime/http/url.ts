// Base URL + path template + serialised parameters → the request URL, kept on the base URL's origin and path.
import { invalidArgument, type Checked } from "./params.js";

/** A path template without its `#…` fragment (AWS-style `/#X-Amz-Target=…` paths): a fragment is never sent. */
function withoutFragment(template: string): string {
  const path = template.replace(/#.*$/su, "");
  return path.startsWith("/") ? path : `/${path}`;
}

/** Fills `{name}`s of a template's path or query part. */
function fillTemplate(template: string, values: ReadonlyMap<string, string>): Checked<string> {
  let missing: string | undefined;
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values.get(name);
    if (value === undefined) missing ??= name;
    return value ?? "";
  });
  if (missing !== undefined)
    return invalidArgument(
      `Path parameter \`${missing}\` is required but has no value.`,
      `Pass a value for \`${missing}\`.`,
    );
  return { ok: true, value: filled };
}

function escapes(url: URL, base: URL, expectedPath: string, templateSegments: readonly string[]): string | undefined {
  if (url.origin !== base.origin || url.username !== "" || url.password !== "")
    return "would change the scheme, host or port";
  if (url.hash !== "") return "would add a fragment";
  const segments = url.pathname.split("/");
  if (segments.length !== expectedPath.split("/").length) return "would change the path's segments";
  if (segments.some((segment, i) => segment === "" && i > 0 && templateSegments[i] !== ""))
    return "would leave a path segment empty";
  return undefined;
}

/**
 * Joins the base URL (its path kept as a prefix, its query kept first) with the filled path, the template's own query
 * pairs and the query pairs, then re-parses the result: an argument that changed the origin or the number of path
 * segments is refused.
 */
export function buildUrl(
  base: URL,
  template: string,
  pathValues: ReadonlyMap<string, string>,
  query: readonly string[],
): Checked<URL> {
  // A template's own query string (`?name=value` pairs the spec fixes) goes after the base URL's query, filled apart
  // from the path so that no value moves a part of the path into the query.
  const [path = "", templateQuery = ""] = withoutFragment(template).split(/\?(.*)/su);
  const filled = fillTemplate(path, pathValues);
  if (!filled.ok) return filled;
  const fixed = fillTemplate(templateQuery, pathValues);
  if (!fixed.ok) return fixed;
  const basePath = base.pathname.replace(/\/+$/, "");
  const expectedPath = `${basePath}${filled.value.startsWith("/") ? filled.value : `/${filled.value}`}`;
  const search = [base.search.replace(/^\?/, ""), fixed.value, ...query].filter((part) => part !== "").join("&");
  let url: URL;
  try {
    url = new URL(`${base.origin}${expectedPath}${search ? `?${search}` : ""}`);
  } catch {
    return invalidArgument(
      "The arguments do not form a valid URL.",
      "Check the path parameters for unusual characters.",
    );
  }
  const problem = escapes(url, base, expectedPath, `${basePath}${path}`.split("/"));
  if (problem)
    return invalidArgument(
      `The arguments ${problem}; refused before sending anything.`,
      "Pass plain identifiers and values, never URLs or path fragments.",
    );
  return { ok: true, value: url };
}
