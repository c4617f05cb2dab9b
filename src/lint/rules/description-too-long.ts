// description-too-long: a description past 1,024 characters (clients cut at 2,048).
import { toolLocation } from "../location.js";
import { goalOf, type LintContext, type RuleFinding } from "../types.js";

/** Longer descriptions are a smell; see docs/lint.md. */
const MAX_DESCRIPTION_CHARS = 1024;
/** Where clients cut descriptions. */
export const CLIENT_CUT_CHARS = 2048;

/** Lint rule `description-too-long` (docs/lint.md). */
export function descriptionTooLong(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools
    .filter((tool) => tool.description.length > MAX_DESCRIPTION_CHARS)
    .map((tool) => {
      const cut =
        tool.description.length > CLIENT_CUT_CHARS
          ? `; clients cut it at ${CLIENT_CUT_CHARS}, so the model never reads the rest`
          : "";
      const at =
        goalOf(ctx, tool)?.description === undefined ? toolLocation(ctx, tool) : toolLocation(ctx, tool, "description");
      return {
        tool: tool.name,
        message: `the description of ${tool.name} is ${tool.description.length} characters (more than ${MAX_DESCRIPTION_CHARS})${cut}`,
        hint: "keep one sentence of purpose, one of use_when and one of not_for; move reference detail into input descriptions",
        ...at,
      };
    });
}
