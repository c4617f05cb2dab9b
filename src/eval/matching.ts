// A request matcher of a tasks file + a request the runtime sent (or an operation of the spec) → whether they match.
import { isRecord } from "../runtime/types.js";
import type { RequestMatcher } from "./tasks.js";

/** One request as it left the toolset for the upstream. */
export interface SentRequest {
  readonly method: string;
  /** The path below the upstream's base URL, e.g. `/store/order`. */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** The JSON body, parsed; the raw text when it is not JSON; undefined without a body. */
  readonly body?: unknown;
  /** The upstream's status, once answered (undefined: no answer). */
  status?: number;
}

const segments = (path: string): string[] => path.replace(/\/+$/, "").split("/");
const isParameter = (segment: string): boolean => /^\{[^{}]+\}$/.test(segment);

/** Whether a path with `{param}` segments (each one non-empty segment) covers `actual`. */
export function pathCovers(template: string, actual: string): boolean {
  const want = segments(template);
  const got = segments(actual).map(safeDecode);
  return want.length === got.length && want.every((s, i) => (isParameter(s) ? got[i] !== "" : s === got[i]));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether `expected` is a subset of `actual`: objects by their listed keys, lists item by item, scalars equal. */
export function bodyCovers(expected: unknown, actual: unknown): boolean {
  if (isRecord(expected))
    return isRecord(actual) && Object.entries(expected).every(([k, v]) => bodyCovers(v, actual[k]));
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) && expected.length === actual.length && expected.every((v, i) => bodyCovers(v, actual[i]))
    );
  return expected === actual;
}

/** Whether a sent request is what `matcher` describes. */
export function requestMatches(matcher: RequestMatcher, sent: SentRequest): boolean {
  if (sent.method.toUpperCase() !== matcher.method) return false;
  if (!pathCovers(matcher.path, sent.path)) return false;
  const query = matcher.query ?? {};
  if (!Object.entries(query).every(([k, v]) => sent.query[k] === String(v))) return false;
  return matcher.body === undefined || bodyCovers(matcher.body, sent.body);
}

/** An operation of the spec: its method (upper case) and path template. */
export interface OperationRef {
  readonly method: string;
  readonly path: string;
}

/** Whether a matcher names `operation`: the same template (parameter names aside) or a concrete path it covers. */
export function matcherNames(matcher: RequestMatcher, operation: OperationRef): boolean {
  if (operation.method.toUpperCase() !== matcher.method) return false;
  const shape = (path: string): string =>
    segments(path)
      .map((s) => (isParameter(s) ? "{}" : s))
      .join("/");
  return shape(matcher.path) === shape(operation.path) || pathCovers(operation.path, matcher.path);
}

/** A matcher written for people: `POST /store/order {"petId":10}`. */
export function describeMatcher(matcher: RequestMatcher): string {
  const query =
    matcher.query === undefined
      ? ""
      : `?${new URLSearchParams(Object.entries(matcher.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  const body = matcher.body === undefined ? "" : ` ${JSON.stringify(matcher.body)}`;
  return `${matcher.method} ${matcher.path}${query}${body}`;
}
