// Shared helpers for planner tests: inline goals documents planned against the petstore spec, and plan normalisation for goldens.
import { relative, resolve } from "node:path";
import { plan, type PlanResult } from "../../src/api/plan.js";
import type { Diagnostic } from "../../src/diagnostics/types.js";
import type { ToolDef, ToolPlan } from "../../src/planner/types.js";

export const ROOT = resolve(import.meta.dirname, "../..");
export const PETSTORE = resolve(ROOT, "examples/specs/petstore.oas31.yaml");
export const PETSTORE_GOALS = resolve(ROOT, "examples/goals/petstore.goals.yaml");
export const CORPUS = resolve(ROOT, "test/fixtures/corpus/arazzo");

/** An `aci: 1` document holding `goals`. */
export function goalsDocument(...goals: object[]): object {
  return { aci: 1, toolset: "test", goals };
}

/** Plans `goals` (one goal object or a whole document) against `spec` (the petstore by default). */
export async function planGoals(goals: object, spec: string | object = PETSTORE): Promise<PlanResult> {
  const document = "aci" in goals || "arazzo" in goals ? goals : goalsDocument(goals);
  return plan({ spec, goals: document });
}

/** The only tool planned from `goal`; throws with the diagnostics when planning failed. */
export async function toolOf(goal: object, spec: string | object = PETSTORE): Promise<ToolDef> {
  const result = await planGoals(goal, spec);
  const tool = result.tools[0];
  if (tool === undefined)
    throw new Error(`no tool planned:\n${result.diagnostics.map((d) => `${d.code} ${d.message}`).join("\n")}`);
  return tool;
}

export interface DiagnosticSummary {
  code: string;
  severity: string;
  message: string;
  hint: string;
}

export function summarise(diagnostics: readonly Diagnostic[]): DiagnosticSummary[] {
  return diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, hint: d.hint }));
}

/** A small OpenAPI 3.1 document with the given paths (and component schemas). */
export function miniSpec(paths: object, schemas: object = {}): object {
  return {
    openapi: "3.1.0",
    info: { title: "Mini", version: "1.0.0" },
    servers: [{ url: "https://mini.example.com" }],
    paths,
    components: { schemas },
  };
}

/** A JSON response with `schema`, as `responses` of an operation. */
export function jsonResponse(schema: object, status = "200"): object {
  return { [status]: { description: "OK", content: { "application/json": { schema } } } };
}

/** Replaces absolute paths under the repository with repository-relative ones, recursively. */
export function normalisePaths<T>(value: T): T {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === "string" ? stablePath(v) : v));
  return JSON.parse(text) as T;
}

function stablePath(text: string): string {
  return text.startsWith(`${ROOT}/`) ? relative(ROOT, text) : text;
}

/** The parts of a plan that a golden pins: toolset, tools and schemas with stable paths (diagnostics kept apart). */
export function normalisePlan(toolPlan: ToolPlan): object {
  const { diagnostics: _diagnostics, ...rest } = toolPlan;
  return normalisePaths(rest);
}

/** Diagnostics as goldens pin them: code, severity, where, what, and the repair. */
export function normaliseDiagnostics(diagnostics: readonly Diagnostic[]): object[] {
  return normalisePaths(
    diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      file: d.file,
      line: d.line,
      column: d.column,
      pointer: d.pointer,
      message: d.message,
      hint: d.hint,
    })),
  );
}
