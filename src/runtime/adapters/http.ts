// MCP over stateless Streamable HTTP on node:http (a server per request), DNS-rebinding checks, optional bearer token.
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { envVariable } from "../auth/env.js";
import { credentialNotices, plainHttpNotice, type SecuredTool } from "../auth/check.js";
import { ConfigError, configErrorLine, isConfigError } from "../config.js";
import { readCredentials, resolveTransportSettings } from "../http/settings.js";
import { DEFAULT_ARGUMENT_LIMITS, limitVariables, maxMessageBytes } from "../limits.js";
import type { ToolDefinition } from "../tool.js";
import { createConsole, resolveConsoleSettings, type ConsoleRoute } from "../console/index.js";
import { consoleToStderr, observePending, startTelemetry, type TelemetryHandle } from "../telemetry/index.js";
import { bindToolset, createRuntime } from "../toolset.js";
import type { ToolsetSpec } from "../types.js";
import { bindCatalog, type ToolCatalog } from "../catalog.js";
import type { BoundTool, Runtime } from "../tool.js";
import { serveStdio, serveTools, type ServedTools } from "./mcp.js";

type Env = Readonly<Record<string, string | undefined>>;

/** How the HTTP server listens and whom it serves. */
export interface HttpSettings {
  readonly port: number;
  /** Interface to bind; default 127.0.0.1 (`PREFIX_HTTP_HOST`). */
  readonly host: string;
  /** When set, every request needs `Authorization: Bearer <token>` (`PREFIX_SERVER_TOKEN`). */
  readonly token?: string;
  /** Browser origins allowed besides loopback ones (`PREFIX_HTTP_ALLOWED_ORIGINS`, comma-separated). */
  readonly allowedOrigins: readonly string[];
  /** Largest JSON-RPC request body read; default 4 MiB (the server passes the call limit plus its envelope). */
  readonly maxBodyBytes?: number;
}

/** Where the server writes its notices. */
export interface HttpLog {
  readonly info: (line: string) => void;
  readonly warn: (line: string) => void;
}

/** A listening server. */
export interface HttpHandle {
  readonly server: Server;
  /** `http://host:port/mcp`. */
  readonly url: string;
  /** Stops accepting, waits for requests in flight (at most `graceMs`), then closes. */
  close(graceMs?: number): Promise<void>;
}

/** The MCP endpoint. */
export const MCP_PATH = "/mcp";
/** Liveness for load balancers: 200 once listening; no token needed, nothing revealed. */
export const HEALTH_PATH = "/healthz";
/** Largest JSON-RPC request body accepted. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

const stderrLog: HttpLog = {
  info: (line) => process.stderr.write(`${line}\n`),
  warn: (line) => process.stderr.write(`warning: ${line}\n`),
};

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

function parsePort(raw: string, source: string): number {
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port > 65_535)
    throw new ConfigError(`${source} must be a port number (0–65535), got \`${raw.slice(0, 20)}\`.`);
  return port;
}

/** An origin as `scheme://host[:port]`, or undefined when it is not one. */
function normalOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.origin === "null" ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * `--http PORT` on the command line, else `PREFIX_HTTP_PORT`, selects HTTP; undefined means stdio. Throws for a
 * malformed setting (at start, never during a request).
 */
export function resolveHttpSettings(
  prefix: string,
  argv: readonly string[],
  env: Env = process.env,
): HttpSettings | undefined {
  const flag = argv.indexOf("--http");
  const fromArgs = flag < 0 ? undefined : argv[flag + 1];
  if (flag >= 0 && fromArgs === undefined) throw new ConfigError("--http needs a port (0–65535): --http 3000.");
  const rawPort = fromArgs ?? read(env, envVariable(prefix, "httpPort"));
  if (rawPort === undefined) return undefined;
  const allowed = (read(env, envVariable(prefix, "httpAllowedOrigins")) ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter((o) => o !== "");
  const allowedOrigins = allowed.map((origin) => {
    const normal = normalOrigin(origin);
    if (normal === undefined)
      throw new ConfigError(
        `${envVariable(prefix, "httpAllowedOrigins")} must list origins separated by commas, such as ` +
          `https://app.example.com; \`${origin.slice(0, 60)}\` is not one.`,
      );
    return normal;
  });
  const token = read(env, envVariable(prefix, "serverToken"));
  return {
    port: parsePort(rawPort, fromArgs === undefined ? envVariable(prefix, "httpPort") : "--http"),
    host: read(env, envVariable(prefix, "httpHost")) ?? "127.0.0.1",
    allowedOrigins,
    ...(token === undefined ? {} : { token }),
  };
}

const isLoopbackHost = (host: string): boolean => LOOPBACK_HOSTNAMES.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (hostHeader === undefined) return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Constant-time comparison of the presented bearer token with the configured one (hashes first, so lengths never leak).
 */
function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  const presented = createHash("sha256")
    .update(match?.[1] ?? "")
    .digest();
  const expected = createHash("sha256").update(token).digest();
  return timingSafeEqual(presented, expected) && match !== null;
}

