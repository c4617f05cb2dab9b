// Checks every `pattern` and `patternProperties` key of the document's schemas at ingest; a bad regex is dropped (one located warning each), the rest of the schema kept.
import { checkPattern, type PatternVerdict } from "../schema/pattern-safety.js";
import { split } from "../util/pointer.js";
import type { Reporter } from "./report.js";
import type { DocumentScan, PatternSite } from "./scan.js";
import { type JsonRecord, updateMember } from "./walk.js";

/**
 * `document` without each pattern that is not valid ECMAScript with `u`, that can backtrack catastrophically, or
 * that is too large to analyse: a `pattern` member is removed, a `patternProperties` entry too (its subschema goes
 * with it). Only the objects on the way to a dropped member are copied, so `document` itself is never changed.
 * `scan` (of `document`) lists every regex in a schema position; specs repeat the same few patterns hundreds of
 * times, so each source is judged once.
 */
export function dropBadPatterns(document: JsonRecord, scan: DocumentScan, reporter: Reporter): JsonRecord {
  const verdicts = new Map<string, PatternVerdict>();
  const dropped: PatternSite[] = [];
  for (const site of scan.patterns) {
    let verdict = verdicts.get(site.source);
    if (verdict === undefined) verdicts.set(site.source, (verdict = checkPattern(site.source)));
    if (verdict.ok) continue;
    reportDropped(reporter, verdict, site);
    dropped.push(site);
  }
  return dropped.reduce((doc, site) => updateMember(doc, split(site.pointer), () => undefined), document);
}

function reportDropped(reporter: Reporter, verdict: Exclude<PatternVerdict, { ok: true }>, site: PatternSite): void {
  const what =
    verdict.code === "SCHEMA_INVALID_PATTERN"
      ? "is not a valid ECMAScript regular expression (u flag)"
      : verdict.unchecked
        ? "cannot be checked for catastrophic backtracking"
        : "can backtrack catastrophically";
  const dropping = site.pointer.endsWith("/pattern")
    ? "the tool will not check this pattern (the schema's other constraints stay)"
    : "the tool will not check properties whose names match it";
  reporter.report("SCHEMA_PATTERN_DROPPED", site.pointer, {
    message: `pattern ${quoted(site.source)} ${what}: ${verdict.reason}; ${dropping}`,
  });
}

/** Characters of a pattern a message quotes; the rest is counted, as the pointer already locates it. */
const QUOTED_CHARS = 200;

function quoted(source: string): string {
  return source.length <= QUOTED_CHARS
    ? JSON.stringify(source)
    : `${JSON.stringify(source.slice(0, QUOTED_CHARS))}… (${source.length} characters)`;
}
