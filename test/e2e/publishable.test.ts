// A `--publishable` package as npm users get it: `npm pack`, installed from the tarball into an application outside the repo, and `npx <name>` starting its MCP server over stdio, answering initialize and tools/list through the MCP client.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/api/generate.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT, runNode } from "../support/e2e-harness.js";

const NAME = "@aci-gen-test/petstore";
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

function npm(cwd: string, args: readonly string[]): string {
  return execFileSync(NPM, [...args, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

interface Packed {
  readonly filename: string;
  readonly files: readonly { readonly path: string; readonly mode: number }[];
}

/** One npm install per run, about half a minute: CI runs it once, on the first Node, not again in its Node matrix. */
describe.skipIf(REPEAT_RUN)("a --publishable package, packed, installed from the tarball and started with npx", () => {
  const pkg = join(ROOT, ".tmp/publishable/petstore");
  let work = "";
  let app = "";
  let packed: Packed;
  let client: Client;

  beforeAll(async () => {
    rmSync(pkg, { recursive: true, force: true });
    const result = await generate({
      spec: join(ROOT, "examples/specs/petstore.oas31.yaml"),
      goals: join(ROOT, "examples/goals/petstore.goals.yaml"),
      packageName: NAME,
      packageVersion: "1.2.3",
      publishable: true,
      outDir: pkg,
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const tsc = await runNode([TSC, "-p", join(pkg, "tsconfig.json")], { PATH: process.env.PATH ?? "" }, 180_000);
    expect(tsc.code, tsc.stdout).toBe(0);
    work = mkdtempSync(join(tmpdir(), "aci-publishable-"));
    [packed] = JSON.parse(npm(pkg, ["pack", "--json", "--pack-destination", work])) as [Packed];
    app = join(work, "app");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), `${JSON.stringify({ name: "app", version: "1.0.0", private: true })}\n`);
    npm(app, ["install", join(work, packed.filename)]);
    const transport = new StdioClientTransport({
      command: process.platform === "win32" ? "npx.cmd" : "npx",
      args: ["--no", NAME],
      cwd: app,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: work,
        PETSTORE_API_KEY: "unused",
        PETSTORE_STATE_DIR: join(work, "state"),
      },
      stderr: "pipe",
    });
    client = new Client({ name: "aci-npx-e2e", version: "1.0.0" });
    await client.connect(transport, { timeout: 30_000 });
  }, 360_000);

  afterAll(async () => {
    await client?.close().catch(() => undefined);
    if (work !== "") rmSync(work, { recursive: true, force: true });
  });

  it("packs the built package, its README and server.json, and no sources", () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(["package.json", "README.md", "server.json", "dist/server.js", "dist/index.js"]),
    );
    expect(paths.filter((p) => p.startsWith("src/") || p === "manifest.json" || p.startsWith("scripts/"))).toEqual([]);
    expect(readFileSync(join(pkg, "dist/server.js"), "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
  });

  it("answers initialize over stdio through npx, as the MCP server of the toolset", () => {
    expect(client.getServerVersion()?.name).toBe("petstore");
  });

  it("lists the toolset's tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("get_pet_details");
  });

  it("installed the package as published: not private, built before publishing, a bin named after it", () => {
    const manifest = JSON.parse(readFileSync(join(app, "node_modules", NAME, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(manifest.private).toBeUndefined();
    expect(manifest.scripts).toMatchObject({ prepublishOnly: "npm run build" });
    expect(manifest.bin).toMatchObject({ petstore: "./dist/server.js" });
    expect(manifest.publishConfig).toEqual({ access: "public" });
  });
});
