// Public API of aci-gen: generate, plan and schemaToZod, with their option and result types.
export { generate, type GenerateOptions, type GenerateResult } from "./api/generate.js";
export { plan, type PlanResult } from "./api/plan.js";
export { schemaToZod } from "./emit/zod/index.js";
export type { PlanOptions } from "./options.js";
export type { Diagnostic, Severity } from "./diagnostics/types.js";
export type { ToolDef, ToolInput, ToolPlan, StepPlan, ToolsetInfo } from "./planner/types.js";
export type { ApiIndex, ApiModel, JsonSchema, Operation, OperationSummary, SpecDialect } from "./model/api-model.js";
export type { ApiSource, Resolved, SchemaLookup } from "./model/api-source.js";
