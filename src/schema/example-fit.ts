// A schema's own scalar constraints + one of its examples → whether the example keeps them (the example a tool's description shows must).
import { fitsFormatShape } from "../util/format-shapes.js";
import { checkPattern } from "./pattern-safety.js";

type Schema = Readonly<Record<string, unknown>>;

const safePatterns = new Map<string, RegExp | undefined>();

/** The pattern as the tool checks it (`u` flag), compiled once, or undefined when it is not one the tool would run. */
export function safeRegex(source: string): RegExp | undefined {
  if (!safePatterns.has(source))
    safePatterns.set(source, checkPattern(source).ok ? new RegExp(source, "u") : undefined);
  return safePatterns.get(source);
}

const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

/** Whether a scalar `value` keeps the constraints `schema` states of it directly: enum and const, a string's pattern, lengths (in code points, as the tool counts) and format (a date-time is no `date`: the directory's Asana shows `due_on` "E.g. 2025-10-15T13:51:00.926Z"), a number's bounds. Objects and lists are not looked into. */
export function fitsOwnConstraints(schema: Schema, value: unknown): boolean {
  if (typeof value === "object" && value !== null) return true;
  const choices = schema["enum"];
  if (Array.isArray(choices) && !choices.some((choice) => sameValue(choice, value))) return false;
  if ("const" in schema && !sameValue(schema["const"], value)) return false;
  if (typeof value === "string") {
    const length = [...value].length;
    const pattern = typeof schema["pattern"] === "string" ? safeRegex(schema["pattern"]) : undefined;
    if (pattern !== undefined && !pattern.test(value)) return false;
    if (typeof schema["format"] === "string" && fitsFormatShape(value, schema["format"]) === false) return false;
    if (length < (num(schema["minLength"]) ?? 0) || length > (num(schema["maxLength"]) ?? Number.POSITIVE_INFINITY))
      return false;
  }
  if (typeof value === "number") {
    const [min, max] = [num(schema["minimum"]), num(schema["maximum"])];
    const [above, below] = [num(schema["exclusiveMinimum"]), num(schema["exclusiveMaximum"])];
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) return false;
    if ((above !== undefined && value <= above) || (below !== undefined && value >= below)) return false;
  }
  return true;
}

const sameValue = (a: unknown, b: unknown): boolean => a === b;
