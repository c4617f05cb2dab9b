// Builds aci.lock.json: generator version, input hashes, the files aci-gen wrote, and each tool's contract for `check`.
import { createHash } from "node:crypto";
import type { JsonSchema } from "../model/api-model.js";
import { derefTop, reachableSchemas } from "../planner/schemas.js";
import type { Annotations, ToolDef, ToolPlan } from "../planner/types.js";
import { summariseSchema } from "../report/schema-summary.js";

export const LOCKFILE = "aci.lock.json";

/** One input's contract; the optional fields are absent in lockfiles written before they existed. */
export interface InputContract {
  readonly type: string;
  readonly required: boolean;
  readonly schemaHash: string;
  /** Hash of the named schemas the input's schema reaches through `$ref`, so a change behind a ref shows. */
  readonly refsHash?: string;
  /** The allowed values, when the input (or each of its items) is an enum. */
  readonly enum?: readonly unknown[];
}

/** What a tool returns: a type summary and hashes of its schema and of the named schemas it reaches. */
export interface ReturnsContract {
  readonly type: string;
  readonly schemaHash: string;
  readonly refsHash?: string;
}

/** One tool's contract: what an agent relies on. */
export interface ToolContract {
  readonly title: string;
  readonly risk: string;
  readonly approval: string;
  readonly category?: string;
  readonly annotations?: Annotations;
  /** Hash of the description the model reads. */
  readonly descriptionHash?: string;
  readonly inputs: Readonly<Record<string, InputContract>>;
  readonly returns: ReturnsContract;
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

function shortHash(value: unknown): string {
  return sha256(canonicalJson(value)).slice(0, 16);
}

/** canonicalJson of each named schema, once: every tool's refsHash covers many of the same ones. */
const canonicalOf = new WeakMap<object, string>();

function canonicalCached(schema: JsonSchema): string {
  if (typeof schema !== "object") return canonicalJson(schema);
  let text = canonicalOf.get(schema);
  if (text === undefined) {
    text = canonicalJson(schema);
    canonicalOf.set(schema, text);
  }
  return text;
}

/** shortHash of the reached schemas by name: the same bytes as canonicalJson of that object, built from cached parts. */
function refsHash(schema: JsonSchema, schemas: Readonly<Record<string, JsonSchema>>): { refsHash?: string } {
  const reached = reachableSchemas([schema], schemas);
  const names = Object.keys(reached).sort();
  if (names.length === 0) return {};
  const hash = createHash("sha256").update("{");
  names.forEach((name, i) => hash.update(`${i === 0 ? "" : ","}${JSON.stringify(name)}:`).update(canonicalCached(reached[name] as JsonSchema)));
  return { refsHash: hash.update("}").digest("hex").slice(0, 16) };
}

/** The enum values of a schema, or of its array items, following top-level refs. */
function enumValues(schema: JsonSchema, schemas: Readonly<Record<string, JsonSchema>>): { enum?: readonly unknown[] } {
  const top = derefTop(schema, schemas);
  if (typeof top !== "object") return {};
  if (Array.isArray(top["enum"])) return { enum: top["enum"] };
  const items = top["items"];
  if (items === undefined || typeof items === "boolean" || Array.isArray(items)) return {};
  const inner = derefTop(items as JsonSchema, schemas);
  return typeof inner === "object" && Array.isArray(inner["enum"]) ? { enum: inner["enum"] } : {};
}

/** The contract of one planned tool; `schemas` (the plan's named schemas) lets changes behind `$ref`s show. */
export function toolContract(tool: ToolDef, schemas: Readonly<Record<string, JsonSchema>> = {}): ToolContract {
  return {
    title: tool.title,
    risk: tool.risk,
    approval: tool.approval,
    category: tool.category,
    annotations: {
      readOnlyHint: tool.annotations.readOnlyHint,
      destructiveHint: tool.annotations.destructiveHint,
      idempotentHint: tool.annotations.idempotentHint,
      openWorldHint: tool.annotations.openWorldHint,
    },
    descriptionHash: sha256(tool.description).slice(0, 16),
    inputs: Object.fromEntries(
      tool.inputs.map((i) => [
        i.name,
        { type: summariseSchema(i.schema), required: i.required, schemaHash: shortHash(i.schema), ...refsHash(i.schema, schemas), ...enumValues(i.schema, schemas) },
      ]),
    ),
    returns: { type: summariseSchema(tool.returns.schema), schemaHash: shortHash(tool.returns.schema), ...refsHash(tool.returns.schema, schemas) },
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
    tools: Object.fromEntries(init.plan.tools.map((t) => [t.name, toolContract(t, init.plan.schemas)])),
  };
}
