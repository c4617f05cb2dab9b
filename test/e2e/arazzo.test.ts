// End to end for an Arazzo-based package: test/fixtures/arazzo-fixed/pet-coupons.arazzo.yaml generated and built,
// its MCP server driven over stdio by the MCP SDK's Client, calling a small real API through Prism in proxy mode.
// The workflow apply-coupon: find a pet by tags → find its coupon → the place-order sub-workflow, ids and the coupon
// code flowing between steps.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp, ROOT, startPrism, type McpSession, type Prism } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const SPEC = join(ROOT, "test/fixtures/corpus/arazzo/pet-coupons.openapi.yaml");
const ARAZZO = join(ROOT, "test/fixtures/arazzo-fixed/pet-coupons.arazzo.yaml");
const WORK = join(ROOT, ".tmp/e2e", `arazzo-${process.pid}`);
const PET_COUPONS = { spec: SPEC, goals: ARAZZO };
const PKG = packageDir(PET_COUPONS);
const TOKEN = `tok-arazzo-${randomUUID()}`;

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

const requests: Seen[] = [];
let api: Server | undefined;
let prism: Prism | undefined;
let mcp: McpSession | undefined;

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) return void res.writeHead(status).end();
  const text = JSON.stringify(body);
  res
    .writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) })
    .end(text);
}

/** GET /pet/findByTags (bearer), GET /pet/{id}/coupons (pet 7 has one, others 404), POST /store/order (200). */
async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "GET" && url.pathname === "/pet/findByTags") {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(res, 401);
    const tags = url.searchParams.getAll("tags");
    const pets = [
      {
        id: 7,
        name: "Dotty",
        price: 250,
        photoUrls: [],
        tags: [
          { id: 1, name: "puppy" },
          { id: 2, name: "dalmatian" },
        ],
        status: "available",
      },
      { id: 8, name: "Rex", price: 150, photoUrls: [], tags: [{ id: 3, name: "terrier" }], status: "available" },
    ];
    return send(
      res,
      200,
      pets.filter((p) => p.tags.some((t) => tags.includes(t.name))),
    );
  }
  const coupons = /^\/pet\/(\d+)\/coupons$/.exec(url.pathname);
  if (req.method === "GET" && coupons) {
    return coupons[1] === "7"
      ? send(res, 200, { id: 31, description: "Summer Sale - 10% off!", couponCode: "SUMMERSALE" })
      : send(res, 404);
  }
  if (req.method === "POST" && url.pathname === "/store/order") {
    const order = JSON.parse(body) as Record<string, unknown>;
    return send(res, 200, { id: 5001, ...order });
  }
  return send(res, 404);
}

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  await builtPackage(PET_COUPONS);
  api = createServer((req, res) => void handle(req, res).catch(() => send(res, 500)));
  await new Promise<void>((resolve) => api!.listen(0, "127.0.0.1", () => resolve()));
  prism = await startPrism(SPEC, `http://127.0.0.1:${(api.address() as AddressInfo).port}`);
  mcp = await connectMcp(join(PKG, "dist/server.js"), {
    PATH: process.env.PATH ?? "",
    PET_COUPONS_BASE_URL: `http://127.0.0.1:${prism.port}`,
    PET_COUPONS_PETSTORE_AUTH: TOKEN,
    PET_COUPONS_APPROVAL: "auto",
    PET_COUPONS_STATE_DIR: join(WORK, "state"),
  });
}, 150_000);

afterAll(async () => {
  await mcp?.close();
  await prism?.stop();
  api?.closeAllConnections();
  await new Promise<void>((resolve) => (api === undefined ? resolve() : api.close(() => resolve())));
  rmSync(WORK, { recursive: true, force: true });
}, 30_000);

describe("Arazzo pet-coupons package over MCP stdio, through Prism", () => {
  it("lists one tool per workflow that is not only called by others", async () => {
    const { tools } = await mcp!.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["apply_coupon", "buy_available_pet", "place_order"]);
    const apply = tools.find((t) => t.name === "apply_coupon")!;
    expect(apply.description).toContain("Apply a coupon to a pet order.");
    expect(Object.keys(apply.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["my_pet_tags", "request_id"]),
    );
  });

  it("apply_coupon runs find-pet → find-coupons → place-order, the pet id and coupon code flowing into the order", async () => {
    requests.length = 0;
    const result = await callTool(mcp!, "apply_coupon", { my_pet_tags: ["puppy"], quantity: 1 });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual({ apply_coupon_pet_order_id: 5001 });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /pet/findByTags?tags=puppy",
      "GET /pet/7/coupons",
      "POST /store/order",
    ]);
    expect(JSON.parse(requests[2]!.body)).toEqual({
      petId: 7,
      quantity: 1,
      couponCode: "SUMMERSALE",
      status: "placed",
      complete: false,
    });
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const audit = readFileSync(join(WORK, "state/audit.jsonl"), "utf8");
    expect(audit).not.toContain(TOKEN);
    expect(
      audit
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { event: string }).event),
    ).toEqual(["approved", "executed"]);
  });

  it("a pet without a coupon stops at find-coupons with NOT_FOUND; no order is placed", async () => {
    requests.length = 0;
    const result = await callTool(mcp!, "apply_coupon", { my_pet_tags: ["terrier"], quantity: 1 });
    expect(result.isError).toBe(true);
    expect(result.json.error).toMatchObject({
      code: "NOT_FOUND",
      status: 404,
      step: "find-coupons",
      completed_steps: ["find-pet"],
      side_effects_committed: false,
    });
    expect(requests.map((r) => r.method)).toEqual(["GET", "GET"]);
    expect(result.text).not.toContain(TOKEN);
    expect(prism!.log()).not.toMatch(/VIOLATIONS|UNPROCESSABLE_ENTITY|NO_PATH_MATCHED|Violation/i);
  });
});
