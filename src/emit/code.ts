// Typed nodes for the TypeScript that emit writes (calls, member chains, literals, arrows, declarations), and builders.
import { jsString } from "./escape.js";

/** One piece of generated code; `print.ts` lays it out. Text reaches code only through these nodes. */
export type Code =
  | { readonly kind: "atom"; readonly text: string }
  | { readonly kind: "string"; readonly value: string; readonly literal: string; readonly split: boolean }
  | { readonly kind: "call"; readonly callee: Code; readonly args: readonly Code[] }
  | { readonly kind: "member"; readonly object: Code; readonly name: string }
  | { readonly kind: "object"; readonly entries: readonly Entry[] }
  | { readonly kind: "array"; readonly items: readonly Code[] }
  | { readonly kind: "arrow"; readonly params: string; readonly body: Code }
  | { readonly kind: "block"; readonly statements: readonly Code[] }
  | { readonly kind: "seq"; readonly parts: readonly Code[] }
  | { readonly kind: "names"; readonly names: readonly string[] }
  | { readonly kind: "comment"; readonly text: string; readonly code: Code; readonly line?: boolean }
  | { readonly kind: "operands"; readonly operator: string; readonly items: readonly Code[] }
  | { readonly kind: "regex"; readonly source: string; readonly flags: string }
  | { readonly kind: "parens"; readonly code: Code };

/** An object member: the key as the data has it (the printer quotes it, or makes `__proto__` a computed key). */
export type Entry = readonly [key: string, value: Code];

/** A call in a member chain: `.name(args)`. */
export interface Link {
  readonly name: string;
  readonly args: readonly Code[];
}

/** Code written as is and never broken: an identifier, an operator, a short expression of known text. */
export const atom = (text: string): Code => ({ kind: "atom", text });

/**
 * A string literal (escaped by escape.ts when printed). `split`: where the type allows any string (descriptions,
 * messages), a literal too long for its line is written as `"…" + "…"`; never where a literal type matters.
 */
export const str = (value: string, split = false): Code => ({ kind: "string", value, literal: jsString(value), split });

/** A comment on the head of a chain stays outermost, so it is printed above the whole chain. */
export const call = (callee: Code | string, ...args: Code[]): Code => {
  if (typeof callee !== "string" && callee.kind === "comment")
    return commented(callee.text, call(callee.code, ...args));
  return { kind: "call", callee: typeof callee === "string" ? atom(callee) : callee, args };
};

export const member = (object: Code, name: string): Code =>
  object.kind === "comment" ? commented(object.text, member(object.code, name)) : { kind: "member", object, name };

/** `target.name(args)`. */
export const method = (target: Code, name: string, ...args: Code[]): Code => call(member(target, name), ...args);

/** `target.a(…).b(…)…` for each link in order. */
export const chain = (target: Code, links: readonly (Link | undefined)[]): Code =>
  links.reduce<Code>((acc, link) => (link === undefined ? acc : method(acc, link.name, ...link.args)), target);

export const link = (name: string, ...args: Code[]): Link => ({ name, args });

/** `z.name(args)`. */
export const zod = (name: string, ...args: Code[]): Code => method(atom("z"), name, ...args);

export const object = (entries: readonly Entry[]): Code => ({ kind: "object", entries });

export const array = (items: readonly Code[]): Code => ({ kind: "array", items });

/** `params => body`; `params` as written (`(s)`, `(n: number): boolean`). */
export const arrow = (params: string, body: Code): Code => ({ kind: "arrow", params, body });

/** `{ statement statement }`: each statement carries its own `;` (see `statement`). */
export const block = (statements: readonly Code[]): Code => ({ kind: "block", statements });

/** Parts written one after another with nothing between them. */
export const seq = (...parts: (Code | string)[]): Code => ({
  kind: "seq",
  parts: parts.map((p) => (typeof p === "string" ? atom(p) : p)),
});

/** `code;` */
export const statement = (...parts: (Code | string)[]): Code => seq(...parts, ";");

/** An immediately invoked arrow: `(() => { … })()`. */
export const iife = (statements: readonly Code[]): Code => call(seq("(", arrow("()", block(statements)), ")"));

/** `code` with a comment: above its member in an object, else `/* … *\/` before it (text from commentText). */
export const commented = (text: string, code: Code): Code => ({ kind: "comment", text, code });

/** `a || b || c`, broken before each operator but the first when it does not fit. */
export const operands = (operator: string, items: readonly Code[]): Code => ({ kind: "operands", operator, items });

/**
 * A regular expression: the literal `/source/flags` where it fits its line, else `new RegExp("…" + "…", "flags")`
 * (the same pattern: each piece is the escaped text of a slice of `source`). `source` must be a valid literal body.
 */
export const regex = (source: string, flags = ""): Code => ({ kind: "regex", source, flags });

/** `(code)`, its content on lines of its own when it does not fit. */
export const parens = (code: Code): Code => ({ kind: "parens", code });

/** `if (condition) then` (`then` a statement such as `return false;`). */
export const ifThen = (condition: Code, ...then: (Code | string)[]): Code =>
  seq("if ", parens(condition), " ", ...then);

/** `import { a, b } from "module";` (names already identifiers, in the order given). */
export const importDecl = (names: readonly string[], from: string): Code =>
  statement("import ", { kind: "names", names }, " from ", str(from));

/** `[export ]const name[: type] = value;` */
export const constDecl = (d: { exported?: boolean; name: string; type?: string; value: Code }): Code => {
  const head = `${d.exported ? "export " : ""}const ${d.name}${d.type === undefined ? "" : `: ${d.type}`} = `;
  if (d.value.kind !== "comment") return statement(head, d.value);
  return { kind: "comment", text: d.value.text, code: statement(head, d.value.code), line: true };
};

/**
 * A JSON value as code: the one serialiser of emit. Object keys keep their own-property meaning (`__proto__` becomes
 * a computed key), `undefined` members and functions are left out as JSON.stringify does (`null` inside arrays),
 * -0 stays -0 and NaN/±Infinity are written as such. A cycle is a bug of the caller and throws.
 */
export function valueToCode(value: unknown, options: { readonly split?: boolean } = {}): Code {
  return toCode(value, options.split ?? false, new Set());
}

function toCode(value: unknown, split: boolean, seen: Set<object>): Code {
  if (typeof value === "string") return str(value, split);
  if (typeof value === "number") return atom(numberText(value));
  if (typeof value === "boolean") return atom(String(value));
  if (typeof value === "bigint") return atom(`${value}n`);
  if (value === null || typeof value !== "object") return atom("null");
  if (seen.has(value)) throw new TypeError("valueToCode: the value contains a cycle");
  seen.add(value);
  const code = Array.isArray(value)
    ? array(value.map((v) => (v === undefined || typeof v === "function" ? atom("null") : toCode(v, split, seen))))
    : object(
        Object.entries(value)
          .filter(([, v]) => v !== undefined && typeof v !== "function")
          .map(([k, v]) => [k, toCode(v, split, seen)] as const),
      );
  seen.delete(value);
  return code;
}

/** A number as JS source that reads back as the same number (`-0`, `NaN`, `Infinity` included). */
function numberText(n: number): string {
  if (Object.is(n, -0)) return "-0";
  return Number.isFinite(n) || Number.isNaN(n) ? String(n) : n > 0 ? "Infinity" : "-Infinity";
}
