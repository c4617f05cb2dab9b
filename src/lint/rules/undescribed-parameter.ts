// undescribed-parameter: a tool input the model gets no description of.
import { inputLocation, inputSchema, schemaField } from "../inputs.js";
import { goalOf, type LintContext, type RuleFinding } from "../types.js";

function described(text: unknown): boolean {
  return typeof text === "string" && text.trim() !== "";
}

/** Lint rule `undescribed-parameter` (docs/lint.md). */
export function undescribedParameter(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) =>
    tool.inputs
      .filter(
        (input) => !described(input.description) && !described(schemaField(inputSchema(ctx, input), "description")),
      )
      .map((input) => ({
        tool: tool.name,
        message: `input "${input.name}" of ${tool.name} has no description`,
        hint: goalOf(ctx, tool)
          ? `add inputs: { ${input.sourceName ?? input.name}: { description: "…, e.g. …" } } to goal ${tool.name}`
          : `describe the parameter in the spec (${input.boundTo.join(", ")}), or write a goal with an inputs description`,
        ...inputLocation(ctx, tool, input),
      })),
  );
}
