// Lays out the generated TypeScript expressions (Zod schemas, spec literals) in their final form, so that no formatter
// has to parse and reprint the package: a line that fits in PRINT_WIDTH stays one line; one that does not breaks its
// member chain (`z` / `.string()` / `.describe(…)`, one call per line) or its brackets (one item per line, trailing
// comma), innermost content staying flat whenever it fits. Only whitespace between tokens ever changes, and only at
// places where a line break cannot change meaning (after an opening bracket or a comma, before `.` of a member call,
// before a closing bracket, between statements of a block). Source the tokenizer is unsure of comes back unchanged.

const PRINT_WIDTH = 120;
const INDENT = 2;

type Open = "(" | "[" | "{";
const CLOSE: Record<Open, string> = { "(": ")", "[": "]", "{": "}" };

interface Tok {
  readonly kind: "tok";
  readonly text: string;
  readonly space: boolean;
}

interface Group {
  readonly kind: "group";
  readonly open: Open;
  readonly space: boolean;
  /** Items split on top-level `,` (brackets, objects) or statements (blocks). */
  readonly items: Node[][];
  /** A `{…}` whose content has statements (`;`): its items are statements, never separated by commas. */
  readonly block: boolean;
  /** `(` right after an identifier, `)` or `]`: a call's arguments, where a trailing comma is allowed. */
  readonly call: boolean;
  /** Source had a comma after the last item. */
  readonly trailing: boolean;
  flat?: string;
}

type Node = Tok | Group;

class Unsure extends Error {}

const REGEX_AFTER = new Set([
  "(",
  ",",
  "=",
  ":",
  "[",
  "!",
  "&",
  "|",
  "?",
  "{",
  "}",
  ";",
  "+",
  "-",
  "*",
  "%",
  "<",
  ">",
  "~",
  "^",
  "=>",
  "&&",
  "||",
  "??",
  "==",
  "===",
  "!=",
  "!==",
  "return",
  "typeof",
  "case",
  "do",
  "else",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
]);

/** Splits JS source into tokens, each remembering whether whitespace preceded it; throws Unsure on what it does not know. */
function tokenize(source: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  let space = false;
  const push = (text: string): void => {
    out.push({ kind: "tok", text, space });
    space = false;
  };
  while (i < source.length) {
    const c = source[i] as string;
    if (c === " " || c === "\n" || c === "\t" || c === "\r") {
      space = true;
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) {
        if (source[j] === "\n") throw new Unsure();
        j += source[j] === "\\" ? 2 : 1;
      }
      if (j >= source.length) throw new Unsure();
      push(source.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    if (c === "`") throw new Unsure();
    if (c === "/" && (source[i + 1] === "/" || source[i + 1] === "*")) throw new Unsure();
    if (c === "/" && (out.length === 0 || REGEX_AFTER.has((out.at(-1) as Tok).text))) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && (inClass || source[j] !== "/")) {
        if (source[j] === "\n") throw new Unsure();
        if (source[j] === "[") inClass = true;
        if (source[j] === "]") inClass = false;
        j += source[j] === "\\" ? 2 : 1;
      }
      if (j >= source.length) throw new Unsure();
      j++;
      while (j < source.length && /[a-z]/i.test(source[j] as string)) j++;
      push(source.slice(i, j));
      i = j;
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < source.length && /[A-Za-z0-9_$]/.test(source[j] as string)) j++;
      push(source.slice(i, j));
      i = j;
      continue;
    }
    if (/[0-9]/.test(c)) {
      let j = i + 1;
      while (
        j < source.length &&
        (/[0-9A-Za-z_.]/.test(source[j] as string) ||
          (/[eE]/.test(source[j - 1] as string) &&
            /[+-]/.test(source[j] as string) &&
            !/^0[xX]/.test(source.slice(i, j))))
      )
        j++;
      push(source.slice(i, j));
      i = j;
      continue;
    }
    const three = source.slice(i, i + 3);
    const two = source.slice(i, i + 2);
    const op = ["===", "!==", "...", "**=", "??="].includes(three)
      ? three
      : ["=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "**", "++", "--", "+=", "-="].includes(two)
        ? two
        : c;
    push(op);
    i += op.length;
  }
  return out;
}

