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

/**
 * The default result: the last response body denoised. An empty list stays `{items: []}` (an answer, not
 * noise), and so does an empty list in an envelope (`{data: []}`) when nothing else is left; a body with nothing
 * left (204, null, `{}`) becomes `{ok: true, status}`, with the answer's `location` where it names one (Velo's
 * `201` to a payee batch: the batch to check on is only in its Location header).
 */
export function defaultResult(body: unknown, status?: number, location?: string): Record<string, unknown> {
  if (Array.isArray(body)) return { items: denoise(body) ?? [] };
  const kept = denoise(body);
  if (kept === undefined)
    return (
      emptyLists(body) ?? {
        ok: true,
        ...(status === undefined ? {} : { status }),
        ...(location === undefined ? {} : { location }),
      }
    );
  return asResultObject(kept);
}

/**
 * The Location header of an answer as an absolute URL (resolved against the URL the request went to), else as
 * sent; undefined when there is none.
 */
export function answerLocation(headers: Headers | undefined, url: string | undefined): string | undefined {
  const location = headers?.get("location")?.trim();
  if (location === undefined || location === "") return undefined;
  if (url === undefined) return location;
  try {
    return new URL(location, url).href;
  } catch {
    return location;
  }
}
