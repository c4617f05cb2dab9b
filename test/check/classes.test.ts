// Change classes as tables: docs-only vs compatible vs breaking with old → new values; nested result fields; verdicts and
// exit codes; goals that no longer plan (their errors sorted to goals, the goals document without them).
import { describe, expect, test } from "vitest";
import { loadGoals } from "../../src/goals/index.js";
import {
  checkReport,
  errorsByGoal,
  goalPlaces,
  VERDICT_EXIT,
  withoutGoals,
  type ContractChange,
  type OperationRef,
} from "../../src/check/index.js";
import type { Diagnostic } from "../../src/diagnostics/types.js";
import type { FieldContract, InputContract, Lockfile, ToolContract } from "../../src/emit/lockfile.js";

const limit: InputContract = {
  type: ["integer"],
  minimum: 1,
  maximum: 100,
  default: 10,
  description: "Most items per page.",
  required: false,
  schemaHash: "s1",
  shapeHash: "p1",
};

const query: InputContract = { type: ["string"], maxLength: 50, required: false, schemaHash: "q1", shapeHash: "q1" };

const field = (patch: Partial<FieldContract> = {}): FieldContract => ({ type: ["string"], required: true, ...patch });

const base: ToolContract = {
  title: "List orders",
  risk: "low",
  approval: "none",
  descriptionHash: "d1",
  inputs: { limit, q: query },
  returns: {
    type: ["object"],
    fields: {
      order: field({ type: ["object"], fields: { id: field(), status: field({ enum: ["open", "closed"] }) } }),
    },
    schemaHash: "r1",
    shapeHash: "q1",
  },
  operations: [{ step: "list", operationId: "listOrders", method: "GET", path: "/orders" }],
};

const SPEC: OperationRef[] = [{ id: "listOrders", method: "GET", path: "/orders" }];

function lock(tools: Record<string, ToolContract>): Lockfile {
  return {
    lockfileVersion: 1,
    generator: { name: "aci-gen", version: "0" },
    toolset: "t",
    inputs: {},
    files: {},
    tools,
  };
}

function changes(now: ToolContract): Pick<ContractChange, "impact" | "message" | "from" | "to">[] {
  const report = checkReport({ previous: lock({ t: base }), next: lock({ t: now }), spec: SPEC });
  return report.tools.flatMap((t) => t.changes.map(({ impact, message, from, to }) => ({ impact, message, from, to })));
}

const withLimit = (patch: Partial<InputContract>): ToolContract => ({
  ...base,
  inputs: { ...base.inputs, limit: { ...limit, ...patch } },
});
const withOrder = (fields: Record<string, FieldContract>): ToolContract => ({
  ...base,
  returns: {
    ...base.returns,
    fields: { order: field({ type: ["object"], fields }) },
    schemaHash: "r2",
    shapeHash: "q2",
  },
});

