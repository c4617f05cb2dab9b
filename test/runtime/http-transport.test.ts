// Loopback tests of the transport: retries, timeouts, unreachable hosts, redirects (reads within the API only, actions never), size ceilings, refused arguments, error mapping.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  createTransport,
  type Attempt,
  type OperationRequest,
  type TransportSettings,
} from "../../src/runtime/http/index.js";
import type { ParameterLocation, ParamSpec, StepSpec, ToolsetSpec } from "../../src/runtime/types.js";

interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string, index: number) => void;

interface Loopback {
  readonly origin: string;
  readonly requests: Recorded[];
  close(): Promise<void>;
}

const servers: Server[] = [];

async function loopback(handler: Handler): Promise<Loopback> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      handler(req, res, body, requests.length - 1);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

const API_KEY = "sk-live-51Habcdefghijkl";
const BEARER = "bearer-token-0123456789";

const toolset: ToolsetSpec = {
  name: "demo",
  version: "1.0.0",
  envPrefix: "DEMO",
  servers: [{ url: "https://unused.example", variables: {} }],
  securitySchemes: {
    apiKey: { type: "apiKey", name: "api_key", in: "query" },
    bearerAuth: { type: "http", scheme: "bearer" },
    session: { type: "apiKey", name: "sid", in: "cookie" },
  },
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};

function settings(origin: string, over: Partial<TransportSettings> = {}): TransportSettings {
  return {
    toolset,
    baseUrl: `${origin}/v1`,
    credentials: { apiKey: API_KEY, bearerAuth: BEARER },
    fetch: globalThis.fetch,
    timeoutMs: 5000,
    maxResponseBytes: 64 * 1024,
    retry: { baseDelayMs: 10 },
    ...over,
  };
}

function param(name: string, where: ParameterLocation, over: Partial<ParamSpec> = {}): ParamSpec {
  const style = where === "query" || where === "cookie" ? "form" : "simple";
  return {
    name,
    in: where,
    style,
    explode: style === "form",
    allowReserved: false,
    required: where === "path",
    value: { kind: "literal", value: null },
    ...over,
  };
}

function step(over: Partial<StepSpec> = {}): StepSpec {
  return {
    id: "get",
    operationId: "getThing",
    method: "get",
    path: "/things/{id}",
    params: [],
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
    ...over,
  };
}

function request(
  over: Partial<StepSpec> = {},
  id: unknown = "7",
  extra: { spec: ParamSpec; value: unknown }[] = [],
): OperationRequest {
  return { step: step(over), params: [{ spec: param("id", "path"), value: id }, ...extra] };
}

describe("success answers", () => {
  it("sends the serialised request and parses JSON", async () => {
    const api = await loopback((_, res) => json(res, 200, { id: 7 }));
    const outcome = await createTransport(settings(api.origin)).call(
      request({}, "7", [
        { spec: param("q", "query"), value: "a b" },
        { spec: param("X-Trace", "header"), value: "t1" },
      ]),
    );
    expect(outcome).toMatchObject({ ok: true, status: 200, body: { id: 7 }, url: `${api.origin}/v1/things/7?q=a%20b` });
    expect(api.requests[0]).toMatchObject({ method: "GET", url: "/v1/things/7?q=a%20b" });
    expect(api.requests[0]?.headers["x-trace"]).toBe("t1");
    expect(api.requests[0]?.headers.accept).toContain("application/json");
  });

  it("204 has no body; text stays text", async () => {
    const api = await loopback((req, res) => {
      if (req.url?.includes("empty")) return void res.writeHead(204).end();
      res.writeHead(200, { "content-type": "text/plain" }).end("plain words");
    });
    const transport = createTransport(settings(api.origin));
    expect(await transport.call(request({ method: "delete", readOnly: false }, "empty"))).toMatchObject({
      ok: true,
      status: 204,
      body: undefined,
    });
    expect(await transport.call(request({}, "text"))).toMatchObject({ ok: true, body: "plain words" });
  });

  it("sends a JSON body with its content type", async () => {
    const api = await loopback((_, res, body) => json(res, 201, { echoed: JSON.parse(body) }));
    const outcome = await createTransport(settings(api.origin)).call({
      step: step({ method: "post", path: "/things", readOnly: false }),
      params: [],
      body: {
        spec: { kind: "json", mediaType: "application/json", value: { kind: "literal", value: null } },
        value: { name: "x" },
      },
    });
    expect(outcome).toMatchObject({ ok: true, status: 201, body: { echoed: { name: "x" } } });
    expect(api.requests[0]?.headers["content-type"]).toBe("application/json");
  });
});

