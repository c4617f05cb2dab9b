// Reads aci.lock.json text into a Lockfile, or says in words why it is not one (check must not trust its shape).
import type { Lockfile } from "../emit/lockfile.js";
import { isRecord } from "../runtime/types.js";
import { defaultSourceLimits, depthProblem, sourceOfValue } from "../source/source.js";

/**
 * How deep a lockfile may nest: its contracts copy spec values (`default`, `enum`; at most the spec's own nesting
 * limit) a few levels down, and everything `check` reads from it is walked once per level.
 */
const MAX_LOCKFILE_DEPTH = 2 * defaultSourceLimits.maxDepth;

export type ParsedLockfile =
  | { readonly ok: true; readonly lock: Lockfile }
  | { readonly ok: false; readonly reason: string };

/** Parses and shape-checks a lockfile; fields added after version 1 are optional, and phrase-typed contracts still read. */
export function parseLockfile(text: string): ParsedLockfile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON (${(error as Error).message})` };
  }
  const tooDeep = depthProblem(sourceOfValue("", value), MAX_LOCKFILE_DEPTH);
  if (tooDeep !== undefined)
    return { ok: false, reason: `it nests more than ${MAX_LOCKFILE_DEPTH} levels deep (at ${tooDeep.pointer})` };
  const reason = lockfileProblem(value);
  return reason === undefined ? { ok: true, lock: value as Lockfile } : { ok: false, reason };
}

function lockfileProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return "not a JSON object";
  if (value["lockfileVersion"] !== 1) return `lockfileVersion ${JSON.stringify(value["lockfileVersion"])} is not 1`;
  if (!isRecord(value["files"]) || !Object.values(value["files"]).every((h) => typeof h === "string"))
    return '"files" is not a map of path → sha256';
  if (!isRecord(value["tools"])) return '"tools" is not an object';
  const bad = Object.entries(value["tools"]).find(([, t]) => !isToolContract(t));
  return bad === undefined
    ? undefined
    : `tool "${bad[0]}" has no valid contract (risk, approval, inputs, returns, operations)`;
}

function isToolContract(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { risk, approval, title, inputs, returns, operations } = value;
  if (typeof risk !== "string" || typeof approval !== "string" || typeof title !== "string") return false;
  if (!isRecord(inputs) || !Object.values(inputs).every(isInputContract)) return false;
  if (!isRecord(returns) || !isTyped(returns) || typeof returns["schemaHash"] !== "string") return false;
  if (
    Array.isArray(returns["type"]) &&
    !(isRecord(returns["fields"]) && Object.values(returns["fields"]).every(isField))
  )
    return false;
  return Array.isArray(operations) && operations.every(isLockedOperation);
}

function isInputContract(value: unknown): boolean {
  return isField(value) && typeof value["schemaHash"] === "string";
}

function isField(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || !isTyped(value) || typeof value["required"] !== "boolean") return false;
  const nested = value["fields"];
  return nested === undefined || (isRecord(nested) && Object.values(nested).every(isField));
}

/** `type` is a list of JSON types, or the display phrase of a lockfile written before per-keyword contracts. */
function isTyped(value: Record<string, unknown>): boolean {
  const type = value["type"];
  return typeof type === "string" || (Array.isArray(type) && type.every((t) => typeof t === "string"));
}

function isLockedOperation(value: unknown): boolean {
  return isRecord(value) && ["step", "operationId", "method", "path"].every((k) => typeof value[k] === "string");
}
