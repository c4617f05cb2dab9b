// Arazzo Reusable Objects and input `$ref`s → the component they name (parameters, actions, input schemas).
import { join, resolve, split } from "../../util/pointer.js";
import { report } from "../context.js";
import { didYouMean } from "../did-you-mean.js";
import type { ArazzoEnv } from "./env.js";
import type { ArazzoAction, ArazzoParameter } from "./schema.js";

/** A parameter after `reference` resolution: its fields and where each came from. */
export interface ResolvedParameter {
  readonly name: string;
  readonly in?: "path" | "query" | "header" | "cookie";
  readonly value: unknown;
  /** The parameter as written in the step/workflow (or the reusable object referring to it). */
  readonly pointer: string;
  /** Where the value is written (the reusable object's `value` when it overrides the component's). */
  readonly valuePointer: string;
}

/** An action after `reference` resolution, with the pointer of its definition. */
export interface ResolvedAction {
  readonly action: ArazzoAction;
  readonly pointer: string;
}

type ComponentKind = "parameters" | "successActions" | "failureActions";

function lookup(
  env: ArazzoEnv,
  kind: ComponentKind,
  reference: string,
  pointer: string,
): { name: string; value: unknown } | undefined {
  const prefix = `$components.${kind}.`;
  const table = (env.doc.components?.[kind] ?? {}) as Record<string, unknown>;
  const name = reference.startsWith(prefix) ? reference.slice(prefix.length) : undefined;
  if (name !== undefined && Object.hasOwn(table, name)) return { name, value: table[name] };
  report(env.ctx, "GOALS_UNKNOWN_COMPONENT", join(pointer, "reference"), {
    message: `${reference} does not name one of components.${kind}`,
    hint: name === undefined ? `write \`${prefix}NAME\`` : didYouMean(name, Object.keys(table), `components.${kind}`),
  });
  return undefined;
}

/** Resolves a list of Parameter / Reusable objects; a reference's `value` overrides the component's. */
export function resolveParameters(
  env: ArazzoEnv,
  list: readonly ArazzoParameter[] | undefined,
  pointer: string,
): ResolvedParameter[] {
  return (list ?? []).flatMap((raw, i) => {
    const at = join(pointer, i);
    const found = raw.reference === undefined ? { param: raw, base: at } : fromComponent(env, raw.reference, at);
    if (found === undefined) return [];
    const overrides = raw.reference !== undefined && raw.value !== undefined;
    const value = overrides ? raw.value : found.param.value;
    const valuePointer = join(overrides ? at : found.base, "value");
    if (!requireFields(env, found.param, found.base)) return [];
    return [
      { name: found.param.name!, ...(found.param.in ? { in: found.param.in } : {}), value, pointer: at, valuePointer },
    ];
  });
}

function fromComponent(
  env: ArazzoEnv,
  reference: string,
  pointer: string,
): { param: ArazzoParameter; base: string } | undefined {
  const found = lookup(env, "parameters", reference, pointer);
  if (found === undefined) return undefined;
  return { param: found.value as ArazzoParameter, base: join("/components/parameters", found.name) };
}

function requireFields(env: ArazzoEnv, param: ArazzoParameter, pointer: string): boolean {
  const missing = (["name", "value"] as const).filter((k) => param[k] === undefined);
  for (const key of missing) {
    report(env.ctx, "GOALS_MISSING_FIELD", pointer, {
      message: `the parameter has no \`${key}\``,
      hint: `add \`${key}\` (or a \`reference\` to components.parameters)`,
    });
  }
  return missing.length === 0;
}

/** Resolves a list of Success/Failure Action or Reusable objects against components of `kind`. */
export function resolveActions(
  env: ArazzoEnv,
  list: readonly ArazzoAction[] | undefined,
  input: { pointer: string; kind: "successActions" | "failureActions" },
): ResolvedAction[] {
  return (list ?? []).flatMap((action, i) => {
    const at = join(input.pointer, i);
    if (action.reference === undefined) return [{ action, pointer: at }];
    const found = lookup(env, input.kind, action.reference, at);
    return found === undefined
      ? []
      : [{ action: found.value as ArazzoAction, pointer: join("/components", input.kind, found.name) }];
  });
}

/**
 * Levels an input schema may nest, inline or through `$ref`s (the source itself nests at most 256): past them the rest
 * is one diagnostic and `{}`, not a walk as deep as a chain of references is long.
 */
const MAX_INPUT_NESTING = 256;

/** Inlines `$ref: "#/components/inputs/X"` (and other local refs) in an inputs schema; cycles and remote refs are reported. */
export function resolveInputRefs(
  env: ArazzoEnv,
  schema: unknown,
  input: { pointer: string; seen?: readonly string[]; level?: number },
): unknown {
  const level = (input.level ?? 0) + 1;
  if (Array.isArray(schema))
    return schema.map((item, i) => resolveInputRefs(env, item, { ...input, pointer: join(input.pointer, i), level }));
  if (schema === null || typeof schema !== "object") return schema;
  if (level > MAX_INPUT_NESTING) {
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", input.pointer, {
      message: `the input schema nests more than ${MAX_INPUT_NESTING} levels here, inline or through \`$ref\`s`,
      hint: "flatten the schema: a tool input this deep cannot be checked or filled in",
    });
    return {};
  }
  const ref = (schema as Record<string, unknown>)["$ref"];
  const members = Object.entries(schema).filter(([k]) => k !== "$ref");
  const resolved = Object.fromEntries(
    members.map(([k, v]) => [k, resolveInputRefs(env, v, { ...input, pointer: join(input.pointer, k), level })]),
  );
  if (typeof ref !== "string") return resolved;
  const target = followRef(env, ref, { pointer: input.pointer, seen: input.seen ?? [], level });
  return target !== null && typeof target === "object" && !Array.isArray(target) ? { ...target, ...resolved } : target;
}

function followRef(
  env: ArazzoEnv,
  ref: string,
  input: { pointer: string; seen: readonly string[]; level: number },
): unknown {
  const at = join(input.pointer, "$ref");
  if (!ref.startsWith("#/")) {
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", at, {
      message: `the input schema reference ${ref} is not local to this document`,
      hint: "copy the schema under components.inputs and refer to it as #/components/inputs/NAME",
    });
    return {};
  }
  const target = resolve(env.ctx.doc, ref.slice(1));
  if (target === undefined) {
    const names = Object.keys(env.doc.components?.inputs ?? {});
    report(env.ctx, "GOALS_UNKNOWN_COMPONENT", at, {
      message: `${ref} does not resolve`,
      hint: didYouMean(split(ref.slice(1)).at(-1) ?? ref, names, "components.inputs"),
    });
    return {};
  }
  if (input.seen.includes(ref)) {
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", at, {
      message: `the input schema ${ref} refers to itself`,
      hint: "tool inputs cannot be recursive; flatten the schema",
    });
    return {};
  }
  return resolveInputRefs(env, target, { pointer: ref.slice(1), seen: [...input.seen, ref], level: input.level });
}
