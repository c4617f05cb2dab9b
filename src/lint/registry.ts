// The lint rules by name: default severity and check of each; a missing rule fails to compile.
import { accountInput } from "./rules/account-input.js";
import { actionTargetNotNamed } from "./rules/action-target-not-named.js";
import { actionWithoutApproval } from "./rules/action-without-approval.js";
import { credentialInput } from "./rules/credential-input.js";
import { definitionBudget } from "./rules/definition-budget.js";
import { deleteTargetFromSearch } from "./rules/delete-target-from-search.js";
import { descriptionTooLong } from "./rules/description-too-long.js";
import { genericTool } from "./rules/generic-tool.js";
import { missingWhenToUse } from "./rules/missing-when-to-use.js";
import { nameTooLong } from "./rules/name-too-long.js";
import { placeholderText } from "./rules/placeholder-text.js";
import { requiredBodyFieldOptional } from "./rules/required-body-field-optional.js";
import { returnOverCap } from "./rules/return-over-cap.js";
import { similarToolNames } from "./rules/similar-tool-names.js";
import { splitGoal } from "./rules/split-goal.js";
import { tooManyTools } from "./rules/too-many-tools.js";
import { unconstrainedString } from "./rules/unconstrained-string.js";
import { undescribedParameter } from "./rules/undescribed-parameter.js";
import type { RuleDefinition, RuleName } from "./types.js";

export const rules = {
  "too-many-tools": { severity: "warn", check: tooManyTools },
  "missing-when-to-use": { severity: "error", check: missingWhenToUse },
  "placeholder-text": { severity: "error", check: placeholderText },
  "similar-tool-names": { severity: "warn", check: similarToolNames },
  "undescribed-parameter": { severity: "error", check: undescribedParameter },
  "unconstrained-string": { severity: "warn", check: unconstrainedString },
  "action-without-approval": { severity: "error", check: actionWithoutApproval },
  "return-over-cap": { severity: "warn", check: returnOverCap },
  "generic-tool": { severity: "warn", check: genericTool },
  "split-goal": { severity: "warn", check: splitGoal },
  "description-too-long": { severity: "warn", check: descriptionTooLong },
  "name-too-long": { severity: "error", check: nameTooLong },
  "definition-budget": { severity: "warn", check: definitionBudget },
  "delete-target-from-search": { severity: "warn", check: deleteTargetFromSearch },
  "required-body-field-optional": { severity: "error", check: requiredBodyFieldOptional },
  "credential-input": { severity: "error", check: credentialInput },
  "account-input": { severity: "warn", check: accountInput },
  "action-target-not-named": { severity: "error", check: actionTargetNotNamed },
} as const satisfies Record<RuleName, RuleDefinition>;
