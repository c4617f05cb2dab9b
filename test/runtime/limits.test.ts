// Bounded arguments and a bounded stdio transport: per-string and per-call limits in `run`, the top-level scan of an
// unread message, oversized lines refused while the session goes on, and the lazily bound `tools` of a package.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { oversizedReply } from "../../src/runtime/adapters/mcp.js";
import { TopLevelScanner } from "../../src/runtime/adapters/jsonrpc-scan.js";
import { BoundedStdioServerTransport } from "../../src/runtime/adapters/stdio.js";
import { ConfigError, createToolset, defineTool, lazyToolset, resolveArgumentLimits } from "../../src/runtime/index.js";
import { argumentLimitBreach, MAX_ARGUMENT_DEPTH } from "../../src/runtime/limits.js";
import type { CallTransport } from "../../src/runtime/transport.js";
import type { ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";

const toolset: ToolsetSpec = {
  name: "notes",
  version: "1.0.0",
  envPrefix: "NOTES",
  servers: [{ url: "https://api.test/v1", variables: {} }],
  securitySchemes: {},
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};
const spec: ToolSpec = {
  name: "find_notes",
  title: "Find notes",
  description: "Find notes.",
  risk: "low",
  category: "data",
  approval: "none",
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  inputs: [{ name: "q", required: true }],
  returns: { narrowingInputs: [] },
  steps: [
    {
      id: "find",
      operationId: "findNotes",
      method: "get",
      path: "/notes",
      readOnly: true,
      security: [],
      successStatus: "200",
      responseDescriptions: {},
      errorHints: {},
      successCriteria: [],
      onSuccess: [],
      onFailure: [],
      dependsOn: [],
      outputs: {},
      params: [
        {
          name: "q",
          in: "query",
          style: "form",
          explode: true,
          allowReserved: false,
          required: true,
          value: { kind: "expr", text: "$inputs.q" },
        },
      ],
    },
  ],
};
const definition = defineTool({ spec, inputSchema: z.object({ q: z.unknown() }) });

function counting(): { transport: CallTransport; calls: () => number } {
  let calls = 0;
  return {
    transport: {
      call: async () => (
        calls++,
        { ok: true, status: 200, headers: new Headers(), body: { items: [] }, url: "https://api.test/v1/notes" }
      ),
    },
    calls: () => calls,
  };
}
const stateDir = () => mkdtempSync(join(tmpdir(), "aci-limits-"));
const variables = { string: "NOTES_MAX_STRING_BYTES", call: "NOTES_MAX_CALL_BYTES" };

describe("argument limits", () => {
  const cases: [string, unknown, RegExp | undefined][] = [
    ["a string at the limit", { q: "x".repeat(10) }, undefined],
    [
      "a string over it (UTF-8 bytes, not characters)",
      { q: "é".repeat(6) },
      /q: the string is 12 bytes, over the limit of 10 bytes per string \(NOTES_MAX_STRING_BYTES\)/,
    ],
    ["a long string deep in an array", { q: [{ a: ["ok", "y".repeat(11)] }] }, /q\.0\.a\.1: the string is 11 bytes/],
    ["a long key", { q: { ["k".repeat(11)]: 1 } }, /the string is 11 bytes/],
    [
      "many short strings over the call limit",
      { q: Array.from({ length: 30 }, () => "abcdefgh") },
      /over the limit of 100 bytes per call \(NOTES_MAX_CALL_BYTES\)/,
    ],
    [
      "many numbers over the call limit",
      { q: Array.from({ length: 40 }, () => 1234) },
      /bytes of JSON, over the limit of 100 bytes per call/,
    ],
    [
      "nesting too deep",
      { q: JSON.parse(`${"[".repeat(MAX_ARGUMENT_DEPTH + 1)}${"]".repeat(MAX_ARGUMENT_DEPTH + 1)}`) },
      /nest deeper than 64 levels/,
    ],
  ];
  it.each(cases)("%s", (_, input, want) => {
    const breach = argumentLimitBreach(
      input,
      { maxStringBytes: 10, maxCallBytes: want?.source.includes("deeper") ? 10_000 : 100 },
      variables,
    );
    if (want === undefined) expect(breach).toBeUndefined();
    else
      expect(breach?.error).toMatchObject({
        code: "INVALID_ARGUMENT",
        retryable: false,
        message: expect.stringMatching(want),
      });
  });

  it("run refuses an over-limit call before validation and sends nothing; options and variables set the limits", async () => {
    const { transport, calls } = counting();
    const tools = createToolset(
      [definition],
      toolset,
      { stateDir: stateDir(), env: { NOTES_MAX_STRING_BYTES: "10" } },
      { transport },
    );
    expect(await tools.find_notes!.run({ q: "x".repeat(11) })).toMatchObject({
      error: { code: "INVALID_ARGUMENT", field: "q" },
    });
    expect(await tools.find_notes!.run({ q: "short" })).not.toHaveProperty("error");
    expect(calls()).toBe(1);
    expect(resolveArgumentLimits("NOTES", { maxCallBytes: 5 }, { NOTES_MAX_CALL_BYTES: "9" })).toEqual({
      maxStringBytes: 1024 * 1024,
      maxCallBytes: 5,
    });
    expect(resolveArgumentLimits("NOTES", {}, {})).toEqual({
      maxStringBytes: 1024 * 1024,
      maxCallBytes: 4 * 1024 * 1024,
    });
    expect(() => resolveArgumentLimits("NOTES", {}, { NOTES_MAX_STRING_BYTES: "-1" })).toThrow(ConfigError);
  });
});

describe("top-level scan of an unread message", () => {
  const cases: [string, string, object][] = [
    [
      "id after the params (the SDK client's order)",
      JSON.stringify({
        method: "tools/call",
        params: { name: "a", id: 9, arguments: { q: 'x"y\\', id: "no" } },
        jsonrpc: "2.0",
        id: 4,
      }),
      { id: 4, method: "tools/call" },
    ],
    [
      "a string id with escapes",
      JSON.stringify({ jsonrpc: "2.0", id: 'a"b\u00e9', method: "ping" }),
      { id: 'a"b\u00e9', method: "ping" },
    ],
    [
      "a notification (no id)",
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/x", params: { id: 1 } }),
      { method: "notifications/x" },
    ],
    ["an object id is no id", JSON.stringify({ jsonrpc: "2.0", id: { a: 1 }, method: "ping" }), { method: "ping" }],
    [
      "whitespace between tokens",
      '{ "id" : 12 , "method" : "tools/call" , "params" : { } }',
      { id: 12, method: "tools/call" },
    ],
  ];
  it.each(cases)("%s", (_, text, want) => {
    const scanner = new TopLevelScanner();
    const bytes = Buffer.from(text);
    for (let i = 0; i < bytes.length; i += 3) scanner.feed(bytes.subarray(i, i + 3));
    expect(scanner.head()).toEqual(want);
  });
});

function harness(maxMessageBytes: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const replies: unknown[] = [];
  stdout.on("data", (d: Buffer) =>
    replies.push(
      ...d
        .toString()
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as unknown),
    ),
  );
  const reply = oversizedReply({ limits: { maxStringBytes: 10, maxCallBytes: maxMessageBytes }, variables });
  const transport = new BoundedStdioServerTransport({ maxMessageBytes, reply, stdin, stdout });
  const received: JSONRPCMessage[] = [];
  const errors: string[] = [];
  transport.onmessage = (m) => void received.push(m);
  transport.onerror = (e) => void errors.push(e.message);
  return { stdin, stdout, transport, replies, received, errors };
}
const tick = () => new Promise((done) => setImmediate(done));

