// Builds aci.lock.json: generator version, input hashes, the files aci-gen wrote, and each tool's contract for `check`.
import { schemaLookup } from "../model/api-source.js";
import { createHash } from "node:crypto";
import type { JsonSchema, SecurityScheme } from "../model/api-model.js";
import { UNSENT_KEY } from "../planner/request-side.js";
import { reachableSchemas } from "../planner/schemas.js";
import { configPlaces } from "../planner/config.js";
import type { Annotations, ToolDef, ToolPlan, ToolsetInfo } from "../planner/types.js";
import { contentKey } from "../util/content-key.js";
import { compareStrings } from "../util/order.js";
import { propertyContracts, schemaContract, type FieldContract, type SchemaContract } from "./schema-contract.js";

export const LOCKFILE = "aci.lock.json";

/** How long a recorded text's piece may be as JSON, so its line stays within 120 columns at any lockfile depth. */
const PIECE = 80;

/** A text as the lockfile holds it: whole when short, else pieces cut after spaces that join back to it exactly. */
export function lockedText(text: string): string | readonly string[] {
  if (JSON.stringify(text).length <= PIECE) return text;
  const pieces: string[] = [];
  let piece = "";
  for (const word of text.split(/(?<= )/)) {
    for (const part of splitLong(word)) {
      if (piece !== "" && JSON.stringify(piece + part).length > PIECE) {
        pieces.push(piece);
        piece = "";
      }
      piece += part;
    }
  }
  return piece === "" ? pieces : [...pieces, piece];
}

/** A word longer than a piece, cut into pieces by code point. */
function splitLong(word: string): string[] {
  if (JSON.stringify(word).length <= PIECE) return [word];
  const parts: string[] = [];
  let part = "";
  for (const char of word) {
    if (JSON.stringify(part + char).length > PIECE) {
      parts.push(part);
      part = "";
    }
    part += char;
  }
  return part === "" ? parts : [...parts, part];
}

/** A recorded text read back: pieces joined; anything else a hand-edited lockfile holds there reads as no text. */
export function unlockedText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  return Array.isArray(value) && value.every((piece) => typeof piece === "string") ? value.join("") : undefined;
}

/** One input's contract: its keywords, whether it is required, and hashes so a change no keyword covers still shows. */
export type InputContract = SchemaContract & {
  readonly required: boolean;
  /** The properties of an object input (of each item, for a list), a few levels down, so `check` names a nested change. */
  readonly fields?: Readonly<Record<string, FieldContract>>;
  /**
   * The description the model reads, so a documentation change shows its old and new text; a long one as consecutive
   * pieces (see {@link lockedText}) so the lockfile keeps to 120 columns.
   */
  readonly description?: string | readonly string[];
  readonly schemaHash: string;
  /** Hash of the named schemas the input's schema reaches through `$ref`, so a change behind a ref shows. */
  readonly refsHash?: string;
  /** Hash of the schema and the named schemas it reaches without their documentation (descriptions, examples, `x-`). */
  readonly shapeHash?: string;
};

/** An input as lockfiles written before per-keyword contracts hold it: a display phrase (`integer ≥1`) in `type`. */
export interface LegacyInputContract {
  readonly type: string;
  readonly required: boolean;
  readonly schemaHash: string;
  readonly refsHash?: string;
  readonly enum?: readonly unknown[];
}

export type { FieldContract } from "./schema-contract.js";

/** What a tool returns: its keywords, its top-level fields (of each item, for a list), and hashes of the rest. */
export type ReturnsContract = SchemaContract & {
  readonly fields: Readonly<Record<string, FieldContract>>;
  readonly schemaHash: string;
  readonly refsHash?: string;
  /** As for inputs: equal shape hashes with different schema hashes mean only documentation changed. */
  readonly shapeHash?: string;
};

