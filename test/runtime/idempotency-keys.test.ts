// seededKeys: the idempotency keys of a queued request, the same on every execution, distinct per step and per run.
import { describe, expect, it } from "vitest";
import { decideRetry, DEFAULT_RETRY } from "../../src/runtime/http/index.js";
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
