// A step's `pick` (one item of a listed response by exact field values): loaded, checked against the item schema when
// planning (list, fields, value types, outputs reading the item), and run: one match, none (close candidates, paged
// lists), several.
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { compileTool, executeTool } from "../../src/runtime/execute/index.js";
import { closeValues } from "../../src/runtime/execute/pick.js";
import type { CallTransport, OperationRequest } from "../../src/runtime/transport.js";
import type { StepSpec, ToolSpec } from "../../src/runtime/types.js";
import { jsonResponse } from "../support/planner-helpers.js";

const spec = {
  openapi: "3.1.0",
  info: { title: "Projects", version: "1.0.0" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/projects": {
      get: {
        operationId: "listProjects",
        parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 100 } }],
        responses: jsonResponse({
          type: "object",
          properties: { data: { type: "array", items: { $ref: "#/components/schemas/Project" } } },
        }),
      },
    },
    "/projects/{project_gid}/tasks": {
      get: {
        operationId: "listTasks",
        parameters: [{ name: "project_gid", in: "path", required: true, schema: { type: "string" } }],
        responses: jsonResponse({ type: "array", items: { type: "object", properties: { name: { type: "string" } } } }),
      },
    },
  },
  components: {
    schemas: {
      Project: {
        type: "object",
        properties: {
          gid: { type: "string" },
          name: { type: "string", description: "The project's name" },
          archived: { type: "boolean" },
          owner: { type: "object", properties: { email: { type: "string" } } },
        },
      },
    },
  },
};

const goal = (pick: object, outputs: Record<string, string> = { gid: "$response.body#/gid" }) => ({
  aci: 1,
  toolset: "projects",
  goals: [
    {
      name: "list_project_tasks",
      steps: [
        { id: "project", operation: "listProjects", params: { limit: 100 }, pick, outputs },
        { id: "tasks", operation: "listTasks", params: { project_gid: "$steps.project.outputs.gid" } },
      ],
    },
  ],
});

const errorsOf = async (goals: object) =>
  (await plan({ spec, goals })).diagnostics
    .filter((d) => d.severity === "error")
    .map((d) => ({ code: d.code, message: d.message, hint: d.hint }));

describe("pick: planning", () => {
  it("plans the pick, types the matched input from the item field and reads outputs from the item", async () => {
    const result = await plan({ spec, goals: goal({ from: "/data", where: { name: "$inputs.project_name" } }) });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const tool = result.tools[0]!;
    expect(tool.steps[0]?.pick).toEqual({
      from: "/data",
      where: [["/name", { kind: "expr", text: "$inputs.project_name" }]],
      paged: true,
    });
    const input = tool.inputs.find((i) => i.name === "project_name");
    expect(input?.required).toBe(true);
    expect(input?.schema).toMatchObject({ type: "string" });
    expect(input?.description).toBe(
      "The project's name. Matched exactly (case included) against the name of each item listProjects lists, first page only.",
    );
  });

  it("takes a nested field as a pointer", async () => {
    expect(await errorsOf(goal({ from: "/data", where: { "/owner/email": "$inputs.email" } }))).toEqual([]);
  });

  it.each([
    [
      "a from that is not in the response",
      { from: "/dta", where: { name: "$inputs.n" } },
      undefined,
      'pick from "/dta": the 200 response of listProjects has no "dta" at /dta',
      'did you mean "data"?',
    ],
    [
      "a from that is not a list",
      { where: { name: "$inputs.n" } },
      undefined,
      'pick from "" reaches object in the 200 response of listProjects, not a list',
      'point `from` at the list in the response body (`""` when the body itself is the list)',
    ],
    [
      "a field the items lack",
      { from: "/data", where: { nme: "$inputs.n" } },
      undefined,
      'pick where "nme": each item listProjects lists has no "nme" at /nme',
      'did you mean "name"?',
    ],
    [
      "an output pointer the item lacks",
      { from: "/data", where: { name: "$inputs.n" } },
      { gid: "$response.body#/data/0/gid" },
      '"$response.body#/data/0/gid": the item picked from listProjects\'s list has no "data" at /data',
      "properties there: gid, name, archived, owner",
    ],
  ])("reports %s", async (_name, pick, outputs, message, hint) => {
    const errors = await errorsOf(goal(pick, outputs));
    expect(errors).toContainEqual(expect.objectContaining({ message, hint }));
  });

  it("checks a constant against the field's type", async () => {
    const errors = await errorsOf(goal({ from: "/data", where: { archived: "no" } }));
    expect(errors.map((e) => e.code)).toContain("PLAN_TYPE_MISMATCH");
  });
});

const step = (over: Partial<StepSpec>): StepSpec => ({
  id: "project",
  operationId: "listProjects",
  method: "get",
  path: "/projects",
  params: [],
  outputs: { gid: "$response.body#/gid" },
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
});

