// Checks every `pattern` and `patternProperties` key of the document's schemas at ingest, so bad regexes are refused with their spec location.
import { checkPattern } from "../emit/zod/pattern.js";
import { join } from "../util/pointer.js";
import type { IngestContext } from "./context.js";

/** Keywords whose values are data, not schemas: a `pattern` key inside them is not a regex. */
const DATA_KEYWORDS = new Set(["example", "examples", "default", "const", "enum", "x-examples"]);

/** Marks a queued pattern, so findings come out in document order. */
const PATTERN: unique symbol = Symbol("pattern");

/** Reports each pattern that is not valid ECMAScript with `u`, or that can backtrack catastrophically. */
export function checkPatterns(ctx: IngestContext): void {
  const pending: [unknown, string][] = [[ctx.document, ""]];
  while (pending.length > 0) {
    const [node, pointer] = pending.pop() as [unknown, string];
    if (node === null || typeof node !== "object") continue;
    if (PATTERN in node) {
      report(ctx, (node as Record<symbol, string>)[PATTERN] as string, pointer);
      continue;
    }
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) pending.push([node[i], join(pointer, i)]);
      continue;
    }
    for (const [key, value] of Object.entries(node).reverse()) {
      if (DATA_KEYWORDS.has(key) || key.startsWith("x-")) continue;
      const at = join(pointer, key);
      if (key === "pattern" && typeof value === "string") pending.push([{ [PATTERN]: value }, at]);
      if (key === "patternProperties" && value !== null && typeof value === "object" && !Array.isArray(value)) {
        for (const source of Object.keys(value).reverse()) pending.push([{ [PATTERN]: source }, join(at, source)]);
      }
      if (typeof value === "object") pending.push([value, at]);
    }
  }
}

function report(ctx: IngestContext, source: string, pointer: string): void {
  const verdict = checkPattern(source);
  if (verdict.ok) return;
  const what = verdict.code === "SCHEMA_INVALID_PATTERN" ? "is not a valid ECMAScript regular expression (u flag)" : "can backtrack catastrophically";
  ctx.reporter.report(verdict.code, pointer, { message: `pattern ${JSON.stringify(source)} ${what}: ${verdict.reason}` });
}
