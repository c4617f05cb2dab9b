// `aci-gen check` end to end: (old spec/goals, new spec/goals) pairs from the petstore example → exact contract diff lines and exit codes.
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { VERDICT_EXIT } from "../../src/check/index.js";
import {
  applyEdits,
  cli,
  dropGoal,
  petstoreCopy,
  removeDir,
  snapshotTree,
  tempDir,
  type Edit,
} from "../fixtures/check/harness.js";

interface ContractChangeLine {
  readonly impact: string;
  readonly message: string;
  readonly input?: string;
}

interface Case {
  /** Edits making the state --out was generated from; none means the example as it is. */
  readonly old?: { spec?: Edit[]; goals?: Edit[] };
  readonly now: { spec?: Edit[]; goals?: Edit[] };
  readonly code: 0 | 1 | 2;
  /** Every change, as `tool: message`, in report order. */
  readonly lines: readonly string[];
  /** The impact of each change, in the same order, where the case is about it. */
  readonly impacts?: readonly ("breaking" | "compatible" | "docs")[];
  /** The verdict, where the case is about it (every case checks that the exit code is the verdict's). */
  readonly verdict?: string;
  /** Fixes given with the changes, in order, where the case is about them. */
  readonly fixes?: readonly string[];
}

const LIMIT_REQUIRED: Edit = {
  from: "      description: Maximum number of items per page.\n",
  to: "      description: Maximum number of items per page.\n      required: true\n",
};
const STATUS_AS_INPUT: Edit = { from: "          status: [available]\n", to: "          status: $inputs.status\n" };
const PET_STATUS_ENUM = "              enum: [available, pending, sold]\n            default: [available]";
const CURSOR_INPUT: Edit = {
  from: "          limit: $inputs.limit\n        outputs: { items",
  to: "          limit: $inputs.limit\n          cursor: $inputs.cursor\n        outputs: { items",
};
const EMAIL_PARAM =
  "        - name: email\n          in: query\n          description: The email address, matched case-insensitively.\n";
const ORDER_STATUS_FIELD =
  "        status:\n          type: string\n          description: Order status.\n          enum: [placed, approved, delivered, cancelled]\n          default: placed\n          examples: [placed]\n";