/** Returns as lockfiles written before per-keyword contracts hold them: a display phrase in `type`. */
export interface LegacyReturnsContract {
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
  readonly inputs: Readonly<Record<string, InputContract | LegacyInputContract>>;
  readonly returns: ReturnsContract | LegacyReturnsContract;
  readonly operations: readonly {
    readonly step: string;
    readonly operationId: string;
    readonly method: string;
    readonly path: string;
    /** The step's read must find exactly one item (`exactly_one`); absent when it may take the first listed. */
    readonly exactlyOne?: true;
  }[];
  /**
   * The configured values its steps send (`$config.NAME`), by environment variable: required when the server cannot
   * start without it (no basic-auth default). Absent when none.
   */
  readonly config?: Readonly<Record<string, { readonly required: boolean }>>;
  /** An update whose every change is optional: the inputs of which a call must give one (absent for other tools). */
  readonly changeInputs?: readonly string[];
  /** A tool adding the items of optional lists: the lists of which a call must give one with an item (absent for others). */
  readonly addInputs?: readonly string[];
  /**
   * The credentials its steps send, as the alternatives any one of which lets every step be sent: each a sorted list
   * of security scheme names (see the lockfile's `securitySchemes`). Absent when the tool sends none.
   */
  readonly credentials?: readonly (readonly string[])[];
}

export interface Lockfile {
  readonly lockfileVersion: 1;
  readonly generator: { readonly name: "aci-gen"; readonly version: string };
  readonly toolset: string;
  readonly inputs: Readonly<Record<string, { readonly file: string; readonly sha256: string }>>;
  /** Every file aci-gen wrote (path relative to the output folder → sha256); only these may be replaced or removed. */
  readonly files: Readonly<Record<string, string>>;
  readonly tools: Readonly<Record<string, ToolContract>>;
  /**
   * The security schemes the package reads credentials for, name → type (`http bearer`, `apiKey header`, `apiKey
   * server`); present, possibly empty, in lockfiles that record tools' `credentials` (older ones have neither).
   */
  readonly securitySchemes?: Readonly<Record<string, string>>;
}

export function sha256(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Canonical JSON (sorted keys) so equal schemas hash equal; written into one list of parts, joined once. */
function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  writeCanonical(value, parts);
  return parts.join("");
}

function writeCanonical(value: unknown, parts: string[]): void {
  if (Array.isArray(value)) {
    parts.push("[");
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.push(",");
      if (i in value) writeCanonical(value[i], parts);
    }
    parts.push("]");
  } else if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    parts.push("{");
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      parts.push(i === 0 ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
      writeCanonical((value as Record<string, unknown>)[key], parts);
    }
    parts.push("}");
  } else parts.push(JSON.stringify(value) ?? "null");
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

/** refsHash by the names reached, per plan: inputs reaching the same named schemas hash the same bytes. */
const refsHashes = new WeakMap<object, Map<string, string>>();

/** shortHash of the reached schemas by name: the same bytes as canonicalJson of that object, built from cached parts. */
function refsHash(
  reached: Readonly<Record<string, JsonSchema>>,
  schemas: Readonly<Record<string, JsonSchema>>,
): { refsHash?: string } {
  const names = Object.keys(reached).sort();
  if (names.length === 0) return {};
  let known = refsHashes.get(schemas);
  if (known === undefined) refsHashes.set(schemas, (known = new Map()));
  const key = names.join("\u0000");
  const done = known.get(key);
  if (done !== undefined) return { refsHash: done };
  const hash = createHash("sha256").update("{");
  for (const [i, name] of names.entries())
    hash.update(`${i === 0 ? "" : ","}${JSON.stringify(name)}:`).update(canonicalCached(reached[name] as JsonSchema));
  const digest = hash.update("}").digest("hex").slice(0, 16);
  known.set(key, digest);
  return { refsHash: digest };
}

/**
 * Keywords that document a schema without changing what it admits; `x-` extensions too. Stripped from the shape
 * hash, so a change to them alone is reported as documentation.
 */
const DOC_KEYWORDS: ReadonlySet<string> = new Set([
  "description",
  "title",
  "example",
  "examples",
  "externalDocs",
  "deprecated",
  "$comment",
  "xml",
]);

/** Keywords whose value maps names to schemas (their keys are names, not keywords). */
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);

/** Keywords whose value is data (kept whole, never walked as a schema). */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(["enum", "const", "default", "required"]);

