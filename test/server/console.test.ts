// The approvals console in Chromium (puppeteer-core): named operators sign in with their own tokens, list (tool, method,
// path, the target reads found), detail with the whole preview, approve (the dialog names tool, request and target),
// reject with a reason, resolve an interrupted execution, the audit log with filters, all within a 1280-px window;
// screenshots under test-artifacts/; XSS in arguments and reasons, a forged POST without the CSRF token, wrong tokens
// and the MCP server token, all refused; approving twice at once runs the call exactly once and the loser is shown the
// outcome; sign-out revokes the session server-side; the cookie is Secure behind a TLS proxy.
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
import { sessionHash } from "../../src/runtime/console/auth.js";
import {
  createConsole,
  resolveConsoleSettings,
  resolveOperatorToken,
  type ConsoleSettings,
} from "../../src/runtime/console/index.js";
import { bindToolset, createRuntime } from "../../src/runtime/toolset.js";
import type { BoundTool, Runtime } from "../../src/runtime/tool.js";
import { applyCoupon } from "../../examples/generated/pet-coupons/src/tools/apply_coupon.js";
import { placeOrder } from "../../examples/generated/pet-coupons/src/tools/place_order.js";
import { toolset } from "../../examples/generated/pet-coupons/src/toolset.js";
import { CHROMIUM_SKIP, launchChromium } from "../support/chromium.js";

const OPERATOR_TOKEN = "operator-token-9d2f41c7a8e35b60";
const LEE_TOKEN = "operator-token-lee-4a61b0e2c9d7";
const SETTINGS: ConsoleSettings = {
  operators: [
    { name: "dana", token: OPERATOR_TOKEN },
    { name: "lee", token: LEE_TOKEN },
  ],
  secureCookies: "auto",
};
const SERVER_TOKEN = "mcp-server-token-1b7e0c93f4a2";
const XSS_ARG = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
const XSS_REASON = `"><script>window.__xss=3</script><b onmouseover=alert(1)>no`;
const ARTIFACTS = join(import.meta.dirname, "../..", "test-artifacts");

const orders: string[] = [];
/** The pet findByTags lists: changed by a test to move a queued request's target. */
let listedPet = 7;

