// The toolset's tools → each polling step linked to the tool that reads the same operation (for IN_PROGRESS answers),
// and each step whose answer names a background task linked to the tool that reads a task by its id.
import { parseExpression } from "../../runtime/expressions/index.js";
import { isTaskRead } from "../progress.js";
import type { StepPlan, ToolDef } from "../types.js";

/** A step that checks again until its criteria hold: a read with success criteria and a retry action. */
const polls = (step: StepPlan): boolean =>
  step.readOnly && step.successCriteria.length > 0 && step.onFailure.some((a) => a.type === "retry");

/** The tool's input name for each path parameter of its only step, when every one is bound to a whole input. */
function pathInputs(tool: ToolDef): Record<string, string> | undefined {
  const [step] = tool.steps;
  if (step === undefined || tool.steps.length !== 1 || !step.readOnly) return undefined;
  const inputs: Record<string, string> = {};
  for (const param of step.params.filter((p) => p.in === "path")) {
    const parsed = param.value.kind === "expr" ? parseExpression(param.value.text) : undefined;
    if (!parsed?.ok || parsed.expr.kind !== "inputs" || parsed.expr.pointer.length > 0) return undefined;
    const name = parsed.expr.name;
    const input = tool.inputs.find((i) => (i.sourceName ?? i.name) === name);
    if (input === undefined) return undefined;
    inputs[param.name] = input.name;
  }
  return inputs;
}

/**
 * Links each polling step to another tool whose one step reads the same operation with its path parameters as inputs:
 * a poll that runs out then names that tool and the arguments to call it with.
 */
export function withPollTools(tools: readonly ToolDef[]): ToolDef[] {
  const readers = tools.flatMap((tool) => {
    const inputs = pathInputs(tool);
    const operationId = tool.steps[0]?.operationId;
    return inputs === undefined || operationId === undefined ? [] : [{ tool: tool.name, operationId, inputs }];
  });
  return tools.map((tool) => {
    if (!tool.steps.some(polls)) return tool;
    const steps = tool.steps.map((step) => {
      const reader = polls(step)
        ? readers.find((r) => r.operationId === step.operationId && r.tool !== tool.name)
        : undefined;
      return reader === undefined ? step : { ...step, pollWith: { tool: reader.tool, inputs: reader.inputs } };
    });
    return { ...tool, steps };
  });
}

/** The tool that reads one task or job by its id (`GET /tasks/{id}`) and its input for that id, if the toolset has one. */
function taskReader(tools: readonly ToolDef[]): { tool: string; input: string } | undefined {
  for (const tool of tools) {
    const step = tool.steps[0];
    if (step === undefined || !isTaskRead(step.method.toLowerCase(), step.path)) continue;
    const inputs = pathInputs(tool);
    const names = inputs === undefined ? [] : Object.values(inputs);
    if (names.length === 1) return { tool: tool.name, input: names[0] as string };
  }
  return undefined;
}

/** Links each step whose answer names a background task (see `StepSpec.task`) to the tool that reads a task. */
export function withTaskReaders(tools: readonly ToolDef[]): ToolDef[] {
  const reader = taskReader(tools);
  if (reader === undefined) return [...tools];
  return tools.map((tool) =>
    tool.steps.some((step) => step.task !== undefined)
      ? {
          ...tool,
          steps: tool.steps.map((step) =>
            step.task === undefined || tool.name === reader.tool ? step : { ...step, task: { ...step.task, reader } },
          ),
        }
      : tool,
  );
}