/** The schema without its documentation keywords, at every level that is a schema. */
function shapeOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(shapeOf);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DOC_KEYWORDS.has(key) || (key.startsWith("x-") && key !== UNSENT_KEY)) continue;
    out[key] = DATA_KEYWORDS.has(key)
      ? value
      : SCHEMA_MAPS.has(key) && value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([name, member]) => [name, shapeOf(member)]))
        : shapeOf(value);
  }
  return out;
}

/** canonicalJson of each named schema's shape, once, as for canonicalOf. */
const shapeCanonicalOf = new WeakMap<object, string>();

function shapeCanonicalCached(schema: JsonSchema): string {
  if (typeof schema !== "object") return canonicalJson(schema);
  let text = shapeCanonicalOf.get(schema);
  if (text === undefined) {
    text = canonicalJson(shapeOf(schema));
    shapeCanonicalOf.set(schema, text);
  }
  return text;
}

/** Hash of the schema's shape and of the shapes of the named schemas it reaches, by name. */
function shapeHash(schema: JsonSchema, reached: Readonly<Record<string, JsonSchema>>): string {
  const hash = createHash("sha256").update(canonicalJson(shapeOf(schema)));
  for (const name of Object.keys(reached).sort())
    hash.update(`\u0000${name}\u0000`).update(shapeCanonicalCached(reached[name] as JsonSchema));
  return hash.digest("hex").slice(0, 16);
}

/** The contract of one planned tool; `schemas` (the plan's named schemas) lets changes behind `$ref`s show. */
/** The variables of the configured values the tool sends, sorted; absent when it sends none. */
function configContract(tool: ToolDef, toolset: ToolsetInfo | undefined): Pick<ToolContract, "config"> {
  const specs = [...configPlaces(tool).keys()].flatMap((name) => toolset?.config?.[name] ?? []);
  if (specs.length === 0) return {};
  const sorted = specs.sort((a, b) => compareStrings(a.variable, b.variable));
  return { config: Object.fromEntries(sorted.map((c) => [c.variable, { required: c.basicUserOf === undefined }])) };
}

/**
 * What a lockfile's contracts compute once per distinct schema (by {@link contentKey}) and description: the tools of
 * a large API repeat the same inputs and results many times (GitHub: 4,702 inputs, 1,005 distinct schemas) as
 * equal objects that are not the same object.
 */
interface ContractMemo {
  readonly inputs: Map<
    string,
    {
      readonly contract: SchemaContract;
      readonly fields: Readonly<Record<string, FieldContract>>;
      readonly hashes: SchemaHashes;
    }
  >;
  readonly returns: Map<string, ReturnsContract>;
  readonly texts: Map<string, string | readonly string[]>;
}

type SchemaHashes = { readonly schemaHash: string; readonly refsHash?: string; readonly shapeHash: string };

function schemaHashes(schema: JsonSchema, schemas: Readonly<Record<string, JsonSchema>>): SchemaHashes {
  const reached = reachableSchemas([schema], schemaLookup(schemas));
  return { schemaHash: shortHash(schema), ...refsHash(reached, schemas), shapeHash: shapeHash(schema, reached) };
}

function memoised<T>(memo: Map<string, T>, key: string, make: () => T): T {
  let value = memo.get(key);
  if (value === undefined) memo.set(key, (value = make()));
  return value;
}

function inputContract(
  input: ToolDef["inputs"][number],
  schemas: Readonly<Record<string, JsonSchema>>,
  memo: ContractMemo,
): InputContract {
  const { contract, fields, hashes } = memoised(memo.inputs, contentKey(input.schema), () => ({
    contract: schemaContract(input.schema, schemas),
    fields: propertyContracts(input.schema, schemas),
    hashes: schemaHashes(input.schema, schemas),
  }));
  const { description } = input;
  return {
    ...contract,
    required: input.required,
    ...(Object.keys(fields).length === 0 ? {} : { fields }),
    ...(description === undefined
      ? {}
      : { description: memoised(memo.texts, description, () => lockedText(description)) }),
    ...hashes,
  };
}

