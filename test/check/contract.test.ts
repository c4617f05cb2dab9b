// The pure check stage as tables: one contract edit → the change it yields; file drift buckets; lockfile parsing; the text report.
import { describe, expect, test } from "vitest";
import {
  checkReport,
  changeLines,
  fileDrift,
  parseLockfile,
  reportToText,
  type DiskEntry,
  type OperationRef,
} from "../../src/check/index.js";
import type { InputContract, LegacyInputContract, Lockfile, ToolContract } from "../../src/emit/lockfile.js";
import type { SchemaContract } from "../../src/emit/schema-contract.js";

const base: ToolContract = {
  title: "Get order status",
  risk: "low",
  approval: "none",
  category: "data",
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  descriptionHash: "d1",
  inputs: {
    order_id: { type: ["integer"], minimum: 1, required: true, schemaHash: "h1" },
    status: { type: ["string"], required: false, schemaHash: "h2", enum: ["open", "closed"] },
  },
  returns: {
    type: ["object"],
    fields: { id: { type: ["integer"], required: true } },
    schemaHash: "r1",
    refsHash: "x1",
  },
  operations: [{ step: "order", operationId: "getOrderById", method: "GET", path: "/store/order/{orderId}" }],
};

const SPEC: OperationRef[] = [
  { id: "getOrderById", method: "GET", path: "/store/order/{orderId}" },
  { id: "findOrders", method: "GET", path: "/orders" },
  { id: "getOrderV2", method: "GET", path: "/v2/order/{id}" },
];

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

function linesFor(
  before: Record<string, ToolContract>,
  after: Record<string, ToolContract>,
  spec: OperationRef[] = SPEC,
): string[] {
  return changeLines(checkReport({ previous: lock(before), next: lock(after), spec }));
}

const edit = (patch: Partial<ToolContract>): ToolContract => ({ ...base, ...patch });
const withInput = (name: string, value: ToolContract["inputs"][string] | undefined): ToolContract => {
  const inputs = { ...base.inputs };
  if (value === undefined) delete inputs[name];
  else inputs[name] = value;
  return edit({ inputs });
};

