// A generated server's start-up (initialize, tools/list) → the modules it loaded: none that only some calls need.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/e2e-harness.js";
import { builtPackage } from "../support/package-cache.js";

const HOOK = pathToFileURL(join(ROOT, "test/support/module-log.mjs")).href;
const PETSTORE = {
  spec: join(ROOT, "examples/specs/petstore.oas31.yaml"),
  goals: join(ROOT, "examples/goals/petstore.goals.yaml"),
};

/** Modules a server imports only when a call needs them, by the part of their URL that names them. */
const LAZY: readonly (readonly [string, string])[] = [
  ["the XML parser (an answer in XML)", "/node_modules/fast-xml-parser/"],
  ["the runtime's XML reader (an answer in XML)", "/dist/runtime/http/xml.js"],
  ["the OpenTelemetry API (OTEL_* set, or a registered SDK)", "/node_modules/@opentelemetry/api/"],
  ["the SDK's Streamable HTTP transport (an HTTP request)", "/server/streamableHttp.js"],
  ["the signer (a SigV4 call)", "/node_modules/aws4/"],
];

describe("the petstore server's start-up", () => {
  const home = mkdtempSync(join(tmpdir(), "aci-startup-"));
  let loaded: string[] = [];

  beforeAll(async () => {
    const dir = await builtPackage(PETSTORE);
    const log = join(home, "modules.log");
    writeFileSync(log, "");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", HOOK, join(dir, "dist/server.js")],
      env: { PATH: process.env.PATH ?? "", HOME: home, XDG_STATE_HOME: join(home, "state"), MODULE_LOG: log },
      cwd: ROOT,
      stderr: "pipe",
    });
    const client = new Client({ name: "aci-startup-modules", version: "1.0.0" });
    await client.connect(transport, { timeout: 30_000 });
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    loaded = readFileSync(log, "utf8").split("\n");
  }, 180_000);
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it("loads the runtime and the MCP SDK (the module log works)", () => {
    expect(loaded.some((url) => url.includes("/node_modules/@modelcontextprotocol/sdk/"))).toBe(true);
    expect(loaded.some((url) => url.endsWith("/dist/server.js"))).toBe(true);
  });

  it.each(LAZY)("does not load %s", (_what, part) => {
    expect(loaded.filter((url) => url.includes(part))).toEqual([]);
  });
});