const cases: [string, Case][] = [
  ["no change", { now: {}, code: 0, lines: [] }],
  [
    "a parameter becomes required",
    { now: { spec: [LIMIT_REQUIRED] }, code: 1, lines: ["find_customer_open_orders: input `limit` now required"] },
  ],
  [
    "an operationId renamed, the goal binds it by method + path",
    {
      now: { spec: [{ from: "operationId: listUserOrders", to: "operationId: findUserOrders" }] },
      code: 1,
      lines: [
        "find_customer_open_orders: operation listUserOrders is gone; GET /users/{userId}/orders is now findUserOrders",
      ],
    },
  ],
  [
    "an operationId renamed, the goal names it (the goal no longer plans: breaking, saying where it went)",
    {
      now: { spec: [{ from: "operationId: getUserByEmail", to: "operationId: findUserByEmail" }] },
      code: 1,
      verdict: "breaking",
      lines: [
        "adopt_pet: operation getUserByEmail is gone; GET /users/by-email is now findUserByEmail",
        "find_customer_open_orders: operation getUserByEmail is gone; GET /users/by-email is now findUserByEmail",
      ],
      fixes: [
        'bind step "customer" to findUserByEmail, the operation now at the same method and path',
        'bind step "customer" to findUserByEmail, the operation now at the same method and path',
      ],
    },
  ],
  [
    "a required parameter added to a goal's operation (the goals no longer plan: breaking, by tool)",
    {
      now: {
        spec: [
          {
            from: "            maxLength: 254\n          example: ada@example.com\n",
            to: "            maxLength: 254\n          example: ada@example.com\n        - name: tenant\n          in: query\n          required: true\n          schema: { type: string }\n",
          },
        ],
      },
      code: 1,
      verdict: "breaking",
      lines: [
        'adopt_pet: no longer plans: step "customer" does not bind the required query parameter "tenant" of getUserByEmail',
        'find_customer_open_orders: no longer plans: step "customer" does not bind the required query parameter "tenant" of getUserByEmail',
      ],
      impacts: ["breaking", "breaking"],
      fixes: [
        'add params: { tenant: $inputs.tenant } (or an earlier step\'s output) to step "customer"',
        'add params: { tenant: $inputs.tenant } (or an earlier step\'s output) to step "customer"',
      ],
    },
  ],
  [
    "a parameter a goal binds removed (the goals no longer plan: breaking, by tool)",
    {
      now: { spec: [{ from: EMAIL_PARAM, to: EMAIL_PARAM.replace("name: email", "name: mail") }] },
      code: 1,
      verdict: "breaking",
      lines: [
        'adopt_pet: no longer plans: step "customer" does not bind the required query parameter "mail" of getUserByEmail',
        'adopt_pet: no longer plans: step "customer" binds "email", which getUserByEmail does not have',
        'find_customer_open_orders: no longer plans: step "customer" does not bind the required query parameter "mail" of getUserByEmail',
        'find_customer_open_orders: no longer plans: step "customer" binds "email", which getUserByEmail does not have',
      ],
    },
  ],
  [
    "a response field a goal returns removed (the goals no longer plan: breaking, by tool)",
    {
      now: { spec: [{ from: ORDER_STATUS_FIELD, to: "" }] },
      code: 1,
      verdict: "breaking",
      lines: [
        'adopt_pet: no longer plans: "$response.body#/status": the 201 response of placeOrder has no "status" at /status',
        "find_customer_open_orders: result field `orders[].status` removed",
        'get_order_status: no longer plans: "$response.body#/status": the 200 response of getOrderById has no "status" at /status',
      ],
      impacts: ["breaking", "breaking", "breaking"],
    },
  ],
  [
    "an operation removed from the spec (its goal no longer plans: breaking)",
    {
      now: {
        spec: [
          { from: "operationId: getOrderById", to: "operationId: getOrderById\n      deprecated: true" },
          (t) =>
            t.replace(
              /\n    get:\n      tags: \[store\]\n      operationId: getOrderById[\s\S]*?(?=\n    delete:)/,
              "",
            ),
        ],
      },
      code: 1,
      verdict: "breaking",
      lines: ["get_order_status: operation getOrderById is gone; nothing serves GET /store/order/{orderId} any more"],
      fixes: ['bind step "order" to another operation, or remove the goal'],
    },
  ],
  [
    "a new goal that does not plan: not a change of a locked tool, so not judged (exit 2)",
    {
      now: {
        goals: [
          (t) =>
            `${t}\n  - name: find_invoices\n    description: Find invoices.\n    use_when: The user asks for invoices.\n    not_for: Orders (use get_order_status).\n    steps:\n      - id: list\n        operation: listInvoices\n`,
        ],
      },
      code: 2,
      verdict: "could-not-judge",
      lines: [],
    },
  ],
  [
    "a goals file that does not parse: not judged (exit 2)",
    { now: { goals: [{ from: "aci: 1", to: "aci: 1\nbogus: [" }] }, code: 2, verdict: "could-not-judge", lines: [] },
  ],
  [
    "an input's type changes",
    {
      now: {
        spec: [
          {
            from: "      schema:\n        type: integer\n        format: int64\n        minimum: 1\n        maximum: 999999\n",
            to: "      schema:\n        type: string\n        format: uuid\n",
          },
        ],
      },
      code: 1,
      lines: [
        "cancel_order: input `order_id` type changed: integer (int64) ≥1 ≤999999 → string (uuid) ≥1 chars",
        "get_order_status: input `order_id` type changed: integer (int64) ≥1 ≤999999 → string (uuid) ≥1 chars",
        "get_order_status: result field `order_id` type changed: integer (int64) ≥1 ≤999999 → string (uuid) ≥1 chars",
      ],
    },
  ],
  [
    "an input's bound widened: compatible",
    {
      now: {
        spec: [
          {
            from: "        minimum: 1\n        maximum: 999999\n",
            to: "        minimum: 1\n        maximum: 9999999\n",
          },
        ],
      },
      code: 1,
      lines: [
        "cancel_order: input `order_id` maximum raised: 999999 → 9999999",
        "get_order_status: input `order_id` maximum raised: 999999 → 9999999",
        "get_order_status: result field `order_id` maximum raised: 999999 → 9999999",
      ],
      impacts: ["compatible", "compatible", "compatible"],
    },
  ],
  [
    "an input's bound narrowed: breaking",
    {
      now: {
        spec: [
          { from: "        minimum: 1\n        maximum: 999999\n", to: "        minimum: 1\n        maximum: 99999\n" },
        ],
      },
      code: 1,
      lines: [
        "cancel_order: input `order_id` maximum lowered: 999999 → 99999",
        "get_order_status: input `order_id` maximum lowered: 999999 → 99999",
        "get_order_status: result field `order_id` maximum lowered: 999999 → 99999",
      ],
      impacts: ["breaking", "breaking", "compatible"],
    },
  ],
  [
    "an enum loses a value",
    {
      old: { goals: [STATUS_AS_INPUT] },
      now: {
        goals: [STATUS_AS_INPUT],
        spec: [{ from: PET_STATUS_ENUM, to: PET_STATUS_ENUM.replace("pending, sold", "pending") }],
      },
      code: 1,
      lines: ['find_available_pets: input `status` no longer accepts "sold"'],
    },
  ],
  [
    "an enum gains a value",
    {
      old: { goals: [STATUS_AS_INPUT] },
      now: {
        goals: [STATUS_AS_INPUT],
        spec: [{ from: PET_STATUS_ENUM, to: PET_STATUS_ENUM.replace("sold", "sold, reserved") }],
      },
      code: 1,
      lines: ['find_available_pets: input `status` now also accepts "reserved"'],
    },
  ],
  [
    "a goal's risk lowered (and its approval with it)",
    {
      now: {
        goals: [
          { from: "  - name: cancel_order\n", to: "  - name: cancel_order\n    risk: medium\n    approval: none\n" },
        ],
      },
      code: 1,
      lines: ["cancel_order: risk lowered: high → medium", "cancel_order: approval no longer required"],
    },
  ],
  [
    "a goal's risk raised",
    {
      now: { goals: [{ from: "  - name: get_order_status\n", to: "  - name: get_order_status\n    risk: high\n" }] },
      code: 1,
      lines: ["get_order_status: risk raised: low → high", "get_order_status: approval now required before it runs"],
    },
  ],
  [
    "a tool removed",
    { now: { goals: [dropGoal("get_order_status")] }, code: 1, lines: ["get_order_status: tool removed"] },
  ],
  [
    "a tool added",
    {
      old: { goals: [dropGoal("get_order_status")] },
      now: {},
      code: 1,
      lines: ["get_order_status: new tool (low risk; inputs: `order_id`)"],
    },
  ],
  [
    "a tool renamed (same operations)",
    {
      now: { goals: [{ from: "  - name: get_pet_details", to: "  - name: show_pet" }] },
      code: 1,
      lines: [
        "show_pet: renamed from `get_pet_details` (same operations); calls to `get_pet_details` break",
        'show_pet: title changed: "Get pet details" → "Show pet"',
      ],
    },
  ],
  [
    "an optional input added",
    {
      now: {
        goals: [
          {
            from: "          limit: $inputs.limit\n        outputs: { items",
            to: "          limit: $inputs.limit\n          cursor: $inputs.cursor\n        outputs: { items",
          },
        ],
      },
      code: 1,
      lines: ["find_customer_open_orders: new optional input `cursor` (string ≤200 chars)"],
    },
  ],
  [
    "a step removed",
    {
      now: {
        goals: [
          {
            from: "      - id: pet\n        operation: getPetById\n        params: { petId: $inputs.pet_id }\n        outputs: { status: $response.body#/status }\n",
            to: "",
          },
        ],
      },
      code: 1,
      lines: [
        'adopt_pet: input `pet_id` description removed (was "ID of the pet.")',
        "adopt_pet: step `pet` removed: getPetById (GET /pet/{petId})",
      ],
    },
  ],
  [
    "a description changed",
    {
      now: {
        goals: [
          {
            from: "description: Get one pet's details by its id.",
            to: "description: Get one pet's details (name, status, price) by its id.",
          },
        ],
      },
      code: 1,
      verdict: "docs-only",
      lines: ["get_pet_details: description changed"],
      impacts: ["docs"],
    },
  ],
  [
    "an input's description changed: docs-only, old → new",
    {
      now: {
        spec: [
          {
            from: "      description: Maximum number of items per page.\n",
            to: "      description: The most items one page holds.\n",
          },
        ],
      },
      code: 1,
      verdict: "docs-only",
      lines: [
        'find_customer_open_orders: input `limit` description changed: "Maximum number of items per page." → "The most items one page holds."',
      ],
      impacts: ["docs"],
    },
  ],
  [
    "an input's example changed: docs-only",
    {
      now: {
        spec: [{ from: "        default: 20\n      example: 20\n", to: "        default: 20\n      example: 25\n" }],
      },
      code: 1,
      verdict: "docs-only",
      lines: ["find_customer_open_orders: input `limit` examples or nested descriptions changed"],
      impacts: ["docs"],
    },
  ],
  [
    "an input's default changed: compatible, old → new",
    {
      now: {
        spec: [
          { from: "        maximum: 100\n        default: 20\n", to: "        maximum: 100\n        default: 50\n" },
        ],
      },
      code: 1,
      verdict: "compatible",
      lines: ["find_customer_open_orders: input `limit` default changed: 20 → 50"],
      impacts: ["compatible"],
    },
  ],
  [
    "an input's maxLength raised: compatible, old → new",
    {
      old: { goals: [CURSOR_INPUT] },
      now: {
        goals: [CURSOR_INPUT],
        spec: [
          { from: "        maxLength: 200\n      example: eyJ", to: "        maxLength: 400\n      example: eyJ" },
        ],
      },
      code: 1,
      verdict: "compatible",
      lines: ["find_customer_open_orders: input `cursor` maxLength raised: 200 → 400"],
      impacts: ["compatible"],
    },
  ],
];

