// Reads JSON or YAML text into a plain value plus a lazy pointer → line:column map, collecting diagnostics.
import { createRequire } from "node:module";
import type { Document, LineCounter, Node } from "yaml";
import type { Diagnostic, Position } from "../diagnostics/types.js";
import { diagnostic } from "../diagnostics/diagnostic.js";
import { jsonTextMayHoldHidden } from "../util/hidden-text.js";
import { escapeToken, split } from "../util/pointer.js";
import { scanJson } from "./json-scan.js";
import { locateJsonOffset } from "./json-locate.js";

/** The `yaml` package, loaded when a YAML document is first read (a JSON spec never needs it; ~90 ms of CPU to load). */
let yamlPackage: typeof import("yaml") | undefined;
const yaml = (): typeof import("yaml") =>
  (yamlPackage ??= createRequire(import.meta.url)("yaml") as typeof import("yaml"));

/** Limits that keep a hostile document from exhausting memory or time. */
export interface SourceLimits {
  /** Largest number of alias expansions YAML may perform (the `yaml` package's alias-bomb guard). */
  readonly maxAliasCount: number;
  /** Largest accepted file, in bytes. */
  readonly maxBytes: number;
  /** Deepest accepted nesting of objects and arrays; every later stage walks documents recursively. */
  readonly maxDepth: number;
  /** Most `$ref`s one (bundled) spec may hold. */
  readonly maxRefs: number;
}

export const defaultSourceLimits: SourceLimits = {
  maxAliasCount: 1000,
  maxBytes: 64 * 1024 * 1024,
  maxDepth: 256,
  maxRefs: 100_000,
};

/** A parsed document that can say where a JSON pointer sits in its text. */
export interface SourceDoc {
  readonly file: string;
  readonly format: "json" | "yaml";
  readonly value: unknown;
  /** Line and column (1-based) of the node at `pointer`, or of its nearest existing ancestor. */
  locate(pointer: string): Position | undefined;
  /** True when no string or key of `value` holds a hidden character, known from its JSON text at once. */
  readonly hiddenFree?: boolean;
}

export type ParseResult =
  | {
      readonly ok: true;
      readonly doc: SourceDoc;
      readonly diagnostics: readonly Diagnostic[];
      /** How deep objects and arrays nest, when the reader measured it on the way (JSON does). */
      readonly depth?: number;
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** JSON when the first non-blank character opens an object or array, else YAML. */
export function parseSource(file: string, text: string, limits: SourceLimits = defaultSourceLimits): ParseResult {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: a text that short is within the limit without being measured.
  if (text.length * 3 > limits.maxBytes && Buffer.byteLength(text, "utf8") > limits.maxBytes) {
    return fail(
      diagnostic("SOURCE_TOO_LARGE", {
        file,
        message: `${file} is larger than the ${limits.maxBytes}-byte limit`,
      }),
    );
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const first = body.trimStart()[0];
  let parsed: ParseResult;
  try {
    parsed = first === "{" || first === "[" ? parseJson(file, body) : parseYaml(file, body, limits);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return fail(
      diagnostic("SOURCE_TOO_DEEP", {
        file,
        position: { line: 1, column: 1 },
        message: `${file} nests too deeply to be parsed (${error.message})`,
      }),
    );
  }
  const measured = parsed.ok && parsed.depth !== undefined && parsed.depth <= limits.maxDepth;
  const tooDeep = parsed.ok && !measured ? depthProblem(parsed.doc, limits.maxDepth) : undefined;
  return tooDeep === undefined ? parsed : fail(tooDeep);
}

function locateShallow(doc: SourceDoc, pointer: string): Position {
  try {
    return doc.locate(pointer) ?? { line: 1, column: 1 };
  } catch {
    return { line: 1, column: 1 };
  }
}

/** SOURCE_TOO_DEEP at the first object or array nested deeper than `maxDepth`, found without recursion. */
export function depthProblem(doc: SourceDoc, maxDepth: number): Diagnostic | undefined {
  interface Path {
    readonly parent?: Path;
    readonly token: string;
  }
  const stack: [unknown, number, Path | undefined][] = [[doc.value, 0, undefined]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, depth, path] = entry;
    if (node === null || typeof node !== "object") continue;
    if (depth > maxDepth) {
      const tokens: string[] = [];
      for (let at = path; at !== undefined; at = at.parent) tokens.unshift(at.token);
      const pointer = tokens.map((t) => `/${escapeToken(t)}`).join("");
      return diagnostic("SOURCE_TOO_DEEP", {
        file: doc.file,
        pointer,
        position: locateShallow(doc, pointer),
        message: `objects and arrays nest more than ${maxDepth} levels deep`,
      });
    }
    for (const [key, child] of Object.entries(node))
      stack.push([child, depth + 1, path === undefined ? { token: key } : { parent: path, token: key }]);
  }
  return undefined;
}

function fail(...diagnostics: Diagnostic[]): ParseResult {
  return { ok: false, diagnostics };
}

function parseJson(file: string, text: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = jsonErrorOffset(String((error as Error).message), text);
    return fail(
      diagnostic("SOURCE_INVALID_JSON", {
        file,
        position: offset === undefined ? { line: 1, column: 1 } : offsetToPosition(text, offset),
        message: `invalid JSON: ${(error as Error).message}`,
      }),
    );
  }
  const { duplicate, depth } = scanJson(text);
  if (duplicate) {
    return fail(
      diagnostic("SOURCE_DUPLICATE_KEY", {
        file,
        position: offsetToPosition(text, duplicate.offset),
        message: `duplicate key "${duplicate.key}" in one object`,
      }),
    );
  }
  return {
    ok: true,
    diagnostics: [],
    depth,
    doc: {
      file,
      format: "json",
      value,
      locate: (pointer) => locateJson(text, pointer),
      ...(jsonTextMayHoldHidden(text) ? {} : { hiddenFree: true }),
    },
  };
}