describe("a credential the API takes in its body (Mandrill's key)", () => {
  const bodyToolset: ToolsetSpec = {
    ...toolset,
    securitySchemes: { key: { type: "apiKey", name: "key", in: "body", fromParameter: true } },
  };
  const post = (body?: { kind: "json" | "form"; value: unknown }): OperationRequest => ({
    step: step({ method: "post", path: "/users/info.json", readOnly: false, security: [{ key: [] }, {}] }),
    params: [],
    ...(body === undefined
      ? {}
      : {
          body: {
            spec: { kind: body.kind, mediaType: "", value: { kind: "literal", value: null } },
            value: body.value,
          },
        }),
  });

  it("sets the field in a JSON body, a form body and a body left out, over any value given", async () => {
    const api = await loopback((_, res) => json(res, 200, { ok: true }));
    const transport = createTransport(
      settings(api.origin, { toolset: bodyToolset, credentials: { key: "md-secret-0123456789" } }),
    );
    await transport.call(post({ kind: "json", value: { email: "a@b.example", key: "from-the-model" } }));
    await transport.call(post({ kind: "form", value: { email: "a@b.example" } }));
    await transport.call(post());
    expect(api.requests.map((r) => [r.headers["content-type"], r.body])).toEqual([
      ["application/json", '{"email":"a@b.example","key":"md-secret-0123456789"}'],
      ["application/x-www-form-urlencoded", "email=a%40b.example&key=md-secret-0123456789"],
      ["application/json", '{"key":"md-secret-0123456789"}'],
    ]);
  });

  it("redacts the credential from an error that echoes the body; without it the body goes as given", async () => {
    const api = await loopback((_, res, body) => json(res, 500, { status: "error", echoed: body }));
    const transport = createTransport(
      settings(api.origin, { toolset: bodyToolset, credentials: { key: "md-secret-0123456789" } }),
    );
    const outcome = await transport.call(post({ kind: "json", value: { email: "a@b.example" } }));
    expect(JSON.stringify(outcome)).not.toContain("md-secret-0123456789");
    const bare = createTransport(settings(api.origin, { toolset: bodyToolset, credentials: {} }));
    await bare.call(post({ kind: "json", value: { email: "a@b.example" } }));
    expect(api.requests[1]?.body).toBe('{"email":"a@b.example"}');
  });

  it("a body that is not an object of fields cannot carry it: INVALID_ARGUMENT, nothing sent", async () => {
    const api = await loopback((_, res) => json(res, 200, {}));
    const transport = createTransport(
      settings(api.origin, { toolset: bodyToolset, credentials: { key: "md-secret-0123456789" } }),
    );
    const outcome = await transport.call(post({ kind: "json", value: ["a"] }));
    expect(outcome).toMatchObject({ ok: false, error: { code: "INVALID_ARGUMENT" } });
    expect(api.requests).toEqual([]);
  });
});

