// An `operation:` string of our format → an OperationRef (operationId, or "METHOD /path").
import type { OperationRef } from "../types.js";

const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

/** Either the parsed reference, or why the text is not one and how to write it. */
export type ParsedOperation =
  | { readonly ok: true; readonly ref: OperationRef }
  | { readonly ok: false; readonly message: string; readonly hint: string };

/** Reads `placeOrder` or `POST /store/order`; the method may be written in any case. */
export function parseOperation(text: string): ParsedOperation {
  const trimmed = text.trim();
  if (!/\s/.test(trimmed) && !trimmed.startsWith("/")) return { ok: true, ref: { kind: "operationId", id: trimmed } };
  const match = /^(\S+)\s+(\S+)$/.exec(trimmed);
  if (!match) {
    return trimmed.startsWith("/")
      ? failure(`"${text}" has a path but no method`, `write the method first, e.g. "GET ${trimmed}"`)
      : failure(
          `"${text}" is neither an operationId nor "METHOD /path"`,
          'write "METHOD /path" with one space, e.g. "POST /store/order"',
        );
  }
  const method = match[1]!.toUpperCase();
  const path = match[2]!;
  if (!(METHODS as readonly string[]).includes(method)) {
    return failure(`"${match[1]}" is not an HTTP method`, `use one of ${METHODS.join(", ")}`);
  }
  if (!path.startsWith("/")) return failure(`the path "${path}" does not start with "/"`, `write "${method} /${path}"`);
  return { ok: true, ref: { kind: "path", method, path } };
}

function failure(message: string, hint: string): ParsedOperation {
  return { ok: false, message, hint };
}
