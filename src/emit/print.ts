// Lays out code nodes (code.ts) as text within PRINT_WIDTH columns: groups print flat when they fit, else break.
import { type Code, type Entry, str } from "./code.js";
import { jsString } from "./escape.js";

export const PRINT_WIDTH = 120;
const INDENT = 2;

/** Wadler-style layout document: text, groups that print flat or broken, indentation, and optional line breaks. */
type Doc = string | readonly Doc[] | Group | Indent | Line | Hard | IfBreak | Str | Alt;
interface Group {
  readonly t: "group";
  readonly d: Doc;
  /** Columns the group takes printed flat; Infinity when it holds a hard line break (a comment line). */
  readonly width: number;
}
interface Indent {
  readonly t: "indent";
  readonly d: Doc;
}
/** A place to break: `flat` when the enclosing group prints flat, a newline when it breaks. */
interface Line {
  readonly t: "line";
  readonly flat: string;
}
interface Hard {
  readonly t: "hard";
}
/** Text only when the enclosing group breaks (the trailing comma). */
interface IfBreak {
  readonly t: "ifBreak";
  readonly text: string;
}
/** A string literal, which may be written as `"…" +` pieces when even its own line is too short. */
interface Str {
  readonly t: "str";
  readonly value: string;
  readonly lit: string;
  readonly split: boolean;
}

/** `flat` where it fits on the current line, else `broken`. */
interface Alt {
  readonly t: "alt";
  readonly flat: string;
  readonly broken: Doc;
}

const LINE: Line = { t: "line", flat: " " };
const SOFT: Line = { t: "line", flat: "" };
const HARD: Hard = { t: "hard" };
const TRAILING_COMMA: IfBreak = { t: "ifBreak", text: "," };
const COMMA_LINE: Doc = [",", LINE];

/** Columns `doc` takes on one line (groups know their own, so this is linear over a whole document). */
function flatWidth(doc: Doc): number {
  if (typeof doc === "string") return doc.length;
  if (Array.isArray(doc)) {
    let width = 0;
    for (const d of doc) width += flatWidth(d);
    return width;
  }
  const d = doc as Exclude<Doc, string | readonly Doc[]>;
  if (d.t === "group") return d.width;
  if (d.t === "indent") return flatWidth(d.d);
  if (d.t === "line") return d.flat.length;
  if (d.t === "hard") return Number.POSITIVE_INFINITY;
  if (d.t === "ifBreak") return 0;
  if (d.t === "alt") return d.flat.length;
  return d.lit.length;
}

/** `doc` on one line, appended to `out` (never called on a doc holding a hard line break). */
function flatInto(doc: Doc, out: string[]): void {
  if (typeof doc === "string") out.push(doc);
  else if (Array.isArray(doc)) for (const d of doc) flatInto(d, out);
  else {
    const d = doc as Exclude<Doc, string | readonly Doc[]>;
    if (d.t === "group" || d.t === "indent") flatInto(d.d, out);
    else if (d.t === "line") out.push(d.flat);
    else if (d.t === "str") out.push(d.lit);
    else if (d.t === "alt") out.push(d.flat);
  }
}

const group = (d: Doc): Group => ({ t: "group", d, width: flatWidth(d) });
const indent = (d: Doc): Indent => ({ t: "indent", d });

function joined(docs: readonly Doc[], separator: Doc): Doc[] {
  const out: Doc[] = [];
  for (let i = 0; i < docs.length; i++) {
    if (i > 0) out.push(separator);
    out.push(docs[i] as Doc);
  }
  return out;
}

/** `open items close`, one item per line with a trailing comma when broken. */
function bracketed(open: string, items: readonly Doc[], close: string, pad: Line): Doc {
  if (items.length === 0) return open + close;
  return group([open, indent([pad, joined(items, COMMA_LINE)]), TRAILING_COMMA, pad, close]);
}

/** An object key as written in a literal: bare when an identifier, `["__proto__"]` (an own property), else quoted. */
function keyText(key: string): string {
  if (key === "__proto__") return `[${jsString(key)}]`;
  return isIdentifier(key) ? key : jsString(key);
}

/** Whether `key` matches `/^[A-Za-z_$][A-Za-z0-9_$]*$/` (so is written bare), read one character code at a time. */
export function isIdentifier(key: string): boolean {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    const letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24;
    if (!letter && (i === 0 || c < 0x30 || c > 0x39)) return false;
  }
  return true;
}