describe("retries", () => {
  it("retries a GET on 429 after Retry-After, then succeeds", async () => {
    const api = await loopback((_, res, __, index) =>
      index === 0 ? json(res, 429, { message: "slow down" }, { "retry-after": "1" }) : json(res, 200, { ok: 1 }),
    );
    const started = Date.now();
    const outcome = await createTransport(settings(api.origin)).call(request());
    expect(outcome).toMatchObject({ ok: true, body: { ok: 1 } });
    expect(api.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("honours an HTTP-date Retry-After", async () => {
    const api = await loopback((_, res, __, index) =>
      index === 0
        ? json(res, 429, {}, { "retry-after": new Date(Date.now() - 5000).toUTCString() })
        : json(res, 200, {}),
    );
    expect((await createTransport(settings(api.origin)).call(request())).ok).toBe(true);
    expect(api.requests).toHaveLength(2);
  });

  it("never retries a POST; reports RATE_LIMITED with retry_after_seconds", async () => {
    const api = await loopback((_, res) => json(res, 429, { message: "slow down" }, { "retry-after": "3" }));
    const outcome = await createTransport(settings(api.origin)).call({
      step: step({ method: "post", path: "/things", readOnly: false }),
      params: [],
    });
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        code: "RATE_LIMITED",
        status: 429,
        retryable: true,
        retry_after_seconds: 3,
        suggestion: "Wait 3 seconds, then call again.",
      },
    });
    expect(api.requests).toHaveLength(1);
  });

  it("reads AWS's JSON error type: a throttled 400 is RATE_LIMITED, not a call to fix the arguments", async () => {
    const api = await loopback((_, res) =>
      json(res, 400, {
        __type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
        message: "Rate exceeded",
      }),
    );
    const outcome = await createTransport(settings(api.origin)).call({
      step: step({ method: "post", path: "/", readOnly: false }),
      params: [],
    });
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        code: "RATE_LIMITED",
        status: 400,
        retryable: true,
        api_error: "ProvisionedThroughputExceededException",
      },
    });
  });

  it("never retries a PATCH on 503", async () => {
    const api = await loopback((_, res) => json(res, 503, {}));
    const outcome = await createTransport(settings(api.origin)).call(request({ method: "patch", readOnly: false }));
    expect(outcome).toMatchObject({ ok: false, error: { code: "UPSTREAM_ERROR", status: 503, retryable: true } });
    expect(api.requests).toHaveLength(1);
  });

  it("retries 503 with backoff, then succeeds", async () => {
    const api = await loopback((_, res, __, index) =>
      index < 2 ? json(res, 503, { message: "busy" }) : json(res, 200, { done: true }),
    );
    expect(await createTransport(settings(api.origin)).call(request({ method: "put", readOnly: false }))).toMatchObject(
      { ok: true, body: { done: true } },
    );
    expect(api.requests).toHaveLength(3);
  });

  it("gives up after two retries", async () => {
    const api = await loopback((_, res) => json(res, 503, { message: "busy" }));
    expect(await createTransport(settings(api.origin)).call(request())).toMatchObject({
      ok: false,
      error: { code: "UPSTREAM_ERROR", status: 503, retryable: true },
    });
    expect(api.requests).toHaveLength(3);
  });

  it.each([
    ["a 409 with Retry-After: the same call later", 409, { "retry-after": "30" }, { message: "Busy" }, "CONFLICT", 30],
    [
      "a 409 whose body names a cooldown",
      409,
      {},
      { error: { data: { cooldown: { remainingSeconds: 42 } } } },
      "CONFLICT",
      42,
    ],
    [
      "a 404 with X-RateLimit-Reset: no wait",
      404,
      { "x-ratelimit-reset": "60" },
      { message: "Not Found" },
      "NOT_FOUND",
      undefined,
    ],
    ["a 429 with X-RateLimit-Reset: its wait", 429, { "x-ratelimit-reset": "60" }, {}, "RATE_LIMITED", 60],
  ])("the wait a failed POST is told: %s", async (_label, status, headers, body, code, wait) => {
    const api = await loopback((_, res) => json(res, status, body, headers));
    const outcome = await createTransport(settings(api.origin)).call({
      step: step({ method: "post", path: "/things", readOnly: false }),
      params: [],
    });
    if (outcome.ok) throw new Error("expected a failure");
    expect(outcome.error).toMatchObject({ code, retryable: wait !== undefined });
    expect(outcome.error.retry_after_seconds).toBe(wait);
    expect(api.requests).toHaveLength(1);
  });

  it.each<[string, Partial<StepSpec>, number, number, RegExp | undefined]>([
    ["a GET whose words act (GET /apps.uninstall), 503", { readOnly: false }, 503, 1, /sent once and not repeated/],
    ["a GET whose words act, 429", { readOnly: false }, 429, 1, undefined],
    ["an AWS action sent as a GET, idempotent in words, 503", { readOnly: false, idempotent: true }, 503, 3, undefined],
    [
      "a POST idempotent in words (SpaceTraders' dock), 503",
      { method: "post", readOnly: false, idempotent: true },
      503,
      3,
      undefined,
    ],
    ["a read made by POST (Docker's container wait), 503", { method: "post", readOnly: true }, 503, 3, undefined],
    ["a GET that reads, 503", {}, 503, 3, undefined],
    ["a POST, 503", { method: "post", readOnly: false }, 503, 1, /sent once and not repeated/],
    [
      "a keyed POST, 503",
      { method: "post", readOnly: false, idempotencyKey: { in: "header", name: "K" } },
      503,
      3,
      undefined,
    ],
  ])("what the planner knows of the step decides its resend: %s", async (_label, over, status, sends, said) => {
    const api = await loopback((_, res) => json(res, status, { error: "busy" }, { "retry-after": "0" }));
    const outcome = await createTransport(settings(api.origin)).call(request(over));
    expect(api.requests).toHaveLength(sends);
    if (outcome.ok) throw new Error("expected a failure");
    expect(outcome.error.retryable).toBe(true);
    if (said === undefined) expect(outcome.error.suggestion).not.toMatch(/sent once/);
    else expect(outcome.error.suggestion).toMatch(said);
  });

  it.each<[string, number, Partial<StepSpec>, boolean, RegExp]>([
    ["a POST", 504, { method: "post", readOnly: false }, false, /gave up waiting .* may have carried this action/],
    ["a GET whose words act", 504, { readOnly: false }, false, /gave up waiting/],
    ["a GET that reads", 504, {}, true, /Retry once later/],
    [
      "a keyed POST",
      504,
      { method: "post", readOnly: false, idempotencyKey: { in: "header", name: "K" } },
      true,
      /Retry/,
    ],
    ["a POST idempotent in words", 504, { method: "post", readOnly: false, idempotent: true }, true, /Retry once/],
    ["a POST", 502, { method: "post", readOnly: false }, false, /got no valid answer .* may have carried this action/],
    ["a GET whose words act", 502, { readOnly: false }, false, /got no valid answer/],
    ["a GET that reads", 502, {}, true, /Retry once later/],
    ["a PUT", 502, { method: "put", readOnly: false }, true, /Retry once later/],
    ["a POST", 500, { method: "post", readOnly: false }, false, /did not say whether it carried it out/],
    ["a PATCH", 500, { method: "patch", readOnly: false }, false, /did not say whether/],
    ["a GET whose words act", 500, { readOnly: false }, false, /did not say whether/],
    ["a GET that reads", 500, {}, true, /Retry once later/],
    ["a read made by POST", 500, { method: "post", readOnly: true }, true, /Retry once later/],
    [
      "a keyed POST",
      500,
      { method: "post", readOnly: false, idempotencyKey: { in: "header", name: "K" } },
      true,
      /Retry/,
    ],
    ["a POST idempotent in words", 500, { method: "post", readOnly: false, idempotent: true }, true, /Retry once/],
    ["a POST", 501, { method: "post", readOnly: false }, true, /Retry once later/],
  ])(
    "%s answered %i: the outcome is unknown unless a repeat is safe (500 a fault, 502/504 a gateway)",
    async (_, status, over, safe, said) => {
      const api = await loopback((_, res) => json(res, status, { message: "failed" }));
      const outcome = await createTransport(settings(api.origin)).call(request(over));
      expect(api.requests).toHaveLength(1);
      if (outcome.ok) throw new Error("expected a failure");
      expect(outcome.error).toMatchObject({ code: "UPSTREAM_ERROR", status, retryable: safe });
      expect(outcome.error.side_effects_committed).toBe(safe ? undefined : "unknown");
      expect(outcome.error.suggestion).toMatch(said);
      if (safe) expect(outcome.error.suggestion).not.toMatch(/side_effects_committed/);
      else expect(outcome.error.suggestion).toMatch(/"unknown"\), .* Check with a read tool whether it happened/);
    },
  );

  it.each<[string, number, Partial<StepSpec>, boolean, RegExp]>([
    ["a POST", 500, { method: "post", readOnly: false }, false, /did not say whether it carried it out/],
    ["a POST", 502, { method: "post", readOnly: false }, false, /got no valid answer .* may have carried this action/],
    ["a POST", 504, { method: "post", readOnly: false }, false, /gave up waiting .* may have carried this action/],
    ["a GET whose words act", 500, { readOnly: false }, false, /did not say whether/],
    ["a POST", 503, { method: "post", readOnly: false }, true, /wait 120 seconds .* then repeat the same call/],
    ["a GET that reads", 504, {}, true, /wait 120 seconds .* then repeat the same call/],
  ])("%s answered %i with Retry-After past the cap: a wait does not make a write's outcome known", async (...row) => {
    const [, status, over, safe, said] = row;
    const api = await loopback((_, res) => json(res, status, { message: "failed" }, { "retry-after": "120" }));
    const outcome = await createTransport(settings(api.origin)).call(request(over));
    if (outcome.ok) throw new Error("expected a failure");
    expect(outcome.error).toMatchObject({ code: "UPSTREAM_ERROR", status, retryable: safe, retry_after_seconds: 120 });
    expect(outcome.error.side_effects_committed).toBe(safe ? undefined : "unknown");
    expect(outcome.error.suggestion).toMatch(said);
    if (!safe) expect(api.requests).toHaveLength(1);
  });

  it("does not wait past the cap: answers RATE_LIMITED at once", async () => {
    const api = await loopback((_, res) => json(res, 429, {}, { "retry-after": "120" }));
    const outcome = await createTransport(settings(api.origin)).call(request());
    expect(outcome).toMatchObject({ ok: false, error: { code: "RATE_LIMITED", retry_after_seconds: 120 } });
    expect(api.requests).toHaveLength(1);
  });
});