const tool = (pick: StepSpec["pick"]): ToolSpec => ({
  name: "find_project",
  title: "Find project",
  description: "d",
  risk: "low",
  category: "data",
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  approval: "none",
  inputs: [{ name: "name", required: true }],
  steps: [step(pick === undefined ? {} : { pick })],
  returns: { narrowingInputs: [] },
});

const projects = [
  { gid: "1", name: "Website relaunch" },
  { gid: "2", name: "Budget 2027" },
  { gid: "3", name: "Budget 2027" },
  { gid: "4", name: "website" },
];

function answering(body: unknown): CallTransport & { calls: OperationRequest[] } {
  const calls: OperationRequest[] = [];
  return {
    calls,
    async call(request) {
      calls.push(request);
      return { ok: true, status: 200, headers: new Headers(), body, url: "https://api.test/projects" };
    },
  };
}

const run = (pick: StepSpec["pick"], name: string, paged = false) =>
  executeTool(
    compileTool(tool(pick === undefined ? undefined : { ...pick, paged })),
    { name },
    { transport: answering({ data: projects }), maxRetryWaitMs: 0, sleep: async () => {} },
  );

const byName = { from: "/data", where: [["/name", { kind: "expr", text: "$inputs.name" }]] as const, paged: false };

describe("pick: running", () => {
  it("keeps the one exact match: outputs and the default result read that item", async () => {
    const result = await run(byName, "Website relaunch");
    expect(result.ok && result.context.steps?.["project"]?.outputs).toEqual({ gid: "1" });
    expect(result.ok && result.last?.body).toEqual({ gid: "1", name: "Website relaunch" });
  });

  it("matches exactly: another case is not a match, and the miss names the close values", async () => {
    const result = await run(byName, "Website Relaunch");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({
      code: "NOT_FOUND",
      step: "project",
      message: 'step "project" (GET /projects): none of the 4 items listed has name "Website Relaunch"',
      suggestion:
        'Close matches: "Website relaunch", "website". Ask the user which one they mean, then call again with it exactly.',
    });
  });

  it("an answer without the list is said as it is (an empty body is not a list of 0 items)", async () => {
    for (const [from, body, where, holds] of [
      ["/data", "", "/data", "nothing is there"],
      ["/data", { data: { error: "no access" } }, "/data", "it holds an object"],
      ["", "", "its top level", "it holds a string"],
    ] as const) {
      const result = await executeTool(
        compileTool(tool({ ...byName, from })),
        { name: "Budget 2027" },
        { transport: answering(body), maxRetryWaitMs: 0, sleep: async () => {} },
      );
      expect(!result.ok && result.error).toMatchObject({
        code: "UPSTREAM_ERROR",
        retryable: false,
        message: `step "project" (GET /projects): the response has no list at ${where} (${holds}), so no item could be picked`,
      });
    }
  });

  it("says a paged list was read one page only", async () => {
    const result = await run(byName, "Nothing like it", true);
    expect(!result.ok && result.error.message).toBe(
      'step "project" (GET /projects): none of the 4 items listed has name "Nothing like it" on the first page the API returned (the list is paged; it may be on a later one)',
    );
    expect(!result.ok && result.error.suggestion).toBe(
      'Some listed values: "Website relaunch", "Budget 2027", "website". Ask the user which one they mean, then call again with it exactly.',
    );
  });

  it("refuses to choose between several matches, naming them by the step's outputs", async () => {
    const result = await run(byName, "Budget 2027");
    expect(!result.ok && result.error).toMatchObject({
      code: "INVALID_ARGUMENT",
      message:
        'step "project" (GET /projects): 2 items have name "Budget 2027", so it does not say which one is meant (gid "2"; gid "3")',
    });
  });

  it("a miss keeps the step's own NOT_FOUND hint after the close values", async () => {
    const spec = tool(byName);
    const withHint: ToolSpec = {
      ...spec,
      steps: [{ ...spec.steps[0]!, errorHints: { NOT_FOUND: "Use list_projects." } }],
    };
    const result = await executeTool(
      compileTool(withHint),
      { name: "website relaunch" },
      { transport: answering({ data: projects }), maxRetryWaitMs: 0, sleep: async () => {} },
    );
    expect(!result.ok && result.error.suggestion).toBe(
      'Close matches: "Website relaunch", "website". Ask the user which one they mean, then call again with it exactly. Use list_projects.',
    );
  });

  it("without a pick the outputs read the whole body", async () => {
    const result = await run(undefined, "x");
    expect(result.ok && result.context.steps?.["project"]?.outputs).toEqual({});
  });

  it.each([
    ["case only", ["Alpha", "beta"], "alpha", ["Alpha"]],
    ["containment, then edits", ["Alphabet", "Alpah", "Gamma"], "Alpha", ["Alphabet", "Alpah"]],
    ["nothing close", ["Gamma"], "Alpha", []],
  ])("close values: %s", (_name, values, wanted, want) => {
    expect(closeValues(values, wanted)).toEqual(want);
  });
});
