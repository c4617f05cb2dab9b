// Auth tests: credential variables, requirement selection, scheme application, OAuth2 client credentials against a loopback token endpoint.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  basicAuthorization,
  credentialVariable,
  expiryMargin,
  schemeParts,
  selectRequirement,
} from "../../src/runtime/auth/index.js";
import { createTransport, type OperationRequest, type TransportSettings } from "../../src/runtime/http/index.js";
import type { SecuritySchemeSpec, StepSpec, ToolsetSpec } from "../../src/runtime/types.js";

describe("credential variables", () => {
  it.each([
    ["apiKey", "PETSTORE_API_KEY"],
    ["api_key", "PETSTORE_API_KEY"],
    ["petstore_auth", "PETSTORE_PETSTORE_AUTH"],
    ["bearerAuth", "PETSTORE_BEARER_AUTH"],
    ["X-API-Key", "PETSTORE_X_API_KEY"],
    ["oauth2", "PETSTORE_OAUTH2"],
    ["basic auth", "PETSTORE_BASIC_AUTH"],
  ])("%s → %s", (scheme, want) => {
    expect(credentialVariable("PETSTORE", scheme)).toBe(want);
  });
});

const schemes: Record<string, SecuritySchemeSpec> = {
  key: { type: "apiKey", name: "X-Key", in: "header" },
  basic: { type: "http", scheme: "basic" },
  oauth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "/token" } } },
  tls: { type: "mutualTLS" },
};

describe("selectRequirement", () => {
  const cases: [
    string,
    {
      security: Record<string, string[]>[];
      credentials: Record<string, string>;
      want: string[] | { missing: string[] };
    },
  ][] = [
    ["no security", { security: [], credentials: {}, want: [] }],
    [
      "first satisfied alternative",
      { security: [{ oauth: ["read"] }, { key: [] }], credentials: { key: "k" }, want: ["key"] },
    ],
    [
      "all schemes of an alternative",
      {
        security: [{ key: [], basic: [] }, { key: [] }],
        credentials: { key: "k", basic: "u:p" },
        want: ["key", "basic"],
      },
    ],
    [
      "partially configured alternative skipped",
      { security: [{ key: [], basic: [] }, { basic: [] }], credentials: { basic: "u:p" }, want: ["basic"] },
    ],
    [
      "optional auth sends credentials when configured",
      { security: [{}, { key: [] }], credentials: { key: "k" }, want: ["key"] },
    ],
    ["optional auth without credentials", { security: [{ key: [] }, {}], credentials: {}, want: [] }],
    ["mutualTLS needs no credential", { security: [{ tls: [] }], credentials: {}, want: ["tls"] }],
    [
      "nothing configured",
      { security: [{ key: [], basic: [] }, { oauth: [] }], credentials: { basic: "u:p" }, want: { missing: ["key"] } },
    ],
    ["unknown scheme", { security: [{ ghost: [] }], credentials: { ghost: "x" }, want: { missing: [] } }],
  ];
  it.each(cases)("%s", (_, { security, credentials, want }) => {
    const selection = selectRequirement({ security, schemes, credentials });
    if (Array.isArray(want)) expect(selection.ok && selection.schemes.map((s) => s.name)).toEqual(want);
    else expect(selection).toEqual({ ok: false, ...want });
  });
});

