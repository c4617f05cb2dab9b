// Checks every `pattern` and `patternProperties` key of the document's schemas at ingest, so bad regexes are refused with their spec location.
import { checkPattern } from "../emit/zod/pattern.js";
import type { IngestContext } from "./context.js";
import type { DocumentScan } from "./scan.js";

/**
 * Reports each pattern that is not valid ECMAScript with `u`, or that can backtrack catastrophically, in document
 * order. `scan` (of `ctx.document`) lists every regex in a schema position (not inside examples, defaults, enums or
 * `x-*` members). Specs repeat the same few patterns hundreds of times, so each source is judged once.
 */
export function checkPatterns(ctx: IngestContext, scan: DocumentScan): void {
  const verdicts = new Map<string, ReturnType<typeof checkPattern>>();
  for (const { source, pointer } of scan.patterns) {
    let verdict = verdicts.get(source);
    if (verdict === undefined) verdicts.set(source, (verdict = checkPattern(source)));
    report(ctx, verdict, source, pointer);
  }
}

function report(ctx: IngestContext, verdict: ReturnType<typeof checkPattern>, source: string, pointer: string): void {
  if (verdict.ok) return;
  const what = verdict.code === "SCHEMA_INVALID_PATTERN" ? "is not a valid ECMAScript regular expression (u flag)" : "can backtrack catastrophically";
  ctx.reporter.report(verdict.code, pointer, { message: `pattern ${JSON.stringify(source)} ${what}: ${verdict.reason}` });
}