function upstream(): Server {
  return createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    res.setHeader("content-type", "application/json");
    if (path === "/pet/findByTags")
      return void res.end(JSON.stringify([{ id: listedPet, name: "Rex", photoUrls: [] }]));
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
    const route = createConsole({ tools, runtime, settings: SETTINGS });
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
    await page.setViewport({ width: 1280, height: 900 });
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close(500);
    await new Promise((done) => api?.close(done));
    rmSync(stateDir, { recursive: true, force: true });
  });

  const dialogs: string[] = [];
  const fitsWindow = async (): Promise<void> => {
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
            .scrollWidth,
      ),
    ).toBeLessThanOrEqual(1280);
  };
  const noXss = async (): Promise<void> => {
    expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.$$("img, b")).toHaveLength(0);
  };
  const text = (selector: string): Promise<string> =>
    page.$eval(selector, (el) => (el as unknown as { innerText: string }).innerText);
  const submit = async (selector: string): Promise<void> => {
    await Promise.all([page.waitForNavigation(), page.click(selector)]);
  };

  it("asks for the operator token alone, refuses a wrong one, and signs the operator in under their configured name", async () => {
    const first = await page.goto(`${base}/approvals`);
    expect(first?.status()).toBe(401);
    expect(first?.headers()["content-security-policy"]).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(await page.$("input[name=name]")).toBeNull();
    await page.type("input[name=token]", "wrong-token-wrong-token");
    const [wrong] = await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(wrong?.status()).toBe(401);
    expect(await text("#error")).toContain("Wrong operator token");
    await page.type("input[name=token]", SERVER_TOKEN);
    const [server] = await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(server?.status()).toBe(401);
    await page.type("input[name=token]", OPERATOR_TOKEN);
    const [ok] = await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(ok?.status()).toBe(200);
    expect(await page.title()).toContain("Approval requests");
    expect(await text("#operator")).toBe("dana");
  });

  it("lists pending and interrupted requests with tool, risk, method, path and the target reads found, in 1280 px", async () => {
    expect(
      await page.$$eval("#pending tbody tr[data-id]", (rows) => rows.map((r) => r.getAttribute("data-id"))),
    ).toEqual(expect.arrayContaining([ids.approve, ids.reject, ids.forged]));
    expect(
      await page.$$eval("#interrupted tbody tr[data-id]", (rows) => rows.map((r) => r.getAttribute("data-id"))),
    ).toEqual([ids.interrupted]);
    const row = await text(`tr[data-id="${ids.approve}"]`);
    expect(row).toContain("apply_coupon");
    expect(row).toContain("high");
    expect(row).toContain("POST /store/order");
    expect(row).toContain("petId = 7");
    expect(row).toContain("couponCode chosen at run time");
    expect(await text(`tr[data-id="${ids.approve}"] a.id`)).toBe(ids.approve.slice(0, 8));
    await noXss();
    await fitsWindow();
    await page.screenshot({ path: join(ARTIFACTS, "console-list.png"), fullPage: true });
  });

  it("shows what each step will do, then approves: the call runs once and the outcome is shown", async () => {
    await submit(`tr[data-id="${ids.approve}"] a`);
    const steps = await page.$$eval("#steps tbody tr", (rows) =>
      rows.map((r) => (r as unknown as { innerText: string }).innerText.replace(/\s+/g, " ").trim()),
    );
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/find-pet GET \/pet\/findByTags reads/);
    expect(steps[1]).toMatch(/find-coupons GET \/pet\/7\/coupons reads/);
    expect(steps[2]).toMatch(/place-order__place-order POST \/store\/order changes state .*quantity = 2/);
    expect(await page.$$eval("#steps mark.read", (marks) => marks.map((m) => m.textContent))).toEqual(["7", "7"]);
    expect(await page.$$eval("#steps mark.late", (marks) => marks.map((m) => m.textContent))).toEqual([
      "{chosen at run time: $steps.find-coupons.outputs.my_coupon_code}",
    ]);
    expect(JSON.parse(await text("#arguments"))).toEqual({ my_pet_tags: [XSS_ARG], quantity: 2 });
    expect(await text("#preview-heading")).toMatch(/^What approving runs/);
    const reasonTop = await page.$eval("#reject textarea", (el) => el.getBoundingClientRect().top);
    const approveBottom = await page.$eval("#approve button", (el) => el.getBoundingClientRect().bottom);
    expect(reasonTop - approveBottom).toBeGreaterThan(40);
    await noXss();
    await fitsWindow();
    await page.screenshot({ path: join(ARTIFACTS, "console-detail.png"), fullPage: true });
    await submit("#approve button");
    expect(dialogs.at(-1)).toBe(
      "Approve and run apply_coupon: POST /store/order on petId = 7; couponCode chosen at run time? It runs now, exactly once.",
    );
    expect(await text("#flash")).toBe("Approved and executed.");
    expect(await text("#fields")).toMatch(/State\s+done/);
    expect(await text("#fields")).toContain("console:dana");
    expect(await text("#preview-heading")).toMatch(/^What approving ran/);
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
      error: { code: "APPROVAL_REJECTED", reason: XSS_REASON, message: expect.stringContaining("window.__xss=3") },
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
    expect(await text("#fields")).toContain("Resolved by\tconsole:dana");
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
    await page.goto(`${base}/approvals/audit`);
    const by = await page.$$eval("#audit tbody tr", (rows) => rows.map((r) => r.children[5]?.textContent));
    expect(by).toEqual(expect.arrayContaining(["console:dana"]));
    await fitsWindow();
    const idHeights = await page.$$eval("#audit a.id", (links) => links.map((a) => a.getBoundingClientRect().height));
    expect(Math.max(...idHeights)).toBeLessThan(24);
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
    expect(cookie?.secure).toBe(false);
    expect((await post({ cookie: `aci_console=${tampered}` })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${SERVER_TOKEN}` })).status).toBe(401);
    expect((await post({ authorization: "Bearer not-the-operator-token" })).status).toBe(401);
    expect((await fetch(`${base}/approvals`, { headers: { authorization: `Bearer ${SERVER_TOKEN}` } })).status).toBe(
      401,
    );
    expect((await runtime.state.get(ids.forged))?.state).toBe("pending");
    expect(orders).toHaveLength(1);
  });

  it("approves exactly once when two operators press approve at the same time; the audit log names who", async () => {
    const approve = (token: string) =>
      fetch(`${base}/approvals/requests/${ids.forged}/approve`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
    const statuses = (await Promise.all([approve(OPERATOR_TOKEN), approve(LEE_TOKEN)])).map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409]);
    expect(orders).toHaveLength(2);
    const record = await runtime.state.get(ids.forged);
    expect(record?.state).toBe("done");
    expect(["console:dana", "console:lee"]).toContain(record?.decidedBy);
  });

  it("the operator who loses a race in the browser is shown the outcome, who decided it and a link to it", async () => {
    const raced = await pending(tools.place_order!, { pet_id: 7, quantity: 4 });
    const context = await browser.createBrowserContext();
    const lee = await context.newPage();
    await lee.setViewport({ width: 1280, height: 900 });
    lee.on("dialog", (dialog) => void dialog.accept());
    await lee.goto(`${base}/approvals`);
    await lee.type("input[name=token]", LEE_TOKEN);
    await Promise.all([lee.waitForNavigation(), lee.click("button[type=submit]")]);
    await lee.goto(`${base}/approvals/requests/${raced}`);
    await page.goto(`${base}/approvals/requests/${raced}`);
    await submit("#approve button");
    const [lost] = await Promise.all([lee.waitForNavigation(), lee.click("#approve button")]);
    expect(lost?.status()).toBe(409);
    const said = await lee.$eval("#error", (el) => (el as unknown as { innerText: string }).innerText);
    expect(said).toContain(`was already decided by console:dana: it is done`);
    await Promise.all([lee.waitForNavigation(), lee.click("#outcome")]);
    expect(await lee.$eval("#fields", (el) => (el as unknown as { innerText: string }).innerText)).toMatch(
      /State\s+done/,
    );
    expect(orders).toHaveLength(3);
    await context.close();
  });

  it("a request whose target moved after queueing is not run: the page says so and the model gets CONFLICT", async () => {
    const moved = await pending(tools.apply_coupon!, { my_pet_tags: ["spotted"], quantity: 1 });
    listedPet = 8;
    await page.goto(`${base}/approvals/requests/${moved}`);
    await submit("#approve button");
    expect(await text("#flash")).toBe(
      "Not run: what it acts on changed after it was queued (see the result below); nothing was changed.",
    );
    expect(await text("#preview-heading")).toMatch(/its target changed before approval, nothing was changed$/);
    expect(await text("#result")).toContain(
      'step \\"find-pet\\" output my_pet_id was 7 when the request was queued and is now 8',
    );
    expect(orders).toHaveLength(3);
    expect(await tools.apply_coupon!.run({ request_id: moved })).toMatchObject({ error: { code: "CONFLICT" } });
    listedPet = 7;
  });

  it("sign-out revokes the session on the server: a copy of the cookie no longer opens the console", async () => {
    const cookie = (await page.cookies()).find((c) => c.name === "aci_console")?.value ?? "";
    const copied = () =>
      fetch(`${base}/approvals`, { headers: { cookie: `aci_console=${cookie}` }, redirect: "manual" });
    expect((await copied()).status).toBe(200);
    await page.goto(`${base}/approvals`);
    await submit("#sign-out");
    expect(await page.$("input[name=token]")).not.toBeNull();
    expect((await copied()).status).toBe(401);
    expect(await runtime.state.getSession(sessionHash(cookie), Date.now())).toBeUndefined();
  });

  it("sessions expire server-side, and the cookie is Secure when a TLS proxy forwarded the sign-in", async () => {
    const login = (headers: Record<string, string>) =>
      fetch(`${base}/approvals/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: `token=${LEE_TOKEN}`,
        redirect: "manual",
      });
    const plain = (await login({})).headers.get("set-cookie") ?? "";
    expect(plain).not.toContain("Secure");
    const proxied = (await login({ "x-forwarded-proto": "https" })).headers.get("set-cookie") ?? "";
    expect(proxied).toMatch(/; Secure$/);
    const value = /aci_console=([^;]+)/.exec(proxied)?.[1] ?? "";
    const stored = await runtime.state.getSession(sessionHash(value), Date.now());
    expect(stored?.operator).toBe("lee");
    expect(await runtime.state.getSession(sessionHash(value), Date.parse(stored?.expiresAt ?? "") + 1)).toBeUndefined();
    expect((await fetch(`${base}/approvals`, { headers: { cookie: `aci_console=${value}` } })).status).toBe(401);
  });
});

