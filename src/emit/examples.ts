// A planned tool + its argument schema → up to three input examples (the goals file's, then the spec's examples and defaults), each checked against the schema.
import { schemaLookup } from "../model/api-source.js";
import type { z } from "zod";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { JsonSchema } from "../model/api-model.js";
import { sampleSchema } from "../lint/sample.js";
import { componentName } from "../planner/schemas.js";
import type { ToolDef, ToolInput } from "../planner/types.js";

const MAX_INPUT_EXAMPLES = 3;
/** Each schema checks a handful of values once: Zod's compiled fast path would cost more to build than it saves. */
const ONE_SHOT = { jitless: true } as const;

export interface ChosenExamples {
  readonly examples: readonly Record<string, unknown>[];
  readonly diagnostics: readonly Diagnostic[];
}

type Schemas = Readonly<Record<string, JsonSchema>>;

/** The value the spec itself gives for a schema (`examples`, `example`, `const`, `default`, first `enum`), following one `$ref`. */
function specValue(schema: JsonSchema, schemas: Schemas): { value: unknown } | undefined {
  if (typeof schema !== "object") return undefined;
  if (Array.isArray(schema["examples"]) && schema["examples"].length > 0) return { value: schema["examples"][0] };
  for (const key of ["example", "const", "default"]) if (schema[key] !== undefined) return { value: schema[key] };
  if (Array.isArray(schema["enum"]) && schema["enum"].length > 0) return { value: schema["enum"][0] };
  const target = componentName(schema["$ref"]);
  const named = target === undefined ? undefined : schemas[target];
  const allOf =
    Array.isArray(schema["allOf"]) && schema["allOf"].length === 1 ? (schema["allOf"][0] as JsonSchema) : undefined;
  const inner = named ?? allOf;
  return inner === undefined || inner === schema ? undefined : specValue(inner, schemas);
}

/** Arguments from the spec: every input it gives a value for, and a sample for each required input it does not. */
function specExample(inputs: readonly ToolInput[], schemas: Schemas, withOptional: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const input of inputs) {
    const given = specValue(input.schema, schemas);
    if (given !== undefined && (withOptional || input.required)) out[input.name] = given.value;
    else if (input.required)
      out[input.name] = plainString(input.schema)
        ? `example-${input.name.replaceAll("_", "-")}`
        : sampleSchema(input.schema, schemaLookup(schemas));
  }
  return out;
}

/** A string with no rule a made-up value could break (pattern, format, enum, length): the example names what it stands for. */
function plainString(schema: JsonSchema): boolean {
  if (typeof schema !== "object" || schema["type"] !== "string") return false;
  return ["pattern", "format", "enum", "const", "minLength", "maxLength", "$ref", "allOf", "anyOf", "oneOf"].every(
    (key) => schema[key] === undefined,
  );
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return "does not fit";
  return `${issue.path.length === 0 ? "(root)" : issue.path.map(String).join(".")}: ${issue.message}`;
}

/**
 * The goals file's examples (one that fails `argumentsSchema` is left out with a warning); without any, one from the
 * spec: every input it has a value for, else the required ones only (each definition pays for its examples in tokens). A spec-derived example that fails
 * the schema (a sample of a pattern-constrained string, say) is skipped: it is ours, not the user's. A tool without
 * inputs gets `{}`.
 */
export function chooseExamples(tool: ToolDef, argumentsSchema: z.ZodType, schemas: Schemas): ChosenExamples {
  const diagnostics: Diagnostic[] = [];
  const chosen: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const add = (value: Record<string, unknown>): void => {
    const key = JSON.stringify(value);
    if (chosen.length < MAX_INPUT_EXAMPLES && !seen.has(key)) chosen.push(value), seen.add(key);
  };
  for (const [index, example] of (tool.examples ?? []).entries()) {
    const parsed = argumentsSchema.safeParse(example, ONE_SHOT);
    if (parsed.success) add({ ...example });
    else
      diagnostics.push(
        diagnostic("PLAN_INVALID_INPUT_EXAMPLE", {
          message: `tool ${tool.name}: example ${index + 1} is left out, ${issueText(parsed.error)}`,
          file: tool.examplesOrigin?.file ?? tool.origin.file,
          pointer: `${tool.examplesOrigin?.pointer ?? tool.origin.pointer}/${index}`,
          ...(tool.origin.line === undefined
            ? {}
            : { position: { line: tool.origin.line, column: tool.origin.column ?? 1 } }),
        }),
      );
  }
  if (chosen.length > 0) return { examples: chosen, diagnostics };
  for (const withOptional of [true, false]) {
    const example = specExample(tool.inputs, schemas, withOptional);
    if (argumentsSchema.safeParse(example, ONE_SHOT).success) return { examples: [example], diagnostics };
  }
  return { examples: [], diagnostics };
}
