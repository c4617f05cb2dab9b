// AWS Signature Version 4: the runtime's signer (aws4) against AWS's own (@smithy/signature-v4) on the same request,
// and the transport signing each send again (a fresh X-Amz-Date on a retry), or sending nothing without keys.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { amzDate, createSigner, type SigningKey } from "../../src/runtime/auth/sigv4.js";
import { createTransport, resolveTransportSettings, type OperationRequest } from "../../src/runtime/http/index.js";
import type { StepSpec, ToolsetSpec } from "../../src/runtime/types.js";
import { expectedAuthorization, type KnownKeys, type ReceivedRequest } from "../support/sigv4-oracle.js";

const KEYS: KnownKeys = {
  AKIDEXAMPLE: { secret: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
  ASIATEMPORARY: { secret: "temporary/secret+key", sessionToken: "FQoGZXIvYXdzEJr//////////token+with/slashes==" },
};
const NOW = Date.UTC(2026, 11, 5, 22, 30, 15);

const key = (id: keyof typeof KEYS & string, over: Partial<SigningKey> = {}): SigningKey => ({
  credential: {
    accessKeyId: id,
    secretAccessKey: KEYS[id]?.secret ?? "",
    ...(KEYS[id]?.sessionToken === undefined ? {} : { sessionToken: KEYS[id]?.sessionToken as string }),
  },
  service: "sqs",
  region: "eu-west-1",
  ...over,
});

/** The signed request as a server receives it: the headers fetch sends (host from the URL), the body's bytes. */
async function received(url: URL, init: RequestInit): Promise<ReceivedRequest> {
  const headers: Record<string, string> = { host: url.host };
  for (const [name, value] of new Headers(init.headers)) headers[name] = value;
  const body =
    init.body === undefined || init.body === null ? "" : new Uint8Array(await new Response(init.body).arrayBuffer());
  return { method: init.method ?? "GET", url, headers, body };
}

describe("the signer and AWS's own agree on the Authorization header", () => {
  const form = new FormData();
  form.append("MessageBody", "hello wörld");
  it.each<[string, string, RequestInit, SigningKey]>([
    [
      "GET with a query (spaces, reserved and non-ASCII characters, a repeated name)",
      "https://sqs.eu-west-1.amazonaws.com/?Action=ListQueues&Version=2012-11-05&QueueNamePrefix=my%20queue%2A%7E%C3%BC&Tag=a&Tag=b",
      { method: "GET", headers: { accept: "application/json", "user-agent": "sqs/2012-11-05" } },
      key("AKIDEXAMPLE"),
    ],
    [
      "GET of a path whose segments need encoding (signed double-encoded, as every service but S3)",
      "https://sqs.eu-west-1.amazonaws.com/123456789012/my%20queue/?Action=GetQueueAttributes",
      { method: "GET" },
      key("AKIDEXAMPLE"),
    ],
    [
      "POST of a form body",
      "https://sqs.eu-west-1.amazonaws.com/",
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "Action=SendMessage&MessageBody=hello%20world%21&QueueUrl=https%3A%2F%2Fq",
      },
      key("AKIDEXAMPLE"),
    ],
    [
      "POST of a JSON body with X-Amz-Target",
      "https://sqs.eu-west-1.amazonaws.com/",
      {
        method: "POST",
        headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": "AmazonSQS.ListQueues" },
        body: JSON.stringify({ QueueNamePrefix: "ü", MaxResults: 5 }),
      },
      key("AKIDEXAMPLE"),
    ],
    [
      "temporary keys: the session token is sent and signed",
      "https://sqs.eu-west-1.amazonaws.com/?Action=ListQueues",
      { method: "GET" },
      key("ASIATEMPORARY"),
    ],
    [
      "a multipart body: its bytes and boundary fixed before they are hashed",
      "https://execute-api.us-east-1.amazonaws.com/prod/upload",
      { method: "PUT", body: form },
      key("AKIDEXAMPLE", { service: "execute-api", region: "us-east-1" }),
    ],
  ])("%s", async (_name, url, init, signingKey) => {
    const signed = await createSigner(signingKey, () => NOW)(new URL(url), init);
    const request = await received(signed.url, signed.init);
    expect(request.headers["x-amz-date"]).toBe("20261205T223015Z");
    expect(request.headers["authorization"]).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${signingKey.credential.accessKeyId}/20261205/${signingKey.region}/${signingKey.service}/aws4_request, `,
      ),
    );
    expect(request.headers["x-amz-security-token"]).toBe(signingKey.credential.sessionToken);
    expect(await expectedAuthorization(request, KEYS)).toBe(request.headers["authorization"]);
  });

  it("a signature over other bytes is not the one AWS computes (the oracle can tell)", async () => {
    const signed = await createSigner(key("AKIDEXAMPLE"), () => NOW)(new URL("https://sqs.eu-west-1.amazonaws.com/"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "Action=PurgeQueue",
    });
    const request = await received(signed.url, { ...signed.init, body: "Action=DeleteQueue" });
    expect(await expectedAuthorization(request, KEYS)).not.toBe(request.headers["authorization"]);
  });

  it("X-Amz-Date is the signing time in AWS's basic ISO 8601 form", () => {
    expect(amzDate(Date.UTC(2015, 7, 30, 12, 36, 0, 123))).toBe("20150830T123600Z");
  });
});

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A loopback API that checks each request's signature with AWS's signer: 503 first when asked, then 200 or 403. */
async function signedApi(options: { readonly busyFirst: boolean }) {
  const seen: { request: ReceivedRequest; valid: boolean }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const request = {
        method: req.method ?? "",
        url: new URL(req.url ?? "/", `http://${req.headers.host}`),
        headers,
        body: new Uint8Array(Buffer.concat(chunks)),
      };
      const valid = (await expectedAuthorization(request, KEYS)) === headers["authorization"];
      seen.push({ request, valid });
      if (options.busyFirst && seen.length === 1) return void res.writeHead(503).end();
      res.writeHead(valid ? 200 : 403, { "content-type": "application/json" });
      res.end(JSON.stringify(valid ? { QueueUrls: ["https://q/1"] } : { __type: "SignatureDoesNotMatch" }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const toolset: ToolsetSpec = {
  name: "sqs",
  version: "2012-11-05",
  envPrefix: "SQS",
  servers: [{ url: "https://sqs.{region}.amazonaws.com", variables: { region: { default: "us-east-1" } } }],
  securitySchemes: { hmac: { type: "awsSigV4", service: "sqs", region: "us-east-1" } },
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};

const step: StepSpec = {
  id: "list",
  operationId: "GET_ListQueues",
  method: "get",
  path: "/",
  params: [
    {
      name: "Action",
      in: "query",
      style: "form",
      explode: true,
      allowReserved: false,
      required: true,
      value: { kind: "literal", value: "ListQueues" },
    },
  ],
  outputs: {},
  dependsOn: [],
  readOnly: true,
  security: [{ hmac: [] }],
  successStatus: "200",
  responseDescriptions: {},
  errorHints: {},
  successCriteria: [],
  onSuccess: [],
  onFailure: [],
};
const call: OperationRequest = { step, params: [{ spec: step.params[0]!, value: "ListQueues" }] };

describe("the transport signs every send", () => {
  it("signs the request as sent, and a retry again with a fresh X-Amz-Date", async () => {
    const api = await signedApi({ busyFirst: true });
    let clock = NOW;
    const settings = resolveTransportSettings(toolset, {
      env: {
        SQS_BASE_URL: api.origin,
        AWS_ACCESS_KEY_ID: "ASIATEMPORARY",
        AWS_SECRET_ACCESS_KEY: KEYS.ASIATEMPORARY?.secret,
        AWS_SESSION_TOKEN: KEYS.ASIATEMPORARY?.sessionToken,
        AWS_REGION: "eu-west-1",
      },
    });
    const outcome = await createTransport({ ...settings, retry: { baseDelayMs: 1 }, now: () => (clock += 7000) }).call(
      call,
    );
    expect(outcome).toMatchObject({ ok: true, status: 200, body: { QueueUrls: ["https://q/1"] } });
    expect(api.seen.map((s) => s.valid)).toEqual([true, true]);
    const dates = api.seen.map((s) => s.request.headers["x-amz-date"]);
    expect(new Set(dates).size).toBe(2);
    expect(api.seen[0]?.request.headers["authorization"]).toContain("/eu-west-1/sqs/aws4_request");
    expect(api.seen[0]?.request.headers["x-amz-security-token"]).toBe(KEYS.ASIATEMPORARY?.sessionToken);
  });

  it("keys the API refuses: the suggestion names the AWS variables to check, not a missing permission", async () => {
    const api = await signedApi({ busyFirst: false });
    const settings = resolveTransportSettings(toolset, {
      env: { SQS_BASE_URL: api.origin, AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "wrong" },
    });
    expect(await createTransport(settings).call(call)).toMatchObject({
      ok: false,
      error: {
        status: 403,
        suggestion:
          "The API refused the request's signature. Do not retry; tell the user the operator must check " +
          "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and the region us-east-1 (AWS_REGION) and service sqs " +
          "(SQS_SIGNING_SERVICE) the requests are signed for.",
      },
    });
    expect(api.seen.map((s) => s.valid)).toEqual([false]);
  });

  it("the operator's signing name replaces the spec's", async () => {
    const api = await signedApi({ busyFirst: false });
    const settings = resolveTransportSettings(toolset, {
      env: {
        SQS_BASE_URL: api.origin,
        AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
        AWS_SECRET_ACCESS_KEY: KEYS.AKIDEXAMPLE?.secret,
        SQS_SIGNING_SERVICE: "ses",
      },
    });
    expect(await createTransport(settings).call(call)).toMatchObject({ ok: true });
    expect(api.seen[0]?.request.headers["authorization"]).toContain("/us-east-1/ses/aws4_request");
  });

  it("without keys: UNAUTHORIZED naming the AWS variables, and nothing is sent", async () => {
    const api = await signedApi({ busyFirst: false });
    const settings = resolveTransportSettings(toolset, { env: { SQS_BASE_URL: api.origin } });
    const outcome = await createTransport(settings).call(call);
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        code: "UNAUTHORIZED",
        message: "GET_ListQueues needs credentials (security scheme `hmac`) and none are configured; nothing was sent.",
        suggestion:
          "Do not retry; tell the user the operator must set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the tool server's environment.",
      },
    });
    expect(api.seen).toEqual([]);
  });

  it("half a key pair is a configuration error at start", () => {
    expect(() => resolveTransportSettings(toolset, { env: { AWS_ACCESS_KEY_ID: "AKIDEXAMPLE" } })).toThrow(
      "AWS_ACCESS_KEY_ID is set without AWS_SECRET_ACCESS_KEY; set both",
    );
  });

  it("AWS_REGION picks the server URL's {region} and the region signed for", () => {
    const settings = resolveTransportSettings(toolset, {
      env: { AWS_REGION: "ap-south-1", AWS_ACCESS_KEY_ID: "A", AWS_SECRET_ACCESS_KEY: "S" },
    });
    expect([settings.baseUrl, settings.signing]).toEqual([
      "https://sqs.ap-south-1.amazonaws.com/",
      { region: "ap-south-1" },
    ]);
  });
});