describe("bounded stdio transport", () => {
  it("refuses a line over the limit in pieces, answers it, and reads the messages around it", async () => {
    const h = harness(200);
    await h.transport.start();
    const ping = (id: number) => `${JSON.stringify({ jsonrpc: "2.0", id, method: "ping" })}\n`;
    const big = `${JSON.stringify({ method: "tools/call", params: { name: "a", arguments: { q: "z".repeat(5000) } }, jsonrpc: "2.0", id: 2 })}\r\n`;
    const stream = `${ping(1)}${big}${ping(3)}`;
    for (let i = 0; i < stream.length; i += 64) h.stdin.write(stream.slice(i, i + 64));
    await tick();
    expect(h.received).toEqual([
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", id: 3, method: "ping" },
    ]);
    expect(h.replies).toHaveLength(1);
    const answer = h.replies[0] as { id: number; result: { isError: boolean; content: { text: string }[] } };
    expect(answer).toMatchObject({ jsonrpc: "2.0", id: 2, result: { isError: true } });
    expect(JSON.parse(answer.result.content[0]!.text)).toMatchObject({
      error: { code: "INVALID_ARGUMENT", message: expect.stringContaining("NOTES_MAX_CALL_BYTES") },
    });
    expect(h.errors[0]).toMatch(/refused a message of \d+ bytes \(limit 200\) for tools\/call/);
  });

  it("another request over the limit gets a JSON-RPC error; an oversized notification gets nothing", async () => {
    const h = harness(100);
    await h.transport.start();
    h.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: "r", method: "resources/read", params: { uri: "x".repeat(500) } })}\n`,
    );
    h.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/x", params: { x: "x".repeat(500) } })}\n`);
    await tick();
    expect(h.replies).toEqual([
      {
        jsonrpc: "2.0",
        id: "r",
        error: { code: -32600, message: expect.stringContaining("resources/read: The request is") },
      },
    ]);
  });

  it("keeps answering after stdin ends, closes cleanly on close(), and as failed when a stream errors", async () => {
    const ended = harness(100);
    await ended.transport.start();
    ended.stdin.end(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`);
    await tick();
    expect(ended.received).toHaveLength(1);
    await ended.transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    await tick();
    expect(ended.replies).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);
    await ended.transport.close();
    await expect(ended.transport.closed).resolves.toEqual({ failed: false });
    const broken = harness(100);
    await broken.transport.start();
    broken.stdout.emit("error", new Error("EPIPE"));
    await expect(broken.transport.closed).resolves.toMatchObject({ failed: true, error: { message: "EPIPE" } });
  });
});

describe("lazily bound tools", () => {
  it("building the toolset waits for the first call; a bad setting becomes that call's error, and nothing throws", async () => {
    let builds = 0;
    const bad = lazyToolset(
      [definition],
      () => (
        builds++, createToolset([definition], toolset, { stateDir: stateDir(), env: { NOTES_APPROVAL: "bogus" } })
      ),
    );
    expect(builds).toBe(0);
    expect(bad.find_notes).toMatchObject({ name: "find_notes", risk: "low", annotations: spec.annotations });
    const result = await bad.find_notes!.run({ q: "a" });
    expect(result).toMatchObject({
      error: {
        code: "UPSTREAM_ERROR",
        retryable: false,
        message: expect.stringContaining("NOTES_APPROVAL must be one of queue, elicit, auto"),
      },
    });
    const { transport, calls } = counting();
    const good = lazyToolset(
      [definition],
      () => (builds++, createToolset([definition], toolset, { stateDir: stateDir(), env: {} }, { transport })),
    );
    await good.find_notes!.run({ q: "a" });
    await good.find_notes!.run({ q: "b" });
    expect([builds, calls()]).toEqual([2, 2]);
  });
});
