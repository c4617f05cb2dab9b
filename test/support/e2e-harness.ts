// End-to-end plumbing: build a generated package with the repo's tsc, start Prism in proxy mode, run the package's
// MCP server under the MCP SDK's stdio Client and its approvals command — every wait bounded, every process killable.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { createConnection, createServer } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export const ROOT = join(import.meta.dirname, "../..");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const PRISM = join(ROOT, "node_modules/@stoplight/prism-cli/dist/index.js");

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a finished child process said. */
export interface ProcessResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node script args…` with exactly `env`, killed after `timeoutMs`. */
export function runNode(
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`node ${args.join(" ")} did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on("error", (e) => (clearTimeout(timer), reject(e)));
    child.on("close", (code) => (clearTimeout(timer), resolve({ code, stdout, stderr })));
  });
}

/**
 * Generates a package through the `generate` API into `outDir` (under the repo, so `node_modules` resolves) and
 * compiles it with the repo's TypeScript. Throws with the diagnostics or the compiler's output.
 */
export async function buildPackage(options: { spec: string; goals: string; outDir: string }): Promise<void> {
  rmSync(options.outDir, { recursive: true, force: true });
  // Imported here, not above: a file whose packages all come from test/support/package-cache.ts never loads the generator.
  const { generate } = await import("../../src/api/generate.js");
  const result = await generate({ spec: options.spec, goals: options.goals, outDir: options.outDir });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0 || Object.keys(result.files).length === 0)
    throw new Error(`generate failed:\n${JSON.stringify(errors, null, 2)}`);
  const tsc = await runNode(
    [TSC, "-p", join(options.outDir, "tsconfig.json")],
    { PATH: process.env.PATH ?? "" },
    120_000,
  );
  if (tsc.code !== 0) throw new Error(`tsc failed for ${options.outDir}:\n${tsc.stdout}\n${tsc.stderr}`);
}