interface ChainLink {
  readonly name: string;
  readonly args: readonly Code[] | undefined;
}

/** `head.a(…).b.c(…)` → the head and its links, outermost last. */
function unchain(code: Code): { head: Code; links: ChainLink[] } {
  const links: ChainLink[] = [];
  let at = code;
  for (;;) {
    if (at.kind === "call" && at.callee.kind === "member") {
      links.push({ name: at.callee.name, args: at.args });
      at = at.callee.object;
    } else if (at.kind === "member") {
      links.push({ name: at.name, args: undefined });
      at = at.object;
    } else break;
  }
  return { head: at, links: links.reverse() };
}

const huggable = (code: Code): boolean =>
  ((code.kind === "object" || code.kind === "array") &&
    (code.kind === "object" ? code.entries.length > 0 : code.items.length > 0)) ||
  (code.kind === "arrow" && code.body.kind === "block");

function argsDoc(args: readonly Code[]): Doc {
  if (args.length === 0) return "()";
  if (args.length === 1 && huggable(args[0] as Code)) return ["(", toDoc(args[0] as Code), ")"];
  return bracketed("(", args.map(toDoc), ")", SOFT);
}

/** Two or more calls after the head break one per line (`z` / `.string()` / `.describe(…)`) when the chain does not fit. */
function chainDoc(code: Code): Doc {
  const { head, links } = unchain(code);
  const linkDocs = links.map((l): Doc => (l.args === undefined ? `.${l.name}` : [`.${l.name}`, argsDoc(l.args)]));
  let calls = 0;
  for (const link of links) if (link.args !== undefined) calls++;
  if (calls < 2) return [toDoc(head), linkDocs];
  return group([toDoc(head), indent(linkDocs.map((d) => [SOFT, d]))]);
}

function entryDoc([key, value]: Entry): Doc {
  if (value.kind === "comment") return [`// ${value.text}`, HARD, keyText(key), ": ", toDoc(value.code)];
  return [keyText(key), ": ", toDoc(value)];
}

function itemDoc(item: Code): Doc {
  return item.kind === "comment" ? [`// ${item.text}`, HARD, toDoc(item.code)] : toDoc(item);
}

function toDoc(code: Code): Doc {
  switch (code.kind) {
    case "atom":
      return code.text;
    case "string":
      return { t: "str", value: code.value, lit: code.literal, split: code.split };
    case "call":
      return code.callee.kind === "member" ? chainDoc(code) : [toDoc(code.callee), argsDoc(code.args)];
    case "member":
      return chainDoc(code);
    case "object":
      return bracketed("{", code.entries.map(entryDoc), "}", LINE);
    case "names":
      return bracketed("{", code.names, "}", LINE);
    case "array":
      return bracketed("[", code.items.map(itemDoc), "]", SOFT);
    case "arrow":
      return [code.params, " => ", code.body.kind === "object" ? ["(", toDoc(code.body), ")"] : toDoc(code.body)];
    case "block":
      return code.statements.length === 0
        ? "{}"
        : group(["{", indent([LINE, joined(code.statements.map(toDoc), LINE)]), LINE, "}"]);
    case "seq":
      return code.parts.map(toDoc);
    case "comment":
      return code.line ? [`// ${code.text}`, HARD, toDoc(code.code)] : [`/* ${code.text} */ `, toDoc(code.code)];
    case "operands": {
      const [first, ...rest] = code.items.map(toDoc);
      return group([first ?? "", indent(rest.map((d) => [` ${code.operator}`, LINE, d]))]);
    }
    case "parens":
      return group(["(", indent([SOFT, toDoc(code.code)]), SOFT, ")"]);
    case "regex":
      return {
        t: "alt",
        flat: regexLiteral(code),
        broken: ["new RegExp", argsDoc([str(code.source, true), str(code.flags)])],
      };
  }
}

const regexLiteral = (code: Code & { kind: "regex" }): string => `/${code.source}/${code.flags}`;

const BREAK = 0;
const FLAT = 1;
type Mode = typeof BREAK | typeof FLAT;

/** A stack of commands (indent, mode, doc) in three parallel arrays: no tuple built per command. */
class Cmds {
  readonly inds: number[] = [];
  readonly modes: Mode[] = [];
  readonly docs: Doc[] = [];

  add(ind: number, mode: Mode, doc: Doc): void {
    this.inds.push(ind);
    this.modes.push(mode);
    this.docs.push(doc);
  }
}

/** {@link measure}'s own stack, reused (measure never runs inside itself). */
const MEASURING = { modes: [] as Mode[], docs: [] as Doc[] };

