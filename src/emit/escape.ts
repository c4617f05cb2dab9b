// Turns untrusted text into safe TypeScript and JSON: string literals, JSON text, one-line comments, identifiers.

/**
 * Characters JSON.stringify leaves raw that must not appear raw in JS source: line and paragraph separators,
 * controls (the newlines JSON.stringify indents with stay), and every invisible format character (bidi controls, zero-width spaces, Unicode tag characters,
 * fillers) that could hide text from a reviewer or reorder it (Trojan Source, CVE-2021-42574).
 */
const UNSAFE_IN_SOURCE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u115f\u1160\u3164\uffa0]/gu;

/** Text with nothing for escapeUnsafe to do (the common case, tested far faster than the full class). */
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/**
 * Runs of characters other than printable ASCII, tab, newline and carriage return: the only places UNSAFE_IN_SOURCE
 * can match. A run never splits a surrogate pair, so escaping each run escapes the whole text the same way, and a
 * megabyte of JSON is scanned by this plain class instead of the Unicode property class (~15× faster).
 */
const NOT_PLAIN = /[^\t\n\r\u0020-\u007e]+/g;

function escapeRun(run: string): string {
  return run.replace(UNSAFE_IN_SOURCE, (c) =>
    [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`).join(""),
  );
}

/**
 * Only the runs escaping changes are copied: a megabyte of JSON whose few runs are visible text (`café`, `—`) comes back
 * as it is (`String.prototype.replace` with a function rebuilt the whole text, ~7× slower on GitHub's lockfile).
 */
function escapeUnsafe(text: string): string {
  let out = "";
  let copied = 0;
  NOT_PLAIN.lastIndex = 0;
  for (let run = NOT_PLAIN.exec(text); run !== null; run = NOT_PLAIN.exec(text)) {
    const escaped = escapeRun(run[0]);
    if (escaped === run[0]) continue;
    out += text.slice(copied, run.index) + escaped;
    copied = run.index + run[0].length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** JSON text (valid JSON) with every invisible, bidi and control character inside strings written as `\\uXXXX`. */
export function jsonText(value: unknown, indent = 2): string {
  return escapeUnsafe(JSON.stringify(value, null, indent) ?? "null");
}

/** A double-quoted JS string literal for any text: the one escaper of string literals in generated code. */
export function jsString(text: string): string {
  return PRINTABLE_ASCII.test(text) ? JSON.stringify(text) : escapeUnsafe(JSON.stringify(text));
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
