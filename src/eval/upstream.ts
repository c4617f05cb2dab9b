// The eval's upstream: `prism mock SPEC` on a loopback port (default) or a URL the user gives, and a fetch that records every request sent to it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { readText } from "../util/read-text.js";
import type { SentRequest } from "./matching.js";

/** A running upstream the toolsets are pointed at. */
export interface Upstream {
  /** `prism` (mock of the spec) or `url` (--upstream). */
  readonly kind: "prism" | "url";
  readonly baseUrl: string;
  /** Milliseconds until it answered. */
  readonly startMs: number;
  stop(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Where Prism's CLI is: resolved from the working folder (the user's project), else from aci-gen's own install. */
export function prismEntry(cwd = process.cwd()): string | undefined {
  for (const base of [join(cwd, "noop.js"), import.meta.url]) {
    try {
      return createRequire(base).resolve("@stoplight/prism-cli/dist/index.js");
    } catch {
      // not installed there
    }
  }
  return undefined;
}

function freePort(): Promise<number> {
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

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
  await Promise.race([exited, sleep(5000)]);
  clearTimeout(timer);
}

/**
 * The spec as a file Prism reads: itself, or for a gzip-compressed spec (which aci-gen reads, Prism does not) its
 * inflated text in a temporary file named for its format.
 */
async function prismReadable(spec: string): Promise<string> {
  const raw = await readFile(spec);
  if (raw[0] !== 0x1f || raw[1] !== 0x8b) return spec;
  const text = await readText(spec);
  const json = /^\s*[[{]/.test(text);
  const file = join(mkdtempSync(join(tmpdir(), "aci-eval-spec-")), json ? "spec.json" : "spec.yaml");
  await writeFile(file, text, "utf8");
  return file;
}

/** Starts `prism mock spec` and waits (at most `timeoutMs`) until it answers; a diagnostic when it cannot. */
export async function startPrismMock(
  spec: string,
  timeoutMs = 120_000,
): Promise<{ upstream?: Upstream; diagnostics: Diagnostic[] }> {
  const entry = prismEntry();
  if (entry === undefined) return { diagnostics: [diagnostic("EVAL_PRISM_MISSING")] };
  const started = performance.now();
  const port = await freePort();
  const readable = await prismReadable(spec);
  /** Stops prism, then removes the inflated copy of a gzip-compressed spec it read (none for a plain spec). */
  const stop = async (): Promise<void> => {
    await stopChild(child);
    if (readable !== spec) rmSync(dirname(readable), { recursive: true, force: true });
  };
  const child = spawn(process.execPath, [entry, "mock", readable, "-p", String(port), "-h", "127.0.0.1"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr?.on("data", (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await portAnswers(port))
      return {
        upstream: {
          kind: "prism",
          baseUrl: `http://127.0.0.1:${port}`,
          startMs: performance.now() - started,
          stop,
        },
        diagnostics: [],
      };
    await sleep(150);
  }
  await stop();
  const tail = output.trim().split("\n").slice(-3).join(" ").slice(0, 500);
  return {
    diagnostics: [
      diagnostic("EVAL_UPSTREAM_FAILED", {
        file: spec,
        message: `prism mock did not answer within ${timeoutMs / 1000} s${tail ? `: ${tail}` : ""}`,
      }),
    ],
  };
}

/** The user's own upstream: nothing to start or stop. */
export function urlUpstream(url: string): Upstream {
  return { kind: "url", baseUrl: url.replace(/\/+$/, ""), startMs: 0, stop: async () => undefined };
}

/** Parses a request body as the upstream would read it: JSON when it parses, else the text; undefined when empty. */
function readBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A fetch that records every request it sends (method, path below `baseUrl`'s path, query, body, status) into
 * `sent`, and otherwise is `inner`.
 */
export function recordingFetch(baseUrl: string, sent: SentRequest[], inner: typeof fetch = fetch): typeof fetch {
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, "");
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.body === null ? "" : await request.clone().text();
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || "/" : url.pathname;
    const entry: SentRequest = {
      method: request.method,
      path,
      query: Object.fromEntries(url.searchParams),
      ...(text === "" ? {} : { body: readBody(text) }),
    };
    sent.push(entry);
    const response = await inner(request);
    entry.status = response.status;
    return response;
  };
}
