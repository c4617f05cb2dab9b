// Checks every `pattern` and `patternProperties` key of the document's schemas at ingest: a bad regex is dropped (one located warning each), one that refuses every example the spec gives for its value repaired or dropped (one per pattern read the same way), the rest of the schema kept.
import { checkPattern, type PatternVerdict } from "../schema/pattern-safety.js";
import { split } from "../util/pointer.js";
import { type ExampleReading, examplesAt, readAgainstExamples } from "./pattern-examples.js";
import type { Reporter } from "./report.js";
import type { DocumentScan, PatternSite } from "./scan.js";
import { type JsonRecord, updateMembers } from "./walk.js";

/**
 * `document` without each pattern that is not valid ECMAScript with `u`, that can backtrack catastrophically, or
 * that is too large to analyse: a `pattern` member is removed, a `patternProperties` entry too (its subschema goes
 * with it). A safe `pattern` that refuses every example the spec gives for its value is repaired or removed
 * (pattern-examples.ts). Only the objects on the way to a dropped member are copied, so `document` itself is never changed.
 * `scan` (of `document`) lists every regex in a schema position; specs repeat the same few patterns hundreds of
 * times, so each source is judged once.
 */
export function dropBadPatterns(document: JsonRecord, scan: DocumentScan, reporter: Reporter): JsonRecord {
  const verdicts = new Map<string, PatternVerdict>();
  const updates: { site: PatternSite; source: string | undefined }[] = [];
  const read = new Map<string, { site: PatternSite; reading: ExampleReading; more: number }>();
  for (const site of scan.patterns) {
    let verdict = verdicts.get(site.source);
    if (verdict === undefined) verdicts.set(site.source, (verdict = checkPattern(site.source)));
    if (!verdict.ok) {
      reportDropped(reporter, verdict, site);
      updates.push({ site, source: undefined });
      continue;
    }
    if (!site.pointer.endsWith("/pattern")) continue;
    const reading = readAgainstExamples(site.source, examplesAt(document, site.pointer));
    if (reading === undefined) continue;
    const key = `${site.source}\u0000${reading.kind === "repaired" ? reading.source : ""}`;
    const first = read.get(key);
    if (first === undefined) read.set(key, { site, reading, more: 0 });
    else read.set(key, { ...first, more: first.more + 1 });
    updates.push({ site, source: reading.kind === "repaired" ? reading.source : undefined });
  }
  for (const { site, reading, more } of read.values()) reportReading(reporter, reading, site, more);
  return updateMembers(
    document,
    updates.map(({ site, source }) => ({ tokens: split(site.pointer), update: () => source })),
  );
}

/**
 * A pattern the spec's own examples all break: repaired (`SCHEMA_PATTERN_REPAIRED`) or dropped, with the example
 * named, once per pattern read the same way (located at its first place; Loket.nl repeats one at 1,924).
 */
function reportReading(reporter: Reporter, reading: ExampleReading, site: PatternSite, more: number): void {
  const broken =
    reading.examples === 1
      ? `pattern ${quoted(site.source)} refuses the one example the spec gives for this value, ${quoted(reading.example)}`
      : `pattern ${quoted(site.source)} refuses all ${reading.examples} examples the spec gives for this value (${quoted(reading.example)}, …)`;
  const elsewhere = more === 0 ? "" : ` (the same at ${more} more place${more === 1 ? "" : "s"})`;
  if (reading.kind === "repaired")
    reporter.report("SCHEMA_PATTERN_REPAIRED", site.pointer, {
      message: `${broken}: it ${reading.how}; the tool checks ${quoted(reading.source)}, which ${reading.examples === 1 ? "that example fits" : "they all fit"}${elsewhere}`,
    });
  else
    reporter.report("SCHEMA_PATTERN_DROPPED", site.pointer, {
      message: `${broken}, so it would refuse the API's own values; the tool will not check this pattern (the API checks the value itself)${elsewhere}`,
    });
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
