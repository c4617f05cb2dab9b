// A failed attempt (a 429/503 answer, a dropped connection), the method, its key and the attempts so far → wait and
// resend, or stop (with the wait the API asked for).
import { repeatsSafely, type StepEffect } from "./repeats.js";
import type { RetryPolicy } from "./types.js";

/** At most 2 retries, never waiting longer than 10 s, 500 ms × 2^attempt without Retry-After. */
export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, maxWaitMs: 10_000, baseDelayMs: 500 };

/** Statuses that mean "try again later". */
const RETRY_STATUSES = new Set([429, 503]);

/**
 * RFC 9110 §10.2.3 Retry-After: delay-seconds or an HTTP-date; milliseconds from `now`, never negative; undefined when
 * absent or malformed.
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Rate-limit reset headers (`RateLimit-Reset`, `X-RateLimit-Reset`, DigitalOcean's `ratelimit-reset`). */
const RESET_HEADER = /^(x-)?rate-?limit-reset$|^x-rate-limit-reset$/i;

/**
 * A reset value: delta seconds, or a Unix time in seconds (past 10^9) or milliseconds (past 10^12), or an HTTP-date;
 * milliseconds from `now`, never negative.
 */
function parseReset(value: string, now: number): number | undefined {
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    if (n >= 1e12) return Math.max(0, n - now);
    if (n >= 1e9) return Math.max(0, n * 1000 - now);
    return n * 1000;
  }
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long the API asks to wait, in milliseconds: `Retry-After` (RFC 9110), else a rate-limit reset header (the IETF
 * `RateLimit-Reset` draft, `X-RateLimit-Reset` and its spellings, seconds or a Unix time). Undefined when none says.
 */
export function rateLimitWaitMs(headers: Headers, now: number): number | undefined {
  const retryAfter = parseRetryAfter(headers.get("retry-after"), now);
  if (retryAfter !== undefined) return retryAfter;
  for (const [name, value] of headers) {
    if (!RESET_HEADER.test(name)) continue;
    const wait = parseReset(value, now);
    if (wait !== undefined) return wait;
  }
  return undefined;
}

/** The waits a failed answer's headers ask for, in whole seconds: its `Retry-After`, and a rate-limit reset's. */
export interface HeaderWaits {
  readonly retryAfterSeconds?: number;
  readonly resetSeconds?: number;
}

/**
 * {@link HeaderWaits}: `Retry-After` asks for a wait whatever the status, while a reset header (sent on every answer by
 * many APIs) only tells when a rate limit's window ends, a wait only for a rate-limited answer.
 */
export function headerWaits(headers: Headers, now: number): HeaderWaits {
  const seconds = (ms: number | undefined) => (ms === undefined ? undefined : Math.ceil(ms / 1000));
  const retryAfter = seconds(parseRetryAfter(headers.get("retry-after"), now));
  if (retryAfter !== undefined) return { retryAfterSeconds: retryAfter };
  const reset = seconds(rateLimitWaitMs(headers, now));
  return reset === undefined ? {} : { resetSeconds: reset };
}

/** What the loop should do next. */
export type RetryDecision =
  | { readonly retry: true; readonly waitMs: number }
  | { readonly retry: false; readonly retryAfterSeconds?: number };

/**
 * How an attempt failed without an answer: `dropped`, the connection failed after the request may have reached the
 * API; `not_sent`, it failed before a byte left (refused, no route, TLS); `timeout`, the call's deadline or the caller
 * ended it.
 */
export type NoAnswer = "dropped" | "not_sent" | "timeout";

/** The facts a decision needs. */
export interface RetryQuestion extends StepEffect {
  /** The request carries an idempotency key the runtime set: resent with the same key, a write is safe to repeat. */
  readonly keyed?: boolean;
  /** The answer's status, or how the attempt failed without one. */
  readonly status: number | NoAnswer;
  /** Retries already made. */
  readonly retries: number;
  readonly retryAfterMs: number | undefined;
  /** Time left before the call's deadline. */
  readonly remainingMs: number;
  readonly policy: RetryPolicy;
}

/**
 * Whether the failure is one the runtime resends: a 429/503 of a call that {@link repeatsSafely} or is keyed; a
 * dropped connection only of a keyed call (its outcome is unknown, and a model's new call would carry a new key; an
 * idempotent call the model may repeat itself). Never a timeout (the deadline is spent) nor a request that never left
 * (calling again is safe).
 */
function resendable(q: RetryQuestion): boolean {
  if (q.status === "dropped") return q.keyed === true;
  if (typeof q.status !== "number") return false;
  return RETRY_STATUSES.has(q.status) && (repeatsSafely(q) || q.keyed === true);
}

/**
 * Resends a {@link resendable} failure while retries remain and the wait fits both the cap and the deadline.
 */
export function decideRetry(q: RetryQuestion): RetryDecision {
  const retryAfterSeconds = q.retryAfterMs === undefined ? undefined : Math.ceil(q.retryAfterMs / 1000);
  const stop: RetryDecision = { retry: false, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
  if (!resendable(q) || q.retries >= q.policy.maxRetries) return stop;
  const waitMs = q.retryAfterMs ?? q.policy.baseDelayMs * 2 ** q.retries;
  if (waitMs > q.policy.maxWaitMs || waitMs >= q.remainingMs) return stop;
  return { retry: true, waitMs };
}
