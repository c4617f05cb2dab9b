// End to end: all-operations packages (tools in grouped modules) type-checked, built with their own build script and
// served through the MCP SDK's Client, with every module the server process loads logged: neither start-up nor
// tools/list imports a tool module (the listed tools' definitions are in the catalog), and search finds, and call_tool
// calls, a tool whose module was never imported (importing its group only). Petstore calls go to Prism; GitHub's to a
// loopback stub. `check` of each package reports nothing.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../../src/api/check.js";
import { generate } from "../../src/api/generate.js";
import type { CatalogEntry } from "../../src/runtime/catalog.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { type ProcessResult, ROOT, runNode, startPrismMock, type Prism } from "../support/e2e-harness.js";

const HOOK = pathToFileURL(join(ROOT, "test/support/module-log.mjs")).href;
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const WORK = join(ROOT, ".tmp/e2e", `grouped-${process.pid}`);
const PETSTORE_SPEC = join(ROOT, "examples/specs/petstore.oas31.yaml");
const GITHUB_SPEC = join(ROOT, "node_modules/@octokit/openapi/generated/api.github.com.json");

/** Generates `spec` with --all-operations into `outDir`; fails on any error diagnostic. */
async function generateAll(spec: string, outDir: string, buildBatchBytes?: number): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  const result = await generate({
    spec,
    allOperations: true,
    outDir,
    ...(buildBatchBytes === undefined ? {} : { buildBatchBytes }),
  });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(`generate failed:\n${JSON.stringify(errors, null, 2)}`);
}

