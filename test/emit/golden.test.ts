// Golden tests: the bundled examples generate exactly the committed packages, which typecheck with tsc and run.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/api/generate.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const ROOT = join(import.meta.dirname, "../..");
const EXAMPLES = JSON.parse(readFileSync(join(ROOT, "examples/examples.json"), "utf8")) as {
  name: string;
  spec: string;
  goals: string;
}[];

/** Examples generated with --all-operations: their tools are written one module per tag or resource. */
const ALL_OPERATIONS = JSON.parse(readFileSync(join(ROOT, "examples/all-operations.json"), "utf8")) as {
  name: string;
  spec: string;
}[];

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Generation compared with the goldens is generator work: once per CI run (the goldens' tools run on every Node). */
describe.skipIf(REPEAT_RUN).each(EXAMPLES)("example $name", (example) => {
  const goldenDir = join(ROOT, "examples/generated", example.name);

  it("generates exactly the committed golden files (run `npm run update:examples` after a deliberate change)", async () => {
    const result = await generate({ spec: join(ROOT, example.spec), goals: join(ROOT, example.goals) });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const golden = listFiles(goldenDir)
      .map((p) => relative(goldenDir, p).split("\\").join("/"))
      .sort();
    expect(Object.keys(result.files).sort()).toEqual(golden);
    for (const path of golden) expect(result.files[path], path).toBe(readFileSync(join(goldenDir, path), "utf8"));
  });

  it("is deterministic: two runs give byte-identical files", async () => {
    const a = await generate({ spec: join(ROOT, example.spec), goals: join(ROOT, example.goals) });
    const b = await generate({ spec: join(ROOT, example.spec), goals: join(ROOT, example.goals) });
    expect(b.files).toEqual(a.files);
  });
});

describe.skipIf(REPEAT_RUN).each(ALL_OPERATIONS)("all-operations example $name", (example) => {
  const goldenDir = join(ROOT, "examples/generated", example.name);

  it("generates exactly the committed golden files, tools grouped by tag (run `npm run update:examples`)", async () => {
    const result = await generate({ spec: join(ROOT, example.spec), allOperations: true });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const golden = listFiles(goldenDir)
      .map((p) => relative(goldenDir, p).split("\\").join("/"))
      .sort();
    expect(Object.keys(result.files).sort()).toEqual(golden);
    for (const path of golden) expect(result.files[path], path).toBe(readFileSync(join(goldenDir, path), "utf8"));
    expect(golden.filter((p) => p.startsWith("src/tools/"))).toEqual([
      "src/tools/pet.ts",
      "src/tools/store.ts",
      "src/tools/user.ts",
    ]);
  });
});

describe("golden packages compile and run", () => {
  /** TypeScript 7's compiler is a native binary: its verdict is the same under every Node, so once per CI run. */
  it.skipIf(REPEAT_RUN)(
    "typecheck with tsc (strict)",
    () => {
      execFileSync(
        process.execPath,
        [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.examples.json")],
        { cwd: ROOT, stdio: "pipe" },
      );
    },
    180_000,
  );

  it("run a tool of the petstore package: invalid arguments come back as INVALID_ARGUMENT without a request", async () => {
    const outDir = join(ROOT, ".tmp/golden-build/petstore");
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const project = join(ROOT, "examples/generated/petstore/tsconfig.json");
    execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", project, "--outDir", outDir], {
      cwd: ROOT,
      stdio: "pipe",
    });
    const requests: string[] = [];
    const fetch = async (url: string | URL | Request): Promise<Response> => {
      requests.push(String(url));
      return new Response(JSON.stringify({ id: 7, name: "Rex", photoUrls: [], status: "available" }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    };
    const pkg = (await import(pathToFileURL(join(outDir, "index.js")).href)) as {
      createToolset: (o: object) => Record<string, { run: (i: unknown) => Promise<unknown> }>;
    };
    const tools = pkg.createToolset({ baseUrl: "http://127.0.0.1:9", fetch, credentials: { api_key: "k" } });
    const invalid = (await tools["get_pet_details"]?.run({ pet_id: "seven" })) as {
      error: { code: string; field?: string };
    };
    expect(invalid.error.code).toBe("INVALID_ARGUMENT");
    expect(invalid.error.field).toBe("pet_id");
    expect(requests).toEqual([]);
    const ok = (await tools["get_pet_details"]?.run({ pet_id: 7 })) as Record<string, unknown>;
    expect(ok).toMatchObject({ id: 7, name: "Rex", status: "available" });
    expect(requests).toEqual(["http://127.0.0.1:9/pet/7"]);
  }, 180_000);

  it("run a tool of the github package: the token its goals file declares is required, sent as a bearer and never shown", async () => {
    const outDir = join(ROOT, ".tmp/golden-build/github");
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    execFileSync(
      process.execPath,
      [
        join(ROOT, "node_modules/typescript/bin/tsc"),
        "-p",
        join(ROOT, "examples/generated/github/tsconfig.json"),
        "--outDir",
        outDir,
      ],
      { cwd: ROOT, stdio: "pipe" },
    );
    const sent: [string, string | null][] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      sent.push([String(url), new Headers(init?.headers).get("authorization")]);
      return new Response("[]", { status: 200, headers: { "content-type": "application/json" } });
    };
    const pkg = (await import(pathToFileURL(join(outDir, "index.js")).href)) as {
      createToolset: (o: object) => Record<string, { run: (i: unknown) => Promise<unknown> }>;
    };
    const args = { owner: "octocat", repo: "hello-world", label: "bug" };
    const missing = (await pkg.createToolset({ env: {}, fetch })["list_labeled_issues"]?.run(args)) as {
      error: { code: string; suggestion: string };
    };
    expect(missing.error).toMatchObject({ code: "UNAUTHORIZED", suggestion: expect.stringContaining("GITHUB_TOKEN") });
    expect(sent).toEqual([]);
    const ok = await pkg
      .createToolset({ env: { GITHUB_TOKEN: "ghp_golden_secret" }, fetch })
      ["list_labeled_issues"]?.run(args);
    expect(ok).toEqual({ items: [] });
    expect(sent).toEqual([
      [
        "https://api.github.com/repos/octocat/hello-world/issues?labels=bug&state=open&sort=created&direction=asc",
        "Bearer ghp_golden_secret",
      ],
    ]);
    expect(JSON.stringify([missing, ok])).not.toContain("ghp_golden_secret");
  }, 180_000);
});
