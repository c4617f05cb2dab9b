// Checks a bundled document for hostile content before it is modelled: $ref budget, server URLs, path templates, hidden text.
import { join } from "../util/pointer.js";
import { redactHost, redactUserinfo } from "../util/redact-url.js";
import type { IngestContext } from "./context.js";
import type { DocumentScan } from "./scan.js";
import { recordOf } from "./walk.js";

/** Invisible and bidirectional-control characters: format characters (bidi overrides, zero-width, Unicode tags) and blank fillers. */
const HIDDEN = /[\p{Cf}\u115f\u1160\u3164\uffa0]/gu;

/** Past this many, further hidden-text findings are summarised in one. */
const MAX_HIDDEN_REPORTS = 20;

const OPERATION_KEYS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Reports every finding through `ctx.reporter`: errors refuse the spec, hidden text is a warning. `scan` is of `ctx.document`. */
export function checkSafety(ctx: IngestContext, maxRefs: number, scan: DocumentScan): void {
  const refs = scan.refSites.length;
  if (refs > maxRefs)
    ctx.reporter.report("REF_FANOUT_LIMIT", "", {
      message: `the document holds ${refs} \`$ref\`s, more than the limit of ${maxRefs} for one spec; nothing of it is planned`,
    });
  checkServers(ctx);
  checkPaths(ctx);
  reportHiddenText(ctx, scan);
}

function checkServers(ctx: IngestContext): void {
  // Pointers are built only for the lists there are: a spec has a few among thousands of places one could be.
  const lists: [unknown[], string][] = [];
  const add = (list: unknown, at: () => string): void => {
    if (Array.isArray(list)) lists.push([list, at()]);
  };
  add(ctx.document["servers"], () => "/servers");
  for (const [path, item] of Object.entries(recordOf(ctx.document["paths"]))) {
    const pathItem = recordOf(item);
    add(pathItem["servers"], () => join("/paths", path, "servers"));
    for (const method of OPERATION_KEYS)
      add(recordOf(pathItem[method])["servers"], () => join("/paths", path, method, "servers"));
  }
  for (const [list, at] of lists) {
    list.forEach((server, i) => {
      const url = recordOf(server)["url"];
      if (typeof url !== "string") return;
      const problem = serverUrlProblem(withScheme(url), recordOf(recordOf(server)["variables"]));
      if (problem !== undefined)
        ctx.reporter.report("SERVER_URL_UNSAFE", join(at, i, "url"), {
          message: `server URL ${JSON.stringify(redactUserinfo(url))} ${problem}`,
        });
      else if (url !== withScheme(url))
        ctx.reporter.report("SERVER_URL_SCHEME_ASSUMED", join(at, i, "url"), {
          message: `server URL ${JSON.stringify(url)} is protocol-relative: the tools call ${JSON.stringify(withScheme(url))}`,
        });
    });
  }
  if (ctx.dialect === "swagger-2.0") checkSwagger2Host(ctx);
}

