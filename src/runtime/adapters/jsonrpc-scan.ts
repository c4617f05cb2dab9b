// One JSON-RPC message's bytes, fed in pieces → its top-level `id` and `method`, unkept (for one too large to parse).

/** What an unparsed message said at its top level. */
export interface MessageHead {
  readonly id?: string | number;
  readonly method?: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x7b, 0x5b]);
const CLOSE = new Set([0x7d, 0x5d]);
const COLON = 0x3a;
const COMMA = 0x2c;
/** Longest top-level key or scalar kept; `id` and `method` are short. */
const KEEP = 256;

/**
 * A byte-level scanner of one JSON text that remembers only the top-level members' scalar values, so a message of any
 * size costs constant memory. It tracks strings (with escapes) and nesting; anything below the top level is skipped.
 */
export class TopLevelScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expectKey = false;
  private key: string | undefined;
  private token: number[] = [];
  private readonly members = new Map<string, string>();

  feed(bytes: Uint8Array): void {
    for (const byte of bytes) this.step(byte);
  }

  private keep(byte: number): void {
    if (this.depth === 1 && this.token.length < KEEP) this.token.push(byte);
  }

  private step(byte: number): void {
    if (this.inString) return this.stringByte(byte);
    if (byte === QUOTE) {
      this.inString = true;
      this.token = [];
      return this.keep(byte);
    }
    if (OPEN.has(byte)) {
      this.depth++;
      if (this.depth === 1) this.expectKey = true;
      return;
    }
    if (CLOSE.has(byte)) return (this.closeScalar(), void this.depth--);
    if (this.depth !== 1) return;
    if (byte === COLON) return void (this.expectKey = false);
    if (byte === COMMA) return (this.closeScalar(), void (this.expectKey = true));
    if (byte > 0x20) this.keep(byte);
  }

  private stringByte(byte: number): void {
    this.keep(byte);
    if (this.escaped) return void (this.escaped = false);
    if (byte === BACKSLASH) return void (this.escaped = true);
    if (byte !== QUOTE) return;
    this.inString = false;
    if (this.depth !== 1) return;
    if (!this.expectKey) return this.closeScalar();
    this.key = decode(this.token) as string | undefined;
    this.token = [];
  }

  private closeScalar(): void {
    if (this.depth === 1 && !this.expectKey && this.key !== undefined && this.token.length > 0)
      this.members.set(this.key, Buffer.from(this.token).toString("utf8"));
    this.token = [];
  }

  /** The `id` (string or number) and `method` seen at the top level, when they were scalars. */
  head(): MessageHead {
    const id = decode(this.members.get("id"));
    const method = decode(this.members.get("method"));
    return {
      ...(typeof id === "string" || typeof id === "number" ? { id } : {}),
      ...(typeof method === "string" ? { method } : {}),
    };
  }
}

function decode(text: string | number[] | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(typeof text === "string" ? text : Buffer.from(text).toString("utf8"));
  } catch {
    return undefined;
  }
}
