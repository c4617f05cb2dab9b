// Builds aci.lock.json: generator version, input hashes, the files aci-gen wrote, and each tool's contract for `check`.
import { createHash } from "node:crypto";
import type { ToolDef, ToolPlan } from "../planner/types.js";
import { summariseSchema } from "../report/schema-summary.js";

export const LOCKFILE = "aci.lock.json";

/** One tool's contract: what an agent relies on (CONTRACT.md §1 `check`). */
export interface ToolContract {
  readonly title: string;
  readonly risk: string;
  readonly approval: string;
  readonly inputs: Readonly<Record<string, { readonly type: string; readonly required: boolean; readonly schemaHash: string }>>;
  readonly returns: { readonly type: string; readonly schemaHash: string };
  readonly operations: readonly { readonly step: string; readonly operationId: string; readonly method: string; readonly path: string }[];
}

export interface Lockfile {
  readonly lockfileVersion: 1;
  readonly generator: { readonly name: "aci-gen"; readonly version: string };
  readonly toolset: string;
  readonly inputs: Readonly<Record<string, { readonly file: string; readonly sha256: string }>>;
  /** Every file aci-gen wrote (path relative to the output folder → sha256); only these may be replaced or removed. */
  readonly files: Readonly<Record<string, string>>;
  readonly tools: Readonly<Record<string, ToolContract>>;
}

export function sha256(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Canonical JSON (sorted keys) so equal schemas hash equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function toolContract(tool: ToolDef): ToolContract {
  return {
    title: tool.title,
    risk: tool.risk,
    approval: tool.approval,
    inputs: Object.fromEntries(tool.inputs.map((i) => [i.name, { type: summariseSchema(i.schema), required: i.required, schemaHash: sha256(canonicalJson(i.schema)).slice(0, 16) }])),
    returns: { type: summariseSchema(tool.returns.schema), schemaHash: sha256(canonicalJson(tool.returns.schema)).slice(0, 16) },
    operations: tool.steps.map((s) => ({ step: s.id, operationId: s.operationId, method: s.method.toUpperCase(), path: s.path })),
  };
}

export function buildLockfile(init: {
  plan: ToolPlan;
  generatorVersion: string;
  inputs: Record<string, { file: string; sha256: string }>;
  files: Readonly<Record<string, string>>;
}): Lockfile {
  const files: Record<string, string> = {};
  for (const path of Object.keys(init.files).sort()) files[path] = sha256(init.files[path] as string);
  return {
    lockfileVersion: 1,
    generator: { name: "aci-gen", version: init.generatorVersion },
    toolset: init.plan.toolset.name,
    inputs: init.inputs,
    files,
    tools: Object.fromEntries(init.plan.tools.map((t) => [t.name, toolContract(t)])),
  };
}
