// The CLI in-process (commander with exitOverride) and once as a real process: output shapes, exit codes, no stack traces.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";

const ROOT = join(import.meta.dirname, "../..");
const PETSTORE = join(ROOT, "examples/specs/petstore.oas31.yaml");
const GOALS = join(ROOT, "examples/goals/petstore.goals.yaml");

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(["node", "aci-gen", ...args], { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

describe("the spec from the goals file", () => {
  it.each([["plan"], ["lint"]])("%s --goals without --spec reads the goals file's spec:", async (command) => {
    const { code, err } = await run(command, "--goals", GOALS, "--json");
    expect(err).toBe("");
    expect(code).toBe(0);
  });

  it("plan --all-operations --goals SETTINGS: the settings' spec:, toolset name and server, every operation a tool", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aci-settings-"));
    const settings = join(dir, "settings.yaml");
    writeFileSync(settings, `aci: 1\ntoolset: petstore-all\nspec: ${PETSTORE}\nserver: https://pets.acme.dev/v3\n`);
    const { code, out, err } = await run("plan", "--goals", settings, "--all-operations", "--json");
    expect([code, err]).toEqual([0, ""]);
    const planned = JSON.parse(out);
    expect([planned.toolset.name, planned.toolset.servers, planned.tools.length]).toEqual([
      "petstore-all",
      [{ url: "https://pets.acme.dev/v3", variables: {} }],
      19,
    ]);
  });

  it("without --spec and without a goals file naming one: GOALS_SPEC_MISSING, exit 2", async () => {
    const { code, out } = await run("plan", "--all-operations", "--json");
    expect(code).toBe(2);
    expect(JSON.parse(out).diagnostics.map((d: { code: string }) => d.code)).toEqual(["GOALS_SPEC_MISSING"]);
  });
});

describe("aci-gen plan", () => {
  it("lists every operation of the petstore in all-operations mode, but its password sign-in and its sign-out", async () => {
    const { code, out, err } = await run("plan", "--spec", PETSTORE, "--all-operations");
    expect(code).toBe(0);
    expect(err).toContain("info PLAN_OAUTH_ENDPOINT_LEFT_OUT 1 sign-in operation is left out");
    expect(err).toContain("GET /user/login");
    expect(err).toContain("info PLAN_SIGN_OUT_LEFT_OUT 1 sign-out operation is left out");
    expect(err).not.toMatch(/ (error|warning) /);
    expect(out).toMatch(
      /^petstore: 19 tools \(all operations\), \d+ tokens of definitions \(o200k; without the titles, annotations and output schemas tools\/list also carries\)/,
    );
    expect(out).toContain("get_pet_by_id  [low risk · data");
    expect(out).toContain("delete_order  [high risk · action · approval required");
  });

  it("says which tools were shortened to fit --tool-token-cap, by how much, and what tool search shows upfront", async () => {
    const { code, out } = await run(
      "plan",
      "--spec",
      PETSTORE,
      "--all-operations",
      "--tool-token-cap",
      "500",
      "--definition-budget",
      "2000",
    );
    expect(code).toBe(0);
    expect(out).toMatch(/shortened to fit the per-tool cap: \d+ tools?\n/);
    expect(out).toMatch(
      /\n {2}add_pet: \d+ → \d+ tokens \(input described \d levels? deep; the whole schema is still checked\)\n/,
    );
    expect(out).toMatch(
      /tool search: \d+ tokens upfront: \d+ core tools? \(.*\) plus search_tools and call_tool; the other \d+ are found by search/,
    );
    const json = JSON.parse(
      (
        await run(
          "plan",
          "--spec",
          PETSTORE,
          "--all-operations",
          "--tool-token-cap",
          "500",
          "--definition-budget",
          "2000",
          "--json",
        )
      ).out,
    );
    expect(json.toolSearch.upfrontTokens).toBeLessThanOrEqual(2000);
    const addPet = json.tools.find((t: { name: string }) => t.name === "add_pet");
    expect(addPet.definition.tokens).toBeLessThanOrEqual(500);
    expect(addPet.definition.shortened.fromTokens).toBeGreaterThan(500);
  });

  it("filters by tag, method and operation", async () => {
    const byTag = await run("plan", "--spec", PETSTORE, "--all-operations", "--include-tag", "store", "--json");
    expect(JSON.parse(byTag.out).tools.map((t: { name: string }) => t.name)).toEqual([
      "get_inventory",
      "place_order",
      "get_order_by_id",
      "delete_order",
      "list_user_orders",
    ]);
    const byMethod = await run(
      "plan",
      "--spec",
      PETSTORE,
      "--all-operations",
      "--include-tag",
      "store",
      "--methods",
      "GET",
      "--json",
    );
    expect(JSON.parse(byMethod.out).tools.map((t: { name: string }) => t.name)).toEqual([
      "get_inventory",
      "get_order_by_id",
      "list_user_orders",
    ]);
    const byOperation = await run(
      "plan",
      "--spec",
      PETSTORE,
      "--all-operations",
      "--include-operation",
      "placeOrder,DELETE /store/order/{orderId}",
      "--json",
    );
    expect(JSON.parse(byOperation.out).tools.map((t: { name: string }) => t.name)).toEqual([
      "place_order",
      "delete_order",
    ]);
  });

  it("plans the petstore goals with tokens and a diagram per multi-step goal", async () => {
    const { code, out } = await run("plan", "--spec", PETSTORE, "--goals", GOALS, "--json");
    expect(code).toBe(0);
    const plan = JSON.parse(out);
    const adopt = plan.tools.find((t: { name: string }) => t.name === "adopt_pet");
    expect(adopt.definition.tokens).toBeGreaterThan(50);
    expect(adopt.mermaid).toContain("flowchart TD");
    expect(plan.totalTokens).toBe(
      plan.tools.reduce((n: number, t: { definition: { tokens: number } }) => n + t.definition.tokens, 0),
    );
  });

  it("reports bad input as located diagnostics with a hint and exit 2", async () => {
    const { code, out, err } = await run("plan", "--spec", join(ROOT, "missing.yaml"), "--all-operations");
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(/missing\.yaml(:1:1)? error SPEC_UNREADABLE .*\n  hint: /);
  });

  it("asks for goals or --all-operations", async () => {
    const { code, err } = await run("plan", "--spec", PETSTORE);
    expect(code).toBe(2);
    expect(err).toContain("GOALS_REQUIRED");
  });

  const usage: [string, string[], RegExp][] = [
    ["unknown option", ["plan", "--spec", PETSTORE, "--bogus"], /USAGE unknown option '--bogus'/],
    [
      "unknown method",
      ["plan", "--spec", PETSTORE, "--all-operations", "--methods", "fetch"],
      /USAGE .*unknown HTTP method fetch/,
    ],
    [
      "bad byte cap",
      ["plan", "--spec", PETSTORE, "--all-operations", "--max-return-bytes", "-5"],
      /USAGE .*positive integer/,
    ],
    ["unknown command", ["frobnicate"], /USAGE unknown command 'frobnicate'/],
  ];
  it.each(usage)("%s → exit 2 with a USAGE diagnostic", async (_name, args, pattern) => {
    const { code, err } = await run(...args);
    expect(code).toBe(2);
    expect(err).toMatch(pattern);
  });
});

describe("aci-gen generate", () => {
  it("writes the package into --out only, and refuses bad input writing nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aci-cli-"));
    const out = join(dir, "pkg");
    const ok = await run("generate", "--spec", PETSTORE, "--goals", GOALS, "--out", out);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/6 tools; \d+ file\(s\) written, 0 removed, 0 unchanged/);
    expect(readdirSync(dir)).toEqual(["pkg"]);
    expect(existsSync(join(out, "src/tools/adopt_pet.ts"))).toBe(true);
    const bad = await run(
      "generate",
      "--spec",
      join(ROOT, "examples/specs/nope.yaml"),
      "--goals",
      GOALS,
      "--out",
      join(dir, "other"),
    );
    expect(bad.code).toBe(2);
    expect(existsSync(join(dir, "other"))).toBe(false);
  });
});