/** Runs the package's `build` (or `typecheck`) script as `npm run` would: `tsc …` (with the repo's TypeScript) or `node scripts/build.mjs …`. */
async function runPackageScript(
  outDir: string,
  name: "build" | "typecheck",
): Promise<ProcessResult & { script: string }> {
  const script = (JSON.parse(readFileSync(join(outDir, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts[name] as string;
  const [program, ...args] = script.split(" ");
  const command =
    program === "tsc"
      ? [TSC, ...args.map((arg) => (arg === "tsconfig.json" ? join(outDir, arg) : arg))]
      : [join(outDir, args[0] as string), ...args.slice(1)];
  return { ...(await runNode(command, { PATH: process.env.PATH ?? "" }, 300_000)), script };
}

async function buildAsPackageDoes(outDir: string): Promise<string> {
  const built = await runPackageScript(outDir, "build");
  if (built.code !== 0) throw new Error(`${built.script} failed:\n${built.stdout}\n${built.stderr}`);
  return built.script;
}

/** Every file under `dir`, relative to it, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The catalog entries of a package's server (heads and search fields), read from its built catalog modules. */
async function catalogOf(outDir: string): Promise<readonly CatalogEntry[]> {
  const module = (await import(pathToFileURL(join(outDir, "dist/catalog.js")).href)) as {
    catalog: { entries(): Promise<readonly CatalogEntry[]> };
  };
  return module.catalog.entries();
}

/** A stdio MCP session of a built package whose every loaded module is logged. */
interface LoggedSession {
  readonly client: Client;
  /** The `src/tools/` modules (by name), and whether `schemas.js` and `catalog-search.js` were loaded so far. */
  loaded(): { tools: string[]; schemas: boolean; search: boolean };
  close(): Promise<void>;
}

async function connectLogged(outDir: string, env: Record<string, string>): Promise<LoggedSession> {
  const log = join(outDir, `modules-${Date.now()}.log`);
  writeFileSync(log, "");
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", HOOK, join(outDir, "dist/server.js")],
    env: { PATH: process.env.PATH ?? "", MODULE_LOG: log, ...env },
    cwd: ROOT,
    stderr: "pipe",
  });
  const client = new Client({ name: "aci-grouped-e2e", version: "1.0.0" });
  await client.connect(transport, { timeout: 30_000 });
  return {
    client,
    loaded() {
      const urls = readFileSync(log, "utf8").split("\n");
      const tools = urls.flatMap((u) => /\/dist\/tools\/([^/]+)\.js$/.exec(u)?.[1] ?? []);
      return {
        tools: [...new Set(tools)].sort(),
        schemas: urls.some((u) => u.endsWith("/dist/schemas.js")),
        search: urls.some((u) => u.endsWith("/dist/catalog-search.js")),
      };
    },
    close: () => client.close(),
  };
}

/** The single text content of a tools/call result, parsed. */
function resultJson(result: Awaited<ReturnType<Client["callTool"]>>): Record<string, unknown> {
  const content = result.content as { type: string; text: string }[];
  return JSON.parse(content[0]?.text ?? "null") as Record<string, unknown>;
}

describe("petstore, all operations: grouped modules served lazily, calls through Prism", () => {
  const outDir = join(WORK, "petstore");
  let prism: Prism | undefined;
  let session: LoggedSession | undefined;
  let entries: readonly CatalogEntry[] = [];

  beforeAll(async () => {
    await generateAll(PETSTORE_SPEC, outDir);
    prism = await startPrismMock(PETSTORE_SPEC);
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    await prism?.stop();
  });

  it("type-checks strictly, and builds with its own build script (no checking: its schemas are typed)", async () => {
    const checked = await runPackageScript(outDir, "typecheck");
    expect(checked.stdout + checked.stderr).toBe("");
    expect(checked.code).toBe(0);
    expect(checked.script).toBe("tsc -p tsconfig.json --noEmit");
    expect(await buildAsPackageDoes(outDir)).toBe("tsc -p tsconfig.json --noCheck");
    expect(existsSync(join(outDir, "dist/tools/pet.js"))).toBe(true);
    entries = await catalogOf(outDir);
    expect(new Set(entries.map((e) => e.module))).toEqual(new Set(["pet", "store", "user"]));
  }, 300_000);

  it("starts without importing a tool module, lists the core from the catalog, finds and calls a deferred tool", async () => {
    session = await connectLogged(outDir, {
      PETSTORE_BASE_URL: `http://127.0.0.1:${prism?.port}`,
      PETSTORE_API_KEY: "special-key",
      PETSTORE_STATE_DIR: join(outDir, "state"),
    });
    expect(session.loaded()).toEqual({ tools: [], schemas: false, search: false });

    const listed = await session.client.listTools();
    const core = entries.filter((e) => e.deferLoading !== true);
    expect(listed.tools.map((t) => t.name)).toEqual([...core.map((e) => e.name), "search_tools", "call_tool"]);
    // The core's definitions are in the catalog's heads: listing imports nothing, not even the search fields.
    expect(session.loaded()).toEqual({ tools: [], schemas: false, search: false });

    const found = resultJson(
      await session.client.callTool({ name: "search_tools", arguments: { query: "get a purchase order by its id" } }),
    ) as { tools: { name: string; description: string; required: string[] }[] };
    // A hit says what a model needs to pick and call it: the name, one line on when to use it, the required inputs.
    expect(found.tools.find((t) => t.name === "get_order_by_id")).toEqual({
      name: "get_order_by_id",
      description: "Find a purchase order by ID.",
      required: ["order_id"],
    });
    expect(entries.find((e) => e.name === "get_order_by_id")?.deferLoading).toBe(true);
    expect(session.loaded()).toEqual({ tools: [], schemas: false, search: true });

    const called = await session.client.callTool({
      name: "call_tool",
      arguments: { name: "get_order_by_id", arguments: { order_id: 3 } },
    });
    expect(called.isError, JSON.stringify(called)).not.toBe(true);
    expect(session.loaded()).toEqual({ tools: ["store"], schemas: true, search: true });
    const relisted = await session.client.listTools();
    expect(relisted.tools.map((t) => t.name)).toContain("get_order_by_id");
  }, 120_000);

  it("lists each tool exactly as the eager toolset (index.ts) defines it", async () => {
    const pkg = (await import(pathToFileURL(join(outDir, "dist/index.js")).href)) as {
      tools: Record<string, unknown>;
    };
    const { toolToMcpDefinition } = (await import(
      pathToFileURL(join(outDir, "dist/runtime/adapters/mcp.js")).href
    )) as { toolToMcpDefinition: (tool: unknown) => unknown };
    const listed = await session?.client.listTools();
    for (const tool of listed?.tools.filter((t) => !["search_tools", "call_tool"].includes(t.name)) ?? [])
      expect(tool, tool.name).toEqual(JSON.parse(JSON.stringify(toolToMcpDefinition(pkg.tools[tool.name]))));
  }, 60_000);

  it("check on the grouped package reports no drift", async () => {
    const result = await check({ spec: PETSTORE_SPEC, allOperations: true, outDir });
    expect(result.report?.verdict).toBe("unchanged");
    expect(result.report?.drift).toBe(false);
  }, 120_000);

  /** A build option's variant (the default build runs above on every Node): once per CI run. */
  it.skipIf(REPEAT_RUN)(
    "builds in batches of one module each into the dist one tsc run writes; its server calls a later batch's tool",
    async () => {
      const batched = join(WORK, "petstore-batched");
      await generateAll(PETSTORE_SPEC, batched, 1);
      const checked = await runPackageScript(batched, "typecheck");
      expect(checked.script).toBe("node scripts/build.mjs --check");
      expect(checked.stdout + checked.stderr).toBe("");
      expect(checked.code).toBe(0);
      rmSync(join(batched, "dist"), { recursive: true, force: true });
      expect(await buildAsPackageDoes(batched)).toBe("node scripts/build.mjs");
      const projects = (
        JSON.parse(readFileSync(join(batched, "tsconfig.json"), "utf8")) as { references: { path: string }[] }
      ).references.map((r) => r.path);
      expect(projects).toEqual(
        ["core", "tools-1", "tools-2", "tools-3", "catalog", "index"].map((name) => `./tsconfig/${name}.json`),
      );
      expect(JSON.parse(readFileSync(join(batched, "tsconfig/tools-3.json"), "utf8")).files).toEqual([
        "../src/tools/user.ts",
      ]);
      const built = filesUnder(join(batched, "dist")).filter((path) => !path.startsWith(".tsbuildinfo/"));
      expect(built).toEqual(filesUnder(join(outDir, "dist")));
      for (const path of built)
        expect(readFileSync(join(batched, "dist", path), "utf8"), path).toBe(
          readFileSync(join(outDir, "dist", path), "utf8"),
        );
      expect(built).toEqual(
        filesUnder(join(batched, "src"))
          .filter((path) => path.endsWith(".ts"))
          .flatMap((path) => [path.replace(/\.ts$/, ".d.ts"), path.replace(/\.ts$/, ".js")])
          .sort(),
      );
      const batchedSession = await connectLogged(batched, {
        PETSTORE_BASE_URL: `http://127.0.0.1:${prism?.port}`,
        PETSTORE_API_KEY: "special-key",
        PETSTORE_STATE_DIR: join(batched, "state"),
      });
      try {
        const called = await batchedSession.client.callTool({
          name: "call_tool",
          arguments: { name: "get_user_by_name", arguments: { username: "user1" } },
        });
        expect(called.isError, JSON.stringify(called)).not.toBe(true);
        expect(batchedSession.loaded().tools).toEqual(["user"]);
      } finally {
        await batchedSession.close();
      }
    },
    300_000,
  );
});

/** The same lazy serving at GitHub's size: generator work, once per CI run (petstore's grouped package runs on every Node). */
describe.skipIf(REPEAT_RUN)("GitHub REST, all operations: grouped, lazy, check stable", () => {
  const outDir = join(WORK, "github");
  let stub: Server | undefined;
  const requests: string[] = [];

  beforeAll(async () => {
    await generateAll(GITHUB_SPEC, outDir);
    stub = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ merged: true, sha: "abc" }));
    });
    await new Promise<void>((done) => stub?.listen(0, "127.0.0.1", done));
  }, 300_000);
  afterAll(() => void stub?.close());

  it("writes one module per tag, builds in one pass, and serves: nothing loaded at start, the found tool on call", async () => {
    expect(existsSync(join(outDir, "src/tools/pulls.ts"))).toBe(true);
    expect(existsSync(join(outDir, "src/tools/pulls_merge.ts"))).toBe(false);
    await buildAsPackageDoes(outDir);
    const entries = await catalogOf(outDir);
    expect(entries.length).toBeGreaterThan(1000);
    const port = ((stub as Server).address() as AddressInfo).port;
    const prefix = /envPrefix: "([A-Z0-9_]+)"/.exec(readFileSync(join(outDir, "src/toolset.ts"), "utf8"))?.[1];
    const session = await connectLogged(outDir, {
      [`${prefix}_BASE_URL`]: `http://127.0.0.1:${port}`,
      [`${prefix}_APPROVAL`]: "auto",
      [`${prefix}_STATE_DIR`]: join(outDir, "state"),
    });
    try {
      expect(session.loaded()).toEqual({ tools: [], schemas: false, search: false });
      const listed = await session.client.listTools();
      const core = entries.filter((e) => e.deferLoading !== true);
      expect(listed.tools.length).toBe(core.length + 2);
      expect(session.loaded()).toEqual({ tools: [], schemas: false, search: false });

      const found = resultJson(
        await session.client.callTool({ name: "search_tools", arguments: { query: "merge a pull request" } }),
      ) as { tools: { name: string; description: string; required: string[] }[] };
      expect(found.tools[0]).toEqual({
        name: "pulls_merge",
        description: "Merge a pull request.",
        required: ["owner", "repo", "pull_number"],
      });
      expect(session.loaded().tools).not.toContain("pulls");
      const merged = await session.client.callTool({
        name: "call_tool",
        arguments: { name: "pulls_merge", arguments: { owner: "octocat", repo: "hello", pull_number: 7 } },
      });
      expect(merged.isError, JSON.stringify(merged)).not.toBe(true);
      expect(requests).toEqual(["PUT /repos/octocat/hello/pulls/7/merge"]);
      expect(session.loaded().tools).toEqual(["pulls"]);
    } finally {
      await session.close();
    }
  }, 300_000);

  it("check on the grouped package reports no drift", async () => {
    const result = await check({ spec: GITHUB_SPEC, allOperations: true, outDir });
    expect(result.report?.verdict).toBe("unchanged");
    expect(result.report?.files.changed).toEqual([]);
  }, 300_000);
});
