// Runs every enabled lint rule over a planned toolset and orders the findings by file, line and rule.
import type { LintConfig } from "./config.js";
import { rules } from "./registry.js";
import { compareStrings } from "../util/order.js";
import {
  RULE_NAMES,
  type Finding,
  type FindingSeverity,
  type LintContext,
  type RuleFinding,
  type RuleSetting,
} from "./types.js";

export { budgetReport, budgetToText, DEFAULT_DEFINITION_BUDGET } from "./budget.js";
export { resolveLintConfig, type LintConfig } from "./config.js";
export {
  RULE_NAMES,
  type BudgetReport,
  type Finding,
  type LintContext,
  type RuleName,
  type ToolBudget,
} from "./types.js";

function severityOf(setting: Exclude<RuleSetting, "off">, finding: RuleFinding): FindingSeverity {
  return finding.atMost === "warn" ? "warn" : setting;
}

function toFinding(rule: (typeof RULE_NAMES)[number], severity: FindingSeverity, finding: RuleFinding): Finding {
  const { atMost: _, tool, message, hint, file, line, pointer } = finding;
  return {
    rule,
    severity,
    ...(tool === undefined ? {} : { tool }),
    message,
    hint,
    ...(file === undefined ? {} : { file }),
    ...(line === undefined ? {} : { line }),
    ...(pointer === undefined ? {} : { pointer }),
  };
}

/** Findings in reading order: by file, line, then rule table order. */
function sortFindings(findings: readonly Finding[]): Finding[] {
  const order = (f: Finding): number => (RULE_NAMES as readonly string[]).indexOf(f.rule);
  return [...findings].sort(
    (a, b) => compareStrings(a.file ?? "", b.file ?? "") || (a.line ?? 0) - (b.line ?? 0) || order(a) - order(b),
  );
}

/** Every finding of the rules `config` leaves on, plus the config's own findings. */
export function lintToolset(ctx: LintContext, config: LintConfig): Finding[] {
  const found = RULE_NAMES.flatMap((rule) => {
    const setting = config.severities[rule];
    if (setting === "off") return [];
    return rules[rule].check(ctx).map((f) => toFinding(rule, severityOf(setting, f), f));
  });
  return sortFindings([...config.findings, ...found]);
}

/** Whether any finding is an error (exit code 1). */
export function hasErrorFindings(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === "error");
}
