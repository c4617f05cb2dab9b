// A gzip-compressed spec (`swagger.json.gz`, as npm packages ship Kubernetes') reads like the plain file: same model, same located diagnostics.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { ingest } from "../../src/ingest/index.js";

const DIR = mkdtempSync(join(tmpdir(), "aci-gzip-"));

function write(name: string, bytes: string | Uint8Array): string {
  const file = join(DIR, name);
  writeFileSync(file, bytes);
  return file;
}

const SPEC = [
  "openapi: 3.1.0",
  "info: { title: Zipped, version: '1' }",
  "servers: [{ url: 'https://zipped.example.com' }]",
  "paths:",
  "  /items/{id}:",
  "    get:",
  "      operationId: getItem",
  "      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]",
  "      responses: { '200': { description: OK } }",
  "",
].join("\n");
const BROKEN = SPEC.replace(
  "paths:",
  "paths:\n  /x: { get: { responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Nope' } } } } } } }",
);

describe("gzip specs", () => {
  it("a .gz spec gives the same operations as the plain one", async () => {
    const [plain, zipped] = await Promise.all([
      ingest(write("a.yaml", SPEC)),
      ingest(write("a.yaml.gz", gzipSync(SPEC))),
    ]);
    expect(zipped.diagnostics).toEqual([]);
    expect(zipped.model?.operations.map((o) => o.id)).toEqual(["getItem"]);
    expect(zipped.model?.operations).toEqual(plain.model?.operations);
  });

  it("gzip is told by its bytes, not its name", async () => {
    const result = await ingest(write("spec-without-suffix", gzipSync(SPEC)));
    expect(result.model?.operations.map((o) => o.id)).toEqual(["getItem"]);
  });

  it("a finding inside a .gz spec has the line of the inflated text", async () => {
    const [plain, zipped] = await Promise.all([
      plan({ spec: write("b.yaml", BROKEN), allOperations: true }),
      plan({ spec: write("b.yaml.gz", gzipSync(BROKEN)), allOperations: true }),
    ]);
    const where = (d: { code: string; line?: number; column?: number }): unknown[] => [d.code, d.line, d.column];
    expect(zipped.diagnostics.map(where)).toEqual(plain.diagnostics.map(where));
    expect(zipped.diagnostics.map(where)).toContainEqual(["REF_UNRESOLVED", 5, expect.any(Number)]);
  });

  const failures: [string, { bytes: Uint8Array; limits?: { maxBytes: number }; code: string; message: RegExp }][] = [
    [
      "truncated gzip data",
      {
        bytes: gzipSync(SPEC).subarray(0, 20),
        code: "SPEC_UNREADABLE",
        message: /is gzip-compressed but does not inflate/,
      },
    ],
    [
      "a gzip header with garbage after it",
      {
        bytes: Uint8Array.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4]),
        code: "SPEC_UNREADABLE",
        message: /is gzip-compressed but does not inflate/,
      },
    ],
    [
      "inflating past the size limit (a gzip bomb)",
      {
        bytes: gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20)),
        limits: { maxBytes: 1024 * 1024 },
        code: "SOURCE_TOO_LARGE",
        message: /inflates to more than the 1048576-byte limit/,
      },
    ],
  ];
  it.each(failures)(
    "%s is one located diagnostic, not an exception",
    async (_name, { bytes, limits, code, message }) => {
      const result = await ingest(write(`bad-${code}.gz`, bytes), limits === undefined ? {} : { limits });
      expect(result.model).toBeUndefined();
      expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([[code, "error", 1, 1]]);
      expect(result.diagnostics[0]?.message).toMatch(message);
    },
  );
});