function checkSwagger2Host(ctx: IngestContext): void {
  const host = ctx.document["host"];
  if (typeof host === "string") {
    const problem = serverUrlProblem(`https://${host}`, {});
    if (problem !== undefined || /[/?#]/u.test(host))
      ctx.reporter.report("SERVER_URL_UNSAFE", "/host", {
        message: `host ${JSON.stringify(redactHost(host))} ${problem ?? "must be a host name with an optional port, nothing more"}`,
      });
  }
  const schemes = ctx.document["schemes"];
  if (Array.isArray(schemes) && schemes.length > 0 && !schemes.some((s) => s === "http" || s === "https")) {
    ctx.reporter.report("SERVER_URL_UNSAFE", "/schemes", {
      message: `schemes ${JSON.stringify(schemes)} name neither http nor https`,
    });
  }
}

/** A protocol-relative server URL (`//api.example.com`) with https, the scheme every API in the directory serves; any other URL as it is. */
export function withScheme(url: string): string {
  return url.startsWith("//") ? `https:${url}` : url;
}

/**
 * Text in place of a URL (`Your API URL`): no scheme, no leading `/`, only printable characters. Not unsafe, just not a
 * server: the tools need their base URL variable, as for a spec with no host (the planner's SPEC_NO_BASE_URL says so).
 */
function isPlaceholder(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/iu.test(url) && !url.startsWith("/") && !/[\u0000-\u001f\u007f\\]/u.test(url);
}

/** Why `url`, with each variable at its default and at each of its enum values, is unsafe; undefined when it is not. */
function serverUrlProblem(url: string, variables: Readonly<Record<string, unknown>>): string | undefined {
  const substitute = (chosen: Readonly<Record<string, string>>): string =>
    url.replace(
      /\{([^}]*)\}/gu,
      (whole, name: string) =>
        (Object.hasOwn(chosen, name)
          ? chosen[name]
          : Object.hasOwn(variables, name)
            ? defaultOf(variables[name])
            : undefined) ?? whole,
    );
  const candidates = [substitute({})];
  for (const [name, variable] of Object.entries(variables)) {
    const values = recordOf(variable)["enum"];
    if (Array.isArray(values))
      for (const value of values) candidates.push(substitute(Object.fromEntries([[name, String(value)]])));
  }
  for (const candidate of candidates) {
    const problem = candidateProblem(candidate);
    if (problem !== undefined) return candidate === url ? problem : `${problem} (as ${JSON.stringify(candidate)})`;
  }
  return undefined;
}

function defaultOf(variable: unknown): string | undefined {
  const value = recordOf(variable)["default"];
  return value === undefined ? undefined : String(value);
}

function candidateProblem(url: string): string | undefined {
  if (isPlaceholder(url)) return undefined;
  if (/[\u0000-\u0020\u007f\\]/u.test(url)) return "contains whitespace, control characters or backslashes";
  if (url.startsWith("//")) return "is protocol-relative (`//host`), so the host is not fixed";
  if (!/^[a-z][a-z0-9+.-]*:/iu.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "is not a valid URL";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return `uses ${parsed.protocol.slice(0, -1)}:, not http or https`;
  if (parsed.username !== "" || parsed.password !== "") return "carries credentials (`user:password@`)";
  return undefined;
}

function checkPaths(ctx: IngestContext): void {
  for (const path of Object.keys(recordOf(ctx.document["paths"]))) {
    if (path.startsWith("x-")) continue;
    const at = join("/paths", path);
    const problem = pathProblem(path);
    if (problem !== undefined)
      ctx.reporter.report("SPEC_UNSAFE_PATH", at, { message: `path ${JSON.stringify(path)} ${problem}` });
    else if (path.startsWith("//"))
      ctx.reporter.report("SPEC_PATH_EMPTY_SEGMENT", at, {
        message: `path ${JSON.stringify(path)} starts with \`//\`: its operations call the server URL's path followed by ${JSON.stringify(path)} as written, on the server's own host`,
      });
    else if (path.includes("#") && !toldApartByFragment(ctx, path))
      ctx.reporter.report("SPEC_PATH_FRAGMENT", at, {
        message: `path ${JSON.stringify(path)} ends in a fragment (\`${path.slice(path.indexOf("#"))}\`), which HTTP never sends: its operations call ${JSON.stringify(withoutFragment(path))}`,
      });
  }
}

/**
 * Whether a path's fragment names only what its every operation sends anyway: for each `&`-separated part, a required
 * query parameter (or header) of that name, and for a `name=value` part one that allows only that value
 * (`/#Action=SendMessage`, AWS's query protocol; `/#X-Amz-Target=…GetItem`, its JSON protocol; `/analyzed-resource
 * #analyzerArn&resourceArn`, its REST protocols). The operations sharing the path without it are told apart by what
 * they send, and there is nothing to warn of.
 */
function toldApartByFragment(ctx: IngestContext, path: string): boolean {
  const parts = path
    .slice(path.indexOf("#") + 1)
    .split("&")
    .map((part) => /^([^=]+)(?:=(.+))?$/.exec(part));
  if (parts.length === 0 || parts.some((m) => m === null)) return false;
  const pathItem = recordOf(recordOf(ctx.document["paths"])[path]);
  const operations = OPERATION_KEYS.filter((m) => pathItem[m] !== undefined).map((m) => recordOf(pathItem[m]));
  const sends = (parameter: Record<string, unknown>, name: string, value: string | undefined): boolean =>
    parameter["required"] === true &&
    (parameter["in"] === "query"
      ? parameter["name"] === name
      : parameter["in"] === "header" && String(parameter["name"]).toLowerCase() === name.toLowerCase()) &&
    (value === undefined || onlyValue(parameter) === value);
  return (
    operations.length > 0 &&
    operations.every((operation) => {
      const declared = [pathItem["parameters"], operation["parameters"]]
        .flatMap((list) => (Array.isArray(list) ? list : []))
        .map((p) => localParameter(ctx, recordOf(p)));
      return parts.every((m) => declared.some((p) => sends(p, m?.[1] ?? "", m?.[2])));
    })
  );
}

/** A parameter, its `$ref` to `#/components/parameters/…` (or Swagger 2.0's `#/parameters/…`) followed once. */
function localParameter(ctx: IngestContext, parameter: Record<string, unknown>): Record<string, unknown> {
  const ref = parameter["$ref"];
  if (typeof ref !== "string") return parameter;
  const match = /^#\/(components\/parameters|parameters)\/([^/]+)$/.exec(ref);
  if (match === null) return {};
  const container =
    match[1] === "parameters" ? ctx.document["parameters"] : recordOf(ctx.document["components"])["parameters"];
  return recordOf(
    recordOf(container)[decodeURIComponent((match[2] ?? "").replaceAll("~1", "/").replaceAll("~0", "~"))],
  );
}

/** The one value a parameter allows (a one-value `enum` or a `const`, in its schema or, in Swagger 2.0, on itself). */
function onlyValue(parameter: Record<string, unknown>): unknown {
  const schema = parameter["schema"] === undefined ? parameter : recordOf(parameter["schema"]);
  if (Object.hasOwn(schema, "const")) return schema["const"];
  const allowed = schema["enum"];
  return Array.isArray(allowed) && allowed.length === 1 ? allowed[0] : undefined;
}

/** The path template without its `#…` fragment: AWS-style specs key operations on one path by `/#X-Amz-Target=…`. */
export function withoutFragment(path: string): string {
  const hash = path.indexOf("#");
  return hash === -1 ? path : path.slice(0, hash) || "/";
}

/**
 * The first segment of a `//…` path that reads as an authority: userinfo, a port, an IP literal, or a dotted host name.
 * `//openapi` or `//openapi.{type}` is an empty segment before an ordinary one; the runtime appends it to the server URL's path.
 */
const HOST_LIKE = /[@:[\]]|^[a-z0-9-]+(\.[a-z0-9-]+)+\.?$/iu;

function pathProblem(raw: string): string | undefined {
  const path = withoutFragment(raw);
  if (path.startsWith("//") && HOST_LIKE.test(path.slice(2).split(/[/?]/u)[0] ?? ""))
    return "starts with `//` and a host name, which a URL resolver reads as another host";
  if (/[\u0000-\u001f\u007f\\]/u.test(raw)) return "contains a backslash or a control character";
  const segments = path.split("?")[0]?.split("/") ?? [];
  if (segments.some((s) => s === "." || s === ".." || /^(%2e|\.){1,2}$/iu.test(s))) return "has a `.` or `..` segment";
  return undefined;
}

/** One warning per string (or key) holding hidden characters, with the code points named. */
function reportHiddenText(ctx: IngestContext, scan: DocumentScan): void {
  for (const { pointer, text } of scan.hidden.slice(0, MAX_HIDDEN_REPORTS)) {
    ctx.reporter.report("SPEC_HIDDEN_TEXT", pointer, {
      message: `text at ${pointer || "/"} contains hidden characters ${hidden(text)}`,
    });
  }
  const more = scan.hidden.length - MAX_HIDDEN_REPORTS;
  if (more > 0)
    ctx.reporter.report("SPEC_HIDDEN_TEXT", "", { message: `${more} more strings with hidden characters not shown` });
}

function hidden(text: string): string {
  const found = [...new Set(text.match(HIDDEN) ?? [])];
  return found.map((c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`).join(", ");
}
