// Search-then-load in the OpenAI and Vercel AI idioms, and the BM25 search itself, over the fake tools with one deferred.
import { describe, expect, it } from "vitest";
import type { ToolExecutionOptions } from "ai";
import {
  OPENAI_TOOL_SEARCH,
  toOpenAIResponsesTools,
  toOpenAITools,
  toOpenAIToolSearch,
} from "../../src/runtime/adapters/openai.js";
import { createToolSearch, oneLine, searchTerms, SEARCH_TOOLS } from "../../src/runtime/adapters/search.js";
import { toVercelToolSearch } from "../../src/runtime/adapters/vercel-ai.js";
import type { Tool } from "../../src/runtime/types.js";
import { deletePet, getPet } from "../support/fake-tools.js";

const tools: Record<string, Tool> = {
  get_pet: getPet,
  delete_pet: { ...deletePet, deferLoading: true, tags: ["pet"] },
};
const options = { toolCallId: "c1", messages: [] } as unknown as ToolExecutionOptions;

describe("BM25 tool search", () => {
  it("splits names, drops stop words and plural s", () => {
    expect(searchTerms("Merge a pull_request for listPets")).toEqual(["merge", "pull", "request", "list", "pet"]);
  });

  it("ranks by name, tags, parameter names and description, best first; finds nothing for unrelated words", () => {
    const search = createToolSearch(Object.values(tools));
    expect(search("delete a pet").map((m) => m.name)).toEqual(["delete_pet", "get_pet"]);
    expect(search("fields").map((m) => m.name)).toEqual(["get_pet"]);
    expect(search("invoice")).toEqual([]);
  });

  it("describes each hit in its first sentence", () => {
    expect(oneLine("Fetch one pet by id. Use when the user names a pet.")).toBe("Fetch one pet by id.");
  });
});

describe("OpenAI", () => {
  it("Responses: deferred functions carry defer_loading and the hosted tool_search is added", () => {
    const { definitions } = toOpenAIResponsesTools(tools);
    expect(
      definitions.map((d) => [("name" in d && d.name) || d.type, "defer_loading" in d ? d.defer_loading : undefined]),
    ).toEqual([
      ["get_pet", undefined],
      ["delete_pet", true],
      ["tool_search", undefined],
    ]);
    expect(definitions.at(-1)).toEqual(OPENAI_TOOL_SEARCH);
    expect(toOpenAIResponsesTools({ get_pet: getPet }).definitions).toHaveLength(1);
  });

  it("Chat Completions: the core and search_tools first, a found tool added to the next definitions()", async () => {
    const chat = toOpenAIToolSearch(tools);
    expect(chat.definitions().map((d) => d.function.name)).toEqual(["get_pet", SEARCH_TOOLS]);
    const answer = JSON.parse(await chat.call(SEARCH_TOOLS, JSON.stringify({ query: "delete pet", limit: null })));
    expect(answer.tools[0]).toEqual({ name: "delete_pet", description: expect.any(String) });
    expect(chat.definitions().map((d) => d.function.name)).toEqual(["get_pet", "delete_pet", SEARCH_TOOLS]);
    expect(chat.definitions()[1]).toEqual(toOpenAITools({ delete_pet: deletePet }).definitions[0]);
    expect(JSON.parse(await chat.call(SEARCH_TOOLS, "{}"))).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    expect(JSON.parse(await chat.call("get_pet", JSON.stringify({ pet_id: "p1" })))).toEqual({ id: "p1", name: "Rex" });
  });
});

describe("Vercel AI SDK", () => {
  it("activeTools() is the core and search_tools until a search adds what it found", async () => {
    const search = toVercelToolSearch(tools);
    expect(Object.keys(search.tools)).toEqual(["get_pet", "delete_pet", SEARCH_TOOLS]);
    expect(search.activeTools()).toEqual(["get_pet", SEARCH_TOOLS]);
    const found = await search.tools[SEARCH_TOOLS]!.execute!({ query: "delete a pet" }, options);
    expect((found as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain("delete_pet");
    expect(search.activeTools()).toEqual(["get_pet", "delete_pet", SEARCH_TOOLS]);
  });
});
