// The Zod schema of our goals format (`aci: 1`): shapes, name rules and value kinds, unknown keys rejected.
import { z } from "zod";
import { configSection } from "../config.js";
import { envelopeSchema } from "../envelope.js";
import { ERROR_KEY, GOAL_NAME, goalNameHint, SCHEME_NAME, STEP_ID, TOOLSET_NAME, toolsetNameHint } from "../naming.js";

/** Any value that is present (a missing key fails as "missing"). */
const present = z.custom<unknown>((v) => v !== undefined);
const text = z.string().min(1);

const criterionObject = z.strictObject({
  condition: text,
  context: z.string().optional(),
  type: z.enum(["simple", "regex", "jsonpath"]).optional(),
});
const criterion = z.union([z.string().min(1), criterionObject]);

const action = z.strictObject({
  name: z.string().optional(),
  type: z.enum(["end", "retry", "goto"]),
  step: z.string().optional(),
  retry_after: z.number().nonnegative().optional(),
  retry_limit: z.int().nonnegative().optional(),
  criteria: z.array(criterion).optional(),
});

const paramItem = z.strictObject({
  name: text,
  in: z.enum(["path", "query", "header", "cookie"]).optional(),
  value: present,
});

/** One item of a listed response, chosen by exact field values (`where: { name: $inputs.project }`). */
const pick = z.strictObject({
  from: z.string().optional(),
  where: z.record(z.string().min(1), present).refine((w) => Object.keys(w).length > 0, {
    error: "name at least one item field to match, e.g. where: { name: $inputs.name }",
  }),
});

const step = z.strictObject({
  id: z.string().regex(STEP_ID, { error: "step ids start with a letter, then letters, digits, `_` or `-`" }),
  description: z.string().optional(),
  operation: text,
  params: z.union([z.record(z.string(), z.unknown()), z.array(paramItem)]).optional(),
  body: z.unknown().optional(),
  content_type: z.string().optional(),
  outputs: z.record(z.string(), z.string()).optional(),
  success_criteria: z.array(criterion).optional(),
  on_success: z.array(action).optional(),
  on_failure: z.array(action).optional(),
  pick: pick.optional(),
  keep_current: z.boolean().optional(),
  exactly_one: z.boolean().optional(),
  pages: z.strictObject({ max_items: z.int().positive().max(10_000) }).optional(),
  envelope: envelopeSchema.optional(),
});

const JSON_SCHEMA_KEYWORDS = [
  "type",
  "format",
  "pattern",
  "enum",
  "const",
  "default",
  "example",
  "examples",
  "title",
  "nullable",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "items",
  "properties",
  "additionalProperties",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "deprecated",
  "readOnly",
  "writeOnly",
  "minProperties",
  "maxProperties",
] as const;

const inputOverride = z.strictObject({
  ...Object.fromEntries(JSON_SCHEMA_KEYWORDS.map((k) => [k, z.unknown().optional()])),
  description: z.string().optional(),
  required: z.boolean().optional(),
});

const goal = z.strictObject({
  name: z.string().regex(GOAL_NAME, { error: (issue) => goalNameHint(issue.input) }),
  description: z.string().optional(),
  use_when: z.string().optional(),
  not_for: z.string().optional(),
  risk: z.enum(["low", "medium", "high"]).optional(),
  approval: z.enum(["required", "none"]).optional(),
  core: z.boolean().optional(),
  programmatic: z.boolean().optional(),
  examples: z.array(z.record(z.string(), z.unknown())).min(1).max(3).optional(),
  inputs: z.record(z.string(), inputOverride).optional(),
  steps: z.array(step).min(1),
  returns: z.unknown().optional(),
  errors: z
    .record(
      z.string().regex(ERROR_KEY, { error: "write error-hint keys as <step id>.<status>, e.g. customer.404" }),
      z.string(),
    )
    .optional(),
});

const schemeDescription = { description: z.string().optional() };

/** A credential the spec does not declare, as an OpenAPI Security Scheme Object of the kinds the runtime can send. */
const securityScheme = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("apiKey"),
    name: text,
    in: z.enum(["header", "query", "cookie"]),
    ...schemeDescription,
  }),
  z.strictObject({
    type: z.literal("http"),
    scheme: z.enum(["bearer", "basic"]),
    bearerFormat: z.string().optional(),
    ...schemeDescription,
  }),
  z.strictObject({
    type: z.literal("oauth2"),
    flows: z.strictObject({
      clientCredentials: z.strictObject({
        tokenUrl: text,
        refreshUrl: z.string().optional(),
        scopes: z.record(z.string(), z.string()).optional(),
      }),
    }),
    ...schemeDescription,
  }),
]);

/** The whole `aci: 1` document. */
export const aciDocument = z.strictObject({
  aci: z.literal(1),
  toolset: z
    .string()
    .regex(TOOLSET_NAME, { error: (issue) => toolsetNameHint(issue.input) })
    .optional(),
  spec: text.optional(),
  server: text.optional(),
  defaults: z
    .strictObject({ maxReturnBytes: z.int().positive().optional(), timeoutMs: z.int().positive().optional() })
    .optional(),
  lint: z
    .strictObject({
      rules: z.record(z.string(), z.enum(["off", "warn", "error"])).optional(),
      budget: z.int().positive().optional(),
    })
    .optional(),
  securitySchemes: z
    .record(
      z
        .string()
        .regex(SCHEME_NAME, { error: "name a security scheme with a letter, then letters, digits, `_` or `-`" }),
      securityScheme,
    )
    .optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  config: configSection.optional(),
  goals: z.array(goal).min(1),
});

/**
 * A goals file read with `--all-operations`: it sets the toolset (every operation becomes a tool), so its goals may be
 * left out (any listed are checked, not planned).
 */
export const aciSettingsDocument = aciDocument.extend({ goals: z.array(goal).optional() });

export type AciDocument = z.infer<typeof aciDocument>;
export type AciSettingsDocument = z.infer<typeof aciSettingsDocument>;
export type AciGoal = z.infer<typeof goal>;
export type AciStep = z.infer<typeof step>;
export type AciAction = z.infer<typeof action>;
export type AciCriterion = z.infer<typeof criterion>;
