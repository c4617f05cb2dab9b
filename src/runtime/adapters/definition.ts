// A Tool → its MCP tools/list entry: title, description, input/output JSON Schemas, annotations and input examples.
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { Tool } from "../types.js";
import { type JsonSchema, shownInputJsonSchema, shownOutputJsonSchema, zodToJsonSchema } from "./shared.js";

const PENDING_APPROVAL_JSON_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    status: { type: "string", const: "pending_approval" },
    request_id: {
      type: "string",
      description: "The approval request's id: pass it as this tool's request_id input to get the outcome.",
    },
    message: { type: "string" },
  },
  required: ["status", "request_id", "message"],
};

const TRUNCATED_JSON_SCHEMA: JsonSchema = {
  type: "string",
  description: "Present when the result was cut: what was cut and which inputs narrow the call.",
};

/** What `run` returns for a success without a body (204, an empty 200 or 202): returns/shape.ts `emptyAnswer`. */
const EMPTY_RESULT_JSON_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    ok: { type: "boolean", const: true },
    status: { type: "integer", description: "The HTTP status of the answer, which had no body." },
    done: { type: "boolean", const: false, description: "Present on a 202 Accepted: not finished yet (see note)." },
    note: { type: "string" },
    location: { type: "string", description: "Where the answer's Location header points." },
  },
  required: ["ok"],
  additionalProperties: false,
};

/** The member the MCP adapter adds to a result that does not have the shape the API's description gives. */
export const OFF_SPEC_KEY = "_off_spec";

/** A result the API sent in another shape than it documents, marked by {@link OFF_SPEC_KEY}: passed on as sent. */
const OFF_SPEC_JSON_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    [OFF_SPEC_KEY]: {
      type: "string",
      description: "Present when the API answered in another shape than its description gives: where it differs.",
    },
  },
  required: [OFF_SPEC_KEY],
};

/** The tools/list entry of one tool: title, description, input/output JSON Schema and all four annotations. */
export function toolToMcpDefinition(tool: Tool): McpTool {
  return mcpDefinition(tool, {
    input: zodToJsonSchema(tool.inputSchema, "input"),
    ...(tool.outputSchema === undefined ? {} : { output: zodToJsonSchema(tool.outputSchema, "output") }),
  });
}

/**
 * The tools/list entry of a tool whose whole input and output JSON Schemas (`zodToJsonSchema` of its input and
 * output views) are already known: the generator derives them from the tool's source without running it.
 */
export function mcpDefinition(
  tool: Omit<Tool, "run" | "inputSchema" | "outputSchema">,
  schemas: { readonly input: JsonSchema; readonly output?: JsonSchema },
): McpTool {
  const output = schemas.output === undefined ? undefined : shownOutputJsonSchema(schemas.output);
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: asObjectSchema(shownInputJsonSchema(tool, schemas.input)),
    ...(output === undefined ? {} : { outputSchema: advertisedOutputSchema(output, tool.approval === "required") }),
    annotations: { title: tool.title, ...tool.annotations },
    ...(tool.examples === undefined || tool.examples.length === 0
      ? {}
      : { _meta: { [INPUT_EXAMPLES_META]: tool.examples } }),
  };
}

/** The `_meta` key of a tool's input examples in tools/list (argument objects valid against its input schema). */
export const INPUT_EXAMPLES_META = "aci-gen/input_examples";

const SCALAR_TYPES: ReadonlySet<unknown> = new Set(["string", "number", "integer", "boolean", "null"]);

/**
 * The schema of the result object as `run` returns it (returns/shape.ts `asResultObject`): a list comes back as
 * `{ items: [...] }` and a scalar as `{ result: … }`, so an array or scalar output schema moves under that member.
 */
function resultObjectSchema(body: JsonSchema): JsonSchema {
  if (body.type === "array") return { type: "object", properties: { items: body }, required: ["items"] };
  if (SCALAR_TYPES.has(body.type) || (Array.isArray(body.type) && body.type.every((t) => SCALAR_TYPES.has(t))))
    return { type: "object", properties: { result: body } };
  return body;
}

/**
 * The outputSchema a client validates `structuredContent` against must accept every non-error result: the
 * object `run` returns (a list under `items`), the `_truncated` note the runtime may add, the `{ok, status}` of an
 * answer without a body, `pending_approval` for a gated tool, and an answer marked `_off_spec` (adapters/off-spec.ts).
 */
