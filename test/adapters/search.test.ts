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
import type { OperationProfile, Tool } from "../../src/runtime/types.js";
import { z } from "zod";
import { deletePet, getPet } from "../support/fake-tools.js";

const tools: Record<string, Tool> = {
  get_pet: getPet,
  delete_pet: { ...deletePet, deferLoading: true, tags: ["pet"] },
};
const options = { toolCallId: "c1", messages: [] } as unknown as ToolExecutionOptions;

/** A tool as search reads it: name, title, description, inputs and the planner's profile. */
function profiled(name: string, title: string, profile: OperationProfile, required: string[] = []): Tool {
  const shape = Object.fromEntries(required.map((input) => [input, z.string()]));
  return { ...getPet, name, title, description: `${title}.`, inputSchema: z.object(shape), profile } as Tool;
}

describe("BM25 tool search", () => {
  it("splits names, drops stop words and plural s, folds long and short forms", () => {
    expect(searchTerms("Merge a pull_request for listPets")).toEqual(["merge", "pull", "request", "list", "pet"]);
    expect(searchTerms("my repositories in the organization")).toEqual(["repo", "org"]);
  });

  it("ranks by name, tags, parameter names and description, best first; finds nothing for unrelated words", () => {
    const search = createToolSearch(Object.values(tools));
    expect(search("delete a pet").map((m) => m.name)).toEqual(["delete_pet", "get_pet"]);
    expect(search("fields").map((m) => m.name)).toEqual(["get_pet"]);
    expect(search("invoice")).toEqual([]);
  });

  // Stripe-, Kubernetes- and Slack-shaped tools: what the task's verb and nouns say beats where the words happen to occur.
  const crowd = [
    profiled("post_customers_customer_subscriptions", "Create a subscription for a customer", {
      action: "create",
      object: "subscription",
      parents: ["customer"],
    }),
    profiled("post_customers_customer", "Update a customer", { action: "update", object: "customer" }, ["customer"]),
    profiled("post_customers", "Create a customer", { action: "create", object: "customer" }),
    profiled("read_core_v1_node", "read the specified Node", { action: "get", object: "node" }, ["name"]),
    profiled("list_core_v1_node", "list or watch objects of kind Node", { action: "list", object: "node" }),
    profiled("admin_users_list", "List users on a workspace", { action: "list", object: "user", signals: ["admin"] }),
    profiled("users_list", "Lists all users in a Slack team", { action: "list", object: "user" }),
  ];
  const search = createToolSearch(crowd);

  it.each([
    ["add a new customer", "post_customers"],
    ["change a customer's email", "post_customers_customer"],
    ["show me the nodes in the cluster", "list_core_v1_node"],
    ["show the node called worker-1", "read_core_v1_node"],
    ["list the people in the workspace", "users_list"],
    ["list users as an admin", "admin_users_list"],
  ])('"%s" finds %s first', (query, expected) => {
    expect(search(query)[0]?.name).toBe(expected);
  });

  it("answers each hit with its name, one line and the inputs a call must give", () => {
    expect(search("update a customer", 1)).toEqual([
      { name: "post_customers_customer", description: "Update a customer.", required: ["customer"] },
    ]);
  });

  it("reads words that name Object.prototype members as plain words", () => {
    const odd = [
      profiled("constructor_to_string", "Constructor toString", { action: "constructor", object: "__proto__" }),
    ];
    expect(searchTerms("constructor __proto__ hasOwnProperty")).toEqual([
      "constructor",
      "proto",
      "has",
      "own",
      "property",
    ]);
    expect(createToolSearch(odd)("constructor toString").map((m) => m.name)).toEqual(["constructor_to_string"]);
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
    expect(answer.tools[0]).toEqual({ name: "delete_pet", description: expect.any(String), required: ["pet_id"] });
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