describe("docs-only, compatible or breaking, with old → new", () => {
  test.each<[string, ToolContract, Pick<ContractChange, "impact" | "message" | "from" | "to">[]]>([
    [
      "default changed",
      withLimit({ default: 20, schemaHash: "s2", shapeHash: "p2" }),
      [{ impact: "compatible", message: "input `limit` default changed: 10 → 20", from: "10", to: "20" }],
    ],
    [
      "default removed",
      withLimit({ default: undefined, schemaHash: "s2", shapeHash: "p2" }),
      [{ impact: "compatible", message: "input `limit` default removed (was 10)", from: "10", to: undefined }],
    ],
    [
      "maximum raised",
      withLimit({ maximum: 200, schemaHash: "s2", shapeHash: "p2" }),
      [{ impact: "compatible", message: "input `limit` maximum raised: 100 → 200", from: "100", to: "200" }],
    ],
    [
      "maxLength raised",
      { ...base, inputs: { ...base.inputs, q: { ...query, maxLength: 100, schemaHash: "q2", shapeHash: "q2" } } },
      [{ impact: "compatible", message: "input `q` maxLength raised: 50 → 100", from: "50", to: "100" }],
    ],
    [
      "maxLength lowered",
      { ...base, inputs: { ...base.inputs, q: { ...query, maxLength: 20, schemaHash: "q2", shapeHash: "q2" } } },
      [{ impact: "breaking", message: "input `q` maxLength lowered: 50 → 20", from: "50", to: "20" }],
    ],
    [
      "description only: docs, with both texts",
      withLimit({ description: "The most items one page holds.", schemaHash: "s2" }),
      [
        {
          impact: "docs",
          message: 'input `limit` description changed: "Most items per page." → "The most items one page holds."',
          from: "Most items per page.",
          to: "The most items one page holds.",
        },
      ],
    ],
    [
      "an example only (same shape, other schema hash): docs",
      withLimit({ schemaHash: "s2" }),
      [
        {
          impact: "docs",
          message: "input `limit` examples or nested descriptions changed",
          from: undefined,
          to: undefined,
        },
      ],
    ],
    [
      "a nested change no keyword shows (other shape hash): compatible",
      withLimit({ schemaHash: "s2", shapeHash: "p2" }),
      [{ impact: "compatible", message: "input `limit` constraints changed", from: undefined, to: undefined }],
    ],
    [
      "returns documentation only: docs",
      { ...base, returns: { ...base.returns, schemaHash: "r2" } },
      [
        {
          impact: "docs",
          message: "returns documentation changed (descriptions or examples; still object)",
          from: undefined,
          to: undefined,
        },
      ],
    ],
    [
      "title and description: docs",
      { ...base, title: "List the orders", descriptionHash: "d2" },
      [
        {
          impact: "docs",
          message: 'title changed: "List orders" → "List the orders"',
          from: "List orders",
          to: "List the orders",
        },
        { impact: "docs", message: "description changed", from: undefined, to: undefined },
      ],
    ],
    [
      "a nested result field removed: breaking",
      withOrder({ status: field({ enum: ["open", "closed"] }) }),
      [{ impact: "breaking", message: "result field `order.id` removed", from: "string", to: undefined }],
    ],
    [
      "a nested result field added: compatible",
      withOrder({ id: field(), status: field({ enum: ["open", "closed"] }), note: field({ required: false }) }),
      [{ impact: "compatible", message: "new result field `order.note` (string)", from: undefined, to: "string" }],
    ],
    [
      "a nested result field gains a value: breaking",
      withOrder({ id: field(), status: field({ enum: ["open", "closed", "held"] }) }),
      [
        {
          impact: "breaking",
          message: 'result field `order.status` can now also be "held"',
          from: undefined,
          to: '"held"',
        },
      ],
    ],
    [
      "a nested result field may now be absent: breaking",
      withOrder({ id: field({ required: false }), status: field({ enum: ["open", "closed"] }) }),
      [{ impact: "breaking", message: "result field `order.id` may now be absent", from: undefined, to: undefined }],
    ],
  ])("%s", (_name, now, want) => {
    expect(changes(now)).toEqual(want);
  });
});

