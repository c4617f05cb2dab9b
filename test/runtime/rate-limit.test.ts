// How long a rate-limited answer asks to wait: Retry-After, then the reset headers (delta seconds or a Unix time).
import { describe, expect, it } from "vitest";
import { rateLimitWaitMs } from "../../src/runtime/http/retry.js";
import { timedSuggestion } from "../../src/runtime/errors.js";

const NOW = Date.UTC(2026, 11, 5, 3, 0, 0);

const cases: [string, Record<string, string>, number | undefined][] = [
  ["Retry-After seconds", { "retry-after": "7" }, 7000],
  ["Retry-After HTTP-date", { "retry-after": new Date(NOW + 12_000).toUTCString() }, 12_000],
  ["Retry-After wins over a reset", { "retry-after": "3", "ratelimit-reset": "60" }, 3000],
  ["RateLimit-Reset delta seconds (IETF draft)", { "ratelimit-reset": "42" }, 42_000],
  ["DigitalOcean ratelimit-reset, a Unix time in seconds", { "ratelimit-reset": String(NOW / 1000 + 30) }, 30_000],
  ["X-RateLimit-Reset, a Unix time in seconds (GitHub)", { "x-ratelimit-reset": String(NOW / 1000 + 90) }, 90_000],
  ["X-Rate-Limit-Reset in milliseconds", { "x-rate-limit-reset": String(NOW + 5000) }, 5000],
  ["a reset already past is no wait", { "x-ratelimit-reset": String(NOW / 1000 - 10) }, 0],
  ["no header says", { "ratelimit-remaining": "0" }, undefined],
  ["garbage", { "retry-after": "soon", "ratelimit-reset": "later" }, undefined],
];

describe("rateLimitWaitMs", () => {
  it.each(cases)("%s", (_, headers, want) => {
    expect(rateLimitWaitMs(new Headers(headers), NOW)).toBe(want);
  });
});

describe("timedSuggestion", () => {
  it("keeps a suggestion naming retry_after_seconds only when the error carries it", () => {
    const hint = "Too many requests: wait for the time given in retry_after_seconds, then retry once.";
    expect(timedSuggestion(hint, 30)).toBe(hint);
    expect(timedSuggestion(hint, undefined)).not.toContain("retry_after_seconds");
    expect(timedSuggestion("Check the id.", undefined)).toBe("Check the id.");
  });
});
