// A workflow's `inputs` JSON Schema (refs inlined) → one InputOverride per property.
import { isRecord } from "../../runtime/types.js";
import { join } from "../../util/pointer.js";
import { at, report } from "../context.js";
import type { InputOverride } from "../types.js";
import type { ArazzoEnv, WorkflowAt } from "./env.js";
import { resolveInputRefs } from "./components.js";

const ROOT_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "description",
  "title",
  "additionalProperties",
  "$schema",
  "$id",
  "$comment",
  "unevaluatedProperties",
]);

/** Input name → override, in the order the schema lists them; unsupported root shapes are reported. */
export function workflowInputs(env: ArazzoEnv, { workflow, pointer }: WorkflowAt): Map<string, InputOverride> {
  const inputsPointer = join(pointer, "inputs");
  const schema = resolveInputRefs(env, workflow.inputs ?? {}, { pointer: inputsPointer }) as Record<string, unknown>;
  const base = definitionPointer(workflow.inputs, inputsPointer);
  for (const keyword of Object.keys(schema)) {
    if (ROOT_KEYWORDS.has(keyword) || keyword.startsWith("x-")) continue;
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", join(base, keyword), {
      message: `\`${keyword}\` at the root of a workflow's inputs cannot become tool inputs`,
      hint: "make the inputs one object schema with `properties` (a oneOf can move into a property)",
    });
  }
  const properties = isRecord(schema["properties"]) ? schema["properties"] : {};
  const required = Array.isArray(schema["required"]) ? schema["required"] : [];
  return new Map(
    Object.entries(properties).map(([name, raw]) => [
      name,
      toOverride(env, { name, raw, required: required.includes(name), pointer: join(base, "properties", name) }),
    ]),
  );
}

function toOverride(
  env: ArazzoEnv,
  input: { name: string; raw: unknown; required: boolean; pointer: string },
): InputOverride {
  const { "x-aci-optional": optional, ...schema } = isRecord(input.raw) ? input.raw : {};
  const description = typeof schema["description"] === "string" ? schema["description"] : undefined;
  return {
    schema,
    ...(description === undefined ? {} : { description }),
    ...(input.required ? { required: true } : optional === true ? { required: false } : {}),
    ...at(env.ctx, input.pointer),
  };
}

/** Where the properties are written: the referenced component when `inputs` is a bare local `$ref`. */
function definitionPointer(inputs: Record<string, unknown> | undefined, fallback: string): string {
  const ref = inputs?.["$ref"];
  return typeof ref === "string" && ref.startsWith("#/") ? ref.slice(1) : fallback;
}
