// An operation → whether its success answer is a stream that never completes (server-sent events only, or an `x-…streaming` extension).
import type { Operation } from "../model/api-model.js";

/** Server-sent events: a connection held open, events sent until it is closed (JSON lines, by contrast, end). */
const EVENT_STREAM = /^text\/event-stream\b/i;

/** An extension that marks an operation as streaming (`x-twitter-streaming: true`, `x-streaming: true`). */
const STREAMING_EXTENSION = /^x-(?:[\w-]+-)?stream(?:ing)?$/i;

/**
 * Whether the operation answers with a stream that never completes as one response: an extension saying it streams,
 * or 2xx answers only as server-sent events (where JSON is offered beside them, the JSON answer is the one asked for).
 * Such a step's answer cannot be read to its end within a tool call.
 */
export function operationStreams(operation: Operation): boolean {
  if (Object.entries(operation.extensions).some(([key, value]) => value === true && STREAMING_EXTENSION.test(key)))
    return true;
  const contents = operation.responses.filter((r) => /^2/.test(r.status)).flatMap((r) => r.contents);
  return contents.length > 0 && contents.every((c) => EVENT_STREAM.test(c.mediaType));
}
