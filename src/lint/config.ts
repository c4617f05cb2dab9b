// The goals file's `lint:` section → each rule's severity, the token budget, and findings for unknown rule names.
import { didYouMean } from "../goals/did-you-mean.js";
import { join } from "../util/pointer.js";
import type { GoalSpec } from "../goals/types.js";
import { DEFAULT_DEFINITION_BUDGET } from "./budget.js";
import { rules } from "./registry.js";
import { CONFIG_RULE, RULE_NAMES, type Finding, type RuleName, type RuleSetting } from "./types.js";

/** Severities and budget for one run. */
export interface LintConfig {
  readonly severities: Readonly<Record<RuleName, RuleSetting>>;
  readonly budget: number;
  /** Mistakes in the `lint:` section itself. */
  readonly findings: readonly Finding[];
}

function isRuleName(name: string): name is RuleName {
  return (RULE_NAMES as readonly string[]).includes(name);
}

/** Defaults of docs/lint.md, overridden by `lint.rules`; the budget from `budget` (--budget), `lint.budget`, else 5,000. */
export function resolveLintConfig(input: {
  goals?: GoalSpec;
  budget?: number;
  goalsLine: (pointer: string) => number | undefined;
}): LintConfig {
  const configured = input.goals?.lint?.rules ?? {};
  const severities = Object.fromEntries(RULE_NAMES.map((name) => [name, rules[name].severity])) as Record<
    RuleName,
    RuleSetting
  >;
  const findings: Finding[] = [];
  for (const [name, setting] of Object.entries(configured)) {
    if (isRuleName(name)) {
      severities[name] = setting;
      continue;
    }
    const pointer = join("/lint/rules", name);
    const line = input.goalsLine(pointer);
    findings.push({
      rule: CONFIG_RULE,
      severity: "error",
      message: `unknown lint rule "${name}"`,
      hint: didYouMean(name, RULE_NAMES, "rules"),
      ...(input.goals ? { file: input.goals.file } : {}),
      ...(line === undefined ? {} : { line }),
      pointer,
    });
  }
  return { severities, budget: input.budget ?? input.goals?.lint?.budget ?? DEFAULT_DEFINITION_BUDGET, findings };
}