describe("the attempt hook", () => {
  it("sees every physical request of a call — a retry, a redirect — counted, and its headers reach the API", async () => {
    const api = await loopback((req, res, _, index) => {
      if (index === 0) return json(res, 429, {}, { "retry-after": "0" });
      if (req.url?.startsWith("/v1/things")) return void res.writeHead(301, { location: "/v1/new/7" }).end();
      json(res, 200, { moved: true });
    });
    const attempts: Attempt[] = [];
    const onAttempt: TransportSettings["onAttempt"] = (attempt, send) => {
      attempts.push(attempt);
      return send([["x-attempt", String(attempt.resendCount)]]);
    };
    const outcome = await createTransport(settings(api.origin, { onAttempt })).call(request());
    expect(outcome).toMatchObject({ ok: true, body: { moved: true } });
    expect(attempts.map((a) => [a.method, a.url.pathname, a.template, a.resendCount])).toEqual([
      ["GET", "/v1/things/7", "/v1/things/{id}", 0],
      ["GET", "/v1/things/7", "/v1/things/{id}", 1],
      ["GET", "/v1/new/7", undefined, 2],
    ]);
    expect(api.requests.map((r) => r.headers["x-attempt"])).toEqual(["0", "1", "2"]);
  });

  it("sees the token request and the repeat after a 401 that fetched a new token", async () => {
    let issued = 0;
    const api = await loopback((req, res) => {
      if (req.url === "/token") return json(res, 200, { access_token: `tok-${++issued}`, expires_in: 3600 });
      const fresh = req.headers.authorization === `Bearer tok-${issued}` && issued > 1;
      json(res, fresh ? 200 : 401, {});
    });
    const oauth = { type: "oauth2" as const, flows: { clientCredentials: { tokenUrl: `${api.origin}/token` } } };
    const attempts: Attempt[] = [];
    const onAttempt: TransportSettings["onAttempt"] = (attempt, send) => {
      attempts.push(attempt);
      return send([["x-attempt", attempt.url.pathname]]);
    };
    const transport = createTransport(
      settings(api.origin, {
        toolset: { ...toolset, securitySchemes: { oauth } },
        credentials: { oauth: "app:client-secret-1234" },
        onAttempt,
      }),
    );
    expect(await transport.call(request({ security: [{ oauth: [] }] }))).toMatchObject({ ok: true });
    expect(attempts.map((a) => [a.method, a.url.pathname, a.template, a.resendCount])).toEqual([
      ["POST", "/token", "/token", 0],
      ["GET", "/v1/things/7", "/v1/things/{id}", 0],
      ["POST", "/token", "/token", 0],
      ["GET", "/v1/things/7", "/v1/things/{id}", 1],
    ]);
    expect(api.requests.map((r) => r.headers["x-attempt"])).toEqual([
      "/token",
      "/v1/things/7",
      "/token",
      "/v1/things/7",
    ]);
  });

  it("sees a request that got no answer, and the call still maps it to an error", async () => {
    const attempts: Attempt[] = [];
    const onAttempt: TransportSettings["onAttempt"] = (attempt, send) => (attempts.push(attempt), send([]));
    const outcome = await createTransport(settings("http://127.0.0.1:9", { onAttempt })).call(request());
    expect(outcome).toMatchObject({ ok: false, error: { code: "UNREACHABLE" } });
    expect(attempts).toHaveLength(1);
  });
});

