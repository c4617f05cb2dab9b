// The approvals console in Chromium (puppeteer-core): sign in, list, detail with the step preview, approve, reject with a
// reason, resolve an interrupted execution, the audit log with filters; screenshots under test-artifacts/; XSS in
// arguments, reasons and the operator name, a forged POST without the CSRF token, wrong tokens and the MCP server token,
// all refused; approving twice at once runs the call exactly once.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "puppeteer-core";
import { serveHttp, type HttpHandle } from "../../src/runtime/adapters/http.js";
import { createMcpServer } from "../../src/runtime/adapters/mcp.js";
import { requestFiles } from "../../src/runtime/approval/store.js";
import { createConsole, resolveOperatorToken } from "../../src/runtime/console/index.js";
import { bindToolset, createRuntime } from "../../src/runtime/toolset.js";
import type { BoundTool, Runtime } from "../../src/runtime/tool.js";
import { applyCoupon } from "../../examples/generated/pet-coupons/src/tools/apply_coupon.js";
import { placeOrder } from "../../examples/generated/pet-coupons/src/tools/place_order.js";
import { toolset } from "../../examples/generated/pet-coupons/src/toolset.js";
import { CHROMIUM_SKIP, launchChromium } from "../support/chromium.js";

const OPERATOR_TOKEN = "operator-token-9d2f41c7a8e35b60";
const SERVER_TOKEN = "mcp-server-token-1b7e0c93f4a2";
const XSS_ARG = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
const XSS_REASON = `"><script>window.__xss=3</script><b onmouseover=alert(1)>no`;
const XSS_NAME = `al<script>window.__xss=4</script>ice`;
const ARTIFACTS = join(import.meta.dirname, "../..", "test-artifacts");

const orders: string[] = [];

function upstream(): Server {
  return createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    res.setHeader("content-type", "application/json");
    if (path === "/pet/findByTags") return void res.end(JSON.stringify([{ id: 7, name: "Rex", photoUrls: [] }]));
    if (path === "/pet/7/coupons") return void res.end(JSON.stringify({ couponCode: "SAVE10" }));
    if (path === "/store/order" && req.method === "POST") {
      orders.push(path);
      return void res.end(JSON.stringify({ id: 500 + orders.length, petId: 7, status: "placed" }));
    }
    res.statusCode = 404;
    res.end("{}");
  });
}

