// The generated petstore package installed into an application outside it (linked, then packed), beside the application's own SDKs: each adapter, driven by the real SDK, hands a failing call to the model as exactly the envelope `run` returns.
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADAPTER_SDKS, GENERATED_DEPENDENCIES } from "../../src/emit/package-files.js";
import { ROOT, runNode } from "../support/e2e-harness.js";
import { BASE_PATH, startE2ePetstoreServer, type E2ePetstoreServer } from "../support/e2e-petstore-server.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const GOLDEN = join(ROOT, "examples/generated/petstore");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const FIXTURE = join(ROOT, "test/fixtures/consumer");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const API_KEY = "consumer-api-key";
const SDKS = ADAPTER_SDKS.map((entry) => entry.sdk);

/** How the application installs the package, and the versions of its own SDKs. */
interface Mode {
  readonly name: "linked" | "packed";
  readonly versions: Readonly<Record<string, string>>;
}

/**
 * Linked: the lowest SDK versions each adapter supports, the package's own Zod and MCP SDK versions. Packed: the
 * highest tested SDK versions, Zod 3 and an older MCP SDK, so the package's Zod and MCP SDK are copies of their own.
 */
const MODES: readonly Mode[] = [
  {
    name: "linked",
    versions: {
      ...Object.fromEntries(ADAPTER_SDKS.map((e) => [e.sdk, e.tested[0]])),
      zod: GENERATED_DEPENDENCIES.runtime.zod,
      "@modelcontextprotocol/sdk": GENERATED_DEPENDENCIES.runtime["@modelcontextprotocol/sdk"],
    },
  },
  {
    name: "packed",
    versions: {
      ...Object.fromEntries(ADAPTER_SDKS.map((e) => [e.sdk, e.tested.at(-1) as string])),
      zod: "3.25.76",
      "@modelcontextprotocol/sdk": "1.32.1",
    },
  },
];