describe("timeouts and unreachable hosts", () => {
  it("a slow API → TIMEOUT", async () => {
    const api = await loopback((_, res) => setTimeout(() => json(res, 200, {}), 2000));
    const outcome = await createTransport(settings(api.origin, { timeoutMs: 150 })).call(request());
    expect(outcome).toMatchObject({ ok: false, error: { code: "TIMEOUT", retryable: true } });
    expect(!outcome.ok && outcome.error.message).toContain("150 ms");
  });

  it("a timed-out POST is not retryable and says the action may have happened", async () => {
    const api = await loopback((_, res) => setTimeout(() => json(res, 200, {}), 2000));
    const outcome = await createTransport(settings(api.origin, { timeoutMs: 150 })).call({
      step: step({ method: "post", path: "/things", readOnly: false }),
      params: [],
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: "TIMEOUT", retryable: false } });
    expect(!outcome.ok && outcome.error.suggestion).toContain("may have carried out this action");
  });

  it("the caller's signal cancels the call", async () => {
    const api = await loopback((_, res) => setTimeout(() => json(res, 200, {}), 2000));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const outcome = await createTransport(settings(api.origin)).call(request(), controller.signal);
    expect(outcome).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
    expect(!outcome.ok && outcome.error.message).toContain("cancelled");
  });

  it("a timeout also ends a slow body", async () => {
    const api = await loopback((_, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("[1,");
    });
    expect(await createTransport(settings(api.origin, { timeoutMs: 200 })).call(request())).toMatchObject({
      ok: false,
      error: { code: "TIMEOUT" },
    });
  });

  it("connection refused → UNREACHABLE", async () => {
    const api = await loopback((_, res) => json(res, 200, {}));
    await api.close();
    const outcome = await createTransport(settings(api.origin)).call({
      step: step({ method: "post", path: "/things", readOnly: false }),
      params: [],
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: "UNREACHABLE", retryable: true } });
    expect(!outcome.ok && outcome.error.message).toContain("ECONNREFUSED");
    expect(!outcome.ok && outcome.error.suggestion).toContain("DEMO_BASE_URL");
  });

  it("a host that does not resolve → UNREACHABLE that is not retried and names the base URL variable", async () => {
    const enotfound = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("getaddrinfo ENOTFOUND your-domain.atlassian.net"), { code: "ENOTFOUND" }),
    });
    const failing = (async () => {
      throw enotfound;
    }) as typeof fetch;
    const outcome = await createTransport(settings("https://your-domain.atlassian.net", { fetch: failing })).call(
      request(),
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: "UNREACHABLE", retryable: false } });
    expect(!outcome.ok && outcome.error.suggestion).toMatch(/^Do not retry: .* DEMO_BASE_URL\./);
  });
});

describe("a request the HTTP client refuses to build", () => {
  // Notion's spec declares a header parameter with an empty name: Node's fetch throws before anything leaves.
  it("an empty header name → UPSTREAM_ERROR, not retried, nothing sent; never 'unreachable'", async () => {
    let hits = 0;
    const api = await loopback((_, res) => {
      hits++;
      json(res, 200, {});
    });
    const outcome = await createTransport(settings(api.origin)).call(
      request({}, "7", [{ spec: param("", "header"), value: "x" }]),
    );
    await api.close();
    expect(hits).toBe(0);
    expect(outcome).toMatchObject({ ok: false, error: { code: "UPSTREAM_ERROR", retryable: false } });
    expect(!outcome.ok && outcome.error.message).toMatch(
      /^getThing: the HTTP client refused to build the request \(Headers\.append: "" is an invalid header name\); nothing was sent\.$/,
    );
    expect(!outcome.ok && outcome.error.suggestion).toMatch(/^Do not retry/);
  });

  it.each([
    ["a header name it cannot carry", new TypeError('Headers.append: "" is an invalid header name.'), "UPSTREAM_ERROR"],
    ["a body on a GET", new TypeError("Request with GET/HEAD method cannot have body."), "UPSTREAM_ERROR"],
    [
      "characters a header cannot hold",
      new TypeError("Cannot convert argument to a ByteString because …"),
      "UPSTREAM_ERROR",
    ],
    [
      "a network failure",
      Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } }),
      "UNREACHABLE",
    ],
    ["another TypeError", new TypeError("Cannot read properties of undefined"), "UNREACHABLE"],
  ])("%s", async (_, thrown, code) => {
    const failing = (async () => {
      throw thrown;
    }) as typeof fetch;
    const outcome = await createTransport(settings("https://api.test", { fetch: failing })).call(request());
    expect(outcome).toMatchObject({ ok: false, error: { code } });
  });
});

