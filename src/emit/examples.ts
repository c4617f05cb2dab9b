// A planned tool + a check of its arguments → up to three input examples (the goals file's, then the spec's examples and defaults), each checked.
import { schemaLookup } from "../model/api-source.js";
import type { ExampleCheck, ExampleIssue } from "./example-check.js";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { didYouMean } from "../goals/did-you-mean.js";
import type { JsonSchema } from "../model/api-model.js";
import { sampleSchema } from "../lint/sample.js";
import { componentName } from "../planner/schemas.js";
import type { ToolDef, ToolInput } from "../planner/types.js";

const MAX_INPUT_EXAMPLES = 3;

export interface ChosenExamples {
  readonly examples: readonly Record<string, unknown>[];
  readonly diagnostics: readonly Diagnostic[];
}

type Schemas = Readonly<Record<string, JsonSchema>>;

/**
 * The value the spec itself gives for a schema (`examples`, `example`, `const`, first `enum`, and for a required input
 * `default`), following `$ref`s and one-member `allOf`s down an alias chain (in a loop: chains can be thousands long,
 * or close on themselves). An optional input's default is what the API assumes when it is left out: an example
 * carrying it would teach the model to send it.
 */
function specValue(start: JsonSchema, schemas: Schemas, required: boolean): { value: unknown } | undefined {
  const seen = new Set<JsonSchema>();
  for (let schema: JsonSchema | undefined = start; schema !== undefined && !seen.has(schema); ) {
    seen.add(schema);
    const own = ownSpecValue(schema, required);
    if (own !== "none") return own;
    if (typeof schema !== "object") return undefined;
    const target = componentName(schema["$ref"]);
    const named: JsonSchema | undefined = target === undefined ? undefined : schemas[target];
    const allOf: JsonSchema | undefined =
      Array.isArray(schema["allOf"]) && schema["allOf"].length === 1 ? (schema["allOf"][0] as JsonSchema) : undefined;
    schema = named ?? allOf;
  }
  return undefined;
}

/** An empty or blank string: an example or default that shows the model nothing (Appwrite's search term, default ""). */
const isBlank = (value: unknown): boolean => typeof value === "string" && value.trim() === "";

/** The value a schema gives itself; `"none"` when it gives none and its `$ref` or `allOf` may. */
function ownSpecValue(schema: JsonSchema, required: boolean): { value: unknown } | undefined | "none" {
  if (typeof schema !== "object") return undefined;
  if (Array.isArray(schema["examples"]) && schema["examples"].length > 0) return { value: schema["examples"][0] };
  for (const key of required ? ["example", "const", "default"] : ["example", "const"])
    if (schema[key] !== undefined && (key === "const" || !isBlank(schema[key]))) return { value: schema[key] };
  if (!required && schema["default"] !== undefined) return undefined;
  if (Array.isArray(schema["enum"]) && schema["enum"].length > 0) return { value: schema["enum"][0] };
  return "none";
}

const EXAMPLE_CUE =
  /(?:\be\.g\.|\beg\.|\bfor example\b|\bfor instance\b|\bsuch as\b|\bexample:)\s*[:,]?\s*(?:`([^`]+)`|"([^"]+)"|'([^']+)'|([^\s,;()"'`]+))/i;

/**
 * The value a description gives after `e.g.`, `for example`, `such as` or `example:` — quoted, in backticks or bare
 * (`e.g. "ada@example.com"`, `e.g. PROJ-123`) — read as the schema's type; undefined when it gives none.
 */
export function descriptionExample(
  description: string | undefined,
  schema: JsonSchema,
): { value: unknown } | undefined {
  const match = EXAMPLE_CUE.exec(description ?? "");
  if (match === null) return undefined;
  const quoted = match[1] ?? match[2] ?? match[3];
  const text = quoted ?? (match[4] ?? "").replace(/[.:!?]+$/, "");
  if (text === "") return undefined;
  const type = typeof schema === "object" ? schema["type"] : undefined;
  if (type === "integer" || type === "number") {
    const number = Number(text);
    return Number.isFinite(number) && text.trim() !== "" ? { value: number } : undefined;
  }
  if (type === "boolean") return text === "true" || text === "false" ? { value: text === "true" } : undefined;
  return type === undefined || type === "string" ? { value: text } : undefined;
}

/** Where an argument of a spec-built example came from: the spec's own value, or a sample we made up. */
type ValueSource = "description" | "spec" | "sample";