/**
 * One space after every `,` and `:` and inside non-empty braces, as the literals of JSON.stringify lack them
 * (`{"type":"integer"}` reads `{ type: "integer" }`): a space between two tokens never changes their meaning.
 */
function spaced(tokens: readonly Tok[]): Tok[] {
  return tokens.map((t, i) => {
    const prev = tokens[i - 1]?.text;
    const wants = prev === "," || prev === ":" || (prev === "{" && t.text !== "}") || (t.text === "}" && prev !== "{");
    return wants && !t.space ? { ...t, space: true } : t;
  });
}

const QUOTED_IDENT = /^"[A-Za-z_$][A-Za-z0-9_$]*"$/;

/** `"type": …` → `type: …` in an object literal (never `__proto__`, which only a computed key keeps an own property). */
function unquoteKeys(items: Node[][]): void {
  for (const item of items) {
    const key = item[0];
    if (key?.kind === "tok" && QUOTED_IDENT.test(key.text) && key.text !== '"__proto__"' && isTok(item[1], ":"))
      item[0] = { ...key, text: key.text.slice(1, -1) };
  }
}

/** Words after which `(` opens no call (no trailing comma may go there). */
const KEYWORDS = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "with",
  "return",
  "typeof",
  "void",
  "delete",
  "await",
  "yield",
  "in",
  "of",
  "instanceof",
  "new",
  "case",
  "do",
  "else",
  "throw",
  "function",
]);

/** Builds the bracket tree of a token list; throws Unsure on unbalanced brackets. */
function parse(tokens: readonly Tok[]): Node[] {
  let at = 0;
  const sequence = (close: string | undefined): { nodes: Node[]; end: Tok | undefined } => {
    const nodes: Node[] = [];
    while (at < tokens.length) {
      const t = tokens[at] as Tok;
      if (t.text === ")" || t.text === "]" || t.text === "}") {
        if (t.text !== close) throw new Unsure();
        at++;
        return { nodes, end: t };
      }
      at++;
      if (t.text === "(" || t.text === "[" || t.text === "{") {
        const prev = nodes.at(-1);
        const call =
          t.text === "(" &&
          prev !== undefined &&
          (prev.kind === "group"
            ? prev.open !== "{"
            : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(prev.text) && !KEYWORDS.has(prev.text));
        const inner = sequence(CLOSE[t.text]);
        nodes.push(group(t.text, t.space, inner.nodes, call));
      } else nodes.push(t);
    }
    if (close !== undefined) throw new Unsure();
    return { nodes, end: undefined };
  };
  return sequence(undefined).nodes;
}

function isTok(node: Node | undefined, text: string): boolean {
  return node !== undefined && node.kind === "tok" && node.text === text;
}

function group(open: Open, space: boolean, content: Node[], call: boolean): Group {
  const block = open === "{" && content.some((n) => isTok(n, ";"));
  const items: Node[][] = [];
  let current: Node[] = [];
  for (const node of content) {
    if (block ? isTok(node, ";") : open !== "(" || !content.some((n) => isTok(n, ";")) ? isTok(node, ",") : false) {
      if (block) current.push(node);
      items.push(current);
      current = [];
    } else if (block && node.kind === "group" && node.block && current.length > 0 && !isTok(current[0], "const")) {
      current.push(node);
      items.push(current);
      current = [];
    } else current.push(node);
  }
  const trailing = !block && current.length === 0 && items.length > 0;
  if (current.length > 0) items.push(current);
  if (open === "{" && !block) unquoteKeys(items);
  return { kind: "group", open, space, items, block, call: call && open === "(", trailing };
}

function flatWidth(nodes: readonly Node[], first = true): number {
  let n = 0;
  nodes.forEach((node, i) => {
    if (node.space && !(first && i === 0)) n += 1;
    n += node.kind === "tok" ? node.text.length : groupFlat(node);
  });
  return n;
}