function returnsContract(
  schema: JsonSchema,
  schemas: Readonly<Record<string, JsonSchema>>,
  memo: ContractMemo,
): ReturnsContract {
  return memoised(memo.returns, contentKey(schema), () => ({
    ...schemaContract(schema, schemas),
    fields: propertyContracts(schema, schemas),
    ...schemaHashes(schema, schemas),
  }));
}

function toolContract(
  tool: ToolDef,
  schemas: Readonly<Record<string, JsonSchema>>,
  toolset: ToolsetInfo | undefined,
  memo: ContractMemo,
): ToolContract {
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
    inputs: Object.fromEntries(tool.inputs.map((i) => [i.name, inputContract(i, schemas, memo)])),
    returns: returnsContract(tool.returns.schema, schemas, memo),
    operations: tool.steps.map((s) => ({
      step: s.id,
      operationId: s.operationId,
      method: s.method.toUpperCase(),
      path: s.path,
      ...(s.exactlyOne === undefined ? {} : { exactlyOne: true as const }),
    })),
    ...configContract(tool, toolset),
    ...(tool.changeInputs === undefined ? {} : { changeInputs: tool.changeInputs }),
    ...(tool.addInputs === undefined ? {} : { addInputs: tool.addInputs }),
    ...credentialsContract(tool, toolset),
  };
}

/** A scheme as the lockfile names its kind: `http bearer`, `apiKey header`, `oauth2`. */
function schemeKind(scheme: SecurityScheme): string {
  if (scheme.type === "http") return `http ${scheme.scheme.toLowerCase()}`;
  if (scheme.type === "apiKey") return `apiKey ${scheme.in}`;
  return scheme.type;
}

/** Schemes that carry a credential: not the API version an apiKey scheme declares (Plaid's `Plaid-Version`). */
function credentialSchemes(toolset: ToolsetInfo | undefined): Record<string, string> {
  const schemes = toolset?.securitySchemes ?? {};
  return Object.fromEntries(
    Object.keys(schemes)
      .sort(compareStrings)
      .flatMap((name) => {
        const scheme = schemes[name] as SecurityScheme;
        return scheme.type === "apiKey" && scheme.apiVersion !== undefined ? [] : [[name, schemeKind(scheme)]];
      }),
  );
}

/**
 * The alternatives of credentials that let every step be sent: each step's alternatives (credential schemes only,
 * sorted) combined across steps, those holding another left out; a step that may send none adds nothing.
 */
function credentialsContract(tool: ToolDef, toolset: ToolsetInfo | undefined): Pick<ToolContract, "credentials"> {
  const known = credentialSchemes(toolset);
  let alternatives: string[][] = [[]];
  for (const step of tool.steps) {
    const own = step.security.map((r) => Object.keys(r).filter((n) => Object.hasOwn(known, n)));
    if (own.length === 0 || own.some((a) => a.length === 0)) continue;
    alternatives = alternatives.flatMap((a) => own.map((b) => [...new Set([...a, ...b])].sort(compareStrings)));
  }
  const distinct = [...new Map(alternatives.map((a) => [a.join(" "), a])).values()].filter((a) => a.length > 0);
  const minimal = distinct.filter((a) => !distinct.some((b) => b !== a && b.every((n) => a.includes(n))));
  if (minimal.length === 0) return {};
  return { credentials: minimal.sort((a, b) => compareStrings(a.join(" "), b.join(" "))) };
}

export function buildLockfile(init: {
  plan: ToolPlan;
  generatorVersion: string;
  inputs: Record<string, { file: string; sha256: string }>;
  files: Readonly<Record<string, string>>;
}): Lockfile {
  const files: Record<string, string> = {};
  for (const path of Object.keys(init.files).sort()) files[path] = sha256(init.files[path] as string);
  const memo: ContractMemo = { inputs: new Map(), returns: new Map(), texts: new Map() };
  return {
    lockfileVersion: 1,
    generator: { name: "aci-gen", version: init.generatorVersion },
    toolset: init.plan.toolset.name,
    inputs: init.inputs,
    files,
    tools: Object.fromEntries(
      init.plan.tools.map((t) => [t.name, toolContract(t, init.plan.schemas, init.plan.toolset, memo)]),
    ),
    securitySchemes: credentialSchemes(init.plan.toolset),
  };
}