describe("PREFIX_OPERATOR_TOKEN and PREFIX_OPERATOR_TOKENS", () => {
  it("names each operator by their own token; names must be plain, tokens long, distinct and not the server's", () => {
    expect(resolveConsoleSettings("PETS", {})).toBeUndefined();
    expect(
      resolveConsoleSettings("PETS", {
        PETS_OPERATOR_TOKENS: `dana:${OPERATOR_TOKEN}, lee:${LEE_TOKEN}`,
        PETS_CONSOLE_SECURE_COOKIES: "always",
      }),
    ).toEqual({ operators: SETTINGS.operators, secureCookies: "always" });
    expect(resolveConsoleSettings("PETS", { PETS_OPERATOR_TOKEN: OPERATOR_TOKEN })).toEqual({
      operators: [{ name: "operator", token: OPERATOR_TOKEN }],
      secureCookies: "auto",
    });
    const fails = (env: Record<string, string>) => () => resolveConsoleSettings("PETS", env);
    expect(fails({ PETS_OPERATOR_TOKENS: `al<script>ice:${OPERATOR_TOKEN}` })).toThrow(
      /^PETS_OPERATOR_TOKENS must be a comma-separated list of name:token[^\n]*$/,
    );
    expect(fails({ PETS_OPERATOR_TOKENS: `dana:${OPERATOR_TOKEN},lee:${OPERATOR_TOKEN}` })).toThrow(
      /own name and its own token/,
    );
    expect(fails({ PETS_OPERATOR_TOKENS: "dana:short" })).toThrow(/at least 16 characters/);
    expect(fails({ PETS_OPERATOR_TOKENS: `dana:${SERVER_TOKEN}`, PETS_SERVER_TOKEN: SERVER_TOKEN })).toThrow(
      /must differ from PETS_SERVER_TOKEN/,
    );
    expect(fails({ PETS_OPERATOR_TOKEN: OPERATOR_TOKEN, PETS_CONSOLE_SECURE_COOKIES: "yes" })).toThrow(
      /^PETS_CONSOLE_SECURE_COOKIES must be auto[^\n]*$/,
    );
  });

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