function groupFlat(g: Group): number {
  return groupFlatText(g).length;
}

function flatText(nodes: readonly Node[], first = true): string {
  let out = "";
  nodes.forEach((node, i) => {
    if (node.space && !(first && i === 0)) out += " ";
    out += node.kind === "tok" ? node.text : groupFlatText(node);
  });
  return out;
}

/** The group on one line, as the emitter wrote it (cached: layout asks for it again at every level). */
function groupFlatText(g: Group): string {
  if (g.flat !== undefined) return g.flat;
  let out = g.open;
  g.items.forEach((item, i) => {
    out += flatText(item, i === 0 && !(g.open === "{" && (item[0]?.space ?? false)));
    if (!g.block && (i < g.items.length - 1 || g.trailing)) out += ",";
  });
  g.flat = out + (g.open === "{" && g.items.length > 0 && spaceBeforeClose(g) ? " " : "") + CLOSE[g.open];
  return g.flat;
}

/** Objects and blocks written `{ a }` keep their inner spaces when flat. */
function spaceBeforeClose(g: Group): boolean {
  return g.items[0]?.[0]?.space ?? false;
}

class Printer {
  out = "";
  col = 0;

  constructor(column: number) {
    this.col = column;
  }

  write(text: string): void {
    this.out += text;
    this.col += text.length;
  }

  newline(indent: number): void {
    this.out += `\n${" ".repeat(indent)}`;
    this.col = indent;
  }

  fits(width: number, suffix: number): boolean {
    return this.col + width + suffix <= PRINT_WIDTH;
  }

  /** One item (a sequence of nodes) at `indent`, followed by `suffix` more characters on its last line. */
  sequence(nodes: readonly Node[], indent: number, suffix: number): void {
    if (this.fits(flatWidth(nodes), suffix)) {
      this.write(flatText(nodes));
      return;
    }
    if (this.chain(nodes, indent, suffix)) return;
    const lastGroup = nodes.findLastIndex((n) => n.kind === "group" && n.items.length > 0);
    for (const [i, node] of nodes.entries()) {
      if (node.space && i > 0) this.write(" ");
      if (node.kind === "tok") {
        this.write(node.text);
        continue;
      }
      const rest = nodes.slice(i);
      if (this.fits(flatWidth(rest), suffix)) {
        this.write(flatText(rest));
        return;
      }
      if (i !== lastGroup && this.fits(groupFlat(node), 0)) this.write(groupFlatText(node));
      else this.group(node, indent, i === nodes.length - 1 ? suffix : 0);
    }
  }

  /** `head.a(…).b(…)…` with two or more calls: the head, then each call on its own line one level in. */
  chain(nodes: readonly Node[], indent: number, suffix: number): boolean {
    const starts: number[] = [];
    for (let i = 1; i + 2 < nodes.length; i++) {
      const dot = nodes[i];
      const name = nodes[i + 1];
      const call = nodes[i + 2];
      if (
        isTok(dot, ".") &&
        !dot?.space &&
        name?.kind === "tok" &&
        /^[A-Za-z_$]/.test(name.text) &&
        call?.kind === "group" &&
        call.open === "(" &&
        !call.space
      )
        starts.push(i);
    }
    // Only a chain that runs to the end of the item, call after call (`z.string().min(1).describe(…)`), not calls of
    // separate operands (`/a/.test(s) && /b/.test(s)`).
    if (starts.length < 2 || starts.some((start, k) => start + 3 !== (starts[k + 1] ?? nodes.length))) return false;
    const first = starts[0] as number;
    const segments = starts.map((start, k) => nodes.slice(start, k + 1 < starts.length ? starts[k + 1] : nodes.length));
    const head = nodes.slice(0, first);
    if (!this.fits(flatWidth(head), 0)) return false;
    this.write(flatText(head));
    segments.forEach((segment, k) => {
      this.newline(indent + INDENT);
      this.sequence(segment, indent + INDENT, k === segments.length - 1 ? suffix : 0);
    });
    return true;
  }

