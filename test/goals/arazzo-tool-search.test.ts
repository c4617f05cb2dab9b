// Arazzo workflows carry `core`, `examples` and `programmatic` as x-aci-* extensions: loaded with their locations,
// planned and served as the YAML format's are (corrected corpus copy of pet-coupons, extended in a temp folder).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadGoals } from "../../src/goals/index.js";
import { toAnthropicToolDefinitions } from "../../src/runtime/adapters/anthropic.js";
import { servedToolset } from "../support/served-toolset.js";

const ROOT = join(import.meta.dirname, "../..");
const SPEC = join(ROOT, "test/fixtures/corpus/arazzo/pet-coupons.openapi.yaml");
const COPY = readFileSync(join(ROOT, "test/fixtures/arazzo-fixed/pet-coupons.arazzo.yaml"), "utf8");

/** A data workflow (one GET) appended to the corpus copy's workflows. */
const FIND_PETS = `  - workflowId: find-pets
    summary: Find pets by tags.
    inputs:
      type: object
      properties:
        tags: { type: array, items: { type: string }, description: Tags to match. }
    steps:
      - stepId: find
        operationId: findPetsByTags
        parameters:
          - { name: tags, in: query, value: $inputs.tags }
`;

/** The corpus copy with `lines` added to the workflow `workflowId`, and the data workflow, written to a temp file. */
function extended(workflowId: string, lines: string, findPets = ""): string {
  const marker = `  - workflowId: ${workflowId}\n`;
  expect(COPY).toContain(marker);
  const text = COPY.replace(marker, `${marker}${lines}`).replace("\ncomponents:\n", `\n${findPets}components:\n`);
  const file = join(mkdtempSync(join(tmpdir(), "aci-arazzo-")), "pet-coupons.arazzo.yaml");
  writeFileSync(file, text);
  return file;
}

function lineOf(file: string, text: string): number {
  return readFileSync(file, "utf8").split("\n").indexOf(text) + 1;
}

const EXAMPLES = `    x-aci-core: true
    x-aci-examples:
      - { pet_id: 10, quantity: 1, coupon_code: SAVE10 }
      - { pet_id: ten }
`;

describe("Arazzo x-aci-core, x-aci-examples, x-aci-programmatic", () => {
  it("loads them onto the goal, each example with its own line", async () => {
    const file = extended(
      "place-order",
      EXAMPLES,
      FIND_PETS.replace("    summary:", "    x-aci-programmatic: false\n    summary:"),
    );
    const { goals, diagnostics } = await loadGoals(file);
    expect(diagnostics).toEqual([]);
    const placeOrder = goals!.goals.find((g) => g.name === "place_order")!;
    expect(placeOrder).toMatchObject({
      core: true,
      examples: [{ pet_id: 10, quantity: 1, coupon_code: "SAVE10" }, { pet_id: "ten" }],
    });
    expect(placeOrder.examplesAt?.map((a) => [a.pointer, a.position?.line])).toEqual([
      ["/workflows/2/x-aci-examples/0", lineOf(file, "      - { pet_id: 10, quantity: 1, coupon_code: SAVE10 }")],
      ["/workflows/2/x-aci-examples/1", lineOf(file, "      - { pet_id: ten }")],
    ]);
    expect(goals!.goals.find((g) => g.name === "find_pets")?.programmatic).toBe(false);
  });

  it("keeps the valid examples and warns about the invalid one at its file, line and pointer, naming the path", async () => {
    const file = extended("place-order", EXAMPLES);
    const { sized } = await servedToolset({ spec: SPEC, goals: file });
    expect(sized.plan.tools.find((t) => t.name === "place_order")!.examples).toEqual([
      { pet_id: 10, quantity: 1, coupon_code: "SAVE10" },
    ]);
    expect(sized.diagnostics).toEqual([
      expect.objectContaining({
        code: "PLAN_INVALID_INPUT_EXAMPLE",
        severity: "warning",
        file,
        line: lineOf(file, "      - { pet_id: ten }"),
        pointer: "/workflows/2/x-aci-examples/1",
        message: "tool place_order: example 2 is left out, pet_id: must be integer, got string",
      }),
    ]);
  });

  it("x-aci-core keeps a workflow listed upfront when the toolset is served with tool search", async () => {
    const { sized } = await servedToolset({ spec: SPEC, goals: extended("place-order", EXAMPLES) }, { budget: 100 });
    expect(sized.search?.core).toEqual(["place_order"]);
    expect(sized.plan.tools.map((t) => [t.name, t.deferLoading ?? false])).toEqual([
      ["apply_coupon", true],
      ["buy_available_pet", true],
      ["place_order", false],
    ]);
  });

  it("x-aci-programmatic: false keeps a data workflow out of code execution; without it a data workflow may be called from code", async () => {
    const callers = async (findPets: string) => {
      const served = await servedToolset({ spec: SPEC, goals: extended("place-order", "", findPets) });
      const definitions = toAnthropicToolDefinitions(
        served.bind({ env: {}, credentials: {}, baseUrl: "http://127.0.0.1:9" }),
      );
      return definitions.find((d) => d.name === "find_pets") as { allowed_callers?: string[] };
    };
    expect((await callers(FIND_PETS)).allowed_callers).toEqual(["direct", "code_execution_20250825"]);
    const optedOut = FIND_PETS.replace("    summary:", "    x-aci-programmatic: false\n    summary:");
    expect((await callers(optedOut)).allowed_callers).toBeUndefined();
  });

  it.each([
    ["x-aci-core", "    x-aci-core: yes please\n", "/workflows/2/x-aci-core"],
    ["x-aci-examples (not a list)", "    x-aci-examples: { pet_id: 10 }\n", "/workflows/2/x-aci-examples"],
    ["x-aci-examples (more than 3)", `    x-aci-examples: [{}, {}, {}, {}]\n`, "/workflows/2/x-aci-examples"],
    ["x-aci-programmatic", "    x-aci-programmatic: 1\n", "/workflows/2/x-aci-programmatic"],
  ])("a mistyped %s is a goals error at its line", async (_, lines, pointer) => {
    const file = extended("place-order", lines);
    const { diagnostics } = await loadGoals(file);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        pointer,
        file,
        line: lineOf(file, lines.split("\n")[0]!),
      }),
    ]);
  });
});
