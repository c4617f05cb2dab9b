// Turns untrusted text and values into safe TypeScript: string and value literals, one-line comments, identifiers.

/**
 * Characters JSON.stringify leaves raw that must not appear raw in JS source: line and paragraph separators,
 * controls (the newlines JSON.stringify indents with stay), and every invisible format character (bidi controls, zero-width spaces, Unicode tag characters,
 * fillers) that could hide text from a reviewer or reorder it (Trojan Source, CVE-2021-42574).
 */
const UNSAFE_IN_SOURCE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u115f\u1160\u3164\uffa0]/gu;

function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE_IN_SOURCE, (c) =>
    [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`).join(""),
  );
}

/** True when `value` holds an object with an own `__proto__` key anywhere. */
function hasProtoKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasProtoKey);
  if (value === null || typeof value !== "object") return false;
  return Object.hasOwn(value, "__proto__") || Object.values(value).some(hasProtoKey);
}

/**
 * JSON text as a JS expression, except that a `__proto__` member is written as the computed key
 * `["__proto__"]`: in an object literal the plain key would set the prototype instead of an own property.
 */
function protoSafeJson(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined || typeof v === "function" ? "null" : protoSafeJson(v))).join(", ")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  const members = Object.entries(value)
    .filter(([, v]) => v !== undefined && typeof v !== "function")
    .map(([k, v]) => `${k === "__proto__" ? '["__proto__"]' : JSON.stringify(k)}: ${protoSafeJson(v)}`);
  return `{ ${members.join(", ")} }`;
}

/** A double-quoted JS string literal for any text. */
/** JSON text (valid JSON) with every invisible, bidi and control character inside strings written as `\\uXXXX`. */
export function jsonText(value: unknown, indent = 2): string {
  return escapeUnsafe(JSON.stringify(value, null, indent) ?? "null");
}

export function jsString(text: string): string {
  return escapeUnsafe(JSON.stringify(text));
}

/** A JS expression for a JSON value (objects, arrays, strings, numbers, booleans, null); `undefined` members are dropped. */
export function jsLiteral(value: unknown, indent = 2): string {
  if (hasProtoKey(value)) return escapeUnsafe(protoSafeJson(value));
  return escapeUnsafe(JSON.stringify(value, null, indent) ?? "undefined");
}

/** Text safe inside a `//` comment or a `/** … *\/` block: one line, no comment terminator, no control or bidi characters. */
export function commentText(text: string, max = 200): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ")
    .replace(UNSAFE_IN_SOURCE, "")
    .replaceAll("*/", "* /")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in " +
    "instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package " +
    "private protected public await async of arguments eval undefined NaN Infinity globalThis then constructor prototype __proto__ " +
    "z fetch process require module exports tools createToolset defineTool toolset runtime definitions bindToolset"
  ).split(" "),
);

/** `adopt_pet` → `adoptPet`; a safe JS identifier that is no reserved word and no name the generated code uses. */
export function toIdentifier(name: string, suffix = ""): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  const camel = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join("");
  const base = /^[A-Za-z_$]/.test(camel) ? camel : `_${camel}`;
  const identifier = base + suffix;
  return RESERVED.has(identifier) ? `${identifier}_` : identifier;
}
