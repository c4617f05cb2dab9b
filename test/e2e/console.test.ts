// The approvals console of the compiled pet-coupons server (`node dist/server.js --http`, file state store) in Chromium at
// 1280 px: an MCP client queues approvals (their target reads run first), operators named in PREFIX_OPERATOR_TOKENS sign
// in with their own tokens, see tool, method, path and the target found in the list and the confirm dialog, approve
// one and reject another with a reason, and the MCP client and the audit log (who decided, as authenticated) see the
// outcomes; sign-out revokes the session; the MCP server token and a POST without the CSRF token are refused.
// Screenshots under test-artifacts/ (docs/console/ holds copies for the README).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Browser, Page } from "puppeteer-core";
import { CHROMIUM_SKIP, launchChromium } from "../support/chromium.js";
import { connectHttpMcp, ROOT, startHttpServer, stopChild, type HttpServerProcess } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const PET_COUPONS = {
  spec: join(ROOT, "examples/specs/pet-coupons.openapi.yaml"),
  goals: join(ROOT, "examples/goals/pet-coupons.arazzo.yaml"),
};
const PKG = packageDir(PET_COUPONS);
const ARTIFACTS = join(ROOT, "test-artifacts");
const OPERATOR_TOKEN = "operator-token-e2e-5c0b7d19a4f3";
const LEE_TOKEN = "operator-token-e2e-lee-77d0a3c1";
const SERVER_TOKEN = "mcp-server-token-e2e-83e1f6";
const API_KEY = "upstream-api-key-e2e-2d9c";
const OAUTH_TOKEN = "oauth-token-e2e-6a1f";
const OPERATOR = "dana";
const REASON = "coupon abuse: the same pet twice today";

/** The pet store: every request it saw, as `METHOD path credential` (`key`, `oauth` or `none`). */
function upstream(seen: string[]): Server {
  return createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const credential =
      req.headers.api_key === API_KEY
        ? "key"
        : req.headers.authorization === `Bearer ${OAUTH_TOKEN}`
          ? "oauth"
          : "none";
    seen.push(`${req.method} ${path} ${credential}`);
    res.setHeader("content-type", "application/json");
    if (path === "/pet/findByTags") return void res.end(JSON.stringify([{ id: 7, name: "Rex", photoUrls: [] }]));
    if (path === "/pet/7/coupons") return void res.end(JSON.stringify({ couponCode: "SAVE10" }));
    if (path === "/store/order" && req.method === "POST")
      return void res.end(JSON.stringify({ id: 901, petId: 7, status: "placed" }));
    res.writeHead(404).end("{}");
  });
}

const payload = (result: CallToolResult): Record<string, unknown> =>
  JSON.parse((result.content[0] as { text: string }).text) as Record<string, unknown>;