function reply(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: status === 400 ? -32700 : -32000, message }, id: null }));
}

/**
 * The MCP specification's Streamable HTTP security warning, enforced before anything else: a browser page's request
 * carries an Origin, which must be a loopback origin or one allowed explicitly (403 otherwise); when bound to
 * loopback, the Host header must name loopback too, so a DNS-rebound name cannot reach the server (403).
 */
function refusal(req: IncomingMessage, settings: HttpSettings): string | undefined {
  if (isLoopbackHost(settings.host)) {
    const host = hostnameOf(req.headers.host);
    if (host === undefined || !isLoopbackHost(host)) return `Host ${req.headers.host ?? "(missing)"} is not allowed`;
  }
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  const normal = normalOrigin(origin);
  if (normal === undefined) return `Origin ${origin} is not allowed`;
  if (settings.allowedOrigins.includes(normal) || isLoopbackHost(new URL(normal).hostname)) return undefined;
  return `Origin ${origin} is not allowed`;
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The SDK's Streamable HTTP transport, imported by the first HTTP request: a stdio server never loads it. */
let transportModule: Promise<typeof import("@modelcontextprotocol/sdk/server/streamableHttp.js")> | undefined;
const streamableHttp = () => (transportModule ??= import("@modelcontextprotocol/sdk/server/streamableHttp.js"));

async function handleMcp(
  req: IncomingMessage,
  res: ServerResponse,
  factory: () => McpServer,
  log: HttpLog,
  limit: number,
): Promise<void> {
  if (req.method !== "POST")
    return reply(res, 405, "Method not allowed: this server is stateless; POST JSON-RPC requests.", { allow: "POST" });
  const body = await readBody(req, limit);
  if (body === undefined) return reply(res, 413, `Request body over ${limit} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return reply(res, 400, "Parse error: the body is not JSON");
  }
  const server = factory();
  const { StreamableHTTPServerTransport } = await streamableHttp();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed);
  } catch (error) {
    log.warn(`MCP request failed: ${error instanceof Error ? error.message : String(error)}`);
    reply(res, 500, "Internal server error");
  }
}

/**
 * Serves MCP over Streamable HTTP at {@link MCP_PATH}, stateless: every POST gets a fresh server from `factory` and a
 * transport without sessions (the SDK's stateless pattern), so any replica can answer any request. Binds loopback by
 * default; warns when told to bind anything else, louder without a token.
 */
export async function serveHttp(
  factory: () => McpServer,
  settings: HttpSettings,
  log: HttpLog = stderrLog,
  route?: ConsoleRoute,
): Promise<HttpHandle> {
  if (!isLoopbackHost(settings.host)) {
    const advice =
      settings.token === undefined
        ? " — set a server token (…_SERVER_TOKEN) or put an authenticating proxy in front"
        : "";
    log.warn(
      `listening on ${settings.host}, not loopback: anyone who can reach this address can call the tools${advice}.`,
    );
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const refused = refusal(req, settings);
    if (refused !== undefined) return reply(res, 403, `Forbidden: ${refused}`);
    if (path === HEALTH_PATH && (req.method === "GET" || req.method === "HEAD"))
      return void res.writeHead(200, { "content-type": "text/plain" }).end("ok\n");
    if (route?.(req, res, path) === true) return;
    if (path !== MCP_PATH) return reply(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (settings.token !== undefined && !tokenMatches(req.headers.authorization, settings.token)) {
      return reply(res, 401, "Unauthorized: send Authorization: Bearer <token>", {
        "www-authenticate": 'Bearer realm="mcp"',
      });
    }
    handleMcp(req, res, factory, log, settings.maxBodyBytes ?? MAX_BODY_BYTES).catch((error: unknown) => {
      log.warn(`MCP request failed: ${error instanceof Error ? error.message : String(error)}`);
      reply(res, 500, "Internal server error");
    });
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 15 * 60_000;
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(settings.port, settings.host, () => (server.off("error", fail), done()));
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}${MCP_PATH}`;
  return {
    server,
    url,
    close: (graceMs = 10_000) =>
      new Promise<void>((done) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => (clearTimeout(force), done()));
        server.closeIdleConnections();
      }),
  };
}