describe("nested input fields, read from the caller's side", () => {
  const pet: InputContract = {
    type: ["object"],
    ref: "Pet",
    required: true,
    fields: {
      name: field({ maxLength: 40 }),
      tags: field({ type: ["array"], required: false, items: { type: ["object"] }, fields: { label: field() } }),
    },
    schemaHash: "p1",
    shapeHash: "p1",
  };
  const withPet = (patch: Partial<InputContract>): ToolContract => ({
    ...base,
    inputs: { ...base.inputs, pet: { ...pet, ...patch, schemaHash: "p2", shapeHash: "p2" } },
  });
  const was: ToolContract = { ...base, inputs: { ...base.inputs, pet } };
  const lines = (now: ToolContract): string[] =>
    checkReport({ previous: lock({ t: was }), next: lock({ t: now }), spec: SPEC }).tools.flatMap((t) =>
      t.changes.map((c) => `${c.impact} ${c.message}`),
    );

  test.each<[string, Partial<InputContract>, string[]]>([
    [
      "a required field added: breaking",
      { fields: { ...pet.fields, species: field() } },
      ["breaking new required input field `pet.species` (string)"],
    ],
    [
      "an optional field added: compatible",
      { fields: { ...pet.fields, species: field({ required: false }) } },
      ["compatible new optional input field `pet.species` (string)"],
    ],
    [
      "a field removed: breaking",
      { fields: { name: field({ maxLength: 40 }) } },
      ["breaking input field `pet.tags` removed"],
    ],
    [
      "a field made required, a bound lowered: breaking, each named",
      { fields: { ...pet.fields, name: field({ maxLength: 20 }), tags: { ...pet.fields!["tags"]!, required: true } } },
      ["breaking input field `pet.name` maxLength lowered: 40 → 20", "breaking input field `pet.tags` now required"],
    ],
    [
      "a field of each list item made optional: compatible, with its list path",
      { fields: { ...pet.fields, tags: { ...pet.fields!["tags"]!, fields: { label: field({ required: false }) } } } },
      ["compatible input field `pet.tags[].label` now optional"],
    ],
    [
      "a change below the recorded fields: the shape line, as before",
      {},
      ["compatible input `pet` constraints changed"],
    ],
  ])("%s", (_, patch, expected) => {
    expect(lines(withPet(patch))).toEqual(expected);
  });

  test("a lockfile written before inputs recorded their fields: the shape line, not every field as new", () => {
    const { fields: _, ...older } = pet;
    const before: ToolContract = { ...base, inputs: { ...base.inputs, pet: older } };
    const now = withPet({ fields: { ...pet.fields, species: field() } });
    const report = checkReport({ previous: lock({ t: before }), next: lock({ t: now }), spec: SPEC });
    expect(report.tools.flatMap((t) => t.changes.map((c) => `${c.impact} ${c.message}`))).toEqual([
      "compatible input `pet` constraints changed",
    ]);
  });
});

describe("verdict and exit code", () => {
  const report = (now: ToolContract | undefined, files = false) =>
    checkReport({
      previous: lock({ t: base }),
      next: lock(now === undefined ? {} : { t: now }),
      spec: SPEC,
      files: { changed: files ? ["aci.lock.json"] : [], added: [], removed: [], edited: [], missing: [], blocked: [] },
    });

  test.each<[string, () => ReturnType<typeof checkReport>, string, number]>([
    ["nothing changed", () => report(base), "unchanged", 0],
    ["only the lockfile would change", () => report(base, true), "compatible", 1],
    ["a description", () => report({ ...base, descriptionHash: "d2" }), "docs-only", 1],
    ["a default", () => report(withLimit({ default: 20, schemaHash: "s2", shapeHash: "p2" })), "compatible", 1],
    ["a tool removed", () => report(undefined), "breaking", 1],
    [
      "the plan failed and no goal owns the error",
      () => checkReport({ previous: lock({ t: base }), spec: SPEC }),
      "could-not-judge",
      2,
    ],
    [
      "a goal no longer plans",
      () =>
        checkReport({
          previous: lock({ t: base }),
          spec: [],
          unplannable: [{ tool: "t", diagnostics: [error("PLAN_UNBOUND_PARAMETER", "/goals/0/steps/0")] }],
        }),
      "breaking",
      1,
    ],
  ])("%s", (_name, build, verdict, exit) => {
    const r = build();
    expect(r.verdict).toBe(verdict);
    expect(VERDICT_EXIT[r.verdict]).toBe(exit);
  });

  test("a goal that no longer plans: breaking, by tool, with the operation gone, the fix and the goals-file place", () => {
    const r = checkReport({
      previous: lock({ t: base }),
      spec: [],
      unplannable: [
        {
          tool: "t",
          steps: { list: "/goals/0/steps/0" },
          diagnostics: [error("PLAN_UNKNOWN_OPERATION", "/goals/0/steps/0"), error("PLAN_OTHER", "/goals/0/returns/x")],
        },
      ],
    });
    expect(r.complete).toBe(false);
    expect(r.tools).toEqual([
      {
        tool: "t",
        status: "unplannable",
        impact: "breaking",
        changes: [
          {
            kind: "operation-gone",
            impact: "breaking",
            message: "operation listOrders is gone; nothing serves GET /orders any more",
            step: "list",
            from: "listOrders",
            fix: 'bind step "list" to another operation, or remove the goal',
            at: { file: "goals.yaml", line: 3, column: 5, pointer: "/goals/0/steps/0" },
          },
          {
            kind: "tool-unplannable",
            impact: "breaking",
            message: "no longer plans: PLAN_OTHER at /goals/0/returns/x",
            fix: "fix PLAN_OTHER",
            code: "PLAN_OTHER",
            at: { file: "goals.yaml", line: 3, column: 5, pointer: "/goals/0/returns/x" },
          },
        ],
      },
    ]);
  });
});