const tmp: string[] = [];
let baseOut = "";

async function generatedOut(old: Case["old"]): Promise<string> {
  const dir = await scratch();
  const inputs = await petstoreCopy(dir, old ?? {});
  const out = join(dir, "out");
  const run = await cli("generate", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out);
  expect(run.code, run.err).toBe(0);
  return out;
}

async function checkJson(
  now: Case["now"],
  out: string,
): Promise<{
  code: number;
  report: {
    verdict: string;
    exitCode: number;
    tools: { tool: string; changes: { message: string; impact: string; fix?: string }[] }[];
  };
  err: string;
}> {
  const dir = await scratch();
  const inputs = await petstoreCopy(dir, now);
  const run = await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out, "--json");
  return { code: run.code, report: JSON.parse(run.out), err: run.err };
}

beforeAll(async () => {
  baseOut = await generatedOut(undefined);
});

afterAll(async () => {
  await Promise.all(tmp.map(removeDir));
});

async function scratch(): Promise<string> {
  const dir = await tempDir();
  tmp.push(dir);
  return dir;
}

describe("check: contract diff lines", () => {
  test.each(cases)("%s", async (_name, c) => {
    const out = c.old === undefined ? baseOut : await generatedOut(c.old);
    const before = await snapshotTree(out);
    const { code, report } = await checkJson(c.now, out);
    const lines = (report.tools ?? []).flatMap((t) => t.changes.map((ch) => `${t.tool}: ${ch.message}`));
    expect(lines).toEqual(c.lines);
    if (c.impacts !== undefined)
      expect((report.tools ?? []).flatMap((t) => t.changes.map((ch) => ch.impact))).toEqual(c.impacts);
    if (c.fixes !== undefined)
      expect((report.tools ?? []).flatMap((t) => t.changes.flatMap((ch) => ch.fix ?? []))).toEqual(c.fixes);
    if (c.verdict !== undefined) expect(report.verdict).toBe(c.verdict);
    expect(code).toBe(c.code);
    expect(report.exitCode).toBe(code);
    expect(code).toBe(VERDICT_EXIT[report.verdict as keyof typeof VERDICT_EXIT]);
    expect(await snapshotTree(out)).toEqual(before);
  });
});

