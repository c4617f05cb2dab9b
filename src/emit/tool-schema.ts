// Builds each tool's input and output JSON Schemas from the plan, and compiles a whole plan's schemas to Zod source.
import { schemaLookup, type SchemaLookup } from "../model/api-source.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { JsonSchema } from "../model/api-model.js";
import type { ToolDef, ToolInput, ToolPlan } from "../planner/types.js";
import { derefTop, reachableSchemas } from "../planner/schemas.js";
import { relaxedComponents } from "./output-schema.js";
import type { Code } from "./code.js";
import { compileSchema, componentsToZod, type Local, type ZodDeclaration } from "./zod/index.js";

/** The tool's input object: one property per input, unknown keys rejected (the runtime's defineTool adds `request_id` to gated tools). */
function toolInputSchema(tool: ToolDef, schemas: SchemaLookup): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const input of tool.inputs) properties[input.name] = described(input, schemas);
  return {
    type: "object",
    properties,
    required: tool.inputs.filter((i) => i.required).map((i) => i.name),
    additionalProperties: false,
  };
}

const descriptionOf = (schema: JsonSchema): string | undefined =>
  typeof schema === "object" && typeof schema["description"] === "string" && schema["description"].trim() !== ""
    ? schema["description"]
    : undefined;

/**
 * The input's schema with a description, so `.describe()` is on every input: its own, else the goal's, else that of
 * the named schema it refers to (Twitter's `text` → `TweetText`, "The content of the Tweet."), else what it is bound to.
 */
function described(input: ToolInput, schemas: SchemaLookup): JsonSchema {
  const schema = withoutRequiredDefault(input);
  if (descriptionOf(schema) !== undefined) return schema;
  const referred = referredSchema(schema, schemas);
  const description =
    input.description ??
    (referred === undefined ? undefined : descriptionOf(referred)) ??
    bindingWords(input.boundTo[0]);
  if (description === undefined) return schema;
  return typeof schema === "object" ? { ...schema, description } : { allOf: [schema], description };
}

/**
 * A required input's schema without the spec's `default`: the model must give the value, so "if left out, the API's
 * default (…) applies" would be false (Appwrite's `search`, default "", which a lookup by search term requires).
 */
function withoutRequiredDefault(input: ToolInput): JsonSchema {
  const schema = input.schema;
  if (!input.required || typeof schema !== "object" || !Object.hasOwn(schema, "default")) return schema;
  const { default: _, ...rest } = schema;
  return rest;
}

/** The named schema a `$ref`, or an `allOf` of one `$ref` (ShipEngine's `currency: {allOf: [{$ref}]}`), refers to. */
function referredSchema(schema: JsonSchema, schemas: SchemaLookup): JsonSchema | undefined {
  if (typeof schema !== "object") return undefined;
  if (schema["$ref"] !== undefined) return derefTop(schema, schemas);
  const members = schema["allOf"];
  const [only, ...more] = Array.isArray(members) ? (members as JsonSchema[]) : [];
  return only !== undefined && more.length === 0 && typeof only === "object" && only["$ref"] !== undefined
    ? derefTop(only, schemas)
    : undefined;
}

const LOCATION_WORDS: Readonly<Record<string, string>> = {
  path: "Path parameter",
  query: "Query parameter",
  header: "Header",
  cookie: "Cookie",
  body: "Request body field",
};

/** `updatePet body tags` → "Request body field `tags` of updatePet". */
function bindingWords(boundTo: string | undefined): string | undefined {
  const [operation, location, ...rest] = (boundTo ?? "").split(" ");
  const where = location === undefined ? undefined : LOCATION_WORDS[location];
  if (operation === undefined || where === undefined) return undefined;
  return rest.length === 0 ? `The request body of ${operation}.` : `${where} \`${rest.join(" ")}\` of ${operation}.`;
}