describe("one contract change → one line", () => {
  test.each<[string, ToolContract, string[]]>([
    ["same contract", base, []],
    [
      "new required input",
      withInput("note", { type: ["string"], required: true, schemaHash: "n" }),
      ["t: new required input `note` (string)"],
    ],
    [
      "new optional input",
      withInput("note", { type: ["string"], maxLength: 20, required: false, schemaHash: "n" }),
      ["t: new optional input `note` (string ≤20 chars)"],
    ],
    ["input removed", withInput("status", undefined), ["t: input `status` removed"]],
    [
      "a configured value the server needs now",
      edit({ config: { SHOP_ACCOUNT_SID: { required: true } } }),
      ["t: now sends the configured value `SHOP_ACCOUNT_SID`: the server does not start until the operator sets it"],
    ],
    [
      "a configured value the basic-auth user stands for",
      edit({ config: { SHOP_ACCOUNT_SID: { required: false } } }),
      ["t: now sends the configured value `SHOP_ACCOUNT_SID` (unset, the basic-auth user name stands for it)"],
    ],
    [
      "input now required",
      withInput("status", { ...base.inputs["status"]!, required: true }),
      ["t: input `status` now required"],
    ],
    [
      "input now optional",
      withInput("order_id", { ...base.inputs["order_id"]!, required: false }),
      ["t: input `order_id` now optional"],
    ],
    [
      "input type changed",
      withInput("order_id", { type: ["string"], format: "uuid", required: true, schemaHash: "h9" }),
      ["t: input `order_id` type changed: integer ≥1 → string (uuid)"],
    ],
    [
      "enum value removed and added",
      withInput("status", { type: ["string"], required: false, schemaHash: "h8", enum: ["open", "all"] }),
      ['t: input `status` no longer accepts "closed"', 't: input `status` now also accepts "all"'],
    ],
    [
      "constraints only (no keyword tells)",
      withInput("order_id", { ...base.inputs["order_id"]!, schemaHash: "h7" }),
      ["t: input `order_id` constraints changed"],
    ],
    [
      "a refsHash where the old lockfile had none",
      withInput("order_id", { ...base.inputs["order_id"]!, refsHash: "new" }),
      [],
    ],
    [
      "returns type changed",
      edit({ returns: { type: ["array"], items: { type: ["object"], ref: "Order" }, fields: {}, schemaHash: "r2" } }),
      ["t: returns type changed: object → Order[]"],
    ],
    [
      "returns shape changed behind a ref",
      edit({ returns: { ...base.returns, refsHash: "x2" } as ToolContract["returns"] }),
      ["t: returns shape changed (still object)"],
    ],
    [
      "result field added",
      edit({
        returns: {
          type: ["object"],
          fields: { id: { type: ["integer"], required: true }, note: { type: ["string"], required: false } },
          schemaHash: "r3",
        },
      }),
      ["t: new result field `note` (string)"],
    ],
    [
      "result field removed",
      edit({ returns: { type: ["object"], fields: {}, schemaHash: "r3" } }),
      ["t: result field `id` removed"],
    ],
    [
      "result field may now be absent",
      edit({ returns: { type: ["object"], fields: { id: { type: ["integer"], required: false } }, schemaHash: "r3" } }),
      ["t: result field `id` may now be absent"],
    ],
    ["risk raised", edit({ risk: "medium" }), ["t: risk raised: low → medium"]],
    ["risk raised two levels", edit({ risk: "high" }), ["t: risk raised: low → high"]],
    ["approval now required", edit({ approval: "required" }), ["t: approval now required before it runs"]],
    [
      "annotations",
      edit({ annotations: { ...base.annotations!, readOnlyHint: false, destructiveHint: true } }),
      ["t: annotations changed: readOnlyHint true → false, destructiveHint false → true"],
    ],
    ["category", edit({ category: "action" }), ["t: category changed: data → action"]],
    ["description", edit({ descriptionHash: "d2" }), ["t: description changed"]],
    [
      "old lockfile without the newer fields compares quietly",
      edit({ annotations: undefined, category: undefined, descriptionHash: undefined }),
      [],
    ],
    [
      "step now calls another operation",
      edit({ operations: [{ step: "order", operationId: "findOrders", method: "GET", path: "/orders" }] }),
      ["t: step `order` now calls findOrders (GET /orders) instead of getOrderById (GET /store/order/{orderId})"],
    ],
    [
      "operation moved",
      edit({ operations: [{ step: "order", operationId: "getOrderById", method: "GET", path: "/v2/order/{id}" }] }),
      ["t: operation getOrderById moved: GET /store/order/{orderId} → GET /v2/order/{id}"],
    ],
    [
      "step added",
      edit({
        operations: [...base.operations, { step: "more", operationId: "findOrders", method: "GET", path: "/orders" }],
      }),
      ["t: step `more` added: findOrders (GET /orders)"],
    ],
    ["step removed", edit({ operations: [] }), ["t: step `order` removed: getOrderById (GET /store/order/{orderId})"]],
    [
      "an update now refuses a call with no field to change",
      edit({ changeInputs: ["status"] }),
      [
        "t: now refuses a call that gives no field to change (it would send an empty change): an error names the fields",
      ],
    ],
  ])("%s", (_name, after, want) => {
    expect(linesFor({ t: base }, { t: after })).toEqual(want);
  });

  test("an update that no longer refuses an empty change is breaking; a hand-edited list that is none says nothing", () => {
    const report = checkReport({
      previous: lock({ t: edit({ changeInputs: ["status"] }) }),
      next: lock({ t: base }),
      spec: SPEC,
    });
    expect(report.verdict).toBe("breaking");
    expect(changeLines(report)).toEqual([
      "t: no longer refuses a call that gives no field to change: it sends an empty change and answers the unchanged record as success",
    ]);
    const odd = edit({ changeInputs: "status" as unknown as string[] });
    expect(linesFor({ t: odd }, { t: base })).toEqual([]);
  });

  test("a renamed operationId is named with its successor at the same method + path (path parameter names aside)", () => {
    const renamedSpec = [{ id: "fetchOrder", method: "GET", path: "/store/order/{id}" }];
    const after = edit({
      operations: [{ step: "order", operationId: "fetchOrder", method: "GET", path: "/store/order/{id}" }],
    });
    expect(linesFor({ t: base }, { t: after }, renamedSpec)).toEqual([
      "t: operation getOrderById is gone; GET /store/order/{orderId} is now fetchOrder",
    ]);
  });

  test("risk lowered and approval dropped are compatible; raised and required are breaking", () => {
    const report = checkReport({
      previous: lock({ t: edit({ risk: "high", approval: "required" }) }),
      next: lock({ t: base }),
      spec: SPEC,
    });
    expect(report.tools.map((t) => [t.tool, t.impact, t.changes.map((c) => c.impact)])).toEqual([
      ["t", "compatible", ["compatible", "compatible"]],
    ]);
    const raised = checkReport({
      previous: lock({ t: base }),
      next: lock({ t: edit({ risk: "high", approval: "required" }) }),
      spec: SPEC,
    });
    expect(raised.tools[0]?.changes.map((c) => [c.kind, c.impact])).toEqual([
      ["risk-raised", "breaking"],
      ["approval-changed", "breaking"],
    ]);
  });
});

