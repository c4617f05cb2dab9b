// A tool + the spec's examples → the result `run` would return before the byte cap, and its size in bytes.
import { type ApiSource, operationById } from "../model/api-source.js";
import { preferredContent } from "../planner/media.js";
import type { StepPlan, ToolDef } from "../planner/types.js";
import { compileValue } from "../runtime/execute/values.js";
import type { EvaluationContext } from "../runtime/expressions/index.js";
import { projectResult } from "../runtime/returns/index.js";
import { sampleSchema } from "./sample.js";

/** What a sampled run produced: the projected result and its JSON size. */
export interface ProjectedReturn {
  readonly result: Record<string, unknown>;
  readonly bytes: number;
}

/** A step's success response body: the media type's first example, else a sample of its schema. */
export function sampleResponse(api: ApiSource, step: StepPlan): { status: number; body: unknown } {
  const operation = operationById(api, step.operationId);
  const success = operation?.success;
  const content = success && preferredContent(success.contents);
  const status = /^\d{3}$/.test(success?.status ?? "") ? Number(success?.status) : 200;
  if (content === undefined) return { status, body: undefined };
  return {
    status,
    body: content.examples.length > 0 ? content.examples[0] : sampleSchema(content.schema, api.schema),
  };
}

function stepOutputs(step: StepPlan, context: EvaluationContext): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(step.outputs).map(([name, text]) => [name, compileValue({ kind: "expr", text })(context)]),
  );
}

/**
 * Runs the tool on paper: sample inputs, each step answered by its sampled response, outputs and the `returns`
 * projection evaluated with the runtime's own evaluator, the last response denoised otherwise.
 */
export function projectReturn(api: ApiSource, tool: ToolDef): ProjectedReturn {
  const inputs = Object.fromEntries(
    tool.inputs.map((i) => [i.sourceName ?? i.name, sampleSchema(i.schema, api.schema)]),
  );
  const steps: Record<string, { outputs: unknown }> = {};
  let last: { status: number; body: unknown } | undefined;
  for (const step of tool.steps) {
    last = sampleResponse(api, step);
    steps[step.id] = {
      outputs: stepOutputs(step, {
        inputs,
        steps,
        statusCode: last.status,
        response: { headers: {}, body: last.body },
      }),
    };
  }
  const projection = tool.returns.projection === undefined ? undefined : compileValue(tool.returns.projection);
  const result = projectResult({
    context: { inputs, steps },
    ...(projection ? { projection } : {}),
    ...(last ? { last } : {}),
  });
  return { result, bytes: Buffer.byteLength(JSON.stringify(result), "utf8") };
}