/** Compiled Zod source for a plan: shared named schemas once, then one input (and output) expression per tool. */
export interface CompiledPlanSchemas {
  readonly shared: readonly ZodDeclaration[];
  readonly tools: Readonly<
    Record<
      string,
      {
        readonly input: string;
        readonly output: string;
        readonly inputCode: Code;
        readonly outputCode: Code;
        readonly inputLocals: readonly ZodDeclaration[];
        readonly outputLocals: readonly ZodDeclaration[];
      }
    >
  >;
  /** Map from `#/components/schemas/X` to the shared const's name. */
  readonly refs: Readonly<Record<string, string>>;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Inputs are compiled exactly; results against relaxed copies of the schemas they reach (see output-schema.ts),
 * all shared named schemas emitted once.
 */
export function compilePlanSchemas(plan: ToolPlan): CompiledPlanSchemas {
  const lookup = schemaLookup(plan.schemas);
  const inputRoots = plan.tools.map((tool) => toolInputSchema(tool, lookup));
  const relaxed = relaxedComponents(
    plan.tools.map((t) => t.returns.schema),
    plan.schemas,
  );
  const components = { ...reachableSchemas(inputRoots, lookup), ...relaxed.schemas };
  const shared = componentsToZod({ dialect: "openapi-3.1", components, normalized: true, formatHelpers: "import" });
  const diagnostics: Diagnostic[] = [...shared.diagnostics];
  const tools: Record<string, CompiledPlanSchemas["tools"][string]> = {};
  const options = {
    dialect: "openapi-3.1" as const,
    components,
    external: shared.refs,
    normalized: true,
    formatHelpers: "import" as const,
  };
  for (const [index, tool] of plan.tools.entries()) {
    const input = compileSchema(inputRoots[index] as JsonSchema, options);
    const output = compileSchema(relaxed.roots[index] as JsonSchema, options);
    diagnostics.push(...input.diagnostics, ...output.diagnostics);
    tools[tool.name] = {
      input: input.expression,
      output: output.expression,
      inputCode: input.code,
      outputCode: output.code,
      inputLocals: input.locals.map(declarationOf),
      outputLocals: output.locals.map(declarationOf),
    };
  }
  return {
    shared: typedAtDepth(shared.declarations),
    tools,
    refs: shared.refs,
    diagnostics: oneDepthWarning(diagnostics),
  };
}

/**
 * A long `$ref` chain is cut wherever a compile starts down it (each shared schema, each tool): the first cut is
 * reported at its place, the rest counted in its message.
 */
function oneDepthWarning(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const cuts = diagnostics.filter((d) => d.code === "SCHEMA_TOO_DEEP");
  const [first] = cuts;
  if (first === undefined || cuts.length === 1) return [...diagnostics];
  const more = `${first.message} (and ${cuts.length - 1} more places the same way)`;
  return diagnostics.flatMap((d) =>
    d === first ? [{ ...d, message: more }] : d.code === "SCHEMA_TOO_DEEP" ? [] : [d],
  );
}

const declarationOf = (l: Local): ZodDeclaration => ({
  name: l.name,
  code: l.code,
  expression: l.expression,
  recursive: l.recursive,
});

/** Past this many shared schemas nested in one another, TypeScript gives up inferring the type (TS2589). */
const MAX_INFERRED_DEPTH = 8;

/**
 * Declarations come dependencies first. One whose chain of shared schemas passes MAX_INFERRED_DEPTH is typed
 * `z.ZodType` (as recursive ones are), which resets the depth for what builds on it: a long `$ref` chain
 * still typechecks, and everything else keeps its inferred type.
 */
function typedAtDepth(declarations: readonly ZodDeclaration[]): ZodDeclaration[] {
  const depth = new Map<string, number>();
  return declarations.map((declaration) => {
    let below = 0;
    for (const name of declaration.expression.match(/[A-Za-z_$][\w$]*/g) ?? []) {
      const known = depth.get(name);
      if (known !== undefined && known > below) below = known;
    }
    const deep = !declaration.recursive && below + 1 > MAX_INFERRED_DEPTH;
    depth.set(declaration.name, declaration.recursive || deep ? 0 : below + 1);
    return deep ? { ...declaration, recursive: true } : declaration;
  });
}
