// Turns untrusted text and values into safe TypeScript: string and value literals, one-line comments, identifiers.

/** Characters JSON.stringify leaves raw that must not appear raw in JS source (line separators) or that hide text (bidi controls). */
const UNSAFE_IN_SOURCE = /[\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE_IN_SOURCE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A double-quoted JS string literal for any text. */
export function jsString(text: string): string {
  return escapeUnsafe(JSON.stringify(text));
}

/** A JS expression for a JSON value (objects, arrays, strings, numbers, booleans, null); `undefined` members are dropped. */
export function jsLiteral(value: unknown, indent = 2): string {
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
  const camel = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join("");
  const base = /^[A-Za-z_$]/.test(camel) ? camel : `_${camel}`;
  const identifier = base + suffix;
  return RESERVED.has(identifier) ? `${identifier}_` : identifier;
}