function advertisedOutputSchema(schema: JsonSchema, gated: boolean): McpTool["outputSchema"] & object {
  const { $schema, $defs, ...rest } = schema;
  const result = resultObjectSchema(rest);
  const body = gated ? withApiRequestIdSaid(result, $defs as Defs) : result;
  const properties = body.properties as Record<string, unknown> | undefined;
  const withTruncated =
    properties === undefined ? body : { ...body, properties: { ...properties, _truncated: TRUNCATED_JSON_SCHEMA } };
  const branches = [
    withTruncated,
    EMPTY_RESULT_JSON_SCHEMA,
    ...(gated ? [PENDING_APPROVAL_JSON_SCHEMA] : []),
    OFF_SPEC_JSON_SCHEMA,
  ];
  const root = { type: "object", anyOf: branches };
  return asObjectSchema({
    ...($schema === undefined ? {} : { $schema }),
    ...root,
    ...($defs === undefined ? {} : { $defs }),
  });
}

/**
 * What a gated tool's result says of a `request_id` of the API's own (Plaid's, ShipEngine's), beside its
 * description.
 */
export const API_REQUEST_ID_NOTE =
  "The API's own id for this request, not an approval request: never pass it as this tool's request_id input.";

const MEMBER_LISTS = ["allOf", "anyOf", "oneOf"] as const;

type Defs = Readonly<Record<string, JsonSchema>> | undefined;

/** The `$defs` entry a schema's own `$ref` (`#/$defs/Name`) names, when it names one. */
function referencedDef(schema: JsonSchema, defs: Defs): JsonSchema | undefined {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/") || defs === undefined) return undefined;
  const def = defs[ref.slice("#/$defs/".length).replaceAll("~1", "/").replaceAll("~0", "~")];
  return def !== null && typeof def === "object" ? def : undefined;
}

/** Whether a schema has a `request_id` at its top level: its own, a member's, or its `$ref`'s (`levels` deep). */
function hasApiRequestId(schema: JsonSchema | undefined, defs: Defs, levels: number): boolean {
  if (schema === undefined) return false;
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (properties?.["request_id"] !== undefined) return true;
  if (levels === 0) return false;
  const members = MEMBER_LISTS.flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
  const nested = [referencedDef(schema, defs), ...members];
  return nested.some((m) => m !== null && typeof m === "object" && hasApiRequestId(m as JsonSchema, defs, levels - 1));
}

/**
 * A result whose top level has the API's own `request_id` (as a property, or one of an `allOf`/`anyOf`/`oneOf`
 * member's): that member says it is no approval request. A `$ref` into `$defs` whose schema has one gets the note as
 * a sibling `request_id` annotation (the shared definition stays as it is). `levels` bounds the walk.
 */
function withApiRequestIdSaid(body: JsonSchema, defs: Defs, levels = 8): JsonSchema {
  const properties = body.properties as Record<string, JsonSchema> | undefined;
  const own = properties?.["request_id"];
  const referenced = own === undefined && levels > 0 && hasApiRequestId(referencedDef(body, defs), defs, levels - 1);
  const said = referenced
    ? { ...body, properties: { ...properties, request_id: { description: API_REQUEST_ID_NOTE } } }
    : own === undefined || typeof own !== "object"
      ? body
      : {
          ...body,
          properties: {
            ...properties,
            request_id: {
              ...own,
              description:
                typeof own.description === "string" ? `${API_REQUEST_ID_NOTE} ${own.description}` : API_REQUEST_ID_NOTE,
            },
          },
        };
  if (levels === 0) return said;
  const members = MEMBER_LISTS.filter((key) => Array.isArray(said[key]));
  if (members.length === 0) return said;
  return {
    ...said,
    ...Object.fromEntries(
      members.map((key) => [
        key,
        (said[key] as unknown[]).map((m) =>
          m !== null && typeof m === "object" ? withApiRequestIdSaid(m as JsonSchema, defs, levels - 1) : m,
        ),
      ]),
    ),
  };
}

function asObjectSchema(schema: JsonSchema): McpTool["inputSchema"] {
  return { ...schema, type: "object" } as McpTool["inputSchema"];
}
