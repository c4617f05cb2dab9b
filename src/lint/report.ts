// Lint findings → the lines a person reads (`FILE:LINE severity rule message` + `hint:`) and the JSON `lint --json` prints.
import { budgetToText } from "./budget.js";
import type { BudgetReport, Finding } from "./types.js";

/** One finding as two lines. */
function formatFinding(f: Finding): string {
  const where = f.file === undefined ? "" : `${f.file}${f.line === undefined ? "" : `:${f.line}`} `;
  const pointer = f.line === undefined && f.pointer !== undefined ? ` (at ${f.pointer || "/"})` : "";
  return `${where}${f.severity} ${f.rule}${f.tool === undefined ? "" : ` [${f.tool}]`} ${f.message}${pointer}\n  hint: ${f.hint}`;
}

/** Findings, a count line, and the budget summary. */
export function lintToText(findings: readonly Finding[], budget: BudgetReport): string {
  const errors = findings.filter((f) => f.severity === "error").length;
  const count = `${errors} error${errors === 1 ? "" : "s"}, ${findings.length - errors} warning${findings.length - errors === 1 ? "" : "s"}`;
  const body = findings.map(formatFinding).join("\n");
  return `${body}${body === "" ? "" : "\n\n"}${findings.length === 0 ? "no lint findings" : count}\n\n${budgetToText(budget)}`;
}

/** `lint --json`: `{ findings: [{ rule, severity, tool?, message, hint, file?, line?, pointer? }], budget }`. */
export function lintToJson(findings: readonly Finding[], budget: BudgetReport | undefined): object {
  return { findings, ...(budget === undefined ? {} : { budget }) };
}
