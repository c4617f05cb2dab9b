// placeholder-text: TODO/FIXME/TBD or fill-in markers left in a description, an input description or an enum the model reads.
import type { ToolDef } from "../../planner/types.js";
import { join } from "../../util/pointer.js";
import { toolLocation } from "../location.js";
import { goalOf, type LintContext, type RuleFinding } from "../types.js";

const PLACEHOLDERS: readonly RegExp[] = [
  /\b(TODO|FIXME|TBD|XXX)\b/,
  /\blorem ipsum\b/i,
  /<(describe|fill|insert|your|add)\b[^>]*>/i,
  /\bdescribe (this|the) (tool|input|goal) here\b/i,
];

/** The first placeholder marker in `text`, if any. */
export function placeholderIn(text: string): string | undefined {
  for (const pattern of PLACEHOLDERS) {
    const found = pattern.exec(text);
    if (found) return found[0];
  }
  return undefined;
}

/** Every string a client lists for a schema (descriptions, titles, examples), with its JSON pointer. */
function schemaTexts(node: unknown, pointer: string): [string, string][] {
  if (typeof node === "string") return [[pointer, node]];
  if (Array.isArray(node)) return node.flatMap((v, i) => schemaTexts(v, `${pointer}/${i}`));
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) =>
    k === "pattern" || k === "format" || k === "type" || k === "$ref" || k === "required"
      ? []
      : schemaTexts(v, join(pointer, k)),
  );
}

const GOAL_FIELDS = [
  ["description", "description"],
  ["use_when", "useWhen"],
  ["not_for", "notFor"],
] as const;

/** The goal fields a description's marker comes from (`use_when`, …), or the description itself. */
function descriptionPlaces(ctx: LintContext, tool: ToolDef): { field: string; tokens: string[] }[] {
  const goal = goalOf(ctx, tool);
  const fields =
    goal === undefined
      ? []
      : GOAL_FIELDS.filter(([, key]) => placeholderIn(goal[key] ?? "") !== undefined).map(([field]) => ({
          field,
          tokens: [field],
        }));
  return fields.length > 0 ? fields : [{ field: "description", tokens: [] }];
}

/** Lint rule `placeholder-text` (docs/lint.md). */
export function placeholderText(ctx: LintContext): RuleFinding[] {
  return ctx.definitions.flatMap((definition) => {
    const tool = ctx.plan.tools.find((t) => t.name === definition.name);
    if (tool === undefined) return [];
    const texts: [string, string][] = [
      ["/description", definition.description],
      ...schemaTexts(definition.inputSchema, "/inputSchema"),
    ];
    return texts.flatMap(([pointer, text]) => {
      const marker = placeholderIn(text);
      if (marker === undefined) return [];
      const places =
        pointer === "/description"
          ? descriptionPlaces(ctx, tool)
          : [{ field: `input schema ${pointer.replace(/^\/inputSchema/, "")}`, tokens: [] }];
      return places.map((at) => ({
        tool: tool.name,
        message: `the ${at.field} of ${tool.name} still holds placeholder text ("${marker}"), which the model would read`,
        hint: `replace "${marker}" with a real sentence${at.tokens.length > 0 ? ` in ${at.tokens[0]} of goal ${tool.name}` : ", or override it in the goal's inputs"}`,
        ...toolLocation(ctx, tool, ...at.tokens),
      }));
    });
  });
}
