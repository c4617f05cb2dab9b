// Runs every invalid-spec fixture through ingest and compares the diagnostics with its expected.json exactly.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";

const ROOT = "test/fixtures/invalid/ingest";

/** The spec each case ingests: the first that exists, else `openapi.yaml` (the unreadable-file case). */
const ENTRIES = ["openapi.json", "openapi.yaml", "api/openapi.yaml"];

interface Expected {
  readonly code: string;
  readonly severity: string;
  readonly line: number;
  readonly column: number;
  readonly pointer?: string;
  /** The file the diagnostic is in, relative to the case folder; default: the entry spec. */
  readonly file?: string;
  readonly messageIncludes?: string;
}

const cases = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe("ingest rejects invalid specs with exact diagnostics", () => {
  it.each(cases)("%s", async (name) => {
    const folder = join(ROOT, name);
    const entry =
      ENTRIES.map((file) => join(folder, file)).find((file) => existsSync(file)) ?? join(folder, "openapi.yaml");
    const expected = JSON.parse(readFileSync(join(folder, "expected.json"), "utf8")) as Expected[];
    const result = await ingest(entry);

    expect(result.model).toBeUndefined();
    const actual = result.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      line: d.line,
      column: d.column,
      ...(d.pointer === undefined ? {} : { pointer: d.pointer }),
      file: relative(folder, d.file ?? ""),
    }));
    const wanted = expected.map(({ messageIncludes: _, ...rest }) => ({
      ...rest,
      file: rest.file ?? relative(folder, entry),
    }));
    expect(actual).toEqual(wanted);
    expected.forEach((e, i) => {
      const d = result.diagnostics[i];
      if (e.messageIncludes !== undefined) expect(d?.message).toContain(e.messageIncludes);
      expect(d?.hint.length).toBeGreaterThan(0);
    });
  });
});