describe("goals that no longer plan", () => {
  const goals = [
    { name: "a", pointer: "/goals/0" },
    { name: "b", pointer: "/goals/1" },
  ];

  test("errors go to the goal whose pointer holds them; the rest (other files, no pointer) stay unowned", () => {
    const inA = error("X", "/goals/0/steps/1");
    const inB = error("Y", "/goals/1");
    const notAGoal = error("Z", "/goals/10/steps/0");
    const spec = { ...error("S", "/paths"), file: "spec.yaml" };
    const { byGoal, rest } = errorsByGoal([inA, inB, notAGoal, spec], goals, "goals.yaml");
    expect(Object.fromEntries(byGoal)).toEqual({ a: [inA], b: [inB] });
    expect(rest).toEqual([notAGoal, spec]);
  });

  test("the goals document without some goals; a pointer that names no list item gives nothing", () => {
    const document = { aci: 1, goals: [{ name: "a" }, { name: "b" }, { name: "c" }] };
    expect(withoutGoals(document, ["/goals/0", "/goals/2"])).toEqual({ aci: 1, goals: [{ name: "b" }] });
    expect(withoutGoals({ arazzo: "1.0.1", workflows: [1, 2] }, ["/workflows/1"])).toEqual({
      arazzo: "1.0.1",
      workflows: [1],
    });
    expect(withoutGoals(document, ["/goals"])).toBeUndefined();
    expect(withoutGoals(document, ["/other/0"])).toBeUndefined();
  });
});

function error(code: string, pointer: string): Diagnostic {
  return {
    code,
    severity: "error",
    message: `${code} at ${pointer}`,
    hint: `fix ${code}`,
    file: "goals.yaml",
    pointer,
    line: 3,
    column: 5,
  };
}

describe("where a change shows in the goals file", () => {
  test("the goal, each input at its first binding in the steps, the returns", async () => {
    const file = "examples/goals/petstore.goals.yaml";
    const loaded = await loadGoals(file);
    const goal = loaded.goals?.goals.find((g) => g.name === "find_customer_open_orders");
    expect(goal).toBeDefined();
    expect(goalPlaces(goal!)).toEqual({
      at: { file, line: 9, column: 5, pointer: "/goals/0" },
      inputs: {
        email: { file, line: 16, column: 19, pointer: "/goals/0/steps/0/params/email" },
        limit: { file, line: 23, column: 11, pointer: "/goals/0/steps/1/params/limit" },
      },
      returns: { file, line: 25, column: 5, pointer: "/goals/0/returns" },
    });
  });

  test("a change of an input is placed at the input, a result change at the returns, the tool at its goal", () => {
    const at = (line: number) => ({ file: "g.yaml", line, column: 1 });
    const r = checkReport({
      previous: lock({ t: base }),
      next: lock({
        t: { ...withLimit({ default: 20, schemaHash: "s2", shapeHash: "p2" }), returns: withOrder({}).returns },
      }),
      spec: SPEC,
      goals: { t: { at: at(1), inputs: { limit: at(2) }, returns: at(3) } },
    });
    expect(r.tools.map((t) => [t.at?.line, ...t.changes.map((c) => c.at?.line)])).toEqual([[1, 2, 3, 3]]);
  });
});
