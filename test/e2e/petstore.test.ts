// End to end: generated petstore packages, built with tsc, their MCP servers driven by the MCP SDK's Client over
// stdio, calling a real (small) petstore API through Prism in proxy mode, so every request and every response is
// checked against examples/specs/petstore.oas31.yaml (`--errors`: a violation becomes an error the tools would show).
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callTool,
  connectMcp,
  ROOT,
  runNode,
  startPrism,
  type McpSession,
  type Prism,
  type ProcessResult,
  type ToolCall,
} from "../support/e2e-harness.js";
import { startE2ePetstoreServer, type E2ePetstoreServer } from "../support/e2e-petstore-server.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const SPEC = join(ROOT, "examples/specs/petstore.oas31.yaml");
const WORK = join(ROOT, ".tmp/e2e", `petstore-${process.pid}`);
const MAIN = { spec: SPEC, goals: join(ROOT, "examples/goals/petstore.goals.yaml") };
const E2E = { spec: SPEC, goals: join(ROOT, "test/fixtures/e2e/goals.yaml") };
const MAIN_PKG = packageDir(MAIN);
const E2E_PKG = packageDir(E2E);
const STATE = join(WORK, "state");
const ELICIT_STATE = join(WORK, "state-elicit");
const E2E_STATE = join(WORK, "state-e2e");
const E2E_AUTO_STATE = join(WORK, "state-e2e-auto");

// The credentials: random, so a leak anywhere is unambiguous.
const API_KEY = `sk-e2e-${randomUUID()}`;
const BEARER = `tok-e2e-${randomUUID()}`;

let api: E2ePetstoreServer | undefined;
let prism: Prism | undefined;
let main: McpSession | undefined;
let e2e: McpSession | undefined;
let e2eAuto: McpSession | undefined;
let elicit: McpSession | undefined;
/** How the human answers the next elicitation of the `elicit` session; every request is kept. */
let elicitAnswer: ElicitResult = { action: "cancel" };
const elicitations: ElicitRequest[] = [];
let mainEnv: Record<string, string> = {};
let e2eEnv: Record<string, string> = {};

/** Everything a model, an operator or a log could see: scanned for the credentials at the end. */
const seen: string[] = [];
/** Every tools/call and what the model read; written to $E2E_TRANSCRIPT (a file path) when set, for review. */
const transcript: { tool: string; arguments: unknown; isError: boolean; text: string }[] = [];

async function call(session: McpSession | undefined, name: string, args: Record<string, unknown>): Promise<ToolCall> {
  if (session === undefined) throw new Error("MCP session not started");
  const result = await callTool(session, name, args);
  seen.push(result.text);
  transcript.push({ tool: name, arguments: args, isError: result.isError, text: result.text });
  return result;
}

async function approvals(pkg: string, env: Record<string, string>, args: string[]): Promise<ProcessResult> {
  const result = await runNode([join(pkg, "dist/approvals.js"), ...args], env, 30_000);
  seen.push(result.stdout, result.stderr);
  return result;
}

const errorOf = (result: ToolCall): Record<string, unknown> => result.json.error as Record<string, unknown>;
const server = (): E2ePetstoreServer => {
  if (api === undefined) throw new Error("API server not started");
  return api;
};
const queued = (state: string): string[] =>
  existsSync(join(state, "approvals"))
    ? readdirSync(join(state, "approvals")).filter((n) => /^[0-9a-f-]{36}\.json$/.test(n))
    : [];