  group(g: Group, indent: number, suffix: number): void {
    const close = CLOSE[g.open];
    const atomic = g.items.length === 1 && !(g.items[0] ?? []).some((n) => n.kind === "group" && n.items.length > 0);
    if (g.items.length === 0 || atomic || this.fits(groupFlat(g), suffix)) {
      this.write(groupFlatText(g));
      return;
    }
    const only = g.items.length === 1 ? g.items[0] : undefined;
    if (
      !g.block &&
      only !== undefined &&
      only.length === 1 &&
      only[0]?.kind === "group" &&
      only[0].items.length > 0 &&
      !g.trailing
    ) {
      this.write(g.open);
      this.group(only[0], indent, suffix + 1);
      this.write(close);
      return;
    }
    if (g.open === "(" && !g.call && !g.block && g.items.some((item) => item.some((n) => isTok(n, ";")))) {
      this.write(groupFlatText(g));
      return;
    }
    this.write(g.open);
    const comma = g.block ? false : g.open !== "(" || g.call;
    g.items.forEach((item, i) => {
      this.newline(indent + INDENT);
      const needsComma = !g.block && (comma || i < g.items.length - 1);
      this.sequence(item, indent + INDENT, needsComma ? 1 : 0);
      if (needsComma) this.write(",");
    });
    this.newline(indent);
    this.write(close);
  }
}

/**
 * `source` (one expression, as the emitter built it) laid out to start at `column` on a line indented by `indent`
 * spaces, with `suffix` characters (`;`, `,`) to follow it. Lines after the first carry their full indentation.
 */
export function layoutExpression(
  source: string,
  options: { readonly indent?: number; readonly column?: number; readonly suffix?: number } = {},
): string {
  const indent = options.indent ?? 0;
  let nodes: Node[];
  try {
    nodes = parse(spaced(tokenize(source)));
  } catch (error) {
    if (error instanceof Unsure) return source;
    throw error;
  }
  const printer = new Printer(options.column ?? indent);
  printer.sequence(nodes, indent, options.suffix ?? 0);
  return printer.out;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A JSON value as flat JS source for `layoutExpression`: identifier keys bare, others quoted, `__proto__` as a
 * computed key (an own property, never the prototype); `undefined` and functions dropped like JSON.stringify does.
 * `str` writes a string literal (escaping is the caller's: see escape.ts).
 */
export function flatLiteral(value: unknown, str: (text: string) => string): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return str(value);
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : "null";
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined || typeof v === "function" ? "null" : flatLiteral(v, str))).join(", ")}]`;
  if (typeof value === "object") {
    const members = Object.entries(value)
      .filter(([, v]) => v !== undefined && typeof v !== "function")
      .map(([k, v]) => `${k === "__proto__" ? `[${str(k)}]` : IDENT.test(k) ? k : str(k)}: ${flatLiteral(v, str)}`);
    return members.length === 0 ? "{}" : `{ ${members.join(", ")} }`;
  }
  return "null";
}

/**
 * JSON text in the layout of the generated package's JSON files: objects one member per line, an array of
 * scalars on one line when it fits (`"lib": ["ES2023", "DOM"]`), else one element per line.
 */
export function layoutJson(value: unknown, indent = 0, column = 0): string {
  const pad = " ".repeat(indent + INDENT);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const flat = `[${value.map((v) => JSON.stringify(v ?? null)).join(", ")}]`;
    if (value.every((v) => v === null || typeof v !== "object") && column + flat.length + 1 <= PRINT_WIDTH) return flat;
    return `[\n${value.map((v) => pad + layoutJson(v ?? null, indent + INDENT, pad.length)).join(",\n")}\n${" ".repeat(indent)}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== "function");
    if (entries.length === 0) return "{}";
    const members = entries.map(([k, v]) => {
      const key = `${pad}${JSON.stringify(k)}: `;
      return key + layoutJson(v, indent + INDENT, key.length);
    });
    return `{\n${members.join(",\n")}\n${" ".repeat(indent)}}`;
  }
  return JSON.stringify(value) ?? "null";
}
