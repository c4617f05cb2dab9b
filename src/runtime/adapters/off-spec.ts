// A success result and its tool's advertised output schema → the result as is, or with `_off_spec` saying where.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";
import { OFF_SPEC_KEY } from "./definition.js";
import type { JsonSchema } from "./shared.js";

/** The longest `_off_spec` note: the places that differ, cut at a whole place. */
const MAX_NOTE_CHARS = 300;

/** One check per schema: the whole advertised schema, and its first branch (the documented result) for the note. */
interface Check {
  readonly fits: JsonSchemaValidator<unknown>;
  readonly documented: JsonSchemaValidator<unknown> | undefined;
}

const checks = new WeakMap<object, Check>();
let ajv: AjvJsonSchemaValidator | undefined;

/** The advertised schema compiled as an MCP client compiles it (the SDK's own validator), once per schema object. */
function checkOf(schema: JsonSchema): Check {
  let check = checks.get(schema);
  if (check !== undefined) return check;
  ajv ??= new AjvJsonSchemaValidator();
  const validator = ajv;
  const { anyOf, ...root } = schema;
  const first = Array.isArray(anyOf) ? (anyOf[0] as JsonSchema | undefined) : undefined;
  const compile = (s: JsonSchema) => validator.getValidator(s as JsonSchemaType);
  check = { fits: compile(schema), documented: first === undefined ? undefined : compile({ ...root, ...first }) };
  checks.set(schema, check);
  return check;
}

/** `data/lists/0/notify_on_subscribe must be string, data must …` → its places, as JSON pointers, within the cap. */
function note(message: string): string {
  const places = message.split(/, (?=data\b)/).map((part) => part.replace(/^data(?=\/|\s)/, "").replace(/^ /, "/ "));
  let text = "";
  for (const place of places) {
    const next = text === "" ? place : `${text}; ${place}`;
    if (next.length > MAX_NOTE_CHARS) return `${text}; …`;
    text = next;
  }
  return text;
}

/**
 * The result a client may check against `schema` (the tool's advertised output schema): unchanged when it fits;
 * otherwise — the API answered with another shape than its description gives (a `false` where a string is
 * documented, a status its enum does not list) — the same result with `_off_spec` naming the places that differ,
 * which fits the advertised branch for such answers. A client would otherwise reject the whole answer.
 */
export function markOffSpec(result: Record<string, unknown>, schema: JsonSchema | undefined): Record<string, unknown> {
  if (schema === undefined) return result;
  const check = checkOf(schema);
  if (check.fits(result).valid) return result;
  const exact: string[] = [];
  const numbered = asNumbers(result, "", exact, applying(schema, schema), schema);
  if (exact.length > 0 && check.fits(numbered).valid) return { ...result, [OFF_SPEC_KEY]: exactDigitsNote(exact) };
  const documented = check.documented?.(numbered);
  const where = documented?.valid === false ? note(documented.errorMessage ?? "") : "";
  return {
    ...result,
    [OFF_SPEC_KEY]:
      `The API's answer does not have the shape its description gives${where === "" ? "" : `: ${where}`}. ` +
      "It is passed on as the API sent it.",
  };
}

/** The digits of an integer past ±2^53, as the body reader keeps it (http/read-body.ts `parseJsonExact`). */
const UNSAFE_DIGITS = /^-?\d{16,}$/;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);

/** A local `$ref` (`#/$defs/Item`, `#/definitions/Item`) in the advertised schema. */
function refTarget(root: JsonSchema, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = isNode(node) ? node[token] : undefined;
  }
  return node;
}

/** The schemas that apply to one place: the schema, its `$ref`'s target and its `anyOf`/`oneOf`/`allOf` branches. */
function applying(schema: unknown, root: JsonSchema, depth = 0): Node[] {
  if (!isNode(schema) || depth > 16) return [];
  const found: Node[] = [schema];
  if (typeof schema["$ref"] === "string") found.push(...applying(refTarget(root, schema["$ref"]), root, depth + 1));
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const list = schema[key];
    if (Array.isArray(list)) for (const branch of list) found.push(...applying(branch, root, depth + 1));
  }
  return found;
}

/** The schemas that apply to member `key` (a name, or an index of an array) of a value the `schemas` describe. */
function below(schemas: readonly Node[], key: string | number, root: JsonSchema): Node[] {
  return schemas.flatMap((s) => {
    if (typeof key === "number") {
      const prefix = Array.isArray(s["prefixItems"]) ? s["prefixItems"][key] : undefined;
      const items = Array.isArray(s["items"]) ? s["items"][key] : (prefix ?? s["items"]);
      return applying(items, root);
    }
    const own = isNode(s["properties"]) ? s["properties"][key] : undefined;
    return applying(own ?? s["additionalProperties"], root);
  });
}

/** Whether the schemas at a place ask for a number and none of them for a string (an account number's digits stay). */
function wantsNumber(schemas: readonly Node[]): boolean {
  const types = new Set(schemas.flatMap((s) => (Array.isArray(s["type"]) ? s["type"] : [s["type"]])));
  return (types.has("integer") || types.has("number")) && !types.has("string");
}

/**
 * The value with each string of an unsafe integer's digits read as a number (for the check only) where the schema
 * asks for a number at that place, its places noted; a digit string where the schema asks for a string stays one.
 */
function asNumbers(value: unknown, at: string, places: string[], schemas: readonly Node[], root: JsonSchema): unknown {
  if (typeof value === "string") {
    const unsafe = UNSAFE_DIGITS.test(value) && !Number.isSafeInteger(Number(value));
    return unsafe && wantsNumber(schemas) ? (places.push(at), Number(value)) : value;
  }
  if (Array.isArray(value))
    return value.map((v, i) => asNumbers(v, `${at}/${i}`, places, below(schemas, i, root), root));
  if (!isNode(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      const place = `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      return [k, asNumbers(v, place, places, below(schemas, k, root), root)];
    }),
  );
}

/** What the model is told of an answer that has the documented shape once its exact-digit strings are numbers. */
function exactDigitsNote(places: readonly string[]): string {
  const shown = places.slice(0, 3).join(", ");
  const more = places.length > 3 ? ` and ${places.length - 3} more` : "";
  return (
    `The integers at ${shown}${more} are too large for a JSON number to hold exactly, so they are given as strings ` +
    "of their exact digits (as a number they would be rounded). Use and repeat them digit for digit. " +
    "Otherwise the answer has the shape its description gives."
  );
}
