// The Zod schema of an Arazzo 1.0.x document (field types per spec §4.6), plus our `x-aci-*` extensions.
import { z } from "zod";
import { configSection } from "../config.js";
import { envelopeSchema } from "../envelope.js";
import { ERROR_KEY, TOOLSET_NAME, toolsetNameHint } from "../naming.js";

/** Drops `x-` extensions other than ours, so strict objects reject only real unknown keys. */
function withoutForeignExtensions(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !k.startsWith("x-") || k.startsWith("x-aci-")));
}

/** A strict object that, like every Arazzo object, may carry `x-` extensions. */
function extensible<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.preprocess(withoutForeignExtensions, z.strictObject(shape));
}

const text = z.string().min(1);
const jsonSchema = z.record(z.string(), z.unknown());
const expressionMap = z.record(z.string(), z.string());

const criterionType = z.union([
  z.enum(["simple", "regex", "jsonpath", "xpath"]),
  extensible({ type: z.enum(["jsonpath", "xpath"]), version: text }),
]);

const criterion = extensible({ context: z.string().optional(), condition: text, type: criterionType.optional() });

/** Success Action, Failure Action or Reusable Object (told apart by `reference` after validation). */
const action = extensible({
  name: z.string().optional(),
  type: z.enum(["end", "goto", "retry"]).optional(),
  workflowId: text.optional(),
  stepId: text.optional(),
  retryAfter: z.number().nonnegative().optional(),
  retryLimit: z.int().nonnegative().optional(),
  criteria: z.array(criterion).optional(),
  reference: text.optional(),
});

/** Parameter Object or Reusable Object (told apart by `reference` after validation). */
const parameter = extensible({
  name: text.optional(),
  in: z.enum(["path", "query", "header", "cookie"]).optional(),
  value: z.unknown().optional(),
  reference: text.optional(),
});

const requestBody = extensible({
  contentType: text.optional(),
  payload: z.unknown().optional(),
  replacements: z.array(extensible({ target: text, value: z.custom<unknown>((v) => v !== undefined) })).optional(),
});

const step = extensible({
  stepId: text,
  description: z.string().optional(),
  operationId: text.optional(),
  operationPath: text.optional(),
  workflowId: text.optional(),
  parameters: z.array(parameter).optional(),
  requestBody: requestBody.optional(),
  successCriteria: z.array(criterion).optional(),
  onSuccess: z.array(action).optional(),
  onFailure: z.array(action).optional(),
  outputs: expressionMap.optional(),
  "x-aci-envelope": envelopeSchema.optional(),
  "x-aci-exactly-one": z.boolean().optional(),
});

const workflow = extensible({
  workflowId: text,
  summary: z.string().optional(),
  description: z.string().optional(),
  inputs: jsonSchema.optional(),
  dependsOn: z.array(text).optional(),
  steps: z.array(step).min(1),
  successActions: z.array(action).optional(),
  failureActions: z.array(action).optional(),
  outputs: expressionMap.optional(),
  parameters: z.array(parameter).optional(),
  "x-aci-name": text.optional(),
  "x-aci-use-when": z.string().optional(),
  "x-aci-not-for": z.string().optional(),
  "x-aci-risk": z.enum(["low", "medium", "high"]).optional(),
  "x-aci-approval": z.enum(["required", "none"]).optional(),
  "x-aci-errors": z
    .record(
      z.string().regex(ERROR_KEY, { error: "write error-hint keys as <stepId>.<status>, e.g. customer.404" }),
      z.string(),
    )
    .optional(),
  "x-aci-skip": z.boolean().optional(),
  "x-aci-core": z.boolean().optional(),
  "x-aci-programmatic": z.boolean().optional(),
  "x-aci-examples": z.array(z.record(z.string(), z.unknown())).min(1).max(3).optional(),
});

/** The whole Arazzo document. */
export const arazzoDocument = extensible({
  arazzo: z.string(),
  info: extensible({
    title: z.string(),
    summary: z.string().optional(),
    description: z.string().optional(),
    version: z.string(),
  }),
  sourceDescriptions: z
    .array(extensible({ name: text, url: text, type: z.enum(["openapi", "arazzo"]).optional() }))
    .min(1),
  workflows: z.array(workflow).min(1),
  components: extensible({
    inputs: z.record(z.string(), jsonSchema).optional(),
    parameters: z.record(z.string(), parameter).optional(),
    successActions: z.record(z.string(), action).optional(),
    failureActions: z.record(z.string(), action).optional(),
  }).optional(),
  "x-aci-toolset": z
    .string()
    .regex(TOOLSET_NAME, { error: (issue) => toolsetNameHint(issue.input) })
    .optional(),
  "x-aci-server": z.string().optional(),
  "x-aci-defaults": extensible({
    maxReturnBytes: z.int().positive().optional(),
    timeoutMs: z.int().positive().optional(),
  }).optional(),
  "x-aci-lint": extensible({ rules: z.record(z.string(), z.enum(["off", "warn", "error"])) }).optional(),
  "x-aci-config": configSection.optional(),
});

export type ArazzoDocument = z.infer<typeof arazzoDocument>;
export type ArazzoWorkflow = z.infer<typeof workflow>;
export type ArazzoStep = z.infer<typeof step>;
export type ArazzoAction = z.infer<typeof action>;
export type ArazzoParameter = z.infer<typeof parameter>;
export type ArazzoCriterion = z.infer<typeof criterion>;
