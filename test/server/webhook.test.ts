// PREFIX_APPROVAL_WEBHOOK against a local server: each new pending request is POSTed (Slack `text` + id, tool, risk, console
// link and the whole preview, every value the call sends), without the tool call waiting for it; retried with backoff on
// 5xx and network errors, not on 4xx.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { deliver, resolveWebhook, webhookBody } from "../../src/runtime/notify/webhook.js";
import { bindToolset, createRuntime } from "../../src/runtime/toolset.js";
import { placeOrder } from "../../examples/generated/pet-coupons/src/tools/place_order.js";
import { toolset } from "../../examples/generated/pet-coupons/src/toolset.js";

const COUPON = "SECRET-COUPON-4471";
const servers: Server[] = [];
const dirs: string[] = [];

/** A hook server whose handler decides each answer; resolves its URL. */
async function hook(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => handler(req, res, body));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => (s.closeAllConnections(), s.close(done)))));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const notice = {
  id: "0b6d2a8e-1111-4222-8333-444455556666",
  tool: "place_order",
  risk: "high",
  createdAt: "2026-12-02T00:00:00.000Z",
};

describe("approval webhook", () => {
  it("posts each new pending request while the tool call has already answered pending_approval", async () => {
    const received: { body: string; type: string | undefined }[] = [];
    let answer: (() => void) | undefined;
    const delivered = new Promise<void>((done) => (answer = done));
    const url = await hook((req, res, body) => {
      received.push({ body, type: req.headers["content-type"] });
      void held.then(() => (res.end("ok"), answer?.()));
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    const stateDir = mkdtempSync(join(tmpdir(), "aci-hook-"));
    dirs.push(stateDir);
    const env = {
      PET_COUPONS_BASE_URL: "http://127.0.0.1:9",
      PET_COUPONS_APPROVAL_WEBHOOK: url,
      PET_COUPONS_CONSOLE_URL: "https://ops.example.com",
      PET_COUPONS_API_KEY: "k-webhook-secret-0123",
    };
    const tools = bindToolset([placeOrder], createRuntime(toolset, { env, stateDir }));
    const result = (await tools.place_order!.run({ pet_id: 7, quantity: 1, coupon_code: COUPON })) as {
      status: string;
      request_id: string;
    };
    expect(result.status).toBe("pending_approval");
    release();
    await delivered;
    expect(received).toHaveLength(1);
    expect(received[0]?.type).toBe("application/json");
    const body = JSON.parse(received[0]?.body ?? "{}") as Record<string, string>;
    const preview = [
      "What approving runs (1 step, 1 changing state):",
      "  1. place-order  POST    /store/order   CHANGES STATE",
      `     body: petId=7, quantity=1, couponCode=${COUPON}, status=placed, complete=false`,
    ];
    expect(body).toEqual({
      text: expect.stringMatching(
        new RegExp(
          `^Approval needed: place_order \\(high risk\\), request ${result.request_id}: <https://ops\\.example\\.com/approvals/requests/${result.request_id}\\|open in the approvals console>\n\`\`\`\nWhat approving runs \\(1 step, 1 changing state\\):\n[^]*SECRET-COUPON-4471[^]*\n\`\`\`$`,
        ),
      ),
      preview,
      event: "approval_requested",
      id: result.request_id,
      tool: "place_order",
      risk: "high",
      created_at: expect.any(String),
      console_url: `https://ops.example.com/approvals/requests/${result.request_id}`,
    });
    expect(received[0]?.body).not.toContain("k-webhook-secret-0123");
  });

  it("retries 5xx and network failures with doubling waits, and gives up on a 4xx", async () => {
    const statuses = [503, 500, 200];
    let hits = 0;
    const url = await hook((_req, res) => ((res.statusCode = statuses[hits++] ?? 200), res.end()));
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    expect(await deliver({ url: new URL(url) }, notice, { attempts: 5, baseDelayMs: 100, sleep })).toBe(true);
    expect(hits).toBe(3);
    expect(waits).toEqual([100, 200]);

    let refused = 0;
    const bad = await hook((_req, res) => (refused++, (res.statusCode = 400), res.end()));
    expect(
      await deliver({ url: new URL(bad) }, notice, { attempts: 5, baseDelayMs: 1, sleep: async () => undefined }),
    ).toBe(false);
    expect(refused).toBe(1);

    const warnings: string[] = [];
    const closed = new URL(url);
    await new Promise((done) => servers[0]?.close(done));
    servers[0]?.closeAllConnections();
    const failed: number[] = [];
    expect(
      await deliver({ url: closed }, notice, {
        attempts: 3,
        baseDelayMs: 10,
        sleep: async (ms) => void failed.push(ms),
        warn: (l) => warnings.push(l),
      }),
    ).toBe(false);
    expect(failed).toEqual([10, 20]);
    expect(warnings).toEqual([`approval webhook: request ${notice.id} could not be delivered to ${closed.origin}`]);
  });

  it("without PREFIX_CONSOLE_URL links the console path", () => {
    expect(webhookBody(notice, undefined)).toMatchObject({
      console_url: `/approvals/requests/${notice.id}`,
      text: expect.stringContaining(`/approvals/requests/${notice.id}`),
    });
  });

  it("accepts https anywhere and http only to loopback; anything else is a one-line configuration error", () => {
    expect(resolveWebhook("PETS", {})).toBeUndefined();
    expect(
      resolveWebhook("PETS", { PETS_APPROVAL_WEBHOOK: "https://hooks.slack.com/services/T/B/X" })?.url.hostname,
    ).toBe("hooks.slack.com");
    expect(resolveWebhook("PETS", { PETS_APPROVAL_WEBHOOK: "http://127.0.0.1:8080/h" })?.url.port).toBe("8080");
    for (const bad of ["http://hooks.example.com/h", "ftp://127.0.0.1/h", "not a url"]) {
      expect(() => resolveWebhook("PETS", { PETS_APPROVAL_WEBHOOK: bad })).toThrow(
        /^PETS_APPROVAL_WEBHOOK must be an https:\/\/ URL \(http:\/\/ only to localhost, 127\.0\.0\.1 or \[::1\]\), got `[^`\n]*`$/,
      );
    }
    expect(() =>
      resolveWebhook("PETS", { PETS_APPROVAL_WEBHOOK: "https://h.example.com", PETS_CONSOLE_URL: "ops" }),
    ).toThrow(/^PETS_CONSOLE_URL must be [^\n]+$/);
  });
});
