// Infers a tool's risk, category, MCP annotations and approval policy from the HTTP methods of its steps.
import type { HttpMethod } from "../model/api-model.js";
import type { Annotations, Category, Risk } from "./types.js";

const READ_METHODS: ReadonlySet<HttpMethod> = new Set(["get", "head", "options", "trace"]);

export function isReadMethod(method: HttpMethod): boolean {
  return READ_METHODS.has(method);
}

const RISK_ORDER: Record<Risk, number> = { low: 0, medium: 1, high: 2 };

function maxRisk(a: Risk, b: Risk): Risk {
  return RISK_ORDER[a] >= RISK_ORDER[b] ? a : b;
}

export function isRiskLower(a: Risk, b: Risk): boolean {
  return RISK_ORDER[a] < RISK_ORDER[b];
}

export interface RiskProfile {
  readonly risk: Risk;
  readonly category: Category;
  readonly annotations: Annotations;
}

/** Risk, category and the four annotations implied by the methods a tool calls. */
export function riskFromMethods(methods: readonly HttpMethod[]): RiskProfile {
  const writes = methods.filter((m) => !isReadMethod(m));
  const destructive = writes.includes("delete");
  const risk: Risk = writes.length === 0 ? "low" : writes.some((m) => m !== "put") ? "high" : "medium";
  return {
    risk,
    category: writes.length === 0 ? "data" : "action",
    annotations: {
      readOnlyHint: writes.length === 0,
      destructiveHint: destructive,
      idempotentHint: writes.every((m) => m === "put" || m === "delete"),
      openWorldHint: true,
    },
  };
}

const RISK_VALUES: ReadonlySet<unknown> = new Set<Risk>(["low", "medium", "high"]);

/** The risk a spec's `x-aci-risk` extension asks for, which may only raise the inferred one. */
export function raiseRiskFromSpec(inferred: Risk, extension: unknown): Risk {
  return RISK_VALUES.has(extension) ? maxRisk(inferred, extension as Risk) : inferred;
}
