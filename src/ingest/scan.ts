// One walk over a whole document that gathers what the whole-document checks need: `$ref` sites, strings and keys
// with hidden characters, every regex (`pattern`, `patternProperties` keys) and every mistyped `enum` in a schema position.
import { fitsFormatShape } from "../util/format-shapes.js";
import { holdsHidden as textHoldsHidden } from "../util/hidden-text.js";
import { hasJsonType } from "../util/json-type.js";
import { escapeToken } from "../util/pointer.js";
import type { RefSite } from "./refs.js";
import { holdsRequiredApart } from "./required-refs.js";
import { requiresUndeclared } from "./undeclared-required.js";

/** Keywords whose values are data, not schemas: a `pattern` key inside them (or inside an `x-*` member) is not a regex. */
const DATA_KEYWORDS = new Set(["example", "examples", "default", "const", "enum", "x-examples"]);

/** A string or key holding hidden characters, at the pointer of its member. */
export interface HiddenText {
  readonly pointer: string;
  readonly text: string;
}

/** A regex source and where it sits: the `pattern` member, or the `patternProperties` key. */
export interface PatternSite {
  readonly pointer: string;
  readonly source: string;
}

/** An `enum` holding a value its schema's own `type` does not allow, at the pointer of the schema. */
export interface EnumSite {
  readonly pointer: string;
  readonly type: readonly string[];
  readonly values: readonly unknown[];
}

/** Members whose values are maps of names to schemas: a member named `items` in them is a name, not the keyword. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs", "schemas", "dependentSchemas"]);

/** A schema with `items` of objects (a union of them, or properties) and no `type`: which of the two it means is unsaid. */
function untypedObjectItems(record: Record<string, unknown>, parentKey: string | undefined): boolean {
  const items = record["items"];
  if (typeof items !== "object" || items === null || Array.isArray(items)) return false;
  if (record["type"] !== undefined || (parentKey !== undefined && SCHEMA_MAPS.has(parentKey))) return false;
  if (record["anyOf"] !== undefined || record["oneOf"] !== undefined || record["allOf"] !== undefined) return false;
  const node = items as Record<string, unknown>;
  return Array.isArray(node["anyOf"]) || Array.isArray(node["oneOf"]) || typeof node["properties"] === "object";
}

/** A schema typed `array` that also declares `properties`: no member of a list can carry them. */
export function arrayWithProperties(record: Record<string, unknown>, parentKey: string | undefined): boolean {
  if (record["type"] !== "array" || (parentKey !== undefined && SCHEMA_MAPS.has(parentKey))) return false;
  const properties = record["properties"];
  return typeof properties === "object" && properties !== null && !Array.isArray(properties);
}

export interface DocumentScan {
  /** Every `$ref` member with a string value, in document order (as `collectRefSites` lists them). */
  readonly refSites: readonly RefSite[];
  /** In the order the hidden-text check reports them: a member's value (and what is inside it) before its key. */
  readonly hidden: readonly HiddenText[];
  /** In document order; a `patternProperties` object's keys after the schemas inside it. */
  readonly patterns: readonly PatternSite[];
  /** In document order (a schema before the schemas inside it). */
  readonly enums: readonly EnumSite[];
  /** Pointers of schemas with `items` of objects and no `type` (Slack's `objs_conversation`), in document order. */
  readonly untypedItems: readonly string[];
  /** Schemas typed `array` that declare `properties` too (`arrayWithProperties`). */
  readonly arrayProperties: readonly string[];
  /** Pointers of schemas whose `enum` values all break their own `format` (SendGrid's `send_at`), in document order. */
  readonly enumsBesideFormat: readonly string[];
  /**
   * Pointers of the objects (schemas, media types, parameters) whose `example` is an object or a list, or whose
   * `examples` is a list, in document order: what `readExampleValues` walks.
   */
  readonly exampleSites: readonly string[];
  /** Pointers of schemas whose `allOf` lists required names apart from a `$ref`ed member (YNAB's SaveTransaction). */
  readonly requiredApart: readonly string[];
  /** Pointers of object schemas whose `required` names a property they do not declare themselves, in document order. */
  readonly requiredElsewhere: readonly string[];
  /** Pointers of schemas with `allOf`, `anyOf` or `oneOf`, in document order. */
  readonly compositions: readonly string[];
}

/** Whether a record holds an example made of parts (an object or a list) to walk alongside its schema. */
function holdsStructuredExample(record: Record<string, unknown>, parentKey: string | undefined): boolean {
  if (parentKey !== undefined && SCHEMA_MAPS.has(parentKey)) return false;
  const example = record["example"];
  return (typeof example === "object" && example !== null) || Array.isArray(record["examples"]);
}

/** Whether an enum value has one of `types` (an unknown type name allows anything; `null` is left to `nullable`). */
export function enumValueFits(value: unknown, types: readonly string[]): boolean {
  return value === null || types.some((type) => hasJsonType(value, type) ?? true);
}

/**
 * Whether the schema's `enum` lists values apart from its `format`: a format the tools check, and no value of the enum
 * has its shape (`format: date-time, enum: ["now"]`), with no union of the schema's own to place the two in.
 */
