// RFC 6901 JSON pointers for the generator: build, split and resolve them (token escaping is the runtime's).
import { escapeToken as escapeAny, pointerTokens, unescapeToken } from "../runtime/expressions/pointer.js";

export { unescapeToken };

/** The runtime's escapeToken, with the common token that has neither `~` nor `/` returned as it is. */
export function escapeToken(token: string): string {
  return token.includes("~") || token.includes("/") ? escapeAny(token) : token;
}

/** Appends tokens to a pointer: `join("/paths", "/pets", "get")` → `/paths/~1pets/get`. */
export function join(pointer: string, ...tokens: readonly (string | number)[]): string {
  if (tokens.length === 1) return `${pointer}/${escapeToken(String(tokens[0]))}`;
  return pointer + tokens.map((t) => `/${escapeToken(String(t))}`).join("");
}

/** Splits a pointer (with or without a leading `#`, percent-decoded after it as a URI fragment) into unescaped tokens. */
export function split(pointer: string): string[] {
  const p = pointer.startsWith("#") ? decodeURIComponent(pointer.slice(1)) : pointer;
  if (p !== "" && !p.startsWith("/")) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointerTokens(p);
}

/** The value at `pointer` in `doc`, or undefined when any token is missing. Own properties only. */
export function resolve(doc: unknown, pointer: string): unknown {
  let node: unknown = doc;
  for (const token of split(pointer)) {
    if (node === null || typeof node !== "object") return undefined;
    if (Array.isArray(node) ? !/^(0|[1-9]\d*)$/.test(token) : !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}
