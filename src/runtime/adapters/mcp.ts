// Tool objects → an MCP server (tools/list with each tool's own JSON Schemas, tools/call through the tool's own run).
import { Buffer } from "node:buffer";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCMessage,
  type Tool as McpTool,
} from "@modelcontextprotocol/sdk/types.js";
import {
  callTooLarge,
  DEFAULT_ARGUMENT_LIMITS,
  maxMessageBytes,
  type ArgumentLimits,
  type LimitVariables,
} from "../limits.js";
import { attachedNote, mediaOf } from "../media.js";
import { BoundedStdioServerTransport, type CloseReason } from "./stdio.js";
import type { ApprovalRequest, RunContext, Tool, ToolResult } from "../types.js";
import {
  CALL_TOOL,
  CALL_TOOL_DESCRIPTION,
  CALL_TOOL_INPUT_SCHEMA,
  createSearchSession,
  SEARCH_TOOLS,
  SEARCH_TOOLS_INPUT_SCHEMA,
  searchToolsDescription,
  type Searchable,
  type SearchSession,
} from "./search.js";
import { INPUT_EXAMPLES_META, toolToMcpDefinition } from "./definition.js";
import { markOffSpec } from "./off-spec.js";
import {
  invalidArgument,
  isErrorEnvelope,
  resultText,
  runSafely,
  toolInputJsonSchema,
  type JsonSchema,
} from "./shared.js";

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /** How long a human may take to answer an approval elicitation; default 10 minutes. */
  readonly elicitationTimeoutMs?: number;
  /** Server instructions shown to the client at initialisation. */
  readonly instructions?: string;
  /**
   * False when each request gets a fresh server (stateless HTTP): a search cannot change a later request's list, so
   * `tools.listChanged` is not declared. Default true.
   */
  readonly listChanges?: boolean;
}

/**
 * Builds an MCP server exposing `tools`.
 *
 * The tools are served through the low-level `Server` request handlers (`mcp.server.setRequestHandler` for
 * tools/list and tools/call), not `McpServer.registerTool`: `registerTool` parses the arguments with the Zod schema
 * before the handler runs and answers a mismatch with its own plain-text "MCP error -32602: Input validation error",
 * converts the schema itself (draft-07), and rejects a result that does not match `outputSchema` — so a
 * `pending_approval` result would become an error. Here tools/list advertises {@link toolInputJsonSchema}, and every
 * argument object reaches `tool.run`, which answers invalid input with the INVALID_ARGUMENT envelope.
 * Consequence: tools must be passed here; calling `registerTool` on the returned server throws (tools/list is taken).
 * Resources and prompts can still be registered on it.
 */
export function createMcpServer(
  tools: Readonly<Record<string, Tool>>,
  info: { readonly name: string; readonly version: string },
  options: McpServerOptions = {},
): McpServer {
  const byName = new Map(Object.values(tools).map((tool) => [tool.name, tool]));
  const entries = [...byName.values()];
  return serveTools(
    { entries, searchable: async () => entries, tool: async (name) => byName.get(name) },
    info,
    options,
  );
}

/**
 * The tools an MCP server serves: what start-up and tools/list read of each (a Tool, or a manifest entry's head), what
 * search reads (read the first time a search needs it), and the tool itself by name, which may be imported and bound
 * only then.
 */
export interface ServedTools {
  /** Each tool's name, whether it waits for a search, and its tools/list entry when known without loading it. */
  readonly entries: readonly {
    readonly name: string;
    readonly deferLoading?: boolean;
    readonly definition?: Readonly<Record<string, unknown>>;
  }[];
  /** Each tool's search fields, in the order of `entries`. */
  searchable(): Promise<readonly Searchable[]>;
  tool(name: string): Promise<Tool | undefined>;
}

/**
 * {@link createMcpServer} over tools that load on first use: tools/list and `search_tools` read the entries; a tool is
 * loaded when it is listed (its JSON Schemas are its own Zod schemas') or called.
 */
