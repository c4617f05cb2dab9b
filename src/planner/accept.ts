// An operation → the Accept header its step sends when its success answer is documented only in types that the
// runtime's own Accept (JSON first, then plain text, then anything) does not ask for.
import type { Operation } from "../model/api-model.js";
import { bareMediaType, isMediaRange } from "../util/media-type.js";
import { operationStreams } from "./streaming.js";

/** Below every documented type: an error answer in another type (`application/problem+json`) stays acceptable. */
const ANYTHING_ELSE = "*/*;q=0.1";

/**
 * The Accept header for an operation whose 2xx answers are documented in media types none of which is JSON itself
 * (`application/x-subrip` and `text/vtt` of a captions read, `application/vnd.rev.transcript.v1.0+json` beside
 * `text/plain`): those types in the spec's order, each after the first a little less preferred, then anything else at
 * q=0.1. A server that negotiates strictly answers the runtime's `application/json, text/plain;q=0.9, *\/*;q=0.8` with
 * a 406 (`*\/*` named no format it serves) or with the plain-text twin instead of the JSON the tool's output declares.
 * Undefined (the runtime's own Accept) where a 2xx documents `application/json`, nothing, a range only, or a stream of
 * events.
 */
export function operationToAccept(operation: Operation): string | undefined {
  if (operationStreams(operation)) return undefined;
  const types = operation.responses
    .filter((r) => /^2/.test(r.status))
    .flatMap((r) => r.contents.map((c) => bareMediaType(c.mediaType)));
  if (types.length === 0 || types.some((t) => t === "application/json" || isMediaRange(t))) return undefined;
  const named = [...new Set(types)].slice(0, 5);
  return [...named.map((t, i) => (i === 0 ? t : `${t};q=${(1 - i / 10).toFixed(1)}`)), ANYTHING_ELSE].join(", ");
}
