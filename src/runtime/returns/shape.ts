// Any projected or default value → the JSON object a tool returns (arrays under `items`, scalars under `result`).
import { denoise } from "./denoise.js";

/** A value as a result object: objects as they are, arrays as `{items}`, scalars as `{result}`. */
export function asResultObject(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) return { items: value };
  if (value !== null && typeof value === "object") return value as Record<string, unknown>;
  return value === undefined ? {} : { result: value };
}

/**
 * The lists at the top of an object body that denoises to nothing (Mux's `{data: []}`, `{items: [], next: null}`):
 * `{data: []}`, an empty answer the model must see as one; undefined when the body has no list there.
 */
function emptyLists(body: unknown): Record<string, unknown> | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const lists = Object.entries(body).filter(([, value]) => Array.isArray(value));
  return lists.length === 0 ? undefined : Object.fromEntries(lists.map(([key]) => [key, []]));
}

/** What an answer without a body says when the API only accepted the request (HTTP 202). */
export const ACCEPTED_NOTE =
  "The API accepted the request but had not finished it when it answered (HTTP 202 Accepted): " +
  "it may still fail or take effect later. Do not tell the user it is done; check its state first";

/** Response headers that point at where an accepted request's progress can be read (RFC 9110 `Location`). */
const MONITOR_HEADERS = ["location", "operation-location"] as const;

/** The answer's headers, as far as a result needs them. */
export interface AnswerHeaders {
  get(name: string): string | null;
}

/**
 * The default result: the last response body denoised. An empty list stays `{items: []}` (an answer, not
 * noise), and so does an empty list in an envelope (`{data: []}`) when nothing else is left; a body with nothing
 * left (204, null, `{}`) becomes `{ok: true, status}` with the answer's `location` where it names one (Velo's `201`
 * to a payee batch: the batch to check on is only in its Location header), and a 202 without one says the work is
 * not done yet (`done: false`, a note, and the `location` to check it at when the answer gives one).
 */
export function defaultResult(
  body: unknown,
  status?: number,
  headers?: AnswerHeaders,
  url?: string,
): Record<string, unknown> {
  if (Array.isArray(body)) return { items: denoise(body) ?? [] };
  const kept = denoise(body);
  if (kept === undefined) return emptyLists(body) ?? emptyAnswer(status, headers, url);
  return asResultObject(kept);
}

/** `{ok: true, status}` of an answer without a body, with its `location`; an accepted one (202) is marked not done. */
export function emptyAnswer(
  status: number | undefined,
  headers?: AnswerHeaders,
  url?: string,
): Record<string, unknown> {
  if (status === undefined) return { ok: true };
  const names = status === 202 ? MONITOR_HEADERS : MONITOR_HEADERS.slice(0, 1);
  const location = answerLocation(
    names.map((h) => headers?.get(h) ?? "").find((v) => v.trim() !== ""),
    url,
  );
  const at = location === undefined ? {} : { location };
  if (status !== 202) return { ok: true, status, ...at };
  return {
    ok: true,
    status,
    done: false,
    note: location === undefined ? `${ACCEPTED_NOTE}.` : `${ACCEPTED_NOTE}: its progress is at \`location\`.`,
    ...at,
  };
}

/**
 * A Location header's value as an absolute URL (resolved against the URL the request went to), else as sent;
 * undefined when there is none.
 */
export function answerLocation(value: string | undefined, url: string | undefined): string | undefined {
  const location = value?.trim();
  if (location === undefined || location === "") return undefined;
  if (url === undefined) return location;
  try {
    return new URL(location, url).href;
  } catch {
    return location;
  }
}