describe("check: human output", () => {
  test('no change prints "no changes" and exits 0', async () => {
    const inputs = await petstoreCopy(await scratch());
    const run = await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", baseOut);
    expect(run).toEqual({ code: 0, out: `no changes: regenerating would leave ${baseOut} as it is\n`, err: "" });
  });

  test("groups changes per tool under a one-line summary, marks breaking ones and lists files by name", async () => {
    const dir = await scratch();
    const inputs = await petstoreCopy(dir, {
      spec: [LIMIT_REQUIRED],
      goals: [
        { from: "  - name: cancel_order\n", to: "  - name: cancel_order\n    risk: medium\n    approval: none\n" },
      ],
    });
    const run = await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", baseOut);
    expect(run.code).toBe(1);
    expect(run.out.split("\n")[0]).toMatch(
      /^breaking: 2 tools changed: 1 breaking, 1 compatible; \d+ files would change$/,
    );
    expect(run.out).toContain(
      "cancel_order (changed, compatible)\n  compatible  risk lowered: high → medium\n  compatible  approval no longer required\n",
    );
    expect(run.out).toContain(
      "find_customer_open_orders (changed, breaking)\n  BREAKING    input `limit` now required\n",
    );
    expect(run.out).toMatch(/\n {2}changed {3}src\/tools\/cancel_order\.ts\n/);
    expect(run.out).toMatch(/\n {2}changed {3}aci\.lock\.json\n/);
  });

  test("a spec change that alters no contract still reports the lockfile that would change", async () => {
    const dir = await scratch();
    const inputs = await petstoreCopy(dir, { spec: [(t) => `${t}\n# a comment\n`] });
    const run = await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", baseOut);
    expect(run.code).toBe(1);
    expect(run.out).toBe(
      "compatible: no contract changes; 1 file would change\n\n1 file would change (1 changed):\n  changed   aci.lock.json\n",
    );
  });
});

