// Tool arguments + limits → the first broken (string too long, call too large, too deep) as INVALID_ARGUMENT.
import { Buffer } from "node:buffer";
import { errorEnvelope } from "./errors.js";
import type { ErrorEnvelope } from "./types.js";

/**
 * Longest string argument, in UTF-8 bytes, unless `PREFIX_MAX_STRING_BYTES` / `maxStringBytes` say otherwise (1 MiB).
 */
export const DEFAULT_MAX_STRING_BYTES = 1024 * 1024;
/**
 * Largest argument object of one call, as JSON in UTF-8 bytes, unless `PREFIX_MAX_CALL_BYTES` / `maxCallBytes` say
 * otherwise (4 MiB).
 */
export const DEFAULT_MAX_CALL_BYTES = 4 * 1024 * 1024;
/** Deepest nesting of arrays and objects in the arguments. */
export const MAX_ARGUMENT_DEPTH = 64;
/** What a JSON-RPC message may carry beside the arguments (method, id, tool name, `_meta`). */
export const MESSAGE_OVERHEAD_BYTES = 64 * 1024;

/** Bounds every argument of every tool, whatever its schema says. */
export interface ArgumentLimits {
  readonly maxStringBytes: number;
  readonly maxCallBytes: number;
}

/** The limits when nothing sets them. */
export const DEFAULT_ARGUMENT_LIMITS: ArgumentLimits = Object.freeze({
  maxStringBytes: DEFAULT_MAX_STRING_BYTES,
  maxCallBytes: DEFAULT_MAX_CALL_BYTES,
});

/** The variables that set the limits, for messages. */
export interface LimitVariables {
  readonly string: string;
  readonly call: string;
}

/** `PREFIX_MAX_STRING_BYTES` and `PREFIX_MAX_CALL_BYTES`. */
export const limitVariables = (prefix: string): LimitVariables => ({
  string: `${prefix}_MAX_STRING_BYTES`,
  call: `${prefix}_MAX_CALL_BYTES`,
});

/** The largest JSON-RPC message a server reads before refusing it unparsed: a call at the limit plus the envelope. */
export const maxMessageBytes = (limits: ArgumentLimits): number => limits.maxCallBytes + MESSAGE_OVERHEAD_BYTES;

/** The envelope for a call (or a whole message) over `maxCallBytes`. */
export function callTooLarge(
  size: number,
  limits: ArgumentLimits,
  variables: LimitVariables,
  what = "The arguments are",
): ErrorEnvelope {
  return errorEnvelope({
    code: "INVALID_ARGUMENT",
    message:
      `${what} ${size} bytes of JSON, over the limit of ${limits.maxCallBytes} bytes per call ` +
      `(${variables.call}); nothing was sent.`,
    suggestion:
      "Call again with much smaller arguments (shorter texts, fewer items); do not repeat this call unchanged. " +
      "The operator can raise the limit.",
    retryable: false,
  });
}

interface Frame {
  readonly value: unknown;
  readonly path: string;
  readonly depth: number;
}

const pathOf = (parent: string, key: string | number): string => (parent === "" ? String(key) : `${parent}.${key}`);

function stringTooLong(field: string, bytes: number, limits: ArgumentLimits, variables: LimitVariables): ErrorEnvelope {
  return errorEnvelope({
    code: "INVALID_ARGUMENT",
    field,
    message:
      `${field || "the argument"}: the string is ${bytes} bytes, over the limit of ${limits.maxStringBytes} ` +
      `bytes per string (${variables.string}); nothing was sent.`,
    suggestion:
      `Pass a shorter "${field}" (at most ${limits.maxStringBytes} bytes); ` + "do not repeat this call unchanged.",
    retryable: false,
  });
}

function tooDeep(field: string): ErrorEnvelope {
  return errorEnvelope({
    code: "INVALID_ARGUMENT",
    field,
    message: `${field}: the arguments nest deeper than ${MAX_ARGUMENT_DEPTH} levels; nothing was sent.`,
    suggestion: "Pass flatter arguments.",
    retryable: false,
  });
}

/** Checks strings (keys too) and nesting without recursion; returns the UTF-8 bytes of all strings, or the breach. */
function walk(input: unknown, limits: ArgumentLimits, variables: LimitVariables): ErrorEnvelope | number {
  const stack: Frame[] = [{ value: input, path: "", depth: 0 }];
  let stringBytes = 0;
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const { value, path, depth } = frame;
    if (typeof value === "string") {
      const bytes = Buffer.byteLength(value, "utf8");
      if (bytes > limits.maxStringBytes) return stringTooLong(path, bytes, limits, variables);
      stringBytes += bytes;
      if (stringBytes > limits.maxCallBytes) return stringBytes;
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_ARGUMENT_DEPTH) return tooDeep(path);
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, i) => [i, item])
      : Object.entries(value);
    for (const [key, item] of entries) {
      if (typeof key === "string") stack.push({ value: key, path: pathOf(path, key), depth: depth + 1 });
      stack.push({ value: item, path: pathOf(path, key), depth: depth + 1 });
    }
  }
  return stringBytes;
}

/** The first limit `input` breaks, as the envelope the model gets, or undefined when it is within every limit. */
export function argumentLimitBreach(
  input: unknown,
  limits: ArgumentLimits,
  variables: LimitVariables,
): ErrorEnvelope | undefined {
  const walked = walk(input, limits, variables);
  if (typeof walked !== "number") return walked;
  if (walked > limits.maxCallBytes) return callTooLarge(walked, limits, variables, "The arguments are more than");
  const size = Buffer.byteLength(JSON.stringify(input) ?? "", "utf8");
  return size > limits.maxCallBytes ? callTooLarge(size, limits, variables) : undefined;
}