/** Keyword edits of one field, each with its message and impact as an input and as a result field. */
type KeywordRow = [
  string,
  Partial<SchemaContract>,
  Partial<SchemaContract>,
  string,
  "breaking" | "compatible",
  "breaking" | "compatible",
];
const keywordRows: KeywordRow[] = [
  ["maximum raised", { maximum: 10 }, { maximum: 20 }, "maximum raised: 10 → 20", "compatible", "compatible"],
  ["maximum lowered", { maximum: 20 }, { maximum: 10 }, "maximum lowered: 20 → 10", "breaking", "compatible"],
  ["maximum removed", { maximum: 10 }, {}, "maximum removed (was 10)", "compatible", "compatible"],
  ["maximum added", {}, { maximum: 10 }, "maximum added: 10", "breaking", "compatible"],
  ["minimum lowered", { minimum: 5 }, { minimum: 1 }, "minimum lowered: 5 → 1", "compatible", "compatible"],
  ["minimum raised", { minimum: 1 }, { minimum: 5 }, "minimum raised: 1 → 5", "breaking", "compatible"],
  [
    "exclusiveMinimum raised",
    { exclusiveMinimum: 0 },
    { exclusiveMinimum: 1 },
    "exclusiveMinimum raised: 0 → 1",
    "breaking",
    "compatible",
  ],
  [
    "exclusiveMaximum raised",
    { exclusiveMaximum: 1 },
    { exclusiveMaximum: 2 },
    "exclusiveMaximum raised: 1 → 2",
    "compatible",
    "compatible",
  ],
  [
    "minLength raised",
    { type: ["string"], minLength: 1 },
    { type: ["string"], minLength: 3 },
    "minLength raised: 1 → 3",
    "breaking",
    "compatible",
  ],
  [
    "maxLength raised",
    { type: ["string"], maxLength: 254 },
    { type: ["string"], maxLength: 512 },
    "maxLength raised: 254 → 512",
    "compatible",
    "compatible",
  ],
  [
    "minItems lowered",
    { type: ["array"], minItems: 2 },
    { type: ["array"], minItems: 1 },
    "minItems lowered: 2 → 1",
    "compatible",
    "compatible",
  ],
  [
    "maxItems lowered",
    { type: ["array"], maxItems: 50 },
    { type: ["array"], maxItems: 10 },
    "maxItems lowered: 50 → 10",
    "breaking",
    "compatible",
  ],
  [
    "multipleOf to a divisor",
    { multipleOf: 10 },
    { multipleOf: 5 },
    "multipleOf changed: 10 → 5",
    "compatible",
    "compatible",
  ],
  [
    "multipleOf to a multiple",
    { multipleOf: 5 },
    { multipleOf: 10 },
    "multipleOf changed: 5 → 10",
    "breaking",
    "compatible",
  ],
  [
    "multipleOf to neither",
    { multipleOf: 3 },
    { multipleOf: 5 },
    "multipleOf changed: 3 → 5",
    "breaking",
    "compatible",
  ],
  ["enum value added", { enum: ["a"] }, { enum: ["a", "b"] }, 'now also accepts "b"', "compatible", "breaking"],
  ["enum value removed", { enum: ["a", "b"] }, { enum: ["a"] }, 'no longer accepts "b"', "breaking", "compatible"],
  ["enum dropped", { enum: ["a"] }, {}, 'accepts any value now (was "a")', "compatible", "breaking"],
  ["enum introduced", {}, { enum: ["a"] }, 'now accepts only "a"', "breaking", "compatible"],
  [
    "format added",
    { type: ["string"] },
    { type: ["string"], format: "email" },
    "format added: email",
    "breaking",
    "compatible",
  ],
  [
    "format removed",
    { type: ["string"], format: "email" },
    { type: ["string"] },
    "format removed (was email)",
    "compatible",
    "breaking",
  ],
  [
    "format changed",
    { type: ["string"], format: "email" },
    { type: ["string"], format: "uri" },
    "format changed: email → uri",
    "breaking",
    "breaking",
  ],
  [
    "pattern added",
    { type: ["string"] },
    { type: ["string"], pattern: "^O-" },
    "pattern added: ^O-",
    "breaking",
    "compatible",
  ],
  [
    "pattern removed",
    { type: ["string"], pattern: "^O-" },
    { type: ["string"] },
    "pattern removed (was ^O-)",
    "compatible",
    "compatible",
  ],
  [
    "null admitted",
    { type: ["string"] },
    { type: ["string"], nullable: true },
    "now accepts null",
    "compatible",
    "breaking",
  ],
  [
    "null no longer admitted",
    { type: ["string"], nullable: true },
    { type: ["string"] },
    "no longer accepts null",
    "breaking",
    "compatible",
  ],
  [
    "type widened",
    { type: ["integer"] },
    { type: ["number"] },
    "type widened: integer → number",
    "compatible",
    "breaking",
  ],
  [
    "type narrowed",
    { type: ["integer", "string"] },
    { type: ["string"] },
    "type narrowed: integer | string → string",
    "breaking",
    "compatible",
  ],
  [
    "type changed",
    { type: ["integer"], maximum: 9 },
    { type: ["string"] },
    "type changed: integer ≤9 → string",
    "breaking",
    "breaking",
  ],
  [
    "items bound lowered",
    { type: ["array"], items: { type: ["string"], maxLength: 10 } },
    { type: ["array"], items: { type: ["string"], maxLength: 5 } },
    "items maxLength lowered: 10 → 5",
    "breaking",
    "compatible",
  ],
  [
    "items enum value removed",
    { type: ["array"], items: { type: ["string"], enum: ["a", "b"] } },
    { type: ["array"], items: { type: ["string"], enum: ["a"] } },
    'no longer accepts "b"',
    "breaking",
    "compatible",
  ],
];

