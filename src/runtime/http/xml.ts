// An XML answer + the JSON shape its operation declares → that JSON (AWS's query envelope unwrapped), or the API's
// error (`<ErrorResponse><Error><Code/><Message/>…`) as an object; a document it cannot read → undefined.
import { XMLParser } from "fast-xml-parser";
import type { XmlShape } from "../types.js";
import { boundDepth } from "./depth.js";

/** An element as parsed: its text, or its child elements by name (in document order), with `#text` beside them. */
type XmlNode = string | { readonly [name: string]: unknown };

/** Elements nested deeper than this make the document unreadable (kept as text). */
export const MAX_XML_DEPTH = 64;

/**
 * Every value a string (the declared shape types it), every element a list (the shape says which are lists),
 * attributes, namespaces' prefixes, comments and processing instructions dropped. Only the predefined entities
 * (XML's five, HTML's names) and character references are decoded: a document declaring a DTD or an entity is refused
 * before parsing (`parseXml`), so nothing is fetched or expanded.
 */
const PARSER = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: true,
  maxNestedTags: MAX_XML_DEPTH,
  isArray: () => true,
});

const DTD = /<!(?:DOCTYPE|ENTITY)/i;

/** The document's root element: its name and content; undefined for malformed XML, a DTD, or not one root. */
export function parseXml(text: string): { readonly name: string; readonly node: XmlNode } | undefined {
  if (DTD.test(text)) return undefined;
  let doc: unknown;
  try {
    doc = PARSER.parse(text, true);
  } catch {
    return undefined;
  }
  if (doc === null || typeof doc !== "object") return undefined;
  const roots = Object.entries(doc).filter(([name]) => !name.startsWith("?") && !name.startsWith("#"));
  const [root] = roots;
  if (roots.length !== 1 || root === undefined || !Array.isArray(root[1]) || root[1].length !== 1) return undefined;
  return { name: root[0], node: root[1][0] as XmlNode };
}

function childrenOf(node: XmlNode, name: string): XmlNode[] {
  if (typeof node === "string" || !Object.hasOwn(node, name)) return [];
  const children = node[name];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

function textOf(node: XmlNode): string {
  if (typeof node === "string") return node;
  const text = Object.hasOwn(node, "#text") ? node["#text"] : undefined;
  return typeof text === "string"
    ? text
    : Array.isArray(text)
      ? text.filter((t) => typeof t === "string").join("")
      : "";
}

const elementNames = (node: XmlNode): string[] =>
  typeof node === "string" ? [] : Object.keys(node).filter((name) => name !== "#text");

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A number or boolean where the shape declares one and the text is one; any other text stays text. */
function scalar(text: string, type: XmlShape["type"]): unknown {
  if ((type === "number" || type === "integer") && NUMBER.test(text)) return Number(text);
  if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** An element read without a shape: its text, or an object of its children (a repeated child: a list). */
function readAny(node: XmlNode): unknown {
  const names = elementNames(node);
  if (names.length === 0) return textOf(node);
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const children = childrenOf(node, name);
    own(out, name, children.length === 1 ? readAny(children[0] as XmlNode) : children.map(readAny));
  }
  return out;
}

/** Sets `out[key]` as an own property, whatever the key (a document's `__proto__` is a name like any other). */
function own(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

const KEY_NAMES = ["key", "Key", "Name"];
const VALUE_NAMES = ["value", "Value"];

const firstOf = (node: XmlNode, names: readonly string[]): XmlNode | undefined =>
  names.map((name) => childrenOf(node, name)[0]).find((child) => child !== undefined);

/** Map entries (`<entry><key/><value/></entry>`, SQS's `<Attribute><Name/><Value/></Attribute>`) → an object. */
function readEntries(entries: readonly XmlNode[], values: XmlShape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const entry of entries) {
    const key = firstOf(entry, KEY_NAMES);
    if (key === undefined) continue;
    const value = firstOf(entry, VALUE_NAMES);
    own(out, textOf(key), value === undefined ? null : readXml(value, values));
  }
  return out;
}

/**
 * A wrapped list's items: its `member` children (or the element its items' `xml.name` gives); a wrapper holding none
 * of those but children of one other name (`<Pets><Pet/><Pet/></Pets>` described without names) holds those.
 */
function listItems(node: XmlNode, member: string): XmlNode[] {
  const named = childrenOf(node, member);
  const names = elementNames(node);
  const [only] = names;
  return named.length === 0 && names.length === 1 && only !== undefined ? childrenOf(node, only) : named;
}

/** A property of `parent` by its shape: a flattened list or map gathers the repeated elements; absent: undefined. */
function readField(parent: XmlNode, name: string, shape: XmlShape): unknown {
  const found = childrenOf(parent, shape.element ?? name);
  if ((shape.type === "array" || shape.type === "map") && shape.flat === true) {
    if (found.length === 0) return undefined;
    return shape.type === "array" ? found.map((item) => readXml(item, shape.items)) : readEntries(found, shape.values);
  }
  const [first] = found;
  return first === undefined ? undefined : readXml(first, shape);
}

/** An element read into the JSON its shape declares: properties by element name, lists, maps, typed scalars. */
export function readXml(node: XmlNode, shape: XmlShape): unknown {
  switch (shape.type) {
    case "any":
      return readAny(node);
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(shape.properties)) {
        const value = readField(node, name, property);
        if (value !== undefined) out[name] = value;
      }
      return out;
    }
    case "array":
      return listItems(node, shape.member).map((item) => readXml(item, shape.items));
    case "map":
      return readEntries(childrenOf(node, "entry"), shape.values);
    default:
      return scalar(textOf(node), shape.type);
  }
}