interface SpecExample {
  readonly value: Record<string, unknown>;
  readonly sources: ReadonlyMap<string, ValueSource>;
}

/**
 * Arguments from the spec: every input whose description or schema gives a value (but those `skip` holds as
 * `NAME description` or `NAME spec`), and a sample for each required input without one.
 */
function specExample(inputs: readonly ToolInput[], schemas: Schemas, skip: ReadonlySet<string>): SpecExample {
  const value: Record<string, unknown> = {};
  const sources = new Map<string, ValueSource>();
  for (const input of inputs) {
    // The example the description the model reads gives comes first: a goal may bind a parameter for a narrower
    // purpose than the spec's example shows (a search `q` example is no artist name).
    const described = skip.has(`${input.name} description`)
      ? undefined
      : descriptionExample(input.description, input.schema);
    const given =
      described ?? (skip.has(`${input.name} spec`) ? undefined : specValue(input.schema, schemas, input.required));
    if (given !== undefined) {
      value[input.name] = given.value;
      sources.set(input.name, described === undefined ? "spec" : "description");
    } else if (input.required) {
      const named = namedSample(input.name);
      value[input.name] = plainString(input.schema, named)
        ? named
        : sampleSchema(withoutExamples(input.schema), schemaLookup(schemas), "example");
      sources.set(input.name, "sample");
    }
  }
  return { value, sources };
}

/** A made-up string that reads as what its name says: an email, a URL, else `example-<name>`. */
function namedSample(name: string): string {
  if (/(^|_)e?mail(_address)?$/.test(name)) return "user@example.com";
  if (/(^|_)(url|uri|link|website)$/.test(name)) return "https://example.com";
  return `example-${name.replaceAll("_", "-")}`;
}

/** The schema without its own example values, so a sample replacing a bad one is built from the rules. */
function withoutExamples(schema: JsonSchema): JsonSchema {
  if (typeof schema !== "object") return schema;
  const { examples: _, example: __, default: ___, ...rules } = schema;
  return rules;
}

/** A string whose only rules (lengths at most) `named` keeps: the example then names what it stands for. */
function plainString(schema: JsonSchema, named: string): boolean {
  if (typeof schema !== "object" || schema["type"] !== "string") return false;
  const { minLength, maxLength } = schema;
  if (typeof minLength === "number" && named.length < minLength) return false;
  if (typeof maxLength === "number" && named.length > maxLength) return false;
  return ["pattern", "format", "enum", "const", "$ref", "allOf", "anyOf", "oneOf"].every(
    (key) => schema[key] === undefined,
  );
}

function issuePath(issue: ExampleIssue): string {
  return issue.path.length === 0 ? "(root)" : issue.path.map(String).join(".");
}

function issueText(issue: ExampleIssue): string {
  return `${issuePath(issue)}: ${issue.message}`;
}

/** The value at a Zod issue path, as short JSON. */
function valueAt(value: unknown, path: readonly PropertyKey[]): string {
  const found = path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    value,
  );
  const text = JSON.stringify(found) ?? "nothing";
  return text.length <= 80 ? text : `${text.slice(0, 79)}…`;
}

/** An example key written with the goals file's input name (`$inputs.petId`) → the tool's (`pet_id`). */
function withToolNames(
  example: Readonly<Record<string, unknown>>,
  inputs: readonly ToolInput[],
): Record<string, unknown> {
  const names = new Set(inputs.map((i) => i.name));
  const bySource = new Map(inputs.filter((i) => i.sourceName !== undefined).map((i) => [i.sourceName, i.name]));
  return Object.fromEntries(
    Object.entries(example).map(([key, value]) => [names.has(key) ? key : (bySource.get(key) ?? key), value]),
  );
}

function goalsExampleDiagnostic(tool: ToolDef, index: number, issue: ExampleIssue): Diagnostic {
  const origin = tool.exampleOrigins?.[index] ?? {
    ...tool.origin,
    pointer: `${tool.origin.pointer}/examples/${index}`,
  };
  const unknown = issue.unknownKey;
  return diagnostic("PLAN_INVALID_INPUT_EXAMPLE", {
    ...(unknown === undefined
      ? {}
      : {
          hint: `${didYouMean(
            unknown,
            tool.inputs.map((i) => i.name),
            "the tool's inputs",
          )} (an example names the tool's inputs, or the goals file's own names for them)`,
        }),
    message: `tool ${tool.name}: example ${index + 1} is left out, ${issueText(issue)}`,
    file: origin.file,
    pointer: origin.pointer,
    ...(origin.line === undefined ? {} : { position: { line: origin.line, column: origin.column ?? 1 } }),
  });
}