export function serveTools(
  served: ServedTools,
  info: { readonly name: string; readonly version: string },
  options: McpServerOptions = {},
): McpServer {
  const names = new Set(served.entries.map((entry) => entry.name));
  const searching = served.entries.some((entry) => entry.deferLoading === true);
  // Declared here, not in the constructor's options: the SDK then installs its own tool handlers, which declare
  // `listChanged: true` although only a toolset served with tool search changes its list.
  const server = new McpServer(
    { name: info.name, version: info.version },
    {
      jsonSchemaValidator: validatorOnFirstUse(),
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );
  server.server.registerCapabilities({
    tools: searching && options.listChanges !== false ? { listChanged: true } : {},
  });
  const listing = searching ? searchListing(server, served, options.listChanges !== false) : staticListing(served);
  const definitions = new Map(served.entries.map((entry) => [entry.name, entry.definition as McpTool | undefined]));
  const outputSchemas = new Map<string, JsonSchema | undefined>();
  const advertised = (name: string, tool: Tool): JsonSchema | undefined => {
    if (!outputSchemas.has(name))
      outputSchemas.set(
        name,
        (definitions.get(name) ?? toolToMcpDefinition(tool)).outputSchema as JsonSchema | undefined,
      );
    return outputSchemas.get(name);
  };
  const timeout = options.elicitationTimeoutMs ?? 600_000;

  server.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await listing.list() }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const own = listing.call(request.params.name, request.params.arguments ?? {});
    if (own !== undefined) return await own;
    const named =
      request.params.name === CALL_TOOL && searching ? String(request.params.arguments?.["name"]) : request.params.name;
    const tool = names.has(named) ? await served.tool(named) : undefined;
    if (tool === undefined && named !== request.params.name) return toolResultToMcp(unknownTool(named));
    if (tool === undefined) {
      const next = searching ? `Find tools with ${SEARCH_TOOLS}.` : `Known tools: ${[...names].join(", ")}`;
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. ${next}`);
    }
    const args =
      named === request.params.name
        ? (request.params.arguments ?? {})
        : (request.params.arguments?.["arguments"] ?? {});
    const canElicit = server.server.getClientCapabilities()?.elicitation?.form !== undefined;
    const traceContext = traceContextOf(request.params._meta);
    const ctx: RunContext = {
      signal: extra.signal,
      toolCallId: String(extra.requestId),
      ...(traceContext === undefined ? {} : { traceContext }),
      ...(canElicit
        ? {
            elicitApproval: (approval: ApprovalRequest, message: string) =>
              elicitApproval({ server, approval, message, timeout, signal: extra.signal, requestId: extra.requestId }),
          }
        : {}),
    };
    return toolResultToMcp(await runSafely(tool, args, ctx), advertised(named, tool));
  });
  return server;
}

/**
 * The SDK's own JSON Schema validator (Ajv with its formats), built the first time the server checks an answer against
 * a schema (an elicitation's): the SDK would build it for every server, at start and for each stateless request.
 */
function validatorOnFirstUse(): jsonSchemaValidator {
  let own: AjvJsonSchemaValidator | undefined;
  return { getValidator: (schema) => (own ??= new AjvJsonSchemaValidator()).getValidator(schema) };
}

/** The W3C trace context an MCP request carries in `_meta` (`traceparent`, `tracestate`), as a propagation carrier. */
export function traceContextOf(
  meta: Readonly<Record<string, unknown>> | undefined,
): Record<string, string> | undefined {
  if (typeof meta?.traceparent !== "string") return undefined;
  return {
    traceparent: meta.traceparent,
    ...(typeof meta.tracestate === "string" ? { tracestate: meta.tracestate } : {}),
  };
}

export { CALL_TOOL, SEARCH_TOOLS, INPUT_EXAMPLES_META, toolToMcpDefinition };

interface Listing {
  /** What tools/list answers now. */
  list(): Promise<McpTool[]>;
  /** The result of a tool the listing itself serves (search_tools), else undefined. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult> | undefined;
}

function staticListing(served: ServedTools): Listing {
  let all: Promise<McpTool[]> | undefined;
  const load = (): Promise<McpTool[]> =>
    Promise.all(
      served.entries.map(
        async (entry) =>
          (entry.definition as McpTool | undefined) ?? toolToMcpDefinition((await served.tool(entry.name)) as Tool),
      ),
    );
  return { list: () => (all ??= load()), call: () => undefined };
}

/**
 * A toolset over its context budget: tools/list starts with the core tools (those not `deferLoading`), `search_tools`
 * and `call_tool`. Every tool `search_tools` returns joins the list for this session, announced with
 * `notifications/tools/list_changed`; any tool can be called by name at any time, listed or not. Only listed tools are
 * loaded (for their JSON Schemas); the first search reads every tool's search fields.
 */
function searchListing(server: McpServer, served: ServedTools, announce: boolean): Listing {
  const core = served.entries.filter((entry) => entry.deferLoading !== true).map((entry) => entry.name);
  let session: Promise<SearchSession> | undefined;
  const known = new Map(served.entries.map((entry) => [entry.name, entry.definition as McpTool | undefined]));
  const definitions = new Map<string, Promise<McpTool>>();
  const definition = (name: string): Promise<McpTool> => {
    let found = definitions.get(name);
    if (found === undefined) {
      const ready = known.get(name);
      found =
        ready === undefined
          ? served.tool(name).then((tool) => toolToMcpDefinition(tool as Tool))
          : Promise.resolve(ready);
      definitions.set(name, found);
    }
    return found;
  };
  const searchDefinition: McpTool = {
    name: SEARCH_TOOLS,
    title: "Search tools",
    description: searchToolsDescription(served.entries.length),
    inputSchema: SEARCH_TOOLS_INPUT_SCHEMA as unknown as McpTool["inputSchema"],
    annotations: {
      title: "Search tools",
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  };
  return {
    list: async () => [
      ...(await Promise.all((session === undefined ? core : (await session).visible()).map(definition))),
      searchDefinition,
      CALL_TOOL_DEFINITION,
    ],
    call(name, args) {
      if (name !== SEARCH_TOOLS) return undefined;
      session ??= served.searchable().then(createSearchSession);
      const hint = announce
        ? `These tools are now listed; call one directly, or through ${CALL_TOOL} if your tool list does not refresh.`
        : `Call one directly by its name, or through ${CALL_TOOL}.`;
      return session.then((searching) => {
        const answer = searching.search(args, hint);
        if (announce && searching.added.length > 0 && server.isConnected()) void server.sendToolListChanged();
        return toolResultToMcp(answer as ToolResult);
      });
    },
  };
}

const CALL_TOOL_DEFINITION: McpTool = {
  name: CALL_TOOL,
  title: "Call a found tool",
  description: CALL_TOOL_DESCRIPTION,
  inputSchema: CALL_TOOL_INPUT_SCHEMA as unknown as McpTool["inputSchema"],
  annotations: {
    title: "Call a found tool",
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
};

function unknownTool(name: string): ToolResult {
  return invalidArgument(`No tool is named ${JSON.stringify(name)}.`, `Use a name ${SEARCH_TOOLS} returned.`);
}

/** How big a message the stdio server reads, and what it tells the client about a bigger one. */
export interface StdioLimits {
  readonly limits: ArgumentLimits;
  readonly variables: LimitVariables;
  /** Where a refused message is noted (default stderr). */
  readonly warn?: (line: string) => void;
}

/** JSON-RPC "Invalid Request" (the message was not read). */
const INVALID_REQUEST = -32600;

/**
 * The answer to a message too large to read: a tools/call gets the tool result a too-large call gets from `run`
 * (INVALID_ARGUMENT, `isError`), any other request a JSON-RPC error; a notification nothing.
 */
export function oversizedReply(
  limits: StdioLimits,
): (head: { id?: string | number; method?: string; bytes: number }) => JSONRPCMessage | undefined {
  return ({ id, method, bytes }) => {
    if (id === undefined || method === undefined) return undefined;
    const envelope = callTooLarge(bytes, limits.limits, limits.variables, "The request is");
    if (method === "tools/call") return { jsonrpc: "2.0", id, result: toolResultToMcp(envelope) };
    return { jsonrpc: "2.0", id, error: { code: INVALID_REQUEST, message: `${method}: ${envelope.error.message}` } };
  };
}

const DEFAULT_STDIO_LIMITS: StdioLimits = {
  limits: DEFAULT_ARGUMENT_LIMITS,
  variables: { string: "the string limit", call: "the call limit" },
};

/**
 * Serves `server` over stdin/stdout, each message bounded by the call limit plus its envelope (a larger one is refused
 * with {@link oversizedReply} and the session goes on). Returns once connected; `closed` resolves when the transport
 * closes, `failed` when it broke (stdin or stdout failed), so the process should exit non-zero and let the client
 * restart it. It stays pending while the client merely ends stdin.
 */
export async function serveStdio(
  server: McpServer,
  options: StdioLimits = DEFAULT_STDIO_LIMITS,
): Promise<{ readonly closed: Promise<CloseReason> }> {
  const warn = options.warn ?? ((line: string) => void process.stderr.write(`warning: ${line}\n`));
  const transport = new BoundedStdioServerTransport({
    maxMessageBytes: maxMessageBytes(options.limits),
    reply: oversizedReply(options),
  });
  server.server.onerror = (error) => warn(error.message);
  await server.connect(transport);
  return { closed: transport.closed };
}

/**
 * A tool result as an MCP CallToolResult: the JSON text always; `structuredContent` for success and pending
 * approval, marked `_off_spec` where it does not fit the tool's advertised `outputSchema` (so the client does not
 * reject the answer); `isError` (and no `structuredContent`, which a client would check against `outputSchema`) for
 * an envelope. A result carrying an image or audio answer's bytes (see `media.ts`) gets them as an `image` or `audio`
 * content block after the text, whose note then says `attached` instead of `not_delivered`.
 */
export function toolResultToMcp(result: ToolResult, outputSchema?: JsonSchema): CallToolResult {
  if (isErrorEnvelope(result)) return { content: [{ type: "text", text: resultText(result) }], isError: true };
  const media = mediaOf(result);
  const own = result as Record<string, unknown>;
  const shown = media === undefined ? own : attachedNote(own, media);
  const structured = markOffSpec(shown, outputSchema);
  const text = { type: "text" as const, text: resultText(structured as ToolResult) };
  if (media === undefined) return { content: [text], structuredContent: structured };
  const data = Buffer.from(media.bytes.buffer, media.bytes.byteOffset, media.bytes.byteLength).toString("base64");
  return { content: [text, { type: media.kind, data, mimeType: media.mimeType }], structuredContent: structured };
}

interface ElicitArgs {
  readonly server: McpServer;
  readonly approval: ApprovalRequest;
  readonly message: string;
  readonly timeout: number;
  readonly signal: AbortSignal;
  readonly requestId: string | number;
}

/**
 * Asks the human through MCP form elicitation. Accept with approve=true → true; decline, or accept with
 * approve=false → false; cancel (dismissed without a decision) or a failed request → undefined, so the caller falls
 * back to the approval queue.
 */
async function elicitApproval(args: ElicitArgs): Promise<boolean | undefined> {
  try {
    const answer = await args.server.server.elicitInput(
      {
        mode: "form",
        message:
          `${args.message}\n\nTool: ${args.approval.tool}\nRequest: ${args.approval.id}\n` +
          `Arguments: ${JSON.stringify(args.approval.arguments, null, 2)}`,
        requestedSchema: {
          type: "object",
          properties: {
            approve: {
              type: "boolean",
              title: "Approve",
              description: `Run ${args.approval.tool} with these arguments`,
            },
          },
          required: ["approve"],
        },
      },
      { timeout: args.timeout, signal: args.signal, relatedRequestId: args.requestId },
    );
    if (answer.action === "decline") return false;
    if (answer.action === "accept") return answer.content?.approve === true;
    return undefined;
  } catch {
    return undefined;
  }
}