describe.skipIf(CHROMIUM_SKIP)("the approvals console of the real server binary", () => {
  const seen: string[] = [];
  let api: Server;
  let server: HttpServerProcess;
  let mcp: Client;
  let browser: Browser;
  let page: Page;
  let stateDir: string;
  let base: string;
  const ids = { approve: "", reject: "", forged: "" };
  const dialogs: string[] = [];
  const fits = async (): Promise<void> => {
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
            .scrollWidth,
      ),
    ).toBeLessThanOrEqual(1280);
  };

  const call = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> =>
    payload((await mcp.callTool({ name, arguments: args }, undefined, { timeout: 30_000 })) as CallToolResult);
  const text = (selector: string): Promise<string> =>
    page.$eval(selector, (el) => (el as unknown as { innerText: string }).innerText);
  const submit = async (selector: string) => (await Promise.all([page.waitForNavigation(), page.click(selector)]))[0];

  beforeAll(async () => {
    const built = builtPackage(PET_COUPONS);
    api = upstream(seen);
    await new Promise<void>((done) => api.listen(0, "127.0.0.1", done));
    stateDir = mkdtempSync(join(tmpdir(), "aci-console-e2e-"));
    const launched = launchChromium();
    await built;
    server = await startHttpServer(join(PKG, "dist/server.js"), {
      PATH: process.env.PATH ?? "",
      PET_COUPONS_BASE_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      PET_COUPONS_API_KEY: API_KEY,
      PET_COUPONS_PETSTORE_AUTH: OAUTH_TOKEN,
      PET_COUPONS_STATE_DIR: stateDir,
      PET_COUPONS_SERVER_TOKEN: SERVER_TOKEN,
      PET_COUPONS_OPERATOR_TOKENS: `${OPERATOR}:${OPERATOR_TOKEN},lee:${LEE_TOKEN}`,
    });
    base = server.url.replace(/\/mcp$/, "");
    mcp = await connectHttpMcp(server.url, SERVER_TOKEN);
    browser = await launched;
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await mcp?.close();
    await browser?.close();
    await stopChild(server?.child);
    await new Promise((done) => (api?.closeAllConnections(), api?.close(done)));
    rmSync(stateDir, { recursive: true, force: true });
  });

  it("announces the console at start and queues the MCP client's high-risk calls, running only their target reads", async () => {
    expect(server.log()).toContain(`approvals console: ${base}/approvals`);
    const queued = [
      await call("apply_coupon", { my_pet_tags: ["spotted"], quantity: 2 }),
      await call("place_order", { pet_id: 7, quantity: 1, coupon_code: "SAVE10" }),
      await call("place_order", { pet_id: 8, quantity: 1 }),
    ];
    for (const result of queued) expect(result).toMatchObject({ status: "pending_approval" });
    const [approve, reject, forged] = queued.map((r) => String(r.request_id));
    Object.assign(ids, { approve, reject, forged });
    expect(new Set(Object.values(ids)).size).toBe(3);
    expect(seen).toEqual(["GET /pet/findByTags oauth"]);
    seen.length = 0;
  });

  it("refuses the MCP server token, signs the operator in by their token alone and lists tool, call and target", async () => {
    expect((await fetch(`${base}/approvals`, { headers: { authorization: `Bearer ${SERVER_TOKEN}` } })).status).toBe(
      401,
    );
    const first = await page.goto(`${base}/approvals`);
    expect(first?.status()).toBe(401);
    expect(await page.$("input[name=name]")).toBeNull();
    await page.type("input[name=token]", SERVER_TOKEN);
    expect((await submit("button[type=submit]"))?.status()).toBe(401);
    expect(await text("#error")).toContain("Wrong operator token");
    await page.type("input[name=token]", OPERATOR_TOKEN);
    expect((await submit("button[type=submit]"))?.status()).toBe(200);
    expect(await text("#operator")).toBe(OPERATOR);
    const rows = await page.$$eval("#pending tbody tr[data-id]", (trs) => trs.map((r) => r.getAttribute("data-id")));
    expect(rows.sort()).toEqual([ids.approve, ids.reject, ids.forged].sort());
    expect(await text(`tr[data-id="${ids.approve}"]`)).toMatch(
      /apply_coupon[\s\S]*high[\s\S]*POST \/store\/order[\s\S]*petId = 7; couponCode chosen at run time/,
    );
    await fits();
    await page.screenshot({ path: join(ARTIFACTS, "console-e2e-list.png"), fullPage: true });
  });

  it("approves one request in the browser: the dialog names it, the server runs it once, the MCP client gets its result", async () => {
    await submit(`tr[data-id="${ids.approve}"] a`);
    expect(await page.$$eval("#steps tbody tr", (trs) => trs.length)).toBe(3);
    await fits();
    await page.screenshot({ path: join(ARTIFACTS, "console-e2e-detail.png"), fullPage: true });
    await submit("#approve button");
    expect(dialogs).toEqual([
      "Approve and run apply_coupon: POST /store/order on petId = 7; couponCode chosen at run time? It runs now, exactly once.",
    ]);
    expect(await text("#flash")).toBe("Approved and executed.");
    expect(await text("#fields")).toMatch(/State\s+done/);
    expect(await text("#fields")).toContain(`console:${OPERATOR}`);
    expect(seen).toEqual(["GET /pet/findByTags oauth", "GET /pet/7/coupons key", "POST /store/order none"]);
    expect(await text("#preview-heading")).toMatch(/^What approving ran/);
    expect(await call("apply_coupon", { request_id: ids.approve })).toMatchObject({ apply_coupon_pet_order_id: 901 });
    expect(seen).toHaveLength(3);
  });

  it("rejects another with a reason: nothing is sent and the MCP client gets APPROVAL_REJECTED with the reason", async () => {
    await page.goto(`${base}/approvals/requests/${ids.reject}`);
    await page.type("#reject textarea", REASON);
    await submit("#reject button");
    expect(await text("#fields")).toMatch(/State\s+rejected/);
    expect(await call("place_order", { request_id: ids.reject })).toMatchObject({
      error: { code: "APPROVAL_REJECTED", reason: REASON, message: expect.stringContaining(REASON) },
    });
    expect(seen).toHaveLength(3);
  });

  it("refuses a forged POST without the CSRF token: the request stays pending", async () => {
    const cookie = (await page.cookies()).find((c) => c.name === "aci_console");
    expect(cookie?.httpOnly).toBe(true);
    const forged = await fetch(`${base}/approvals/requests/${ids.forged}/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `aci_console=${cookie?.value}` },
      body: "",
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    const withServerToken = await fetch(`${base}/approvals/requests/${ids.forged}/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${SERVER_TOKEN}` },
      body: "",
      redirect: "manual",
    });
    expect(withServerToken.status).toBe(401);
    expect(await call("place_order", { request_id: ids.forged })).toMatchObject({ status: "pending_approval" });
    expect(seen).toHaveLength(3);
  });

  it("records every decision in the audit log the console shows, with who decided", async () => {
    const records = readFileSync(join(stateDir, "audit.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; request_id?: string; by?: string; reason?: string });
    const of = (id: string) => records.filter((r) => r.request_id === id).map((r) => r.event);
    expect(of(ids.approve)).toEqual(["approval_requested", "approved", "executed"]);
    expect(of(ids.reject)).toEqual(["approval_requested", "rejected"]);
    expect(of(ids.forged)).toEqual(["approval_requested"]);
    expect(records.find((r) => r.event === "approved")?.by).toBe(`console:${OPERATOR}`);
    expect(records.find((r) => r.event === "rejected")).toMatchObject({ by: `console:${OPERATOR}`, reason: REASON });
    await page.goto(`${base}/approvals/audit?event=rejected`);
    const shown = await page.$$eval("#audit tbody tr", (trs) =>
      trs.map((r) => (r as unknown as { innerText: string }).innerText),
    );
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain(REASON);
    await page.goto(`${base}/approvals/audit`);
    await fits();
    await page.screenshot({ path: join(ARTIFACTS, "console-e2e-audit.png"), fullPage: true });
  });

  it("sign-out ends the session on the server: the copied cookie opens nothing, and the next sign-in is lee's", async () => {
    const cookie = (await page.cookies()).find((c) => c.name === "aci_console")?.value ?? "";
    const copied = () => fetch(`${base}/approvals`, { headers: { cookie: `aci_console=${cookie}` } });
    expect((await copied()).status).toBe(200);
    await submit("#sign-out");
    expect((await copied()).status).toBe(401);
    await page.type("input[name=token]", LEE_TOKEN);
    await submit("button[type=submit]");
    expect(await text("#operator")).toBe("lee");
    await page.goto(`${base}/approvals/requests/${ids.forged}`);
    await page.type("#reject textarea", "duplicate");
    await submit("#reject button");
    const records = readFileSync(join(stateDir, "audit.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; request_id?: string; by?: string });
    expect(records.filter((r) => r.event !== "approval_requested").map((r) => [r.event, r.by])).toEqual([
      ["approved", `console:${OPERATOR}`],
      ["executed", `console:${OPERATOR}`],
      ["rejected", `console:${OPERATOR}`],
      ["rejected", "console:lee"],
    ]);
  });
});