/** Columns the commands still to print take before their first line break; stops counting past `limit`. */
function measure(rest: Cmds, limit: number): number {
  const { modes, docs } = MEASURING;
  modes.length = 0;
  docs.length = 0;
  let restAt = rest.docs.length;
  let width = 0;
  while (width <= limit) {
    let mode: Mode;
    let doc: Doc;
    if (docs.length > 0) {
      mode = modes.pop() as Mode;
      doc = docs.pop() as Doc;
    } else if (restAt > 0) {
      restAt--;
      mode = rest.modes[restAt] as Mode;
      doc = rest.docs[restAt] as Doc;
    } else return width;
    if (typeof doc === "string") {
      width += doc.length;
      continue;
    }
    if (Array.isArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) {
        modes.push(mode);
        docs.push(doc[i] as Doc);
      }
      continue;
    }
    const d = doc as Exclude<Doc, string | readonly Doc[]>;
    if (d.t === "group") {
      if (mode === FLAT) width += d.width;
      else {
        modes.push(BREAK);
        docs.push(d.d);
      }
    } else if (d.t === "indent") {
      modes.push(mode);
      docs.push(d.d);
    } else if (d.t === "line") {
      if (mode === BREAK) return width;
      width += d.flat.length;
    } else if (d.t === "hard") return width;
    else if (d.t === "ifBreak") width += mode === BREAK ? d.text.length : 0;
    else if (d.t === "alt") width += d.flat.length;
    else width += d.lit.length;
  }
  return width;
}

/** Columns one code point takes inside a string literal: printable ASCII without a look at the escaper. */
export function literalWidth(char: string): number {
  const code = char.charCodeAt(0);
  if (char.length === 1 && code >= 0x20 && code < 0x7f) return code === 0x22 || code === 0x5c ? 2 : 1;
  return jsString(char).length - 2;
}

/** `jsString(text).length - 2`: printable ASCII measured without building the literal. */
export function literalLength(text: string): number {
  let width = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code >= 0x7f) return jsString(text).length - 2;
    if (code === 0x22 || code === 0x5c) width++;
  }
  return width;
}

/**
 * `value` cut after spaces (or, for a longer word, between code points) into pieces whose escaped literal takes
 * at most `first` columns for the first piece and `room` for the others. Joined, the pieces are `value`.
 */
export function splitString(value: string, first: number, room: number): string[] {
  const pieces: string[] = [];
  let current = "";
  let width = 2;
  const limit = (): number => (pieces.length === 0 ? first : room);
  const cut = (): void => {
    pieces.push(current);
    current = "";
    width = 2;
  };
  for (const word of value.split(/(?<= )/u)) {
    const wordWidth = literalLength(word);
    if (width + wordWidth <= limit()) {
      current += word;
      width += wordWidth;
      continue;
    }
    if (current !== "") cut();
    for (const char of word) {
      const charWidth = literalWidth(char);
      if (current !== "" && width + charWidth > limit()) cut();
      current += char;
      width += charWidth;
    }
  }
  if (current !== "" || pieces.length === 0) pieces.push(current);
  return pieces;
}

class Printer {
  private readonly out: string[] = [];
  private pos: number;

  constructor(column: number) {
    this.pos = column;
  }

  private write(text: string): void {
    this.out.push(text);
    this.pos += text.length;
  }

  private newline(ind: number): void {
    this.out.push(`\n${" ".repeat(ind)}`);
    this.pos = ind;
  }

  run(doc: Doc, ind: number): string {
    const cmds = new Cmds();
    cmds.add(ind, BREAK, doc);
    while (cmds.docs.length > 0) {
      const at = cmds.inds.pop() as number;
      const mode = cmds.modes.pop() as Mode;
      const d = cmds.docs.pop() as Doc;
      if (typeof d === "string") this.write(d);
      else if (Array.isArray(d)) for (let i = d.length - 1; i >= 0; i--) cmds.add(at, mode, d[i] as Doc);
      else this.step(cmds, at, mode, d as Exclude<Doc, string | readonly Doc[]>);
    }
    return this.out.join("");
  }