/** A stdio server's SIGTERM/SIGINT (a client that gave up waiting): flush the buffered telemetry, then exit. */
function flushOnSignal(telemetry: TelemetryHandle): void {
  const stop = () => void telemetry.shutdown().finally(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/** What {@link runServer} serves: the definitions, or a catalog whose tool modules are imported on first use. */
export type ServerInit = ServerOptions &
  ({ readonly definitions: readonly ToolDefinition[] } | { readonly catalog: ToolCatalog });

interface ServerOptions {
  readonly toolset: ToolsetSpec;
  /** Command-line arguments after the script: `--http PORT` selects HTTP. */
  readonly argv: readonly string[];
  readonly env?: Env;
  readonly log?: HttpLog;
}

/**
 * The generated `server.ts`: resolves the runtime from the environment, opens (and migrates) the state store, then
 * serves stdio, or Streamable HTTP when a port is given; on SIGTERM/SIGINT an HTTP server finishes its requests,
 * closes the store and flushes telemetry (a stdio server flushes it when its input ends, or on a signal, and prints
 * every console output on stderr, so stdout carries only JSON-RPC). A
 * configuration error ends the process with one line naming the variable and exit code 2; a database error with one
 * line and exit code 1; a broken stdio transport with exit code 1, so the client restarts it.
 */
export async function runServer(init: ServerInit): Promise<void> {
  const env = init.env ?? process.env;
  const log = init.log ?? stderrLog;
  const name = init.toolset.name;
  try {
    const runtime = createRuntime(init.toolset, { env });
    const served = servedTools(init, runtime);
    const configured = readCredentials(init.toolset, {}, env);
    const baseUrl = resolveTransportSettings(init.toolset, { env }).baseUrl ?? "";
    const plainHttp = plainHttpNotice(init.toolset, baseUrl, configured);
    for (const notice of credentialNotices(init.toolset, securedTools(init), configured))
      log.warn(`${name} MCP server: ${notice}`);
    if (plainHttp !== undefined) log.warn(`${name} MCP server: ${plainHttp}`);
    const http = resolveHttpSettings(init.toolset.envPrefix, init.argv, env);
    const consoleSettings = resolveConsoleSettings(init.toolset.envPrefix, env);
    const limits = runtime.limits ?? DEFAULT_ARGUMENT_LIMITS;
    await runtime.state.ready();
    if (http === undefined) consoleToStderr();
    const { handle: telemetry, notice } = await startTelemetry(env);
    if (notice !== undefined) log.warn(notice);
    if (telemetry !== undefined) {
      await observePending(async () => (await runtime.state.list()).filter((r) => r.state === "pending").length);
      process.once("beforeExit", () => void telemetry.shutdown());
    }
    const factory = () => serveTools(served, { name, version: init.toolset.version });
    if (http === undefined) {
      const { closed } = await serveStdio(factory(), {
        limits,
        variables: limitVariables(init.toolset.envPrefix),
        warn: log.warn,
      });
      if (telemetry !== undefined) flushOnSignal(telemetry);
      void closed.then((reason) => {
        if (!reason.failed) return;
        log.info(
          `error: ${name} MCP server: the stdio transport failed (${reason.error.message}); exiting so the ` +
            `client can restart it.`,
        );
        process.exit(1);
      });
      return;
    }
    const approvalsConsole =
      consoleSettings === undefined
        ? undefined
        : createConsole({ tools: await allTools(served), runtime, settings: consoleSettings });
    const stateless = () => serveTools(served, { name, version: init.toolset.version }, { listChanges: false });
    const handle = await serveHttp(
      stateless,
      { ...http, maxBodyBytes: maxMessageBytes(limits) },
      log,
      approvalsConsole,
    );
    log.info(
      `${name} MCP server listening on ${handle.url} (state: ${runtime.state.kind} ${runtime.state.location}; ` +
        `replica ${runtime.state.replica})`,
    );
    if (approvalsConsole !== undefined) log.info(`approvals console: ${handle.url.replace(/\/mcp$/, "/approvals")}`);
    const stop = () => void handle.close().then(() => Promise.all([runtime.state.close(), telemetry?.shutdown()]));
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  } catch (error) {
    if (isConfigError(error)) {
      log.info(configErrorLine(`${name} MCP server`, error));
      process.exitCode = 2;
      return;
    }
    log.info(configErrorLine(`${name} MCP server cannot start`, error));
    process.exitCode = 1;
  }
}

/** The tools the server serves: bound all at once from definitions, or each when first loaded from a catalog. */
function servedTools(
  init: ServerInit,
  runtime: Runtime,
): ServedTools & { tool(name: string): Promise<BoundTool | undefined> } {
  if ("catalog" in init)
    return { entries: init.catalog.heads, searchable: init.catalog.entries, tool: bindCatalog(init.catalog, runtime) };
  const tools = bindToolset(init.definitions, runtime);
  const all = Object.values(tools);
  return { entries: all, searchable: async () => all, tool: async (name) => tools[name] };
}

/** Every tool, bound (the approvals console reads each tool's spec): a catalog imports every module here. */
async function allTools(served: ReturnType<typeof servedTools>): Promise<Record<string, BoundTool>> {
  const tools = await Promise.all(served.entries.map((entry) => served.tool(entry.name)));
  return Object.fromEntries(tools.map((tool) => [(tool as BoundTool).name, tool as BoundTool]));
}

/** Each tool's first secured step, for the credential notices (a catalog head holds just that step's security). */
function securedTools(init: ServerInit): SecuredTool[] {
  if (!("catalog" in init)) return init.definitions.map((d) => d.spec);
  return init.catalog.heads.map((entry) => ({
    name: entry.name,
    steps: entry.security === undefined ? [] : [{ security: entry.security }],
  }));
}