const auditLines = (state: string): Record<string, unknown>[] =>
  existsSync(join(state, "audit.jsonl"))
    ? readFileSync(join(state, "audit.jsonl"), "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    : [];

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  // The example package and the e2e fixture package, generated and compiled side by side.
  await Promise.all([builtPackage(MAIN), builtPackage(E2E)]);
  api = await startE2ePetstoreServer({ apiKey: API_KEY, bearer: BEARER });
  // Prism routes by the spec's paths (without the server's /v3) and forwards to UPSTREAM + path, so the base path
  // goes on the upstream URL and the tools' base URL is Prism's origin.
  prism = await startPrism(SPEC, `${api.origin}/v3`);
  const base = `http://127.0.0.1:${prism.port}`;
  const path = process.env.PATH ?? "";
  mainEnv = {
    PATH: path,
    PETSTORE_BASE_URL: base,
    PETSTORE_API_KEY: API_KEY,
    PETSTORE_PETSTORE_AUTH: BEARER,
    PETSTORE_STATE_DIR: STATE,
  };
  e2eEnv = {
    PATH: path,
    PETSTORE_E2E_BASE_URL: base,
    PETSTORE_E2E_API_KEY: API_KEY,
    PETSTORE_E2E_STATE_DIR: E2E_STATE,
  };
  [main, e2e, e2eAuto, elicit] = await Promise.all([
    connectMcp(join(MAIN_PKG, "dist/server.js"), mainEnv),
    connectMcp(join(E2E_PKG, "dist/server.js"), e2eEnv),
    connectMcp(join(E2E_PKG, "dist/server.js"), {
      ...e2eEnv,
      PETSTORE_E2E_STATE_DIR: E2E_AUTO_STATE,
      PETSTORE_E2E_APPROVAL: "auto",
    }),
    connectMcp(
      join(MAIN_PKG, "dist/server.js"),
      { ...mainEnv, PETSTORE_STATE_DIR: ELICIT_STATE, PETSTORE_APPROVAL: "elicit" },
      async (request) => {
        elicitations.push(request);
        return elicitAnswer;
      },
    ),
  ]);
}, 150_000);

afterAll(async () => {
  const out = process.env.E2E_TRANSCRIPT;
  if (out !== undefined && main !== undefined)
    writeFileSync(
      out,
      JSON.stringify({ tools: (await main.client.listTools()).tools, calls: transcript, prism: prism?.log() }, null, 2),
    );
  await Promise.allSettled([main?.close(), e2e?.close(), e2eAuto?.close(), elicit?.close()]);
  await prism?.stop();
  await api?.close();
  rmSync(WORK, { recursive: true, force: true });
}, 30_000);