/** A pid that no process has any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

async function pending(tool: BoundTool, args: Record<string, unknown>): Promise<string> {
  const result = (await tool.run(args)) as { status?: string; request_id?: string };
  expect(result.status).toBe("pending_approval");
  return result.request_id as string;
}

describe.skipIf(CHROMIUM_SKIP)("approvals console", () => {
  let api: Server;
  let server: HttpHandle;
  let browser: Browser;
  let page: Page;
  let runtime: Runtime;
  let tools: Record<string, BoundTool>;
  let stateDir: string;
  let base: string;
  const ids: Record<"approve" | "reject" | "interrupted" | "forged", string> = {
    approve: "",
    reject: "",
    interrupted: "",
    forged: "",
  };

  beforeAll(async () => {
    api = upstream();
    await new Promise<void>((done) => api.listen(0, "127.0.0.1", done));
    stateDir = mkdtempSync(join(tmpdir(), "aci-console-"));
    const env = {
      PET_COUPONS_BASE_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      PET_COUPONS_API_KEY: "k-0123456789",
      PET_COUPONS_PETSTORE_AUTH: "t-0123456789",
    };
    runtime = createRuntime(toolset, { env, stateDir });
    tools = bindToolset([applyCoupon, placeOrder], runtime);
    ids.approve = await pending(tools.apply_coupon!, { my_pet_tags: [XSS_ARG], quantity: 2 });
    ids.reject = await pending(tools.place_order!, { pet_id: 7, quantity: 1, coupon_code: XSS_ARG });
    ids.forged = await pending(tools.place_order!, { pet_id: 8, quantity: 1 });
    ids.interrupted = await pending(tools.place_order!, { pet_id: 9, quantity: 3 });
    const file = requestFiles(stateDir, ids.interrupted).record;
    const record = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    writeFileSync(
      file,
      JSON.stringify({
        ...record,
        state: "executing",
        claimedBy: `${hostname()}:${deadPid()}`,
        claimedAt: record.createdAt,
        attempt: 1,
      }),
    );
    const route = createConsole({ tools, runtime, token: OPERATOR_TOKEN });
    server = await serveHttp(
      () => createMcpServer(tools, { name: "pet-coupons", version: "1.0.0" }),
      { port: 0, host: "127.0.0.1", allowedOrigins: [], token: SERVER_TOKEN },
      { info: () => undefined, warn: () => undefined },
      route,
    );
    base = server.url.replace(/\/mcp$/, "");
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
    page = await browser.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close(500);
    await new Promise((done) => api?.close(done));
    rmSync(stateDir, { recursive: true, force: true });
  });

  const noXss = async (): Promise<void> => {
    expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.$$("img, b")).toHaveLength(0);
  };
  const text = (selector: string): Promise<string> =>
    page.$eval(selector, (el) => (el as unknown as { innerText: string }).innerText);
  const submit = async (selector: string): Promise<void> => {
    await Promise.all([page.waitForNavigation(), page.click(selector)]);
  };

  it("asks for the operator token, refuses a wrong one, and signs in with it", async () => {
    const first = await page.goto(`${base}/approvals`);
    expect(first?.status()).toBe(401);
    expect(first?.headers()["content-security-policy"]).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    await page.type("input[name=token]", "wrong-token-wrong-token");
    await page.type("input[name=name]", XSS_NAME);
    const [wrong] = await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(wrong?.status()).toBe(401);
    expect(await text("#error")).toContain("Wrong operator token");
    await page.type("input[name=token]", SERVER_TOKEN);
    await page.type("input[name=name]", "mallory");
    const [server] = await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(server?.status()).toBe(401);
    await page.type("input[name=token]", OPERATOR_TOKEN);
    await page.type("input[name=name]", XSS_NAME);
    const [ok] = await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(ok?.status()).toBe(200);
    expect(await page.title()).toContain("Approval requests");
  });

  it("lists pending and interrupted requests with tool, risk and redacted arguments, escaping every value", async () => {
    expect(
      await page.$$eval("#pending tbody tr[data-id]", (rows) => rows.map((r) => r.getAttribute("data-id"))),
    ).toEqual(expect.arrayContaining([ids.approve, ids.reject, ids.forged]));
    expect(
      await page.$$eval("#interrupted tbody tr[data-id]", (rows) => rows.map((r) => r.getAttribute("data-id"))),
    ).toEqual([ids.interrupted]);
    const row = await text(`tr[data-id="${ids.approve}"]`);
    expect(row).toContain("apply_coupon");
    expect(row).toContain("high");
    expect(row).toContain("<img src=x onerror");
    expect(await text("nav")).toContain(XSS_NAME);
    await noXss();
    await page.screenshot({ path: join(ARTIFACTS, "console-list.png"), fullPage: true });
  });

  it("shows what each step will do, then approves: the call runs once and the outcome is shown", async () => {
    await submit(`tr[data-id="${ids.approve}"] a`);
    const steps = await page.$$eval("#steps tbody tr", (rows) =>
      rows.map((r) => (r as unknown as { innerText: string }).innerText.replace(/\s+/g, " ").trim()),
    );
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/find-pet GET \/pet\/findByTags reads/);
    expect(steps[1]).toMatch(/find-coupons GET \/pet\/\{petId\}\/coupons reads .*chosen at run time/);
    expect(steps[2]).toMatch(/place-order__place-order POST \/store\/order changes state .*quantity = 2/);
    expect(JSON.parse(await text("#arguments"))).toEqual({ my_pet_tags: [XSS_ARG], quantity: 2 });
    await noXss();
    await page.screenshot({ path: join(ARTIFACTS, "console-detail.png"), fullPage: true });
    await submit("#approve button");
    expect(await text("#flash")).toBe("Approved and executed.");
    expect(await text("#fields")).toMatch(/State\s+done/);
    expect(await text("#fields")).toContain(`console:${XSS_NAME}`);
    expect(await text("#result")).toContain("501");
    expect(orders).toHaveLength(1);
    expect(await page.$("#approve")).toBeNull();
  });

  it("rejects with a reason (shown escaped) and sends nothing", async () => {
    await page.goto(`${base}/approvals/requests/${ids.reject}`);
    await page.type("#reject textarea", XSS_REASON);
    await submit("#reject button");
    expect(await text("#fields")).toMatch(/State\s+rejected/);
    expect(await text("#fields")).toContain(XSS_REASON);
    await noXss();
    expect(orders).toHaveLength(1);
    expect(await tools.place_order!.run({ request_id: ids.reject })).toMatchObject({
      error: { code: "APPROVAL_REJECTED", message: expect.stringContaining("window.__xss=3") },
    });
  });

  it("resolves an interrupted execution without re-running it", async () => {
    await page.goto(`${base}/approvals/requests/${ids.interrupted}`);
    expect(await page.$("#approve")).toBeNull();
    await page.click("#resolve input[value=failed]");
    await page.type("#resolve textarea", "checked upstream: no order 9");
    await submit("#resolve button");
    expect(await text("#flash")).toBe("Resolved.");
    expect(await text("#fields")).toMatch(/State\s+failed/);
    expect(await text("#fields")).toContain(`Resolved by\tconsole:${XSS_NAME}`);
    expect(orders).toHaveLength(1);
  });

  it("shows the audit log, filtered by event and by tool", async () => {
    await page.goto(`${base}/approvals/audit`);
    const events = await page.$$eval("#audit tbody tr", (rows) => rows.map((r) => r.children[1]?.textContent));
    expect(events).toEqual(
      expect.arrayContaining(["approval_requested", "approved", "executed", "rejected", "resolved"]),
    );
    await page.select("select[name=event]", "rejected");
    await submit("#filters button");
    const rejected = await page.$$eval("#audit tbody tr", (rows) =>
      rows.map((r) => (r as unknown as { innerText: string }).innerText),
    );
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toContain(XSS_REASON);
    await noXss();
    await page.goto(`${base}/approvals/audit?tool=apply_coupon`);
    const tools = await page.$$eval("#audit tbody tr", (rows) => rows.map((r) => r.children[2]?.textContent));
    expect(new Set(tools)).toEqual(new Set(["apply_coupon"]));
  });

  it("refuses a POST without or with a wrong CSRF token, a foreign Origin, wrong tokens and the MCP server token", async () => {
    const cookie = (await page.cookies()).find((c) => c.name === "aci_console");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
    const url = `${base}/approvals/requests/${ids.forged}/approve`;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const post = (headers: Record<string, string>, body = "") =>
      fetch(url, { method: "POST", headers: { ...form, ...headers }, body, redirect: "manual" });
    expect((await post({ cookie: `aci_console=${cookie?.value}` })).status).toBe(403);
    expect((await post({ cookie: `aci_console=${cookie?.value}` }, "csrf=forged")).status).toBe(403);
    expect(
      (await post({ cookie: `aci_console=${cookie?.value}`, origin: "https://evil.example" }, "csrf=x")).status,
    ).toBe(403);
    const value = cookie?.value ?? "";
    const tampered = `${value.slice(0, -1)}${value.endsWith("A") ? "B" : "A"}`;
    expect((await post({ cookie: `aci_console=${tampered}` })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${SERVER_TOKEN}` })).status).toBe(401);
    expect((await post({ authorization: "Bearer not-the-operator-token" })).status).toBe(401);
    expect((await fetch(`${base}/approvals`, { headers: { authorization: `Bearer ${SERVER_TOKEN}` } })).status).toBe(
      401,
    );
    expect((await runtime.state.get(ids.forged))?.state).toBe("pending");
    expect(orders).toHaveLength(1);
  });

  it("approves exactly once when two operators press approve at the same time", async () => {
    const approve = () =>
      fetch(`${base}/approvals/requests/${ids.forged}/approve`, {
        method: "POST",
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
    const statuses = (await Promise.all([approve(), approve()])).map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409]);
    expect(orders).toHaveLength(2);
    expect((await runtime.state.get(ids.forged))?.state).toBe("done");
  });
});

describe("PREFIX_OPERATOR_TOKEN", () => {
  it("is off when unset, and a short token or the MCP server token is a one-line configuration error", () => {
    expect(resolveOperatorToken("PETS", {})).toBeUndefined();
    expect(resolveOperatorToken("PETS", { PETS_OPERATOR_TOKEN: OPERATOR_TOKEN, PETS_SERVER_TOKEN: SERVER_TOKEN })).toBe(
      OPERATOR_TOKEN,
    );
    expect(() => resolveOperatorToken("PETS", { PETS_OPERATOR_TOKEN: "short" })).toThrow(
      /^PETS_OPERATOR_TOKEN must be at least 16 characters[^\n]*$/,
    );
    expect(() =>
      resolveOperatorToken("PETS", { PETS_OPERATOR_TOKEN: SERVER_TOKEN, PETS_SERVER_TOKEN: SERVER_TOKEN }),
    ).toThrow(/^PETS_OPERATOR_TOKEN must differ from PETS_SERVER_TOKEN[^\n]*$/);
  });

  it("without a console route, /approvals is not served", async () => {
    const handle = await serveHttp(
      () => createMcpServer({}, { name: "x", version: "1" }),
      { port: 0, host: "127.0.0.1", allowedOrigins: [] },
      { info: () => undefined, warn: () => undefined },
    );
    try {
      expect((await fetch(handle.url.replace(/\/mcp$/, "/approvals"))).status).toBe(404);
    } finally {
      await handle.close(500);
    }
  });
});