describe("check: an object input's own fields (all operations)", () => {
  test("a required field added to a body object and a bound raised are breaking and named, not a vague shape change", async () => {
    const dir = await scratch();
    const spec = join(dir, "spec.yaml");
    const out = join(dir, "out");
    await writeFile(spec, await readFile("examples/specs/petstore.oas31.yaml", "utf8"));
    expect((await cli("generate", "--spec", spec, "--all-operations", "--out", out, "--quiet")).code).toBe(0);
    const category =
      "        name:\n          type: string\n          minLength: 1\n          examples: [Dogs]\n    Tag:\n";
    const edited = applyEdits(await readFile(spec, "utf8"), [
      {
        from: category,
        to: "        name:\n          type: string\n          minLength: 2\n          examples: [Dogs]\n        group:\n          type: string\n      required: [group]\n    Tag:\n",
      },
    ]);
    await writeFile(spec, edited);
    const run = await cli("check", "--spec", spec, "--all-operations", "--out", out, "--json");
    const report = JSON.parse(run.out) as { verdict: string; tools: { tool: string; changes: ContractChangeLine[] }[] };
    expect(run.code).toBe(VERDICT_EXIT.breaking);
    expect(report.verdict).toBe("breaking");
    const addPet = report.tools.find((t) => t.tool === "add_pet");
    expect(addPet?.changes.filter((c) => c.input !== undefined).map((c) => `${c.impact} ${c.message}`)).toEqual([
      "breaking new required input field `category.group` (string)",
      "breaking input field `category.name` minLength raised: 1 → 2",
    ]);
    expect(addPet?.changes.map((c) => c.input)).toContain("category");
  });
});

describe("check: --out state", () => {
  test("a missing lockfile is bad input (exit 2) with a hint to run generate", async () => {
    const dir = await scratch();
    const inputs = await petstoreCopy(dir);
    const run = await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", join(dir, "nowhere"));
    expect(run.code).toBe(2);
    expect(run.out).toBe("");
    expect(run.err).toContain("error CHECK_NO_LOCKFILE");
    expect(run.err).toContain("hint: run `aci-gen generate");
  });

  test.each([
    ["not JSON", "{", /not JSON/],
    ["another version", JSON.stringify({ lockfileVersion: 7, files: {}, tools: {} }), /lockfileVersion 7 is not 1/],
    [
      "a tool without a contract",
      JSON.stringify({ lockfileVersion: 1, files: {}, tools: { t: { risk: "low" } } }),
      /tool "t" has no valid contract/,
    ],
  ])("an unreadable lockfile (%s) is bad input", async (_name, text, message) => {
    const dir = await scratch();
    const inputs = await petstoreCopy(dir);
    const out = join(dir, "out");
    await cli("generate", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out);
    await writeFile(join(out, "aci.lock.json"), text);
    const run = await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out);
    expect(run.code).toBe(2);
    expect(run.err).toContain("error CHECK_BAD_LOCKFILE");
    expect(run.err).toMatch(message);
  });

  test("bad goals are bad input (exit 2)", async () => {
    const dir = await scratch();
    const inputs = await petstoreCopy(dir, { goals: [{ from: "aci: 1", to: "aci: 1\nbogus: [" }] });
    const run = await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", baseOut);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/ error /);
  });

  test("usage errors exit 2", async () => {
    expect((await cli("check", "--spec", "x.yaml")).code).toBe(2);
  });

  test("hand edits, deleted generated files and user files: edited and missing are drift, user files are not", async () => {
    const dir = await scratch();
    const inputs = await petstoreCopy(dir);
    const out = join(dir, "out");
    await cli("generate", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out);
    await writeFile(join(out, "NOTES.md"), "mine\n");
    expect((await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out)).code).toBe(0);
    await writeFile(join(out, "src/index.ts"), `${await readFile(join(out, "src/index.ts"), "utf8")}// mine\n`);
    await rm(join(out, "README.md"));
    const run = await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out, "--json");
    const report = JSON.parse(run.out);
    expect(run.code).toBe(1);
    expect(report.tools).toEqual([]);
    expect(report.files).toEqual({
      changed: [],
      added: [],
      removed: [],
      edited: ["src/index.ts"],
      missing: ["README.md"],
      blocked: [],
    });
    const text = await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out);
    expect(text.out).toContain(
      "1 generated file edited by hand since generation (generate will refuse until resolved):\n  edited    src/index.ts\n",
    );
  });
});