function npm(cwd: string, args: readonly string[]): string {
  return execFileSync(NPM, [...args, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Where Node finds package `name` from a file in `dir`: the first `node_modules/<name>` up the tree (real path). */
function resolvedFrom(dir: string, name: string): string | undefined {
  for (let at = realpathSync(dir); ; at = dirname(at)) {
    const candidate = join(at, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dirname(at) === at) return undefined;
  }
}

/** The golden package's sources, without a build. */
function copyGolden(to: string): void {
  for (const name of readdirSync(GOLDEN)) cpSync(join(GOLDEN, name), join(to, name), { recursive: true });
}

/** The application's manifest and sources; `petstore` is whatever `npm install` is then given. */
function writeApp(app: string, mode: Mode): void {
  mkdirSync(join(app, "src"), { recursive: true });
  const dependencies = { ...mode.versions, "@types/node": GENERATED_DEPENDENCIES.dev["@types/node"] };
  writeFileSync(
    join(app, "package.json"),
    `${JSON.stringify({ name: "consumer-app", version: "1.0.0", private: true, type: "module", dependencies }, null, 2)}\n`,
  );
  cpSync(join(FIXTURE, "tsconfig.json"), join(app, "tsconfig.json"));
  cpSync(join(FIXTURE, "main.ts"), join(app, "src/main.ts"));
}

/** Linked: the package lives in the app's tree, built with its own devDependencies, then pruned as its README says. */
function installLinked(app: string): string {
  const pkg = join(app, "packages/petstore");
  copyGolden(pkg);
  npm(pkg, ["install"]);
  npm(pkg, ["run", "build"]);
  expect(resolvedFrom(pkg, "@anthropic-ai/sdk"), "before the prune the package sees its own SDK copy").toBe(
    realpathSync(join(pkg, "node_modules/@anthropic-ai/sdk")),
  );
  npm(pkg, ["prune", "--omit=dev"]);
  npm(app, ["install", "--install-links=false", "./packages/petstore"]);
  return pkg;
}

/** Packed: `npm pack` of a package built with the repo's compiler, installed from the tarball. */
function installPacked(work: string, app: string): string {
  const pkg = join(work, "petstore");
  copyGolden(pkg);
  execFileSync(process.execPath, [TSC, "-p", join(GOLDEN, "tsconfig.json"), "--outDir", join(pkg, "dist")], {
    cwd: ROOT,
    stdio: "pipe",
  });
  const [packed] = JSON.parse(npm(pkg, ["pack", "--json", "--pack-destination", work])) as { filename: string }[];
  npm(app, ["install", join(work, (packed as { filename: string }).filename)]);
  return join(app, "node_modules/petstore");
}

interface FakeModelApi {
  readonly url: string;
  /** Request bodies in arrival order. */
  readonly bodies: Record<string, unknown>[];
  close(): Promise<void>;
}

/** A local model API: the first request is answered with `first`, every later one with `then`. */
async function startFakeModelApi(first: object, then: object): Promise<FakeModelApi> {
  const bodies: Record<string, unknown>[] = [];
  const read = async (req: IncomingMessage): Promise<string> => {
    let text = "";
    for await (const chunk of req) text += String(chunk);
    return text;
  };
  const server: Server = createServer((req, res) => {
    void read(req).then((text) => {
      bodies.push(JSON.parse(text) as Record<string, unknown>);
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(bodies.length === 1 ? first : then));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, bodies, close: () => new Promise((done) => server.close(() => done())) };
}

const anthropicReply = (content: unknown[], stop_reason: string) => ({
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude-test",
  content,
  stop_reason,
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
});

const openaiReply = (message: object, finish_reason: string) => ({
  id: "chatcmpl_1",
  object: "chat.completion",
  created: 0,
  model: "gpt-test",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: null, refusal: null, ...message },
      finish_reason,
      logprobs: null,
    },
  ],
});

interface Report {
  readonly direct: { error: { code: string } };
  readonly anthropic: string;
  readonly openai: string;
  readonly vercel: { type: string; output: { type: string; value: unknown } };
  readonly mcp: { isError: boolean; content: { type: string; text: string }[] };
}

/** Two npm installs per mode take about a minute: CI runs this once, on the first Node, not again in its Node matrix. */

describe.skipIf(REPEAT_RUN).each(MODES)("an application with its own SDKs installs the package $name", (mode) => {
  let work = "";
  let app = "";
  let installed = "";
  let petstore: E2ePetstoreServer;
  let anthropic: FakeModelApi;
  let openai: FakeModelApi;
  let report: Report;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), `aci-consumer-${mode.name}-`));
    app = join(work, "app");
    writeApp(app, mode);
    installed = mode.name === "linked" ? installLinked(app) : installPacked(work, app);
    execFileSync(process.execPath, [TSC, "-p", join(app, "tsconfig.json")], { cwd: app, stdio: "pipe" });
    petstore = await startE2ePetstoreServer({ apiKey: API_KEY, bearer: "unused" });
    anthropic = await startFakeModelApi(
      anthropicReply(
        [{ type: "tool_use", id: "toolu_1", name: "get_pet_details", input: { pet_id: 404 } }],
        "tool_use",
      ),
      anthropicReply([{ type: "text", text: "No such pet." }], "end_turn"),
    );
    openai = await startFakeModelApi(
      openaiReply(
        {
          tool_calls: [
            {
              id: "call_1",
              type: "function",
              function: { name: "get_pet_details", arguments: JSON.stringify({ pet_id: 404 }) },
            },
          ],
        },
        "tool_calls",
      ),
      openaiReply({ content: "No such pet." }, "stop"),
    );
    const env = {
      PATH: process.env.PATH ?? "",
      PETSTORE_BASE_URL: `${petstore.origin}${BASE_PATH}`,
      PETSTORE_API_KEY: API_KEY,
      PETSTORE_STATE_DIR: join(work, "state"),
      ANTHROPIC_URL: anthropic.url,
      OPENAI_URL: `${openai.url}/v1`,
    };
    const run = await runNode([join(app, "dist/main.js")], env);
    expect(run.code, run.stderr).toBe(0);
    report = JSON.parse(run.stdout) as Report;
  }, 360_000);

  afterAll(async () => {
    await Promise.all([petstore?.close(), anthropic?.close(), openai?.close()]);
    if (work !== "") rmSync(work, { recursive: true, force: true });
  });

  it("resolves every adapter SDK to the application's own copy, in the application's version", () => {
    for (const sdk of SDKS) {
      expect(resolvedFrom(join(installed, "dist/adapters"), sdk), sdk).toBe(
        realpathSync(join(app, "node_modules", sdk)),
      );
      expect(
        (JSON.parse(readFileSync(join(app, "node_modules", sdk, "package.json"), "utf8")) as { version: string })
          .version,
      ).toBe(mode.versions[sdk]);
    }
  });

  it("keeps the package's own Zod and MCP SDK, which the packed application has in other versions (Zod 3)", () => {
    const versionAt = (dir: string | undefined): string =>
      (JSON.parse(readFileSync(join(dir ?? "", "package.json"), "utf8")) as { version: string }).version;
    for (const name of ["zod", "@modelcontextprotocol/sdk"] as const) {
      expect(versionAt(resolvedFrom(join(installed, "dist/runtime"), name)), name).toBe(
        GENERATED_DEPENDENCIES.runtime[name],
      );
      expect(versionAt(join(app, "node_modules", name)), name).toBe(mode.versions[name]);
    }
  });

  it("makes a real failing call: the API answers 404 and run returns the NOT_FOUND envelope", () => {
    expect(report.direct.error.code).toBe("NOT_FOUND");
    expect(petstore.count("GET", "/pet/404")).toBe(5);
  });

  it("Anthropic tool runner: the tool_result is the envelope's JSON with is_error, not `Error: …` text", () => {
    expect(report.anthropic).toBe("end_turn");
    expect(anthropic.bodies).toHaveLength(2);
    const messages = anthropic.bodies[1]!.messages as { role: string; content: unknown }[];
    expect(messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_1", content: JSON.stringify(report.direct), is_error: true },
      ],
    });
  });

  it("OpenAI chat completions: strict tools out, the envelope's JSON back as the tool message", () => {
    expect(report.openai).toBe("stop");
    const tools = openai.bodies[0]!.tools as { type: string; function: { name: string; strict: boolean } }[];
    expect(tools.find((tool) => tool.function.name === "get_pet_details")).toMatchObject({
      type: "function",
      function: { strict: true },
    });
    const messages = openai.bodies[1]!.messages as { role: string; content: unknown; tool_call_id?: string }[];
    expect(messages.at(-1)).toEqual({ role: "tool", tool_call_id: "call_1", content: JSON.stringify(report.direct) });
  });

  it("Vercel AI generateText: the model's next prompt carries the envelope as error-json", () => {
    expect(report.vercel).toMatchObject({ type: "tool-result", toolCallId: "call_1", toolName: "get_pet_details" });
    expect(report.vercel.output).toEqual({ type: "error-json", value: report.direct });
  });

  it("MCP: the application's own Client and transport reach the package's server; the result is the envelope with isError", () => {
    expect(report.mcp.isError).toBe(true);
    expect(report.mcp.content).toEqual([{ type: "text", text: JSON.stringify(report.direct) }]);
  });

  it("the installed README says which SDK versions each adapter supports", () => {
    const readme = readFileSync(join(installed, "README.md"), "utf8");
    const words = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&").replace(/ /g, "\\s+");
    for (const entry of ADAPTER_SDKS) expect(readme).toContain(`- \`petstore/adapters/${entry.adapter}\` gives`);
    for (const entry of ADAPTER_SDKS)
      expect(readme).toMatch(
        new RegExp(
          words(`SDK: \`${entry.sdk}\`, supported \`${entry.range}\`, tested with ${entry.tested.join(", ")}.`),
        ),
      );
  });
});

describe("the tested SDK versions", () => {
  it("include the version of each SDK that aci-gen's own adapter tests run, inside the supported range's major", () => {
    const devDependencies = (
      JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> }
    ).devDependencies;
    for (const entry of ADAPTER_SDKS) {
      expect(entry.tested, entry.sdk).toContain(devDependencies[entry.sdk]);
      for (const version of entry.tested)
        expect(`^${version.split(".")[0]}.`, entry.sdk).toBe(entry.range.slice(0, entry.range.indexOf(".") + 1));
    }
  });
});
