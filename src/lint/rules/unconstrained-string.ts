// unconstrained-string: a free string input although the spec shows a pattern, enum, format or example for what it is bound to.
import { operationById } from "../../model/api-source.js";
import type { JsonSchema, Parameter } from "../../model/api-model.js";
import type { ToolDef, ToolInput } from "../../planner/types.js";
import { inputLocation, inputSchema, schemaField } from "../inputs.js";
import { nameShape, singular, words } from "../similarity.js";
import { goalOf, type LintContext, type RuleFinding } from "../types.js";

/** Keywords that tell the model what a valid string looks like. */
const CONSTRAINTS = ["pattern", "enum", "const", "format", "examples", "example"] as const;

/** A constraint found in the spec for a same-named parameter or property. */
interface Donor {
  readonly keyword: (typeof CONSTRAINTS)[number];
  readonly value: unknown;
  readonly where: string;
}

function isString(schema: JsonSchema): boolean {
  const type = schemaField(schema, "type");
  return type === "string" || (Array.isArray(type) && type.includes("string"));
}

function constrained(schema: JsonSchema): boolean {
  return CONSTRAINTS.some((k) => schemaField(schema, k) !== undefined);
}

/** Names compared loosely: `petId`, `pet_id` and `pet-ids` are one key. */
function key(name: string): string {
  return words(name).map(singular).join("");
}

function donorOf(schema: JsonSchema, where: string, examples: readonly unknown[] = []): Donor | undefined {
  const keyword = CONSTRAINTS.find((k) => schemaField(schema, k) !== undefined);
  if (keyword !== undefined) return { keyword, value: schemaField(schema, keyword), where };
  return examples.length > 0 ? { keyword: "examples", value: examples, where } : undefined;
}

/** A schema property counts when its name says what it is (`microchipId`), or its schema is the tool's own resource (`Pet.name` for a pet tool). */
function sameThing(property: string, schemaName: string, nouns: ReadonlySet<string>): boolean {
  return words(property).length > 1 || nouns.has(key(schemaName));
}

/** The parameters `input` is bound to (`boundTo` reads `opId in name`). */
function boundParameters(ctx: LintContext, input: ToolInput): { id: string; parameter: Parameter }[] {
  return input.boundTo
    .filter((bound) => !bound.endsWith("(template)"))
    .flatMap((bound) => {
      const [id, where, name] = bound.split(" ");
      const parameter = operationById(ctx.api, id)?.parameters.find((p) => p.in === where && p.name === name);
      return parameter && id !== undefined ? [{ id, parameter }] : [];
    });
}

/** A constraint from the parameter the input is bound to, else from a string property of the tool's own resource named like it; never from another operation. */
function findDonor(ctx: LintContext, tool: ToolDef, input: ToolInput): Donor | undefined {
  for (const { id, parameter } of boundParameters(ctx, input)) {
    const donor = isString(parameter.schema)
      ? donorOf(parameter.schema, `parameter ${parameter.name} of ${id}`, parameter.examples)
      : undefined;
    if (donor) return donor;
  }
  const wanted = key(input.sourceName ?? input.name);
  const nouns = nameShape(tool.name).nouns;
  for (const schemaName of ctx.api.index.schemaNames) {
    const schema = ctx.api.schema(schemaName) as JsonSchema;
    const properties = schemaField(schema, "properties");
    if (properties === null || typeof properties !== "object") continue;
    for (const [property, sub] of Object.entries(properties as Record<string, JsonSchema>)) {
      const donor =
        key(property) === wanted && isString(sub) && sameThing(property, schemaName, nouns)
          ? donorOf(sub, `${schemaName}.${property}`)
          : undefined;
      if (donor) return donor;
    }
  }
  return undefined;
}

function finding(ctx: LintContext, tool: ToolDef, input: ToolInput, donor: Donor): RuleFinding {
  const value = JSON.stringify(donor.value);
  const where = goalOf(ctx, tool)
    ? `inputs: { ${input.sourceName ?? input.name}: { ${donor.keyword}: ${value} } } to goal ${tool.name}`
    : `${donor.keyword}: ${value} to the parameter in the spec`;
  return {
    tool: tool.name,
    message: `string input "${input.name}" of ${tool.name} has no pattern, enum, format or example, though the spec gives ${donor.where} one`,
    hint: `add ${where} (as the spec's ${donor.where} has)`,
    ...inputLocation(ctx, tool, input),
  };
}

/** Lint rule `unconstrained-string` (docs/lint.md): fires only where the spec could supply the constraint. */
export function unconstrainedString(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) =>
    tool.inputs.flatMap((input) => {
      const schema = inputSchema(ctx, input);
      if (!isString(schema) || constrained(schema)) return [];
      const donor = findDonor(ctx, tool, input);
      return donor ? [finding(ctx, tool, input, donor)] : [];
    }),
  );
}