describe("a write whose connection drops", () => {
  const KEY = "3b241101-e2bb-4255-8caf-4136c566a962";
  const keyHeader = param("Idempotency-Key", "header");
  /** A POST, with the runtime's idempotency key as a header when `keyed`. */
  const post = (keyed: boolean): OperationRequest => ({
    step: step({
      method: "post",
      path: "/payments",
      readOnly: false,
      ...(keyed ? { idempotencyKey: { in: "header", name: "Idempotency-Key" } } : {}),
    }),
    params: keyed ? [{ spec: keyHeader, value: KEY }] : [],
  });
  /** Drops the connection of the first `drops` requests (after reading them), then answers 201. */
  const dropping = (drops: number) =>
    loopback((req, res, _, index) => (index < drops ? req.socket.destroy() : json(res, 201, { id: "pay-1" })));

  it("a keyed POST is resent with the same key and its answer returned", async () => {
    const api = await dropping(1);
    const outcome = await createTransport(settings(api.origin)).call(post(true));
    expect(outcome).toMatchObject({ ok: true, status: 201, body: { id: "pay-1" } });
    expect(api.requests.map((r) => r.headers["idempotency-key"])).toEqual([KEY, KEY]);
  });

  it("a keyed POST that keeps dropping is sent 1 + maxRetries times, then the outcome is unknown", async () => {
    const api = await dropping(99);
    const outcome = await createTransport(settings(api.origin)).call(post(true));
    expect(api.requests.map((r) => r.headers["idempotency-key"])).toEqual([KEY, KEY, KEY]);
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: "UNREACHABLE", retryable: false, side_effects_committed: "unknown" },
    });
    const error = !outcome.ok ? outcome.error : undefined;
    expect(error?.message).toMatch(/outcome is unknown\. It was sent 3 times with the same idempotency key\.$/);
    expect(error?.suggestion).toMatch(/^The API may have carried out this action .* a new idempotency key.* read tool/);
  });

  it("a POST without a key is sent once; its error says the outcome is unknown", async () => {
    const api = await dropping(1);
    const outcome = await createTransport(settings(api.origin)).call(post(false));
    expect(api.requests).toHaveLength(1);
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: "UNREACHABLE", retryable: false, side_effects_committed: "unknown" },
    });
    expect(!outcome.ok && outcome.error.message).toMatch(/may have reached the API, so the outcome is unknown\.$/);
    expect(!outcome.ok && outcome.error.suggestion).toMatch(/a new request, which the API would carry out/);
  });

  it("a GET is sent once and the model may repeat it", async () => {
    const api = await dropping(1);
    const outcome = await createTransport(settings(api.origin)).call(request());
    expect(api.requests).toHaveLength(1);
    expect(outcome).toMatchObject({ ok: false, error: { code: "UNREACHABLE", retryable: true } });
    expect(!outcome.ok && outcome.error.side_effects_committed).toBeUndefined();
  });

  it.each<[string, Partial<StepSpec>, boolean]>([
    ["a GET whose words act (GET /apps.uninstall): the outcome is unknown", { readOnly: false }, false],
    [
      "a POST idempotent in words (SpaceTraders' dock): the model may repeat it",
      { method: "post", readOnly: false, idempotent: true },
      true,
    ],
    ["a PUT: the model may repeat it", { method: "put", readOnly: false }, true],
  ])("a dropped connection: %s", async (_label, over, retryable) => {
    const api = await dropping(1);
    const outcome = await createTransport(settings(api.origin)).call(request(over));
    expect(api.requests).toHaveLength(1);
    expect(outcome).toMatchObject({ ok: false, error: { code: "UNREACHABLE", retryable } });
    expect(!outcome.ok && outcome.error.side_effects_committed).toBe(retryable ? undefined : "unknown");
  });

  it("a keyed POST that times out is not resent (the deadline is spent) and says a new call has a new key", async () => {
    const api = await loopback((_, res) => setTimeout(() => json(res, 201, {}), 2000));
    const outcome = await createTransport(settings(api.origin, { timeoutMs: 150 })).call(post(true));
    expect(api.requests).toHaveLength(1);
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: "TIMEOUT", retryable: false, side_effects_committed: "unknown" },
    });
    expect(!outcome.ok && outcome.error.suggestion).toContain("a new request with a new idempotency key");
  });

  it("a read made by POST that times out may be repeated: no outcome is unknown (Docker's container wait)", async () => {
    const api = await loopback((_, res) => setTimeout(() => json(res, 200, { StatusCode: 0 }), 2000));
    const wait: OperationRequest = {
      step: step({ method: "post", path: "/containers/{id}/wait", readOnly: true }),
      params: [{ spec: param("id", "path"), value: "web" }],
    };
    const outcome = await createTransport(settings(api.origin, { timeoutMs: 150 })).call(wait);
    expect(outcome).toMatchObject({ ok: false, error: { code: "TIMEOUT", retryable: true } });
    expect(!outcome.ok && outcome.error.side_effects_committed).toBeUndefined();
  });

  it("a keyed POST whose connection is refused is not resent: nothing left, so the model may call again", async () => {
    const api = await dropping(0);
    await api.close();
    const outcome = await createTransport(settings(api.origin)).call(post(true));
    expect(outcome).toMatchObject({ ok: false, error: { code: "UNREACHABLE", retryable: true } });
  });
});