/** A loopback port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.setTimeout(500);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => (socket.destroy(), resolve(false)));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

/** Stops a child: SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export async function stopChild(child: ChildProcess | undefined, graceMs = 3000): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await Promise.race([exited, sleep(graceMs + 2000)]);
  clearTimeout(timer);
}

/** A generated package's `node dist/server.js --http 0`, running. */
export interface HttpServerProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:PORT/mcp`, read from the server's log. */
  readonly url: string;
  /** Everything the server wrote so far, stdout and stderr (in HTTP mode it writes only to stderr). */
  log(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
}

/** Spawns `node serverJs --http 0` with exactly `env` and waits (at most `timeoutMs`) for its "listening on" line. */
export function startHttpServer(
  serverJs: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [serverJs, "--http", "0"], {
    env,
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const exited = new Promise<number | NodeJS.Signals | null>((done) =>
    child.once("exit", (code, signal) => done(code ?? signal)),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => (child.kill("SIGKILL"), reject(new Error(`server did not start:\n${log}`))),
      timeoutMs,
    );
    child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
    child.stderr?.on("data", (d: Buffer) => {
      log += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(log)?.[1];
      if (url !== undefined) clearTimeout(timer), resolve({ child, url, log: () => log, exited });
    });
    void exited.then((code) => (clearTimeout(timer), reject(new Error(`server exited (${code}):\n${log}`))));
  });
}

/** An MCP client of a server's Streamable HTTP endpoint, sending `Authorization: Bearer token` (20 s to connect). */
export async function connectHttpMcp(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "aci-e2e-http", version: "1.0.0" });
  const headers = { authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }), {
    timeout: 20_000,
  });
  return client;
}

/** A running Prism (proxy or mock). */
export interface Prism {
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything Prism printed so far. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts `prism proxy SPEC UPSTREAM --errors` on a free loopback port and waits (at most `timeoutMs`) until the
 * port answers. With `--errors`, a request or response that violates the spec becomes an error response.
 * A port taken between choosing and binding is retried with another one.
 */
export function startPrism(spec: string, upstream: string, timeoutMs = 45_000): Promise<Prism> {
  return launchPrism(["proxy", spec, upstream, "--errors"], timeoutMs);
}

/**
 * Starts `prism mock SPEC`: answers every operation from the spec's examples (or schemas), and a request that breaks
 * the spec with 422 (or the 400/401/404 the spec declares) naming the violation. Without `--errors`, so an example of
 * the spec that breaks the spec's own response schema (GitHub's do) is still returned.
 */
export function startPrismMock(spec: string, timeoutMs = 90_000): Promise<Prism> {
  return launchPrism(["mock", spec], timeoutMs);
}

async function launchPrism(mode: readonly string[], timeoutMs: number): Promise<Prism> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [PRISM, ...mode, "-p", String(port), "-h", "127.0.0.1"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    let output = "";
    child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    const prism: Prism = { port, child, log: () => output, stop: () => stopChild(child) };
    while (Date.now() < deadline && child.exitCode === null) {
      if (await portAnswers(port)) return prism;
      await sleep(150);
    }
    await prism.stop();
    if (attempt >= 3 || Date.now() >= deadline) throw new Error(`Prism did not start on port ${port}:\n${output}`);
  }
}

/** A connected MCP client of a generated package's stdio server. */
export interface McpSession {
  readonly client: Client;
  /** What the server wrote on stderr. */
  stderr(): string;
  close(): Promise<void>;
}

/**
 * Spawns `node serverJs` with exactly `env` through the SDK's StdioClientTransport and connects a Client; with
 * `elicit`, the client declares form elicitation and answers the server's elicitation requests with it.
 */
export async function connectMcp(
  serverJs: string,
  env: Record<string, string>,
  elicit?: (request: ElicitRequest) => Promise<ElicitResult>,
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverJs],
    env,
    cwd: ROOT,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const client = new Client(
    { name: "aci-e2e", version: "1.0.0" },
    elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } },
  );
  if (elicit !== undefined) client.setRequestHandler(ElicitRequestSchema, elicit);
  await client.connect(transport, { timeout: 20_000 });
  const pid = transport.pid;
  return {
    client,
    stderr: () => stderr,
    async close() {
      await client.close().catch(() => undefined);
      if (pid !== null) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    },
  };
}

/** One tools/call as the model sees it: the text content, its JSON, and isError. */
export interface ToolCall {
  readonly text: string;
  readonly json: Record<string, unknown>;
  readonly isError: boolean;
  readonly structured?: Record<string, unknown>;
}

/** Calls a tool (30 s bound) and parses the single text content as JSON. */
export async function callTool(session: McpSession, name: string, args: Record<string, unknown>): Promise<ToolCall> {
  const result = await session.client.callTool({ name, arguments: args }, undefined, { timeout: 30_000 });
  const content = result.content as { type: string; text?: string }[];
  if (content.length !== 1 || content[0]?.type !== "text" || typeof content[0].text !== "string")
    throw new Error(`unexpected content: ${JSON.stringify(result)}`);
  const text = content[0].text;
  return {
    text,
    json: JSON.parse(text) as Record<string, unknown>,
    isError: result.isError === true,
    ...(result.structuredContent === undefined
      ? {}
      : { structured: result.structuredContent as Record<string, unknown> }),
  };
}

/** One request as a recording proxy saw it on its way upstream. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** A loopback HTTP proxy in front of `upstreamPort` that records every request (method, URL, headers, body) it forwards. */
export interface RecordingProxy {
  readonly port: number;
  readonly requests: RecordedRequest[];
  stop(): Promise<void>;
}

/** Starts a recording proxy on a free loopback port: what the generated runtime really sent, for assertions Prism's log cannot make. */
export function startRecordingProxy(upstreamPort: number): Promise<RecordingProxy> {
  const requests: RecordedRequest[] = [];
  const server = createHttpServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      requests.push({
        method: incoming.method ?? "",
        url: incoming.url ?? "",
        headers: { ...incoming.headers },
        body: body.toString("utf8"),
      });
      const upstream = httpRequest(
        {
          host: "127.0.0.1",
          port: upstreamPort,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: `127.0.0.1:${upstreamPort}` },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on("error", () => outgoing.writeHead(502).end());
      upstream.end(body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      resolve({
        port,
        requests,
        stop: () => new Promise((done) => (server.close(() => done()), server.closeAllConnections())),
      });
    });
  });
}