const SOURCE_WORDS: Record<ValueSource, string> = {
  description: "the example in the description of",
  spec: "the spec's example or default of",
  sample: "a sample made up for",
};

/** Why a spec-built example failed: the tool, the path and rule broken, the value, where it came from, and what next. */
function specExampleDiagnostic(
  tool: ToolDef,
  failed: { example: SpecExample; issue: ExampleIssue; retried: boolean },
): Diagnostic {
  const { issue } = failed;
  const top = issue.path[0];
  const input = tool.inputs.find((i) => i.name === top);
  const source = typeof top === "string" ? failed.example.sources.get(top) : undefined;
  const from =
    input === undefined
      ? ""
      : ` (${SOURCE_WORDS[source ?? "spec"]} input ${input.name}, bound to ${input.boundTo.join(", ")})`;
  const next = failed.retried
    ? `tried again without that value${input?.required ? " (a sample instead)" : ""}`
    : "the tool gets no input example from the spec";
  const hint =
    source === "sample"
      ? `the spec gives no example for ${input?.name ?? "this input"}: add one there, or give the goal \`examples:\` of its own`
      : undefined;
  return diagnostic("PLAN_SPEC_INPUT_EXAMPLE_DROPPED", {
    ...(hint === undefined ? {} : { hint }),
    message: `tool ${tool.name}: an input example built from the spec breaks the input schema at ${issuePath(issue)}: ${issue.message}; value ${valueAt(failed.example.value, issue.path)}${from}; ${next}`,
    file: tool.origin.file,
    pointer: tool.origin.pointer,
    ...(tool.origin.line === undefined
      ? {}
      : { position: { line: tool.origin.line, column: tool.origin.column ?? 1 } }),
  });
}

/** One example from the spec; a spec value that breaks the schema is dropped (sampled when required) and the example tried again. */
function exampleFromSpec(tool: ToolDef, check: ExampleCheck, schemas: Schemas): ChosenExamples {
  const diagnostics: Diagnostic[] = [];
  const skip = new Set<string>();
  for (let attempt = 0; attempt <= 2 * tool.inputs.length; attempt++) {
    const example = specExample(tool.inputs, schemas, skip);
    const issue = check(example.value);
    if (issue === undefined) return { examples: [example.value], diagnostics };
    const top = issue.path[0];
    const source = typeof top === "string" ? example.sources.get(top) : undefined;
    const retried = source === "spec" || source === "description";
    diagnostics.push(specExampleDiagnostic(tool, { example, issue, retried }));
    if (!retried) break;
    skip.add(`${String(top)} ${source}`);
  }
  return { examples: [], diagnostics };
}

/**
 * The goals file's examples (keys may use the goals file's own input names); one that fails `check` (the tool's
 * arguments, as its input JSON Schema states them) is
 * left out with a warning at its location. Without any, one from the spec (every input it has a value for, a sample
 * for each other required one); each time it fails the schema a warning names the path, the rule and where the value
 * came from, and a spec value at fault is dropped and the example tried again (a made-up sample at fault ends the
 * attempt: the tool has no example). A tool without inputs gets `{}`.
 */
export function chooseExamples(tool: ToolDef, check: ExampleCheck, schemas: Schemas): ChosenExamples {
  const diagnostics: Diagnostic[] = [];
  const chosen: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const add = (value: Record<string, unknown>): void => {
    const key = JSON.stringify(value);
    if (chosen.length < MAX_INPUT_EXAMPLES && !seen.has(key)) chosen.push(value), seen.add(key);
  };
  for (const [index, written] of (tool.examples ?? []).entries()) {
    const example = withToolNames(written, tool.inputs);
    const issue = check(example);
    if (issue === undefined) add(example);
    else diagnostics.push(goalsExampleDiagnostic(tool, index, issue));
  }
  if (chosen.length > 0) return { examples: chosen, diagnostics };
  const fromSpec = exampleFromSpec(tool, check, schemas);
  return { examples: fromSpec.examples, diagnostics: [...diagnostics, ...fromSpec.diagnostics] };
}