describe("configured values", () => {
  test("an input moved into configuration: the input is removed, the value now configured, both listed", () => {
    const before = withInput("account_sid", { type: ["string"], required: true, schemaHash: "a" });
    const after = edit({ config: { SHOP_ACCOUNT_SID: { required: false } } });
    const report = checkReport({ previous: lock({ t: before }), next: lock({ t: after }), spec: SPEC });
    expect(changeLines(report)).toEqual([
      "t: input `account_sid` removed",
      "t: now sends the configured value `SHOP_ACCOUNT_SID` (unset, the basic-auth user name stands for it)",
    ]);
  });

  test("a configured value no longer sent is compatible", () => {
    const report = checkReport({
      previous: lock({ t: edit({ config: { SHOP_ACCOUNT_SID: { required: true } } }) }),
      next: lock({ t: base }),
      spec: SPEC,
    });
    expect(report.tools[0]?.changes).toEqual([
      expect.objectContaining({ kind: "config-removed", impact: "compatible", from: "SHOP_ACCOUNT_SID" }),
    ]);
  });
});

describe("credentials a tool sends", () => {
  const schemes = { token: "apiKey server", bearer: "http bearer", key: "apiKey header" };
  const withSchemes = (tools: Record<string, ToolContract>, securitySchemes?: Record<string, string>): Lockfile => ({
    ...lock(tools),
    ...(securitySchemes === undefined ? {} : { securitySchemes }),
  });
  const cases: [string, string[][] | undefined, string[][] | undefined, string | undefined, string | undefined][] = [
    [
      "a credential where none was sent (Telegram's bot token in the server URL)",
      undefined,
      [["token"]],
      "t: now sends the credential `token` (apiKey server): its calls fail with UNAUTHORIZED and send nothing until the operator sets it",
      "breaking",
    ],
    [
      "no credential any more",
      [["bearer"]],
      undefined,
      "t: no longer sends a credential (was `bearer` (http bearer))",
      "compatible",
    ],
    [
      "another credential in place of the one it took",
      [["bearer"]],
      [["key"]],
      "t: now sends the credential `key` (apiKey header) (was `bearer` (http bearer)): until the operator sets it, its calls fail with UNAUTHORIZED",
      "breaking",
    ],
    [
      "a new alternative beside the old one",
      [["bearer"]],
      [["bearer"], ["key"]],
      "t: also accepts the credential `bearer` (http bearer) or `key` (apiKey header) (was `bearer` (http bearer))",
      "compatible",
    ],
    ["the same alternatives", [["bearer"], ["key"]], [["bearer"], ["key"]], undefined, undefined],
  ];
  test.each(cases)("%s", (_, before, after, line, impact) => {
    const report = checkReport({
      previous: withSchemes({ t: edit(before === undefined ? {} : { credentials: before }) }, schemes),
      next: withSchemes({ t: edit(after === undefined ? {} : { credentials: after }) }, schemes),
      spec: SPEC,
    });
    expect(changeLines(report)).toEqual(line === undefined ? [] : [line]);
    expect(report.tools[0]?.impact).toBe(impact);
  });

  test("a hand-edited lockfile's credentials that are no lists of names read as none", () => {
    const odd = { ...base, credentials: "token" } as unknown as ToolContract;
    const report = checkReport({
      previous: withSchemes({ t: odd }, schemes),
      next: withSchemes({ t: edit({ credentials: [["token"]] }) }, schemes),
      spec: SPEC,
    });
    expect(report.tools[0]?.changes.map((c) => c.kind)).toEqual(["credentials-added"]);
  });

  test("a lockfile written before credentials were recorded: no credential change is judged", () => {
    const report = checkReport({
      previous: withSchemes({ t: base }),
      next: withSchemes({ t: edit({ credentials: [["token"]] }) }, schemes),
      spec: SPEC,
    });
    expect(report.tools).toEqual([]);
  });
});

