// `$request.` / `$response.` tails (header, query, path, body) → request and response Expressions.

import type { Expression } from "./ast.js";
import { isLetter, isParamChar, isTokenChar } from "./chars.js";
import { type Cursor, fail, ok, peek, rest, scanWhile, type Step } from "./cursor.js";
import { suggest } from "./hints.js";
import { expectDot, optionalPointer, scanName } from "./scan-parts.js";

type SourceParser = (c: Cursor, root: "request" | "response") => Step<Expression>;

function headerSource(c: Cursor, root: "request" | "response"): Step<Expression> {
  const dot = expectDot(c, `$${root}.header`, `$${root}.header.Content-Type`);
  if (!dot.ok) return dot;
  const name = scanName(c, isTokenChar, "a header name (RFC 7230 token)", `$${root}.header.Content-Type`);
  if (!name.ok) return name;
  return ok({ kind: root === "request" ? "requestHeader" : "responseHeader", name: name.value });
}

const paramSource =
  (kind: "requestQuery" | "requestPath", where: "query" | "path"): SourceParser =>
  (c) => {
    const dot = expectDot(c, `$request.${where}`, `$request.${where}.id`);
    if (!dot.ok) return dot;
    const name = scanName(c, isParamChar, `a ${where} parameter name`, `$request.${where}.id`);
    return name.ok ? ok({ kind, name: name.value }) : name;
  };

function bodySource(c: Cursor, root: "request" | "response"): Step<Expression> {
  const kind = root === "request" ? "requestBody" : "responseBody";
  const next = peek(c);
  if (next === "." || next === "/") {
    const path = rest(c, c.pos + 1).replaceAll(".", "/");
    const hint = `select inside the body with a JSON pointer: $${root}.body#/${path}`;
    return fail("body-needs-pointer", `"${next}" after $${root}.body`, c.pos, hint);
  }
  const pointer = optionalPointer(c);
  return pointer.ok ? ok({ kind, pointer: pointer.value }) : pointer;
}

/** `source = header-reference / query-reference / path-reference / body-reference` (Arazzo §Runtime Expressions). */
export const REQUEST_SOURCES: Readonly<Record<string, SourceParser>> = {
  header: headerSource,
  query: paramSource("requestQuery", "query"),
  path: paramSource("requestPath", "path"),
  body: bodySource,
};

/** A response has headers and a body only (Arazzo §Runtime Expressions, Examples). */
export const RESPONSE_SOURCES: Readonly<Record<string, SourceParser>> = { header: headerSource, body: bodySource };

/** The tail after `$request.` or `$response.`, dispatched on its source word. */
export const messageSource =
  (root: "request" | "response", sources: Readonly<Record<string, SourceParser>>) =>
  (c: Cursor): Step<Expression> => {
    const sourceStart = c.pos;
    const source = scanWhile(c, isLetter);
    const parser = Object.hasOwn(sources, source) ? sources[source] : undefined;
    if (parser !== undefined) return parser(c, root);
    return fail("unknown-source", `unknown ${root} source "${source}"`, sourceStart, sourceHint(root, source, sources));
  };

function sourceHint(root: string, source: string, sources: Readonly<Record<string, SourceParser>>): string {
  if (root === "response" && Object.hasOwn(REQUEST_SOURCES, source)) {
    return `a response has only header and body; the request's value is $request.${source}.NAME`;
  }
  return suggest(source, Object.keys(sources), (s) => `$${root}.${s}`);
}