describe("schemeParts", () => {
  it.each([
    ["apiKey header", { type: "apiKey", name: "X-Key", in: "header" }, "k1", { headers: [["X-Key", "k1"]] }],
    [
      "apiKey query",
      { type: "apiKey", name: "api key", in: "query" },
      "a&b",
      { query: ["api%20key=a%26b"], queryNames: ["api key"] },
    ],
    ["apiKey cookie", { type: "apiKey", name: "sid", in: "cookie" }, "s;1", { cookies: ["sid=s%3B1"] }],
    ["apiKey body", { type: "apiKey", name: "key", in: "body" }, "md-1", { bodyFields: [["key", "md-1"]] }],
    [
      "http basic",
      { type: "http", scheme: "basic" },
      "aladdin:opensesame",
      { headers: [["authorization", "Basic YWxhZGRpbjpvcGVuc2VzYW1l"]] },
    ],
    ["http Bearer (any case)", { type: "http", scheme: "Bearer" }, "t", { headers: [["authorization", "Bearer t"]] }],
    ["other http scheme", { type: "http", scheme: "Token" }, "t", { headers: [["authorization", "Token t"]] }],
    ["oauth2 access token", { type: "oauth2", flows: {} }, "t", { headers: [["authorization", "Bearer t"]] }],
    [
      "openIdConnect",
      { type: "openIdConnect", openIdConnectUrl: "https://id.example/.well-known/openid-configuration" },
      "t",
      { headers: [["authorization", "Bearer t"]] },
    ],
    ["mutualTLS", { type: "mutualTLS" }, "", {}],
  ] as const)("%s", (_, scheme, credential, want) => {
    expect(schemeParts(scheme as SecuritySchemeSpec, credential)).toEqual({
      headers: [],
      query: [],
      queryNames: [],
      cookies: [],
      bodyFields: [],
      ...want,
    });
  });

  it("basic without a colon is a user with an empty password", () => {
    expect(basicAuthorization("user")).toBe(`Basic ${Buffer.from("user:").toString("base64")}`);
  });

  it.each([
    [60_000, 6000],
    [3_600_000, 30_000],
    [1000, 100],
  ])("expiry margin of a %i ms token is %i ms", (lifetime, margin) => {
    expect(expiryMargin(lifetime)).toBe(margin);
  });
});

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface TokenServer {
  origin: string;
  tokenRequests: { auth?: string; body: string }[];
  apiRequests: { auth?: string }[];
}

const CLIENT_SECRET = "cs-verysecret-9876543210";

async function tokenServer(behaviour: {
  expiresIn?: number;
  rejectToken?: boolean;
  apiRejectsFirst?: boolean;
}): Promise<TokenServer> {
  const state: TokenServer = { origin: "", tokenRequests: [], apiRequests: [] };
  let issued = 0;
  const reply = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      if (req.url === "/token") {
        state.tokenRequests.push({ auth: req.headers.authorization, body });
        if (behaviour.rejectToken)
          return reply(res, 401, {
            error: "invalid_client",
            error_description: `client secret ${CLIENT_SECRET} is wrong`,
          });
        issued++;
        return reply(res, 200, {
          access_token: `token-number-${issued}`,
          token_type: "Bearer",
          ...(behaviour.expiresIn ? { expires_in: behaviour.expiresIn } : {}),
        });
      }
      state.apiRequests.push({ auth: req.headers.authorization });
      if (behaviour.apiRejectsFirst && state.apiRequests.length === 1)
        return reply(res, 401, { message: "token revoked" });
      reply(res, 200, { auth: req.headers.authorization });
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

const toolset: ToolsetSpec = {
  name: "demo",
  version: "1.0.0",
  envPrefix: "DEMO",
  servers: [],
  securitySchemes: { oauth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "/token" } } } },
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};

function step(): StepSpec {
  return {
    id: "s",
    operationId: "listThings",
    method: "get",
    path: "/things",
    params: [],
    outputs: {},
    dependsOn: [],
    readOnly: true,
    security: [{ oauth: ["read"] }],
    successStatus: "200",
    responseDescriptions: {},
    errorHints: {},
    successCriteria: [],
    onSuccess: [],
    onFailure: [],
  };
}

function transportFor(origin: string, clock: { now: number }, credential = `my-client:${CLIENT_SECRET}`) {
  const settings: TransportSettings = {
    toolset,
    baseUrl: origin,
    credentials: { oauth: credential },
    fetch: globalThis.fetch,
    timeoutMs: 5000,
    maxResponseBytes: 1 << 20,
    now: () => clock.now,
  };
  return createTransport(settings);
}

const call: OperationRequest = { step: step(), params: [] };

