// seededKeys: the idempotency keys of a queued request, the same on every execution, distinct per step and per run;
// decideRetry: which failures the runtime resends, by method, key and how the attempt failed.
import { describe, expect, it } from "vitest";
import { decideRetry, DEFAULT_RETRY, type NoAnswer } from "../../src/runtime/http/index.js";
import { seededKeys } from "../../src/runtime/execute/step.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("seededKeys", () => {
  it("gives each execution of one request the same keys, each step and each run of a step its own", () => {
    const first = seededKeys("request-1");
    const again = seededKeys("request-1");
    const keys = [first("create"), first("card"), first("create")];
    expect([again("create"), again("card"), again("create")]).toEqual(keys);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(seededKeys("request-2")("create")).not.toBe(keys[0]);
  });
});

describe("decideRetry of a keyed write", () => {
  const question = { status: 429, retries: 0, retryAfterMs: 0, remainingMs: 10_000, policy: DEFAULT_RETRY };
  it("retries a POST only when it carries the runtime's idempotency key", () => {
    expect(decideRetry({ ...question, method: "POST" }).retry).toBe(false);
    expect(decideRetry({ ...question, method: "POST", keyed: true }).retry).toBe(true);
  });
});

describe("decideRetry by method × key × failure", () => {
  const question = { retries: 0, retryAfterMs: undefined, remainingMs: 10_000, policy: DEFAULT_RETRY };
  const resends = (method: string, keyed: boolean, status: number | NoAnswer) =>
    decideRetry({ ...question, method, keyed, status }).retry;
  it.each([
    // A dropped connection: only the runtime's key makes a resend safe; the model may repeat an idempotent call.
    ["POST", true, "dropped", true],
    ["PATCH", true, "dropped", true],
    ["POST", false, "dropped", false],
    ["PATCH", false, "dropped", false],
    ["GET", false, "dropped", false],
    ["PUT", false, "dropped", false],
    // Nothing left: the model's own new call is safe, whatever the key.
    ["POST", true, "not_sent", false],
    ["POST", false, "not_sent", false],
    ["GET", false, "not_sent", false],
    // The deadline (or the caller) ended the call: no time is left to resend in.
    ["POST", true, "timeout", false],
    ["POST", false, "timeout", false],
    ["GET", false, "timeout", false],
    // 429/503: idempotent or keyed.
    ["POST", true, 503, true],
    ["POST", false, 503, false],
    ["GET", false, 429, true],
    ["POST", true, 500, false],
  ] as const)("%s keyed=%s %s → resend %s", (method, keyed, status, want) => {
    expect(resends(method, keyed, status)).toBe(want);
  });

  it("a dropped keyed POST backs off as a 429 does, within the retry count and the deadline", () => {
    const ask = (over: Partial<Parameters<typeof decideRetry>[0]>) =>
      decideRetry({ ...question, method: "POST", keyed: true, status: "dropped", ...over });
    expect(ask({})).toEqual({ retry: true, waitMs: 500 });
    expect(ask({ retries: 1 })).toEqual({ retry: true, waitMs: 1000 });
    expect(ask({ retries: 2 })).toEqual({ retry: false });
    expect(ask({ remainingMs: 400 })).toEqual({ retry: false });
  });
});
