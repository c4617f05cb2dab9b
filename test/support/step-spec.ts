// A runtime step for tests: the fields a test names over the defaults of a plain one-call step (no params, no hints).
import type { StepSpec } from "../../src/runtime/types.js";

export function stepSpec(
  fields: Pick<StepSpec, "id" | "operationId" | "method" | "path"> & Partial<StepSpec>,
): StepSpec {
  return {
    params: [],
    outputs: {},
    dependsOn: [],
    readOnly: fields.method === "get" || fields.method === "head",
    security: [],
    successStatus: "200",
    responseDescriptions: {},
    errorHints: {},
    successCriteria: [],
    onSuccess: [],
    onFailure: [],
    ...fields,
  };
}