export function enumBesideFormat(record: Record<string, unknown>): boolean {
  const values = record["enum"];
  const format = record["format"];
  if (!Array.isArray(values) || typeof format !== "string") return false;
  if (record["anyOf"] !== undefined || record["oneOf"] !== undefined) return false;
  const given = values.filter((value) => value !== null);
  return given.length > 0 && given.every((value) => fitsFormatShape(value, format) === false);
}

/** A string value with spaces around a word (Ticketmaster's `["yes", " no", " only"]`, a list split at its commas). */
export const isPadded = (value: unknown): value is string =>
  typeof value === "string" && value !== value.trim() && value.trim() !== "";

/** The schema's declared types when its `enum` holds a value none of them allows, or a string padded with spaces. */
function mistypedEnum(record: Record<string, unknown>): readonly string[] | undefined {
  const values = record["enum"];
  if (!Array.isArray(values)) return undefined;
  const type = record["type"];
  const types =
    typeof type === "string" ? [type] : Array.isArray(type) ? type.filter((t) => typeof t === "string") : [];
  if (types.length === 0) return undefined;
  return values.every((value) => enumValueFits(value, types) && !isPadded(value)) ? undefined : types;
}

/**
 * Walks `value` once, depth first in document order. Pointers are built only for what is found, from the path
 * of tokens walked so far: building one per visited node was most of the cost of the separate walks this replaces.
 * `doc` names the document in the ref sites; `hiddenFree` says no string or key of `value` holds a hidden character
 * (known from its JSON text), so none is tested.
 */
export function scanDocument(
  doc: string,
  value: unknown,
  options: { readonly hiddenFree?: boolean } = {},
): DocumentScan {
  const holdsHidden = options.hiddenFree === true ? () => false : textHoldsHidden;
  const refSites: RefSite[] = [];
  const hidden: HiddenText[] = [];
  const patterns: PatternSite[] = [];
  const enums: EnumSite[] = [];
  const untypedItems: string[] = [];
  const arrayProperties: string[] = [];
  const enumsBesideFormat: string[] = [];
  const exampleSites: string[] = [];
  const requiredApart: string[] = [];
  const requiredElsewhere: string[] = [];
  const compositions: string[] = [];
  const path: string[] = [];
  const pointerOf = (...last: string[]): string => {
    let pointer = "";
    for (const token of path) pointer += `/${escapeToken(token)}`;
    for (const token of last) pointer += `/${escapeToken(token)}`;
    return pointer;
  };

  const visit = (node: object, schemaPositions: boolean): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i];
        if (typeof child === "string") {
          if (holdsHidden(child)) hidden.push({ pointer: pointerOf(String(i)), text: child });
        } else if (typeof child === "object" && child !== null) {
          path.push(String(i));
          visit(child, schemaPositions);
          path.pop();
        }
      }
      return;
    }
    const record = node as Record<string, unknown>;
    const enumTypes = schemaPositions ? mistypedEnum(record) : undefined;
    if (enumTypes !== undefined)
      enums.push({ pointer: pointerOf(), type: enumTypes, values: record["enum"] as unknown[] });
    if (schemaPositions && untypedObjectItems(record, path.at(-1))) untypedItems.push(pointerOf());
    if (schemaPositions && arrayWithProperties(record, path.at(-1))) arrayProperties.push(pointerOf());
    if (schemaPositions && enumBesideFormat(record)) enumsBesideFormat.push(pointerOf());
    if (schemaPositions && holdsStructuredExample(record, path.at(-1))) exampleSites.push(pointerOf());
    if (schemaPositions && holdsRequiredApart(record)) requiredApart.push(pointerOf());
    if (schemaPositions && requiresUndeclared(record)) requiredElsewhere.push(pointerOf());
    if (
      schemaPositions &&
      (Array.isArray(record["allOf"]) || Array.isArray(record["anyOf"]) || Array.isArray(record["oneOf"]))
    )
      compositions.push(pointerOf());
    for (const key in record) {
      const child = record[key];
      if (typeof child === "string") {
        if (key === "$ref") refSites.push({ doc, pointer: pointerOf("$ref"), ref: child });
        if (holdsHidden(child)) hidden.push({ pointer: pointerOf(key), text: child });
        if (schemaPositions && key === "pattern") patterns.push({ pointer: pointerOf(key), source: child });
      } else if (typeof child === "object" && child !== null) {
        const regexes = schemaPositions && !DATA_KEYWORDS.has(key) && !key.startsWith("x-");
        path.push(key);
        visit(child, regexes);
        path.pop();
        if (regexes && key === "patternProperties" && !Array.isArray(child)) {
          for (const source of Object.keys(child)) patterns.push({ pointer: pointerOf(key, source), source });
        }
      }
      if (holdsHidden(key)) hidden.push({ pointer: pointerOf(key), text: key });
    }
  };
  if (typeof value === "object" && value !== null) visit(value, true);
  return {
    refSites,
    hidden,
    patterns,
    enums,
    untypedItems,
    arrayProperties,
    enumsBesideFormat,
    exampleSites,
    requiredApart,
    requiredElsewhere,
    compositions,
  };
}
