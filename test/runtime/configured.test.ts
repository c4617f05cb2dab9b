// Configured values (`$config.NAME`): resolved at start-up from the variable, the explicit option or the basic-auth user
// name, checked against every place they go; a missing or malformed one is a ConfigError naming the variable.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/runtime/config.js";
import { configValue, resolveConfigValues } from "../../src/runtime/configured.js";
import { compileTool, executeTool, type StepEnv } from "../../src/runtime/execute/index.js";
import { createRuntime } from "../../src/runtime/toolset.js";
import type { CallTransport, HttpOutcome, OperationRequest } from "../../src/runtime/transport.js";
import type { ConfigSpec, ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";

const ACCOUNT = "AC0123456789abcdef0123456789abcdef";
const PLACE = 'path parameter "AccountSid" of CreateMessage';

const accountSid: ConfigSpec = {
  variable: "TWILIO_ACCOUNT_SID",
  description: "The SID of the account the requests are made for.",
  type: "string",
  rules: [{ place: PLACE, pattern: "^AC[0-9a-fA-F]{32}$", minLength: 34, maxLength: 34 }],
  basicUserOf: "accountSid_authToken",
};

const toolset = (config: Record<string, ConfigSpec>): ToolsetSpec => ({
  name: "twilio",
  version: "1.0.0",
  envPrefix: "TWILIO",
  servers: [{ url: "https://api.twilio.com", variables: {} }],
  securitySchemes: { accountSid_authToken: { type: "http", scheme: "basic" } },
  config,
  maxReturnBytes: 2048,
  timeoutMs: 1000,
});

type Case = [
  string,
  {
    spec: ConfigSpec;
    env?: Record<string, string>;
    credential?: string;
    explicit?: Record<string, string>;
    want: string | number | { error: string };
  },
];

const cases: Case[] = [
  ["the variable, when it fits", { spec: accountSid, env: { TWILIO_ACCOUNT_SID: ACCOUNT }, want: ACCOUNT }],
  [
    "the variable wins over the basic-auth user",
    {
      spec: accountSid,
      env: { TWILIO_ACCOUNT_SID: ACCOUNT },
      credential: "ACffffffffffffffffffffffffffffffff:token",
      want: ACCOUNT,
    },
  ],
  [
    "the explicit option wins over the variable",
    {
      spec: accountSid,
      env: { TWILIO_ACCOUNT_SID: "ACffffffffffffffffffffffffffffffff" },
      explicit: { account_sid: ACCOUNT },
      want: ACCOUNT,
    },
  ],
  ["unset: the basic-auth user name", { spec: accountSid, credential: `${ACCOUNT}:token`, want: ACCOUNT }],
  [
    "unset, and the user is an API key: not the account",
    {
      spec: accountSid,
      credential: "SK0123456789abcdef0123456789abcdef:secret",
      want: {
        error:
          "TWILIO_ACCOUNT_SID is not set, and the user name in TWILIO_ACCOUNT_SID_AUTH_TOKEN cannot stand for it: it " +
          `does not match the pattern ^AC[0-9a-fA-F]{32}$ of ${PLACE} (a user that signs in for an account, such as ` +
          "an API key, is not that account's id); set TWILIO_ACCOUNT_SID: The SID of the account the requests are " +
          "made for.",
      },
    },
  ],
  [
    "unset, and no credential either",
    {
      spec: accountSid,
      want: {
        error:
          "TWILIO_ACCOUNT_SID is not set, and neither is TWILIO_ACCOUNT_SID_AUTH_TOKEN, whose user name it stands " +
          "for; set TWILIO_ACCOUNT_SID_AUTH_TOKEN (`user:password`), or set TWILIO_ACCOUNT_SID: The SID of the " +
          "account the requests are made for.",
      },
    },
  ],
  [
    "unset without a default",
    {
      spec: { ...accountSid, basicUserOf: undefined } as ConfigSpec,
      credential: `${ACCOUNT}:token`,
      want: {
        error:
          "TWILIO_ACCOUNT_SID is not set; set TWILIO_ACCOUNT_SID: The SID of the account the requests are made for.",
      },
    },
  ],
  [
    "set, but not an account SID",
    {
      spec: accountSid,
      env: { TWILIO_ACCOUNT_SID: "my-account" },
      want: {
        error:
          `TWILIO_ACCOUNT_SID does not match the pattern ^AC[0-9a-fA-F]{32}$ of ${PLACE}; correct it: The SID of the ` +
          "account the requests are made for.",
      },
    },
  ],
  [
    "blank counts as unset",
    { spec: accountSid, env: { TWILIO_ACCOUNT_SID: "  " }, credential: `${ACCOUNT}:t`, want: ACCOUNT },
  ],
];

describe("resolveConfigValues", () => {
  it.each(cases)("%s", (_, { spec, env = {}, credential, explicit, want }) => {
    const resolve = () =>
      resolveConfigValues(toolset({ account_sid: spec }), {
        env,
        credentials: credential === undefined ? {} : { accountSid_authToken: credential },
        ...(explicit === undefined ? {} : { explicit }),
      });
    if (typeof want === "object") {
      expect(resolve).toThrow(ConfigError);
      expect(resolve).toThrow(want.error);
    } else expect(resolve()).toEqual({ account_sid: want });
  });

  it("never echoes the credential or the value it refuses", () => {
    const error = (() => {
      try {
        resolveConfigValues(toolset({ account_sid: accountSid }), {
          env: { TWILIO_ACCOUNT_SID: "ACsecret-looking-value" },
          credentials: { accountSid_authToken: "SKkey:the-password" },
        });
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(error?.message).not.toMatch(/secret-looking|the-password|SKkey/);
  });
});

describe("configValue", () => {
  it.each([
    ["integer parsed", { type: "integer", rules: [] }, "42", { ok: true, value: 42 }],
    ["not a whole number", { type: "integer", rules: [] }, "4x", { ok: false, reason: "is not a whole number" }],
    [
      "below a minimum",
      { type: "integer", rules: [{ place: "path parameter id", minimum: 1 }] },
      "0",
      { ok: false, reason: "is below the minimum 1 of path parameter id" },
    ],
    [
      "not listed",
      { type: "string", rules: [{ place: "query parameter region", enum: ["eu", "us"] }] },
      "ap",
      { ok: false, reason: "is not one of eu, us of query parameter region" },
    ],
    [
      "too short",
      { type: "string", rules: [{ place: "path parameter x", minLength: 3 }] },
      "ab",
      { ok: false, reason: "has 2 characters, fewer than the 3 required of path parameter x" },
    ],
    [
      "every rule is checked",
      {
        type: "string",
        rules: [
          { place: "a", pattern: "^A" },
          { place: "b", pattern: "Z$" },
        ],
      },
      "AB",
      { ok: false, reason: "does not match the pattern Z$ of b" },
    ],
  ] as const)("%s", (_, spec, text, want) => {
    expect(configValue(spec as Pick<ConfigSpec, "type" | "rules">, text)).toEqual(want);
  });
});

describe("createRuntime", () => {
  it("resolves the configured values once, from the basic-auth credential it was given", () => {
    const runtime = createRuntime(toolset({ account_sid: accountSid }), {
      env: {},
      credentials: { accountSid_authToken: `${ACCOUNT}:token` },
      stateDir: "/nonexistent/aci-test",
    });
    expect(runtime.config).toEqual({ account_sid: ACCOUNT });
  });

  it("throws the ConfigError at configuration time, before any call", () => {
    expect(() =>
      createRuntime(toolset({ account_sid: accountSid }), { env: {}, stateDir: "/nonexistent/aci" }),
    ).toThrow(/^TWILIO_ACCOUNT_SID is not set/);
  });
});

describe("executeTool", () => {
  it("sends the configured value where the step binds $config.NAME", async () => {
    const calls: OperationRequest[] = [];
    const transport: CallTransport = {
      async call(request): Promise<HttpOutcome> {
        calls.push(request);
        return { ok: true, status: 200, headers: new Headers(), body: {}, url: "https://api.test/" };
      },
    };
    const spec: ToolSpec = {
      name: "t",
      title: "T",
      description: "d",
      risk: "low",
      category: "data",
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      approval: "none",
      inputs: [],
      steps: [
        {
          id: "s",
          operationId: "ListMessage",
          method: "get",
          path: "/Accounts/{AccountSid}/Messages.json",
          params: [
            {
              name: "AccountSid",
              in: "path",
              style: "simple",
              explode: false,
              allowReserved: false,
              required: true,
              value: { kind: "expr", text: "$config.account_sid" },
            },
          ],
          outputs: {},
          dependsOn: [],
          readOnly: true,
          security: [],
          successStatus: "200",
          responseDescriptions: {},
          errorHints: {},
          successCriteria: [],
          onSuccess: [],
          onFailure: [],
        },
      ],
      returns: { narrowingInputs: [] },
    };
    const env: StepEnv = { transport, maxRetryWaitMs: 0, sleep: async () => {}, config: { account_sid: ACCOUNT } };
    const execution = await executeTool(compileTool(spec), {}, env);
    expect(execution.ok).toBe(true);
    expect(calls[0]?.params.map((p) => [p.spec.name, p.value])).toEqual([["AccountSid", ACCOUNT]]);
  });
});