  private step(cmds: Cmds, at: number, mode: Mode, d: Exclude<Doc, string | readonly Doc[]>): void {
    if (d.t === "group") {
      const room = PRINT_WIDTH - this.pos;
      if (mode === FLAT || (d.width <= room && d.width + measure(cmds, room) <= room)) {
        const text: string[] = [];
        flatInto(d.d, text);
        this.write(text.join(""));
      } else cmds.add(at, BREAK, d.d);
    } else if (d.t === "indent") cmds.add(at + INDENT, mode, d.d);
    else if (d.t === "line") {
      if (mode === FLAT) this.write(d.flat);
      else this.newline(at);
    } else if (d.t === "hard") this.newline(at);
    else if (d.t === "alt") {
      if (this.pos + d.flat.length + measure(cmds, PRINT_WIDTH) <= PRINT_WIDTH) this.write(d.flat);
      else cmds.add(at, BREAK, d.broken);
    } else if (d.t === "ifBreak") {
      if (mode === BREAK) this.write(d.text);
    } else this.string(cmds, at, d);
  }

  private string(cmds: Cmds, at: number, s: Str): void {
    const after = measure(cmds, PRINT_WIDTH);
    if (!s.split || this.pos + s.lit.length + after <= PRINT_WIDTH) {
      this.write(s.lit);
      return;
    }
    const reserve = Math.max(2, after);
    const pieces = splitString(s.value, PRINT_WIDTH - this.pos - reserve, PRINT_WIDTH - at - INDENT - reserve);
    pieces.forEach((piece, i) => {
      if (i > 0) {
        this.write(" +");
        this.newline(at + INDENT);
      }
      this.write(jsString(piece));
    });
  }
}

/**
 * `code` laid out to start at `column` of a line indented by `indent` spaces; lines after the first carry their
 * full indentation. Deterministic: the same code and position always give the same text.
 */
export function print(code: Code, options: { readonly indent?: number; readonly column?: number } = {}): string {
  const ind = options.indent ?? 0;
  return new Printer(options.column ?? ind).run(toDoc(code), ind);
}

/** `code` on one line (comments as `/* … *\/`): the text compared, hashed and evaluated where layout does not matter. */
export function flat(code: Code): string {
  const out: string[] = [];
  const walk = (c: Code): void => {
    switch (c.kind) {
      case "atom":
        out.push(c.text);
        return;
      case "string":
        out.push(c.literal);
        return;
      case "call":
        walk(c.callee);
        list("(", c.args, ")", walk);
        return;
      case "member":
        walk(c.object);
        out.push(`.${c.name}`);
        return;
      case "object":
        list("{ ", c.entries, " }", ([k, v]) => {
          if (v.kind === "comment") return void (out.push(`${keyText(k)}: `), walk(v.code));
          out.push(`${keyText(k)}: `);
          walk(v);
        });
        return;
      case "names":
        list("{ ", c.names, " }", (n) => void out.push(n));
        return;
      case "array":
        list("[", c.items, "]", walk);
        return;
      case "arrow":
        out.push(`${c.params} => `);
        if (c.body.kind === "object") return void (out.push("("), walk(c.body), out.push(")"));
        walk(c.body);
        return;
      case "block":
        if (c.statements.length === 0) return void out.push("{}");
        out.push("{ ");
        for (const [i, s] of c.statements.entries()) {
          if (i > 0) out.push(" ");
          walk(s);
        }
        out.push(" }");
        return;
      case "seq":
        for (const p of c.parts) walk(p);
        return;
      case "comment":
        out.push(`/* ${c.text} */ `);
        walk(c.code);
        return;
      case "regex":
        out.push(regexLiteral(c));
        return;
      case "parens":
        out.push("(");
        walk(c.code);
        out.push(")");
        return;
      case "operands":
        for (const [i, item] of c.items.entries()) {
          if (i > 0) out.push(` ${c.operator} `);
          walk(item);
        }
        return;
    }
  };
  function list<T>(open: string, items: readonly T[], close: string, each: (item: T) => void): void {
    if (items.length === 0) return void out.push(open.trim() + close.trim());
    out.push(open);
    for (const [i, item] of items.entries()) {
      if (i > 0) out.push(", ");
      each(item);
    }
    out.push(close);
  }
  walk(code);
  return out.join("");
}

/** `text` (already safe for a comment: see commentText) as `//` lines of at most PRINT_WIDTH columns, cut at spaces. */
export function commentLines(text: string, options: { readonly indent?: number } = {}): string {
  const prefix = `${" ".repeat(options.indent ?? 0)}// `;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ").filter((w) => w !== "")) {
    if (line !== "" && prefix.length + line.length + 1 + word.length > PRINT_WIDTH) {
      lines.push(prefix + line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(prefix + line);
  return lines.join("\n");
}