/**
 * A success answer in XML → the JSON its shape declares, or undefined when the document cannot be read or names none
 * of the declared properties (then it stays text). AWS's query envelope (`<XResponse><XResult>…</XResult>
 * <ResponseMetadata>`) is read from the result; a root without it (EC2's) is the result itself.
 */
export function xmlAnswer(text: string, shape: XmlShape): unknown {
  const doc = parseXml(text);
  if (doc === undefined) return undefined;
  const wrapped = doc.name.endsWith("Response") ? childrenOf(doc.node, `${doc.name.slice(0, -8)}Result`) : [];
  const node = wrapped.length === 1 ? (wrapped[0] as XmlNode) : doc.node;
  if (shape.type === "object") {
    const declared = Object.entries(shape.properties).map(([name, property]) => property.element ?? name);
    const names = elementNames(node);
    if (names.length > 0 && !names.some((name) => declared.includes(name))) return undefined;
  }
  return boundDepth(readXml(node, shape));
}

/**
 * A success answer in XML its declared shape could not read (malformed, a DTD, none of the described elements): the
 * text as the API sent it, under `result` as any text answer is, with the `_off_spec` note the MCP adapter gives an
 * answer of another shape than described (adapters/definition.ts `OFF_SPEC_KEY`).
 */
export function unreadXml(text: string): Record<string, string> {
  return {
    result: text,
    _off_spec:
      "The API answered in XML that could not be read into the shape its description gives (malformed, or none " +
      "of the described elements). It is passed on as the API sent it.",
  };
}

/** An API's error in XML, as its own names say it: AWS's `Code`, `Message`, `Type` and the `RequestId`. */
export interface XmlError {
  readonly Code?: string;
  readonly Message?: string;
  readonly Type?: string;
  readonly RequestId?: string;
}

/**
 * AWS's error documents — `<ErrorResponse><Error>…</Error><RequestId/>` (query APIs), `<Response><Errors><Error>…`
 * (EC2), `<Error>…` (S3) — → their code, message, type and request id; any other document → undefined.
 */
export function xmlError(text: string): XmlError | undefined {
  const doc = parseXml(text);
  if (doc === undefined) return undefined;
  const error =
    doc.name === "Error"
      ? doc.node
      : doc.name === "ErrorResponse"
        ? childrenOf(doc.node, "Error")[0]
        : doc.name === "Response"
          ? childrenOf(childrenOf(doc.node, "Errors")[0] ?? "", "Error")[0]
          : undefined;
  if (error === undefined) return undefined;
  const field = (node: XmlNode, names: readonly string[]): string | undefined => {
    const found = firstOf(node, names);
    return found === undefined ? undefined : textOf(found) || undefined;
  };
  const code = field(error, ["Code"]);
  const message = field(error, ["Message"]);
  if (code === undefined && message === undefined) return undefined;
  const type = field(error, ["Type"]);
  const requestId = field(doc.node, ["RequestId", "RequestID"]) ?? field(error, ["RequestId"]);
  return {
    ...(type === undefined ? {} : { Type: type }),
    ...(code === undefined ? {} : { Code: code }),
    ...(message === undefined ? {} : { Message: message }),
    ...(requestId === undefined ? {} : { RequestId: requestId }),
  };
}
