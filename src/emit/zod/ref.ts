// Turns a `$ref` into the name of a hoisted const (z.lazy where the reference closes a cycle).
import { diagnostic } from "../../diagnostics/index.js";
import type { JsonSchema } from "../../model/api-model.js";
import { resolve as resolvePointer, split } from "../../util/pointer.js";
import { arrow, atom, type Code, zod } from "../code.js";
import { flat } from "../print.js";
import { addLocal, isObject, reserveName, type Local } from "./context.js";
import type { Env } from "./env.js";

const COMPONENT = "#/components/schemas/";

/** The schema a `$ref` names, when it resolves in the document or its components. */
export function targetOf(ref: string, env: Env): JsonSchema | undefined {
  const { ctx } = env;
  if (ref.startsWith(COMPONENT)) {
    const tokens = safeSplit(ref);
    const name = tokens?.[2];
    if (tokens?.length === 3 && name !== undefined && Object.hasOwn(ctx.components, name)) return ctx.components[name];
  }
  if (ref !== "#" && !ref.startsWith("#/")) return undefined;
  if (safeSplit(ref) === undefined) return undefined;
  const found = resolvePointer(ctx.root, ref);
  return typeof found === "boolean" || isObject(found) ? found : undefined;
}

function safeSplit(ref: string): string[] | undefined {
  try {
    return split(ref);
  } catch {
    return undefined;
  }
}

function nameFor(ref: string): string {
  if (ref === "#") return "rootSchema";
  const last = safeSplit(ref)?.at(-1) ?? "ref";
  const word = last.replace(/[^A-Za-z0-9]+(.)?/gu, (_m, c: string | undefined) => (c ?? "").toUpperCase());
  return `${word.charAt(0).toLowerCase()}${word.slice(1)}Schema`;
}

/**
 * Past this many `$ref` targets compiled inside one another, the next is not compiled: an `allOf` chain thousands of
 * schemas long (as generators emit) would otherwise overflow the stack here, in Zod's JSON Schema conversion and in tsc.
 * Real specs nest a few dozen deep at most; cycles never count, they close through `z.lazy` first.
 */
export const MAX_REF_DEPTH = 64;

/**
 * The expression standing for `ref`: an external identifier the caller supplied, else a hoisted const
 * compiled once (depth first); a reference back into a const still being compiled is `z.lazy(() => name)`.
 * An unresolvable ref is an error diagnostic and compiles to `z.never()`; a ref deeper than MAX_REF_DEPTH is a
 * warning and compiles to `z.unknown()` (the value there is not checked).
 */
export function refToZod(ref: string, env: Env): Code {
  const { ctx } = env;
  const external = Object.hasOwn(ctx.external, ref) ? ctx.external[ref] : undefined;
  if (external !== undefined) return atom(external);
  const state = ctx.refs.get(ref);
  if (state?.done) return atom(state.local.name);
  if (state !== undefined) {
    state.local.recursive = true;
    return zod("lazy", arrow("()", atom(state.local.name)));
  }
  const target = targetOf(ref, env);
  if (target === undefined) {
    ctx.diagnostics.push(
      diagnostic("SCHEMA_UNRESOLVED_REF", {
        pointer: env.pointer,
        message: `\`$ref\` ${JSON.stringify(ref)} does not resolve`,
      }),
    );
    return zod("never");
  }
  if (ctx.refDepth.current >= MAX_REF_DEPTH) {
    ctx.diagnostics.push(
      diagnostic("SCHEMA_TOO_DEEP", {
        pointer: env.pointer,
        message: `\`$ref\` ${JSON.stringify(ref)} is the ${MAX_REF_DEPTH + 1}th schema nested in one another here: the tool does not check the value below it`,
      }),
    );
    return zod("unknown");
  }
  const local: Local = { name: reserveName(ctx, nameFor(ref)), code: atom(""), expression: "", recursive: false };
  const entry = { local, done: false };
  ctx.refs.set(ref, entry);
  ctx.refDepth.current += 1;
  try {
    local.code = env.compile(target, ref.startsWith("#") ? ref.slice(1) : ref, true);
    local.expression = flat(local.code);
  } finally {
    ctx.refDepth.current -= 1;
  }
  entry.done = true;
  addLocal(ctx, local);
  return atom(local.name);
}