function locateJson(text: string, pointer: string): Position | undefined {
  let tokens: string[];
  try {
    tokens = split(pointer);
  } catch {
    return undefined;
  }
  return offsetToPosition(text, locateJsonOffset(text, tokens));
}

/**
 * A source for a document the caller already parsed: positions refer to `JSON.stringify(value, null, 2)`,
 * rendered only when a diagnostic first asks, so every diagnostic still carries a line and column.
 */
export function sourceOfValue(file: string, value: unknown): SourceDoc {
  let text: string | undefined;
  return {
    file,
    format: "json",
    value,
    locate(pointer) {
      text ??= JSON.stringify(value, null, 2) ?? "";
      return locateJson(text, pointer);
    },
  };
}

function jsonErrorOffset(message: string, text: string): number | undefined {
  const at = /position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  if (/end of (JSON|data) input/i.test(message)) return text.length;
  return undefined;
}

function offsetToPosition(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function parseYaml(file: string, text: string, limits: SourceLimits): ParseResult {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { schema: "core", uniqueKeys: true, lineCounter, prettyErrors: false, merge: false });
  const problems = yamlProblems(file, doc, lineCounter);
  if (problems.length > 0) return fail(...problems);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: limits.maxAliasCount });
  } catch (error) {
    return fail(
      diagnostic("SOURCE_ALIAS_LIMIT", {
        file,
        position: { line: 1, column: 1 },
        message: `YAML aliases expand beyond the limit of ${limits.maxAliasCount} (${(error as Error).message})`,
      }),
    );
  }
  const index = yamlIndexOf(doc, lineCounter);
  return { ok: true, diagnostics: [], doc: { file, format: "yaml", value, locate: (p) => index.locate(p) } };
}

function yamlProblems(file: string, doc: Document, lineCounter: LineCounter): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const error of doc.errors) {
    const position = lineCounter.linePos(error.pos[0]);
    const duplicate = error.code === "DUPLICATE_KEY";
    found.push(
      diagnostic(duplicate ? "SOURCE_DUPLICATE_KEY" : "SOURCE_INVALID_YAML", {
        file,
        position: { line: position.line, column: position.col },
        message: duplicate ? "duplicate key in one mapping" : `invalid YAML: ${firstLine(error.message)}`,
      }),
    );
  }
  for (const warning of doc.warnings) {
    if (warning.code !== "TAG_RESOLVE_FAILED") continue;
    const position = lineCounter.linePos(warning.pos[0]);
    found.push(
      diagnostic("SOURCE_UNSAFE_TAG", {
        file,
        position: { line: position.line, column: position.col },
        message: `YAML tag not allowed: ${firstLine(warning.message)}`,
      }),
    );
  }
  const unique = found.filter(
    (d, i) =>
      found.findIndex(
        (e) => e.code === d.code && e.line === d.line && e.column === d.column && e.message === d.message,
      ) === i,
  );
  return unique.length <= MAX_SYNTAX_ERRORS
    ? unique
    : [
        ...unique.slice(0, MAX_SYNTAX_ERRORS),
        diagnostic("SOURCE_INVALID_YAML", {
          file,
          message: `${unique.length - MAX_SYNTAX_ERRORS} more YAML errors not shown; is this a YAML or JSON document at all?`,
        }),
      ];
}

/** Past this many, more syntax errors only bury the first one, which is usually the cause. */
const MAX_SYNTAX_ERRORS = 5;

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}

interface YamlIndex {
  locate(pointer: string): Position | undefined;
}

function yamlIndexOf(doc: Document, lineCounter: LineCounter): YamlIndex {
  return {
    locate(pointer) {
      let tokens: string[];
      try {
        tokens = split(pointer);
      } catch {
        return undefined;
      }
      let node: unknown = doc.contents;
      let at: number | undefined = rangeStart(node);
      for (const token of tokens) {
        const next = child(node, token);
        if (next === undefined) break;
        node = next.value;
        at = next.keyStart ?? rangeStart(node) ?? at;
        if (next.keyStart !== undefined && yaml().isScalar(node)) at = next.keyStart;
      }
      if (at === undefined) return undefined;
      const pos = lineCounter.linePos(at);
      return { line: pos.line, column: pos.col };
    },
  };
}

function rangeStart(node: unknown): number | undefined {
  return node && typeof node === "object" && "range" in node ? (node as Node).range?.[0] : undefined;
}

function child(node: unknown, token: string): { value: unknown; keyStart?: number } | undefined {
  const { isAlias, isMap, isPair, isScalar, isSeq } = yaml();
  const target = isAlias(node) ? undefined : node;
  if (isMap(target)) {
    for (const pair of target.items) {
      if (!isPair(pair)) continue;
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (key === token) {
        const keyStart = rangeStart(pair.key);
        return keyStart === undefined ? { value: pair.value } : { value: pair.value, keyStart };
      }
    }
    return undefined;
  }
  if (isSeq(target) && /^(0|[1-9]\d*)$/.test(token)) {
    const item = target.items[Number(token)];
    return item === undefined ? undefined : { value: item };
  }
  return undefined;
}