describe("a read that must find exactly one item", () => {
  const order = base.operations[0] as ToolContract["operations"][number];
  const one = edit({ operations: [{ ...order, exactlyOne: true }] });
  test.each([
    [
      "now checked: compatible",
      base,
      one,
      "t: step `order` now needs its read to find exactly one item: a search matching several is an error naming them",
      "compatible",
    ],
    [
      "no longer checked: breaking (the action may take whatever the API lists first)",
      one,
      base,
      "t: step `order` no longer checks that its read finds exactly one item: it takes the first item listed, " +
        "whichever matched",
      "breaking",
    ],
  ])("%s", (_name, before, after, line, impact) => {
    const report = checkReport({ previous: lock({ t: before }), next: lock({ t: after }), spec: SPEC });
    expect(changeLines(report)).toEqual([line]);
    expect(report.tools[0]?.changes[0]?.impact).toBe(impact);
  });
});

describe("keyword by keyword: inputs accept, results are read", () => {
  const field = (c: Partial<SchemaContract>): SchemaContract => ({ type: [], ...c });
  const asInput = (c: Partial<SchemaContract>, hash: string): ToolContract =>
    withInput("x", { ...field(c), required: true, schemaHash: hash });
  const asResult = (c: Partial<SchemaContract>, hash: string): ToolContract =>
    edit({ returns: { type: ["object"], fields: { x: { ...field(c), required: true } }, schemaHash: hash } });
  const changesOf = (before: ToolContract, after: ToolContract) =>
    checkReport({ previous: lock({ t: before }), next: lock({ t: after }), spec: SPEC }).tools.flatMap(
      (t) => t.changes,
    );

  test.each(keywordRows)("%s", (_name, before, after, text, inputImpact, resultImpact) => {
    const input = changesOf(asInput(before, "a"), asInput(after, "b"));
    expect(input.map((c) => [c.message, c.impact])).toEqual([[`input \`x\` ${text}`, inputImpact]]);
    const result = changesOf(asResult(before, "a"), asResult(after, "b"));
    expect(result.map((c) => c.impact)).toEqual([resultImpact]);
    expect(result[0]?.message).toMatch(/^result field `x` /);
  });

  test("results are worded from the reader's side", () => {
    const result = changesOf(asResult({ enum: ["a"] }, "a"), asResult({ enum: ["a", "b"], nullable: true }, "b"));
    expect(result.map((c) => c.message)).toEqual([
      "result field `x` can now be null",
      'result field `x` can now also be "b"',
    ]);
  });

  test("the change names its keyword and values for --json readers", () => {
    const [change] = changesOf(asInput({ maximum: 10 }, "a"), asInput({ maximum: 20 }, "b"));
    expect(change).toMatchObject({ kind: "input-widened", keyword: "maximum", from: "10", to: "20", input: "x" });
  });
});

