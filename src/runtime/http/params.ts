// Evaluated parameters → path substitutions, query pairs, headers, cookies; values that could escape are refused.
import { errorDetail, type ErrorDetail } from "../errors.js";
import type { ParamSpec } from "../types.js";
import { encodeComponent, encodeSegments, identity, queryEncoder } from "./encode.js";
import { normalize, scalarText, styleSingle, stylePairs } from "./style.js";

/** Parameters in wire form, before credentials. */
export interface SerializedParams {
  /** Path parameter name → encoded text for `{name}`. */
  readonly path: ReadonlyMap<string, string>;
  /** Encoded `name=value` pairs. */
  readonly query: readonly string[];
  readonly headers: readonly (readonly [string, string])[];
  /** `name=value` cookie pairs. */
  readonly cookies: readonly string[];
}

/** Result of a check: the value or the INVALID_ARGUMENT error object. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorDetail };

/**
 * OAS 3.1 §Parameter Object: header parameters named Accept, Content-Type or Authorization are ignored; the rest would
 * let an argument forge transport or credential headers.
 */
const IGNORED_HEADERS = new Set([
  "accept",
  "content-type",
  "authorization",
  "proxy-authorization",
  "cookie",
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "te",
  "upgrade",
  "expect",
  "trailer",
]);

/** An INVALID_ARGUMENT error object naming the parameter. */
export function invalidArgument(message: string, suggestion: string): { ok: false; error: ErrorDetail } {
  return { ok: false, error: errorDetail({ code: "INVALID_ARGUMENT", message, suggestion, retryable: false }) };
}

function fullyDecoded(text: string): string {
  let current = text;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]*$/;

/**
 * Why a path value would escape its segment (dot segments, `\`, `//`, control characters), or undefined when it is
 * safe.
 */
export function pathValueProblem(text: string): string | undefined {
  // Letters, digits, `-`, `_`, `~` and inner dots: nothing to decode, no separator, no control character.
  if (PLAIN_SEGMENT.test(text) && text !== "." && text !== "..") return undefined;
  const decoded = fullyDecoded(text);
  if (/[\\]/.test(decoded)) return "contains a backslash";
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return "contains a control character";
  if (decoded.includes("//")) return "contains `//`, which could address another host";
  if (decoded.split("/").some((segment) => segment === "." || segment === ".."))
    return "contains a `.` or `..` path segment";
  return undefined;
}

function atomsOf(value: unknown): string[] {
  const normal = normalize(value);
  if (normal.kind === "primitive") return [normal.text];
  if (normal.kind === "array") return [...normal.items];
  return normal.entries.flat();
}

/** Why a header value cannot be sent (CR/LF could inject headers; Headers only carries ISO-8859-1), or undefined. */
export function headerValueProblem(value: string): string | undefined {
  if (/[\r\n]/.test(value)) return "contains a line break (CR/LF), which could inject headers";
  if (/[^\t\u0020-\u007e\u0080-\u00ff]/.test(value))
    return "contains a control character or a character outside ISO-8859-1";
  return undefined;
}

function contentValue(spec: ParamSpec, value: unknown): unknown {
  if (!spec.contentType) return value;
  return /json/i.test(spec.contentType) ? JSON.stringify(value) : scalarText(value);
}

interface Accumulator {
  path: Map<string, string>;
  query: string[];
  headers: [string, string][];
  cookies: string[];
}

type Placer = (spec: ParamSpec, value: unknown, into: Accumulator) => ErrorDetail | undefined;

function emptyPathValue(spec: ParamSpec): ErrorDetail {
  return invalidArgument(
    `Path parameter \`${spec.name}\` is empty; a path segment cannot be empty, so nothing was sent.`,
    `Pass the identifier for \`${spec.name}\` (at least one character).`,
  ).error;
}

const placePath: Placer = (spec, value, into) => {
  const atoms = atomsOf(value);
  if (atoms.length === 0 || atoms.some((atom) => atom === "")) return emptyPathValue(spec);
  const problem = atoms.map(pathValueProblem).find(Boolean);
  if (problem) {
    const within = spec.allowReserved ? "inside" : "one segment of";
    const slashes = spec.allowReserved ? "" : "slashes, ";
    return invalidArgument(
      `Path parameter \`${spec.name}\` ${problem}; it must stay ${within} the operation's path.`,
      `Pass the plain identifier for \`${spec.name}\`, without ${slashes}dot segments or URLs.`,
    ).error;
  }
  if (spec.allowReserved && atoms.some((atom) => atom.split("/").includes("")))
    return invalidArgument(
      `Path parameter \`${spec.name}\` starts or ends with \`/\`, which would leave the operation's path.`,
      `Pass \`${spec.name}\` as the API gave it: parts joined by single slashes, none at either end.`,
    ).error;
  const encode = spec.allowReserved ? encodeSegments : encodeComponent;
  const text = styleSingle(spec.style, { name: spec.name, value, explode: spec.explode, encode });
  if (text === "") return emptyPathValue(spec);
  into.path.set(spec.name, text);
  return undefined;
};

const placeQuery: Placer = (spec, value, into) => {
  into.query.push(
    ...stylePairs(spec.style, {
      name: spec.name,
      value,
      explode: spec.explode,
      encode: queryEncoder(spec.allowReserved),
    }),
  );
  return undefined;
};

const placeHeader: Placer = (spec, value, into) => {
  if (IGNORED_HEADERS.has(spec.name.toLowerCase())) return undefined;
  const text = styleSingle("simple", { name: spec.name, value, explode: spec.explode, encode: identity });
  const problem = headerValueProblem(text);
  if (problem)
    return invalidArgument(
      `Header parameter \`${spec.name}\` ${problem}.`,
      `Pass \`${spec.name}\` as a single line of plain text.`,
    ).error;
  into.headers.push([spec.name, text]);
  return undefined;
};

const placeCookie: Placer = (spec, value, into) => {
  into.cookies.push(...stylePairs("form", { name: spec.name, value, explode: spec.explode, encode: encodeComponent }));
  return undefined;
};

const PLACERS: Readonly<Record<ParamSpec["in"], Placer>> = {
  path: placePath,
  query: placeQuery,
  header: placeHeader,
  cookie: placeCookie,
};

/** Serialises every parameter; `undefined` and `null` values are omitted (optional inputs the model left out). */
export function serializeParams(
  params: readonly { readonly spec: ParamSpec; readonly value: unknown }[],
): Checked<SerializedParams> {
  const into: Accumulator = { path: new Map(), query: [], headers: [], cookies: [] };
  for (const { spec, value } of params) {
    if (value === undefined || value === null) continue;
    const error = PLACERS[spec.in](spec, contentValue(spec, value), into);
    if (error) return { ok: false, error };
  }
  return { ok: true, value: into };
}