describe("petstore package over MCP stdio, through Prism, against a real API", () => {
  it("lists every goal as one tool with its JSON Schema and all four annotations", async () => {
    const { tools } = await main!.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "adopt_pet",
      "cancel_order",
      "find_available_pets",
      "find_customer_open_orders",
      "get_order_status",
      "get_pet_details",
    ]);
    const orders = tools.find((t) => t.name === "find_customer_open_orders")!;
    expect(orders.inputSchema).toMatchObject({
      type: "object",
      required: ["email"],
      properties: { email: { type: "string", format: "email" }, limit: { type: "integer" } },
    });
    expect(orders.annotations).toEqual({
      title: orders.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    const adopt = tools.find((t) => t.name === "adopt_pet")!;
    expect(adopt.annotations?.readOnlyHint).toBe(false);
    expect(Object.keys(adopt.inputSchema.properties ?? {})).toContain("request_id");
    // A list result comes back as `{ items: [...] }`; the advertised output schema says so (the client validates it).
    const pets = tools.find((t) => t.name === "find_available_pets")!;
    expect((pets.outputSchema?.anyOf as unknown[] | undefined)?.[0]).toMatchObject({
      type: "object",
      required: ["items"],
      properties: { items: { type: "array", items: { type: "object" } }, _truncated: { type: "string" } },
    });
    // Nothing about credentials or the base URL reaches the model.
    const listing = JSON.stringify(tools);
    expect(listing).not.toContain(API_KEY);
    expect(listing).not.toMatch(/api_key|PETSTORE_|127\.0\.0\.1/);
    seen.push(listing);
  });

  it("multi-step success: finds a customer by email, then their open orders (the id flows from step 1 to step 2)", async () => {
    const before = server().requests.length;
    const result = await call(main, "find_customer_open_orders", { email: "ada@example.com" });
    expect(result.isError).toBe(false);
    expect(result.json).toMatchObject({
      customer_id: 42,
      customer: "ada_l",
      orders: [{ id: 901, petId: 11, status: "placed" }],
    });
    expect(result.structured).toEqual(result.json);
    const sent = server().requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}${r.query}`)).toEqual([
      "GET /v3/users/by-email?email=ada%40example.com",
      "GET /v3/users/42/orders?status=open",
    ]);
    expect(sent.every((r) => r.headers["api_key"] === API_KEY)).toBe(true);

    // A customer without open orders: an empty list is the answer, not NOT_FOUND.
    const none = await call(main, "find_customer_open_orders", { email: "grace@example.com" });
    expect(none.isError).toBe(false);
    expect(none.json).toEqual({ customer_id: 43, customer: "grace_h", orders: [], next_cursor: null });
  });

  it("pick: finds a pet by its exact name in the listed page, then reads it; a name in another case is NOT_FOUND with the close match (the answer's nextCursor is null: the whole list was read)", async () => {
    const before = server().requests.length;
    const found = await call(e2e, "get_pet_by_name", { pet_name: "pet-11" });
    expect(found.isError, found.text).toBe(false);
    expect(found.json).toMatchObject({ id: 11, name: "pet-11" });
    expect(
      server()
        .requests.slice(before)
        .map((r) => `${r.method} ${r.path}${r.query}`),
    ).toEqual(["GET /v3/pet?limit=100", "GET /v3/pet/11"]);

    const missed = await call(e2e, "get_pet_by_name", { pet_name: "PET-11" });
    expect(missed.isError).toBe(true);
    expect(errorOf(missed)).toMatchObject({
      code: "NOT_FOUND",
      step: "pet",
      message:
        'step "pet" (GET /pet): none of the 3 items listed has name "PET-11" (the API\'s answer names no page after this one: the whole list was read)',
      suggestion:
        'Close matches: "pet-11", "pet-12", "pet-10". Ask the user which one they mean, then call again with it exactly. Step "pet" found nothing for the given `pet_name`.',
    });
  });

  it("404 → NOT_FOUND naming the step, with the goal's hint; the key the API echoed is redacted", async () => {
    const listings = server().count("GET", /^\/users\/\d+\/orders$/);
    const unknownCustomer = await call(main, "find_customer_open_orders", { email: "nobody@example.com" });
    expect(unknownCustomer.isError).toBe(true);
    expect(errorOf(unknownCustomer)).toMatchObject({
      code: "NOT_FOUND",
      status: 404,
      step: "customer",
      retryable: false,
    });
    expect(errorOf(unknownCustomer).suggestion).toContain("No customer has that email");
    expect(server().count("GET", /^\/users\/\d+\/orders$/)).toBe(listings); // step 2 never ran

    const unknownPet = await call(main, "get_pet_details", { pet_id: 99 });
    expect(unknownPet.isError).toBe(true);
    expect(errorOf(unknownPet)).toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(String(errorOf(unknownPet).suggestion)).toContain("find_available_pets");
    expect(unknownPet.text).not.toContain(API_KEY);
    // The API really did put the key in its error body.
    expect(server().requests.at(-1)?.path).toBe("/v3/pet/99");
  });

  it("invalid arguments → INVALID_ARGUMENT with the field and a hint; nothing is sent or queued", async () => {
    const before = server().requests.length;
    const wrongType = await call(main, "get_pet_details", { pet_id: "seven" });
    expect(wrongType.isError).toBe(true);
    expect(errorOf(wrongType)).toMatchObject({ code: "INVALID_ARGUMENT", field: "pet_id" });
    expect(String(errorOf(wrongType).suggestion)).toContain("ID of the pet");

    const badEmail = await call(main, "find_customer_open_orders", { email: "not-an-email", limit: 5 });
    expect(errorOf(badEmail)).toMatchObject({ code: "INVALID_ARGUMENT", field: "email" });
    const outOfRange = await call(main, "find_customer_open_orders", { email: "ada@example.com", limit: 1000 });
    expect(errorOf(outOfRange)).toMatchObject({ code: "INVALID_ARGUMENT", field: "limit" });
    const smuggled = await call(main, "adopt_pet", { email: "ada@example.com", pet_id: 10, approved: true });
    expect(errorOf(smuggled)).toMatchObject({ code: "INVALID_ARGUMENT", field: "approved" });
    const missing = await call(main, "adopt_pet", { pet_id: 10 });
    expect(errorOf(missing)).toMatchObject({ code: "INVALID_ARGUMENT", field: "email" });

    expect(server().requests.length).toBe(before);
    expect(queued(STATE)).toEqual([]);
  });

  it("a 429 with Retry-After: 1 is waited out and retried once; the model sees only the success", async () => {
    const before = server().count("GET", "/pet/10");
    server().switches.rateLimitOnce.add("/pet/10");
    const started = Date.now();
    const result = await call(main, "get_pet_details", { pet_id: 10 });
    expect(result.isError).toBe(false);
    expect(result.json).toMatchObject({ id: 10, name: "pet-10", status: "available" });
    expect(server().count("GET", "/pet/10") - before).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("an oversize result is capped at maxReturnBytes with a `_truncated` note naming the narrowing input", async () => {
    server().switches.manyPets = 60;
    try {
      const result = await call(main, "find_available_pets", { limit: 100 });
      expect(result.isError).toBe(false);
      expect(Buffer.byteLength(result.text, "utf8")).toBeLessThanOrEqual(2048);
      const items = result.json.items as unknown[];
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThan(60);
      expect(String(result.json._truncated)).toMatch(/of 60/);
      expect(String(result.json._truncated)).toContain("limit");
      const sent = server().requests.at(-1)!;
      expect(`${sent.path}${sent.query}`).toBe("/v3/pet/findByStatus?status=available&limit=100");
      expect(sent.headers.authorization).toBe(`Bearer ${BEARER}`);
    } finally {
      server().switches.manyPets = 0;
    }
  });

  it("an action waits for approval: nothing sent; two concurrent `approve` run it exactly once; request_id returns the result", async () => {
    const before = server().requests.length;
    const pending = await call(main, "adopt_pet", { email: "ada@example.com", pet_id: 10 });
    expect(pending.isError).toBe(false);
    expect(pending.json).toMatchObject({
      status: "pending_approval",
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const id = String(pending.json.request_id);
    expect(server().requests.length).toBe(before);

    const stillPending = await call(main, "adopt_pet", { request_id: id });
    expect(stillPending.json).toMatchObject({ status: "pending_approval", request_id: id });
    expect(server().requests.length).toBe(before);

    const listed = await approvals(MAIN_PKG, mainEnv, ["list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(id);

    const [a, b] = await Promise.all([
      approvals(MAIN_PKG, mainEnv, ["approve", id]),
      approvals(MAIN_PKG, mainEnv, ["approve", id]),
    ]);
    const outputs = JSON.stringify([a, b], null, 2);
    expect(server().count("POST", "/store/order"), outputs).toBe(1);
    expect([a.code, b.code].sort(), outputs).toEqual([0, 3]); // one ran it; the other: already decided / busy
    const again = await approvals(MAIN_PKG, mainEnv, ["approve", id]);
    expect(again.code).toBe(3);
    expect(server().count("POST", "/store/order")).toBe(1);

    const post = server().requests.find((r) => r.method === "POST")!;
    expect(JSON.parse(post.body)).toEqual({ petId: 10, customerId: 42, quantity: 1, status: "placed" });
    // placeOrder declares an Idempotency-Key header the goal leaves unbound: the runtime sends a fresh one.
    expect(post.headers["idempotency-key"]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    const outcome = await call(main, "adopt_pet", { request_id: id });
    expect(outcome.isError).toBe(false);
    expect(outcome.json).toEqual({ order_id: 1001, status: "placed" });
    expect(server().count("POST", "/store/order")).toBe(1);

    const events = auditLines(STATE).filter((l) => l.request_id === id);
    expect(events.map((e) => e.event)).toEqual(["approval_requested", "approved", "executed"]);
    expect(events.at(-1)).toMatchObject({ outcome: "ok", by: "operator", tool: "adopt_pet" });
  });

  it("`reject` never sends; request_id then returns APPROVAL_REJECTED with the reason", async () => {
    const before = server().requests.length;
    const pending = await call(main, "cancel_order", { order_id: 901 });
    expect(pending.json.status).toBe("pending_approval");
    const id = String(pending.json.request_id);
    const rejected = await approvals(MAIN_PKG, mainEnv, ["reject", id, "--reason", "customer changed their mind"]);
    expect(rejected.code).toBe(0);
    const approveAfter = await approvals(MAIN_PKG, mainEnv, ["approve", id]);
    expect(approveAfter.code).toBe(3);
    const outcome = await call(main, "cancel_order", { request_id: id });
    expect(outcome.isError).toBe(true);
    expect(errorOf(outcome)).toMatchObject({ code: "APPROVAL_REJECTED", retryable: false });
    expect(String(errorOf(outcome).message)).toContain("customer changed their mind");
    expect(server().requests.length).toBe(before);
    expect(server().orders.has(901)).toBe(true);
    expect(
      auditLines(STATE)
        .filter((l) => l.request_id === id)
        .map((e) => e.event),
    ).toEqual(["approval_requested", "rejected"]);

    const foreign = await call(main, "adopt_pet", { request_id: id });
    expect(errorOf(foreign)).toMatchObject({ code: "INVALID_ARGUMENT", field: "request_id" });
  });

  it("a failure after a committed step reports completed_steps and side_effects_committed (approved through the queue)", async () => {
    const posts = server().count("POST", "/store/order");
    const pending = await call(e2e, "place_and_confirm_order", { pet_id: 11, customer_id: 42 });
    expect(pending.json.status).toBe("pending_approval");
    const id = String(pending.json.request_id);
    server().switches.failNextOrderLookup = true;
    const approved = await approvals(E2E_PKG, e2eEnv, ["approve", id]);
    expect(approved.code).toBe(1); // the approved call failed
    expect(server().count("POST", "/store/order")).toBe(posts + 1);

    const outcome = await call(e2e, "place_and_confirm_order", { request_id: id });
    expect(outcome.isError).toBe(true);
    expect(errorOf(outcome)).toMatchObject({
      code: "UPSTREAM_ERROR",
      status: 500,
      step: "confirm",
      completed_steps: ["order"],
      side_effects_committed: true,
      retryable: false,
    });
    expect(String(errorOf(outcome).suggestion)).toMatch(/already ran and changed state/);
    // The 500's generic "Retry once later" would repeat the committed order: it is not offered once state changed.
    expect(String(errorOf(outcome).suggestion)).not.toMatch(/retry/i);
    expect(server().count("POST", "/store/order")).toBe(posts + 1);
    expect(
      auditLines(E2E_STATE)
        .filter((l) => l.request_id === id)
        .map((e) => [e.event, e.outcome]),
    ).toEqual([
      ["approval_requested", "pending"],
      ["approved", "approved"],
      ["executed", "UPSTREAM_ERROR"],
    ]);
  });

  it("the same failure with PREFIX_APPROVAL=auto comes back from tools/call directly", async () => {
    const posts = server().count("POST", "/store/order");
    server().switches.failNextOrderLookup = true;
    const failed = await call(e2eAuto, "place_and_confirm_order", { pet_id: 10, customer_id: 43 });
    expect(failed.isError).toBe(true);
    expect(errorOf(failed)).toMatchObject({
      code: "UPSTREAM_ERROR",
      step: "confirm",
      completed_steps: ["order"],
      side_effects_committed: true,
    });
    expect(server().count("POST", "/store/order")).toBe(posts + 1);
    const ok = await call(e2eAuto, "place_and_confirm_order", { pet_id: 11, customer_id: 43 });
    expect(ok.isError).toBe(false);
    expect(ok.json).toMatchObject({ order_id: expect.any(Number), status: "placed" });
    expect(auditLines(E2E_AUTO_STATE).map((e) => e.by)).toEqual(["auto", "auto", "auto", "auto"]);
  });

  it("PETSTORE_APPROVAL=elicit asks the human through MCP elicitation: accept runs once, decline sends nothing, cancel queues", async () => {
    const posts = server().count("POST", "/store/order");
    elicitAnswer = { action: "accept", content: { approve: true } };
    const accepted = await call(elicit, "adopt_pet", { email: "grace@example.com", pet_id: 11 });
    expect(accepted.isError).toBe(false);
    expect(accepted.json).toEqual({ order_id: expect.any(Number), status: "placed" });
    expect(server().count("POST", "/store/order")).toBe(posts + 1);
    expect(elicitations).toHaveLength(1);
    expect(elicitations[0]!.params.message).toContain("adopt_pet");
    expect(JSON.stringify(elicitations[0])).not.toContain(API_KEY);

    const before = server().requests.length;
    elicitAnswer = { action: "decline" };
    const declined = await call(elicit, "cancel_order", { order_id: 901 });
    expect(errorOf(declined)).toMatchObject({ code: "APPROVAL_REJECTED" });
    elicitAnswer = { action: "cancel" };
    const dismissed = await call(elicit, "cancel_order", { order_id: 901 });
    expect(dismissed.json).toMatchObject({ status: "pending_approval" });
    expect(server().requests.length).toBe(before);
    expect(auditLines(ELICIT_STATE).map((e) => [e.event, e.by ?? null])).toEqual([
      ["approved", "elicitation"],
      ["executed", "elicitation"],
      ["rejected", "elicitation"],
      ["approval_requested", null],
    ]);
    seen.push(JSON.stringify(elicitations));
  });

  it("no credential appears in any result, error, operator output, server log or audit line; the audit has one line per event", () => {
    const audit = [STATE, E2E_STATE, E2E_AUTO_STATE, ELICIT_STATE].map((s) =>
      existsSync(join(s, "audit.jsonl")) ? readFileSync(join(s, "audit.jsonl"), "utf8") : "",
    );
    const queues = [STATE, E2E_STATE].flatMap((s) =>
      existsSync(join(s, "approvals"))
        ? readdirSync(join(s, "approvals")).map((n) => readFileSync(join(s, "approvals", n), "utf8"))
        : [],
    );
    const everything = [
      ...seen,
      ...audit,
      ...queues,
      main!.stderr(),
      e2e!.stderr(),
      e2eAuto!.stderr(),
      elicit!.stderr(),
    ];
    expect(seen.length).toBeGreaterThan(20);
    for (const text of everything) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(BEARER);
    }
    for (const log of audit)
      for (const line of log.split("\n").filter((l) => l !== "")) expect(() => JSON.parse(line)).not.toThrow();
    // main: adopt (requested, approved, executed) + cancel (requested, rejected); e2e: requested, approved, executed.
    expect(auditLines(STATE).map((e) => e.event)).toEqual([
      "approval_requested",
      "approved",
      "executed",
      "approval_requested",
      "rejected",
    ]);
    expect(auditLines(E2E_STATE)).toHaveLength(3);
  });

  it("Prism saw no violation in any of those calls, and really does reject what the spec forbids", async () => {
    expect(prism!.log()).not.toMatch(/VIOLATIONS|UNPROCESSABLE_ENTITY|NO_PATH_MATCHED|Violation/i);
    const before = server().requests.length;
    const bad = await fetch(`http://127.0.0.1:${prism!.port}/pet/abc`, {
      headers: { api_key: API_KEY },
      signal: AbortSignal.timeout(10_000),
    });
    expect(bad.status).toBe(422);
    expect(server().requests.length).toBe(before);
    server().switches.invalidPet = true;
    try {
      const invalid = await fetch(`http://127.0.0.1:${prism!.port}/pet/10`, {
        headers: { api_key: API_KEY },
        signal: AbortSignal.timeout(10_000),
      });
      expect(invalid.status).toBe(500);
      expect(await invalid.text()).toContain("required property 'name'");
    } finally {
      server().switches.invalidPet = false;
    }
  });
});