describe("lockfiles written before per-keyword contracts", () => {
  const legacy = (input: LegacyInputContract): ToolContract => withInput("order_id", input);
  const fresh: InputContract = {
    type: ["integer"],
    format: "int64",
    minimum: 1,
    maximum: 9999999,
    required: true,
    schemaHash: "new",
  };

  test("an input whose schema hashes the same reports nothing, whatever its phrase", () => {
    expect(
      linesFor(
        { t: legacy({ type: "int64 integer, at least 1", required: true, schemaHash: "new" }) },
        { t: withInput("order_id", fresh) },
      ),
    ).toEqual([]);
  });

  test("a changed schema is judged by its phrase, and the message says why", () => {
    const lines = linesFor(
      { t: legacy({ type: "integer (int64) ≥1 ≤999999", required: true, schemaHash: "old" }) },
      { t: withInput("order_id", fresh) },
    );
    expect(lines).toEqual([
      "t: input `order_id` type changed: integer (int64) ≥1 ≤999999 → integer (int64) ≥1 ≤9999999 (the lockfile predates per-keyword contracts, so this is judged by the type phrase; regenerate to record them)",
    ]);
  });

  test("a changed schema with the same phrase is a compatible constraints change", () => {
    expect(
      linesFor(
        { t: legacy({ type: "integer (int64) ≥1 ≤9999999", required: true, schemaHash: "old" }) },
        { t: withInput("order_id", fresh) },
      ),
    ).toEqual(["t: input `order_id` constraints changed"]);
  });

  test("returns locked as a phrase compare by hash first", () => {
    const old = edit({ returns: { type: "Order", schemaHash: "r1", refsHash: "x1" } });
    expect(linesFor({ t: old }, { t: base })).toEqual([]);
    expect(linesFor({ t: edit({ returns: { type: "Order", schemaHash: "r0" } }) }, { t: base })[0]).toMatch(
      /^t: returns type changed: Order → object \(the lockfile predates/,
    );
  });
});

describe("tools added, removed, renamed", () => {
  const other: ToolContract = edit({
    title: "List orders",
    operations: [{ step: "list", operationId: "findOrders", method: "GET", path: "/orders" }],
  });

  test("a removed and an added tool binding the same operations are one rename; others stay added/removed", () => {
    const report = checkReport({
      previous: lock({ get_order: base, list_orders: other }),
      next: lock({ order_status: base, search: edit({ operations: [] }) }),
      spec: SPEC,
    });
    expect(report.tools.map((t) => [t.tool, t.status, t.renamedFrom ?? "", t.impact])).toEqual([
      ["list_orders", "removed", "", "breaking"],
      ["order_status", "renamed", "get_order", "breaking"],
      ["search", "added", "", "compatible"],
    ]);
    expect(changeLines(report)).toEqual([
      "list_orders: tool removed",
      "order_status: renamed from `get_order` (same operations); calls to `get_order` break",
      "search: new tool (low risk; inputs: `order_id`, `status`)",
    ]);
  });

  test("when the fresh plan failed, only what became of the locked operations is reported", () => {
    const report = checkReport({
      previous: lock({ a: base, b: other }),
      spec: [{ id: "listOrders", method: "GET", path: "/orders" }],
    });
    expect(report.complete).toBe(false);
    expect(changeLines(report)).toEqual([
      "a: operation getOrderById is gone; nothing serves GET /store/order/{orderId} any more",
      "b: operation findOrders is gone; GET /orders is now listOrders",
    ]);
  });
});

describe("file drift", () => {
  const file = (sha256: string): DiskEntry => ({ kind: "file", sha256 });
  const missing: DiskEntry = { kind: "missing" };

  test.each<
    [string, Record<string, string>, Record<string, string>, Record<string, DiskEntry>, Record<string, string[]>]
  >([
    ["unchanged", { a: "1" }, { a: "1", "aci.lock.json": "L" }, { a: file("1"), "aci.lock.json": file("L") }, {}],
    [
      "content changes",
      { a: "1" },
      { a: "2", "aci.lock.json": "L" },
      { a: file("1"), "aci.lock.json": file("L") },
      { changed: ["a"] },
    ],
    [
      "lockfile only",
      { a: "1" },
      { a: "1", "aci.lock.json": "L2" },
      { a: file("1"), "aci.lock.json": file("L") },
      { changed: ["aci.lock.json"] },
    ],
    ["added", {}, { b: "1" }, { b: missing }, { added: ["b"] }],
    ["added over a user file", {}, { b: "1" }, { b: file("9") }, { blocked: ["b"] }],
    ["removed", { a: "1" }, {}, { a: file("1") }, { removed: ["a"] }],
    ["removed but edited: kept, reported", { a: "1" }, {}, { a: file("5") }, { edited: ["a"] }],
    ["edited and changed", { a: "1" }, { a: "2" }, { a: file("5") }, { edited: ["a"], changed: ["a"] }],
    ["a link where a file was", { a: "1" }, { a: "1" }, { a: { kind: "other" } }, { edited: ["a"] }],
    ["deleted by hand", { a: "1" }, { a: "1" }, { a: missing }, { missing: ["a"] }],
  ])("%s", (_name, locked, fresh, disk, want) => {
    const empty = { changed: [], added: [], removed: [], edited: [], missing: [], blocked: [] };
    expect(fileDrift({ locked, fresh, disk })).toEqual({ ...empty, ...want });
  });
});

describe("parseLockfile", () => {
  test.each([
    ["[]", /not a JSON object/],
    ['{"lockfileVersion":1,"files":{"a":1},"tools":{}}', /"files" is not a map/],
    [
      '{"lockfileVersion":1,"files":{},"tools":{"t":{"risk":"low","approval":"none","title":"T","inputs":{"x":{"type":"string"}},"returns":{"type":"object","schemaHash":"h"},"operations":[]}}}',
      /tool "t"/,
    ],
  ])("%s is refused", (text, reason) => {
    const parsed = parseLockfile(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  test("a lockfile whose result fields nest 20,000 deep is refused with where, not walked to a stack overflow", () => {
    // Written as text: JSON.stringify itself recurses.
    const open = '{"type":["object"],"required":true,"fields":{"f":';
    const field = `${open.repeat(20_000)}{"type":["string"],"required":true}${"}}".repeat(20_000)}`;
    const returns = {
      type: ["object"],
      schemaHash: "r1",
      fields: { f: "FIELD" },
    } as unknown as ToolContract["returns"];
    const text = JSON.stringify(lock({ t: edit({ returns }) })).replace('"FIELD"', field);
    const parsed = parseLockfile(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.reason).toMatch(
        /^it nests more than 512 levels deep \(at \/tools\/t\/returns\/fields\/f\/fields\/f\//,
      );
  });

  test("a lockfile whose types are display phrases is accepted", () => {
    const old = edit({
      inputs: { order_id: { type: "integer ≥1", required: true, schemaHash: "h1" } },
      returns: { type: "object", schemaHash: "r1" },
    });
    expect(parseLockfile(JSON.stringify(lock({ t: old }))).ok).toBe(true);
  });

  test("a keyword-typed returns without its fields is refused", () => {
    const { fields: _f, ...returns } = base.returns as { fields: unknown };
    const parsed = parseLockfile(JSON.stringify(lock({ t: { ...base, returns } as unknown as ToolContract })));
    expect(parsed.ok).toBe(false);
  });

  test("a lockfile without the newer optional fields is accepted", () => {
    const { annotations: _a, category: _c, descriptionHash: _d, ...old } = base;
    expect(parseLockfile(JSON.stringify(lock({ t: old }))).ok).toBe(true);
  });
});

describe("text report", () => {
  test("summary, per-tool groups with impact markers, files by name", () => {
    const report = checkReport({
      previous: lock({ t: base }),
      next: lock({ t: withInput("status", { ...base.inputs["status"]!, required: true }) }),
      spec: SPEC,
      files: {
        changed: ["src/tools/t.ts"],
        added: [],
        removed: [],
        edited: [],
        missing: ["README.md"],
        blocked: ["src/tools/u.ts"],
      },
    });
    expect(reportToText(report, "out")).toBe(
      [
        "breaking: 1 tool changed: 1 breaking, 0 compatible; 2 files would change",
        "",
        "t (changed, breaking)",
        "  BREAKING    input `status` now required",
        "",
        "2 files would change (1 changed, 1 deleted by hand, would be written again):",
        "  changed   src/tools/t.ts",
        "  missing   README.md",
        "",
        "1 file aci-gen did not write stand where it would write (generate will refuse):",
        "  blocked   src/tools/u.ts",
        "",
      ].join("\n"),
    );
  });
});