describe("the package flags", () => {
  it("--publishable --package-name writes a publishable package with server.json; check with the same flags sees no drift", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aci-cli-pkg-"));
    const out = join(dir, "pkg");
    const flags = ["--publishable", "--package-name", "@acme/pets", "--package-version", "2.0.0"];
    const ok = await run("generate", "--spec", PETSTORE, "--goals", GOALS, "--out", out, ...flags);
    expect(ok.code, ok.err).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: "@acme/pets", version: "2.0.0", mcpName: "io.github.acme/pets" });
    expect(manifest.private).toBeUndefined();
    expect(existsSync(join(out, "server.json"))).toBe(true);
    expect((await run("check", "--spec", PETSTORE, "--goals", GOALS, "--out", out, ...flags)).code).toBe(0);
    expect((await run("check", "--spec", PETSTORE, "--goals", GOALS, "--out", out)).code, "without them: drift").toBe(
      1,
    );
  });

  it.each([
    [["--package-name", "Pets"], "PACKAGE_NAME_INVALID"],
    [["--package-version", "latest"], "PACKAGE_VERSION_INVALID"],
    [["--publishable"], "PACKAGE_MCP_NAME_INVALID"],
  ])("%j: exit 2 with %s, nothing written", async (flags, code) => {
    const dir = mkdtempSync(join(tmpdir(), "aci-cli-bad-"));
    const result = await run(
      "generate",
      "--spec",
      PETSTORE,
      "--goals",
      GOALS,
      "--out",
      join(dir, "pkg"),
      "--json",
      ...flags,
    );
    expect(result.code).toBe(2);
    expect(JSON.parse(result.out).diagnostics.map((d: { code: string }) => d.code)).toEqual([code]);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("the real process", () => {
  it("runs the built bin, prints no stack trace for bad input, exits 2", () => {
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "pipe" });
    const result = spawnSync(
      process.execPath,
      [join(ROOT, "bin/aci-gen.js"), "plan", "--spec", join(ROOT, "package.json"), "--all-operations"],
      { encoding: "utf8" },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("SPEC_NOT_OPENAPI");
    expect(result.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
    const version = spawnSync(process.execPath, [join(ROOT, "bin/aci-gen.js"), "--version"], { encoding: "utf8" });
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  }, 120_000);
});