describe("redirects", () => {
  const secured = { security: [{ bearerAuth: [], apiKey: [], session: [] }] };
  const withSession = (origin: string) =>
    settings(origin, { credentials: { apiKey: API_KEY, bearerAuth: BEARER, session: "session-cookie-value" } });

  it("a read is not followed to another origin: the error names the status and the origin only, and nothing reaches it", async () => {
    const other = await loopback((_, res) => json(res, 200, { landed: true }));
    const api = await loopback((req, res) => {
      res
        .writeHead(302, { location: `${other.origin}/elsewhere?token=leak-me${req.url?.slice(req.url.indexOf("?"))}` })
        .end();
    });
    const outcome = await createTransport(withSession(api.origin)).call(
      request(secured, "7", [{ spec: param("q", "query"), value: "x" }]),
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: "UPSTREAM_ERROR", status: 302, retryable: false } });
    const message = !outcome.ok ? outcome.error.message : "";
    expect(message).toContain(`redirected to ${other.origin}, another origin`);
    expect(message).not.toContain("elsewhere");
    expect(message).not.toContain("leak-me");
    expect(other.requests).toHaveLength(0);
  });

  it("a read redirected outside the base URL's path (same origin) is refused like a first URL would be", async () => {
    const api = await loopback((req, res) =>
      req.url?.startsWith("/admin")
        ? json(res, 200, { admin: true })
        : res.writeHead(301, { location: "/admin/users" }).end(),
    );
    const outcome = await createTransport(withSession(api.origin)).call(request(secured));
    expect(outcome).toMatchObject({ ok: false, error: { code: "UPSTREAM_ERROR", status: 301 } });
    expect(!outcome.ok && outcome.error.message).toContain("outside the API's base path /v1");
    expect(api.requests).toHaveLength(1);
  });

  it("a read redirected to a URL with userinfo is refused", async () => {
    const api = await loopback((_, res) =>
      res.writeHead(302, { location: `${api.origin.replace("http://", "http://user:pw@")}/v1/x` }).end(),
    );
    const outcome = await createTransport(settings(api.origin)).call(request());
    expect(outcome).toMatchObject({ ok: false, error: { code: "UPSTREAM_ERROR" } });
    expect(!outcome.ok && outcome.error.message).not.toContain("pw");
    expect(api.requests).toHaveLength(1);
  });

  it("follows a same-origin redirect with credentials", async () => {
    const api = await loopback((req, res) =>
      req.url?.startsWith("/v1/new")
        ? json(res, 200, { moved: true })
        : res.writeHead(301, { location: "/v1/new/7" }).end(),
    );
    expect(await createTransport(withSession(api.origin)).call(request(secured))).toMatchObject({
      ok: true,
      body: { moved: true },
      url: `${api.origin}/v1/new/7`,
    });
    expect(api.requests[1]?.headers.authorization).toBe(`Bearer ${BEARER}`);
    expect(api.requests[1]?.url).toBe(`/v1/new/7?api_key=${API_KEY}`);
    expect(api.requests[1]?.headers.cookie).toBe("sid=session-cookie-value");
  });

  it.each(["post", "put", "patch", "delete"] as const)(
    "a redirect of %s (an action) is never followed, even within the origin",
    async (method) => {
      const api = await loopback((req, res) =>
        req.url?.startsWith("/v1/result")
          ? json(res, 200, { followed: true })
          : res.writeHead(307, { location: "/v1/result?secret=s3" }).end(),
      );
      const body =
        method === "delete"
          ? {}
          : {
              body: {
                spec: {
                  kind: "json" as const,
                  mediaType: "application/json",
                  value: { kind: "literal" as const, value: null },
                },
                value: { a: 1 },
              },
            };
      const outcome = await createTransport(settings(api.origin)).call({
        step: step({ method, path: "/a", readOnly: false }),
        params: [],
        ...body,
      });
      expect(outcome).toMatchObject({ ok: false, error: { code: "UPSTREAM_ERROR", status: 307, retryable: false } });
      const error = !outcome.ok ? outcome.error : undefined;
      expect(error?.message).toContain(`redirecting this ${method.toUpperCase()} to ${api.origin}`);
      expect(error?.message).not.toContain("s3");
      expect(error?.suggestion).toContain("check with a read tool");
      expect(api.requests).toHaveLength(1);
    },
  );

  it("a 303 after POST is reported, not followed as GET", async () => {
    const api = await loopback((req, res) =>
      req.url === "/v1/a"
        ? res.writeHead(303, { location: "/v1/result" }).end()
        : json(res, 200, { method: req.method }),
    );
    const post: OperationRequest = {
      step: step({ method: "post", path: "/a", readOnly: false }),
      params: [],
      body: {
        spec: { kind: "json", mediaType: "application/json", value: { kind: "literal", value: null } },
        value: { a: 1 },
      },
    };
    expect(await createTransport(settings(api.origin)).call(post)).toMatchObject({
      ok: false,
      error: { code: "UPSTREAM_ERROR", status: 303 },
    });
    expect(api.requests).toHaveLength(1);
  });

  it("stops after 5 redirects", async () => {
    const api = await loopback((req, res) => res.writeHead(302, { location: `${req.url}x` }).end());
    expect(await createTransport(settings(api.origin)).call(request())).toMatchObject({
      ok: false,
      error: { code: "UPSTREAM_ERROR", retryable: false },
    });
    expect(api.requests).toHaveLength(6);
  });
});

describe("response size ceiling", () => {
  const limit = 64 * 1024;
  it("a streamed (chunked) body past the ceiling → UPSTREAM_ERROR", async () => {
    const api = await loopback((_, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = "x".repeat(16 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 1000 && res.write(chunk)) sent++;
        if (sent < 1000) res.once("drain", pump);
        else res.end();
      };
      res.on("close", () => (sent = 1000));
      pump();
    });
    const outcome = await createTransport(settings(api.origin)).call(request());
    expect(outcome).toMatchObject({ ok: false, error: { code: "UPSTREAM_ERROR", retryable: false } });
    expect(!outcome.ok && outcome.error.message).toContain(`larger than ${limit} bytes`);
  });

  it("a declared Content-Length past the ceiling → UPSTREAM_ERROR without reading", async () => {
    const api = await loopback((_, res) => {
      res.writeHead(200, { "content-type": "text/plain", "content-length": String(limit * 4) });
      res.end("y".repeat(limit * 4));
    });
    expect(await createTransport(settings(api.origin)).call(request())).toMatchObject({
      ok: false,
      error: { code: "UPSTREAM_ERROR" },
    });
  });

  it("a gzip bomb is measured after decompression", async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 48));
    expect(bomb.length).toBeLessThan(limit);
    const api = await loopback((_, res) => {
      res.writeHead(200, {
        "content-type": "application/json",
        "content-encoding": "gzip",
        "content-length": String(bomb.length),
      });
      res.end(bomb);
    });
    const outcome = await createTransport(settings(api.origin)).call(request());
    expect(outcome).toMatchObject({ ok: false, error: { code: "UPSTREAM_ERROR" } });
    expect(!outcome.ok && outcome.error.message).toContain("larger than");
  });

  it("a compressed body under the ceiling is decompressed and parsed", async () => {
    const api = await loopback((_, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(gzipSync(JSON.stringify({ small: true })));
    });
    expect(await createTransport(settings(api.origin)).call(request())).toMatchObject({
      ok: true,
      body: { small: true },
    });
  });
});