describe("OAuth2 client credentials", () => {
  it("fetches the token once, sends it as Bearer, caches it across calls, refreshes after expiry", async () => {
    const server = await tokenServer({ expiresIn: 3600 });
    const clock = { now: 1_000_000 };
    const transport = transportFor(server.origin, clock);
    expect(await transport.call(call)).toMatchObject({ ok: true, body: { auth: "Bearer token-number-1" } });
    expect(await transport.call(call)).toMatchObject({ ok: true, body: { auth: "Bearer token-number-1" } });
    expect(server.tokenRequests).toHaveLength(1);
    expect(server.tokenRequests[0]).toEqual({
      auth: `Basic ${Buffer.from(`my-client:${CLIENT_SECRET}`).toString("base64")}`,
      body: "grant_type=client_credentials&scope=read",
    });
    clock.now += 3600_000 - 29_000;
    expect(await transport.call(call)).toMatchObject({ ok: true, body: { auth: "Bearer token-number-2" } });
    expect(server.tokenRequests).toHaveLength(2);
  });

  it("concurrent calls share one token request", async () => {
    const server = await tokenServer({ expiresIn: 3600 });
    const transport = transportFor(server.origin, { now: 0 });
    await Promise.all([transport.call(call), transport.call(call), transport.call(call)]);
    expect(server.tokenRequests).toHaveLength(1);
  });

  it("a 401 from the API fetches a new token once and repeats the call", async () => {
    const server = await tokenServer({ expiresIn: 3600, apiRejectsFirst: true });
    const outcome = await transportFor(server.origin, { now: 0 }).call(call);
    expect(outcome).toMatchObject({ ok: true, body: { auth: "Bearer token-number-2" } });
    expect(server.tokenRequests).toHaveLength(2);
    expect(server.apiRequests).toHaveLength(2);
  });

  it("a refused token request → UNAUTHORIZED, no API call, no secret in the error", async () => {
    const server = await tokenServer({ rejectToken: true });
    const outcome = await transportFor(server.origin, { now: 0 }).call(call);
    expect(outcome).toMatchObject({ ok: false, error: { code: "UNAUTHORIZED", status: 401, retryable: false } });
    expect(!outcome.ok && outcome.error.suggestion).toContain("DEMO_OAUTH");
    expect(JSON.stringify(outcome)).not.toContain(CLIENT_SECRET);
    expect(server.apiRequests).toHaveLength(0);
  });

  it("a credential without a colon is used as a ready access token", async () => {
    const server = await tokenServer({});
    expect(await transportFor(server.origin, { now: 0 }, "ready-made-token").call(call)).toMatchObject({
      ok: true,
      body: { auth: "Bearer ready-made-token" },
    });
    expect(server.tokenRequests).toHaveLength(0);
  });

  it("the transport's redactor knows fetched tokens", async () => {
    const server = await tokenServer({ expiresIn: 60 });
    const transport = transportFor(server.origin, { now: 0 });
    await transport.call(call);
    expect(transport.redact({ note: `saw token-number-1 and ${CLIENT_SECRET}` })).toEqual({
      note: "saw [REDACTED] and [REDACTED]",
    });
  });
});

describe("a 401 to a call that carried no credential", () => {
  const refused = (schemes: Record<string, SecuritySchemeSpec>) =>
    createTransport({
      toolset: { ...toolset, securitySchemes: schemes },
      baseUrl: "https://api.test",
      credentials: {},
      fetch: () => Promise.resolve(Response.json({ error: { message: "API Key missing." } }, { status: 401 })),
      timeoutMs: 5000,
      maxResponseBytes: 1 << 20,
    }).call({ step: { ...step(), security: [] }, params: [] });

  // Postman's spec declares no scheme: its tools send no key, and no variable exists to configure.
  it.each([
    ["no scheme declared", {}, "The API refused a call that carried no credential: none is set for this tool."],
    ["a key scheme the operation does not use", { key: schemes["key"]! }, "none is set for this tool"],
    ["a client certificate (set on the fetch, not sent here)", { tls: schemes["tls"]! }, "configured credentials"],
  ])("%s", async (_, declared, said) => {
    const outcome = await refused(declared);
    expect(outcome).toMatchObject({ ok: false, error: { code: "UNAUTHORIZED", retryable: false } });
    expect(outcome.ok ? "" : outcome.error.suggestion).toContain(said);
  });
});
