// stdin/stdout ↔ MCP JSON-RPC, one bounded message a line: an over-long line is refused unparsed; the session goes on.
import process from "node:process";
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { TopLevelScanner, type MessageHead } from "./jsonrpc-scan.js";

/**
 * What the server answers to a message it did not read: undefined for a notification or a response (nothing to answer).
 */
export type OversizedReply = (head: MessageHead & { readonly bytes: number }) => JSONRPCMessage | undefined;

/** Options of {@link BoundedStdioServerTransport}. */
export interface BoundedStdioOptions {
  /** Longest line read, in bytes; a longer one is never buffered whole. */
  readonly maxMessageBytes: number;
  readonly reply: OversizedReply;
  readonly stdin?: Readable;
  readonly stdout?: Writable;
}

/** Why the transport closed: `close()` was called, or stdin or stdout failed (the server should exit non-zero). */
export type CloseReason = { readonly failed: false } | { readonly failed: true; readonly error: Error };

/**
 * The SDK's `StdioServerTransport` keeps a 10 MiB `ReadBuffer`; one longer line makes `append` throw, and the transport
 * then closes itself (stdin paused, listeners removed) while the process lives on: a silent, dead server. This one
 * keeps at most `maxMessageBytes` of a line; past that it only scans for the message's `id` and `method`, drops the
 * rest up to the newline, and sends `reply`'s answer, so the session continues. Like the SDK's, it does not close
 * when stdin ends (answers to requests already read are still written; the process ends when nothing is left to do);
 * `closed` resolves on `close()` (`{ failed: false }`) or when stdin or stdout fail (`{ failed: true }`).
 */
export class BoundedStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Resolves once, when the transport closes. */
  readonly closed: Promise<CloseReason>;

  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private chunks: Buffer[] = [];
  private size = 0;
  private skipping: TopLevelScanner | undefined;
  private skipped = 0;
  private done = false;
  private settle: (reason: CloseReason) => void = () => undefined;

  constructor(private readonly options: BoundedStdioOptions) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.closed = new Promise((resolve) => (this.settle = resolve));
  }

  private readonly onData = (chunk: Buffer): void => {
    try {
      this.feed(chunk);
    } catch (error) {
      this.fail(error);
    }
  };
  private readonly onStreamError = (error: Error): void => this.fail(error);

  async start(): Promise<void> {
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onStreamError);
    this.stdout.on("error", this.onStreamError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.done) return Promise.resolve();
    return new Promise((resolve) =>
      this.stdout.write(`${JSON.stringify(message)}\n`) ? resolve() : this.stdout.once("drain", resolve),
    );
  }

  async close(): Promise<void> {
    this.finish({ failed: false });
  }

  private fail(thrown: unknown): void {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    this.onerror?.(error);
    this.finish({ failed: true, error });
  }

  private finish(reason: CloseReason): void {
    if (this.done) return;
    this.done = true;
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onStreamError);
    this.stdout.off("error", this.onStreamError);
    this.stdin.pause();
    this.chunks = [];
    this.onclose?.();
    this.settle(reason);
  }

  private feed(chunk: Buffer): void {
    for (let start = 0; start < chunk.length && !this.done; ) {
      const newline = chunk.indexOf(0x0a, start);
      this.take(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.skipping !== undefined) {
      this.skipping.feed(part);
      this.skipped += part.length;
      return;
    }
    if (this.size + part.length <= this.options.maxMessageBytes) {
      this.chunks.push(part);
      this.size += part.length;
      return;
    }
    const scanner = new TopLevelScanner();
    for (const kept of this.chunks) scanner.feed(kept);
    scanner.feed(part);
    [this.skipping, this.skipped, this.chunks, this.size] = [scanner, this.size + part.length, [], 0];
  }

  private endLine(): void {
    const scanner = this.skipping;
    if (scanner !== undefined) {
      const bytes = this.skipped;
      [this.skipping, this.skipped] = [undefined, 0];
      return this.refuse({ ...scanner.head(), bytes });
    }
    const line = Buffer.concat(this.chunks, this.size).toString("utf8").replace(/\r$/, "");
    [this.chunks, this.size] = [[], 0];
    if (line.trim() === "") return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (error) {
      return this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
    this.onmessage?.(message);
  }

  private refuse(head: MessageHead & { readonly bytes: number }): void {
    const method = head.method === undefined ? "" : ` for ${head.method}`;
    const limit = this.options.maxMessageBytes;
    this.onerror?.(new Error(`refused a message of ${head.bytes} bytes (limit ${limit})${method}`));
    const answer = this.options.reply(head);
    if (answer !== undefined) void this.send(answer);
  }
}