describe("arguments refused before anything is sent", () => {
  const attempts = [
    "..",
    "%2e%2e",
    "%2E%2E",
    "a/../b",
    "\\",
    "..\\..\\windows",
    "//evil.com",
    "http://evil.com",
    "https://evil.com:8443/x",
    ".",
  ];
  it.each(attempts)("path value %j → INVALID_ARGUMENT, no request", async (value) => {
    const api = await loopback((_, res) => json(res, 200, {}));
    const outcome = await createTransport(settings(api.origin)).call(request({}, value));
    expect(outcome).toMatchObject({ ok: false, error: { code: "INVALID_ARGUMENT", retryable: false } });
    expect(api.requests).toHaveLength(0);
  });

  it.each([
    ["CR/LF", "a\r\nX-Evil: 1"],
    ["LF", "x\ny"],
    ["CR", "x\ry"],
  ])("header with %s → INVALID_ARGUMENT, no request", async (_, value) => {
    const api = await loopback((_, res) => json(res, 200, {}));
    const outcome = await createTransport(settings(api.origin)).call(
      request({}, "7", [{ spec: param("X-Note", "header"), value }]),
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: "INVALID_ARGUMENT" } });
    expect(api.requests).toHaveLength(0);
  });

  it("a query value cannot add parameters or a fragment", async () => {
    const api = await loopback((_, res) => json(res, 200, {}));
    await createTransport(settings(api.origin)).call(
      request({ security: [{ apiKey: [] }] }, "7", [
        { spec: param("q", "query", { allowReserved: true }), value: "x&api_key=stolen#frag" },
      ]),
    );
    expect(api.requests[0]?.url).toBe(`/v1/things/7?q=x%26api_key%3Dstolen%23frag&api_key=${API_KEY}`);
  });
});

describe("HTTP errors", () => {
  const described = {
    responseDescriptions: { "404": "Thing not found", "4XX": "Client error" },
    errorHints: { NOT_FOUND: "Use list_things to find a valid id." },
  };

  it.each([
    [400, "INVALID_ARGUMENT", false],
    [401, "UNAUTHORIZED", false],
    [403, "FORBIDDEN", false],
    [404, "NOT_FOUND", false],
    [409, "CONFLICT", false],
    [422, "INVALID_ARGUMENT", false],
    [500, "UPSTREAM_ERROR", false],
    [502, "UPSTREAM_ERROR", false],
    [418, "UPSTREAM_ERROR", false],
  ] as const)("%i → %s", async (status, code, retryable) => {
    const api = await loopback((_, res) => json(res, status, { message: `failure ${status}` }));
    const outcome = await createTransport(settings(api.origin)).call(
      request({ method: "post", path: "/things", readOnly: false }),
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: { code, status, retryable },
      response: { status, body: { message: `failure ${status}` } },
    });
    expect(!outcome.ok && outcome.error.message).toContain(`failure ${status}`);
  });

  it("uses the spec's description and the goals file's hint", async () => {
    const api = await loopback((_, res) => json(res, 404, { error: { message: "no thing 7" } }));
    const outcome = await createTransport(settings(api.origin)).call(request(described));
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        code: "NOT_FOUND",
        message: "getThing failed with HTTP 404 Not Found (Thing not found). The API said: no thing 7",
        suggestion: "Use list_things to find a valid id.",
      },
    });
  });

  it("scrubs a credential the API echoes back, in every form", async () => {
    const api = await loopback((req, res) =>
      json(res, 400, {
        message: `bad key ${API_KEY} in ${req.url} / ${Buffer.from(API_KEY).toString("base64")}`,
        api_key: API_KEY,
      }),
    );
    const outcome = await createTransport(settings(api.origin)).call(request({ security: [{ apiKey: [] }] }));
    const text = JSON.stringify(outcome);
    expect(outcome).toMatchObject({ ok: false, error: { code: "INVALID_ARGUMENT" } });
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(Buffer.from(API_KEY).toString("base64"));
    expect(text).toContain("[REDACTED]");
  });

  it("a 401 names the variable to check, never the secret", async () => {
    const api = await loopback((_, res) => json(res, 401, { message: "invalid token" }));
    const outcome = await createTransport(settings(api.origin)).call(request({ security: [{ bearerAuth: [] }] }));
    expect(outcome).toMatchObject({ ok: false, error: { code: "UNAUTHORIZED", retryable: false } });
    expect(!outcome.ok && outcome.error.suggestion).toContain("DEMO_BEARER_AUTH");
    expect(JSON.stringify(outcome)).not.toContain(BEARER);
  });

  it("missing credentials → UNAUTHORIZED before any request, naming the variable", async () => {
    const api = await loopback((_, res) => json(res, 200, {}));
    const outcome = await createTransport(settings(api.origin, { credentials: {} })).call(
      request({ security: [{ bearerAuth: [] }] }),
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: "UNAUTHORIZED", retryable: false } });
    expect(!outcome.ok && outcome.error.suggestion).toContain("DEMO_BEARER_AUTH");
    expect(api.requests).toHaveLength(0);
  });
});

describe("never throws", () => {
  it("an unserialisable body is INVALID_ARGUMENT, nothing sent", async () => {
    const api = await loopback((_, res) => json(res, 200, {}));
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const outcome = await createTransport(settings(api.origin)).call({
      step: step({ method: "post", path: "/things", readOnly: false }),
      params: [],
      body: {
        spec: { kind: "json", mediaType: "application/json", value: { kind: "literal", value: null } },
        value: cyclic,
      },
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: "INVALID_ARGUMENT" } });
    expect(api.requests).toHaveLength(0);
  });

  it("createTransport refuses a relative base URL at configuration time", () => {
    expect(() =>
      createTransport({
        ...settings("http://x"),
        baseUrl: undefined,
        toolset: { ...toolset, servers: [{ url: "/v1", variables: {} }] },
      }),
    ).toThrow(/DEMO_BASE_URL/);
  });
});
