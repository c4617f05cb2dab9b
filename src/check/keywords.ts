// Two schema contracts → what each keyword did to the values admitted: widened, narrowed, or changed otherwise.
import { LOWER_BOUNDS, UPPER_BOUNDS, type BoundKeyword, type SchemaContract } from "../emit/schema-contract.js";
import { contractPhrase, valueList } from "./phrase.js";

/** Wider: every value admitted before still is; narrower: every value admitted now was before; different: neither. */
export type Relation = "wider" | "narrower" | "different";

/** Inputs are values the tool accepts; results are values it hands back (the reader's side of the same keywords). */
type Side = "input" | "result";

export interface KeywordChange {
  /** The keyword, prefixed `items.` for an array's items. */
  readonly keyword: string;
  readonly relation: Relation;
  /** The message after the field's label, e.g. "maximum raised: 10 → 20". */
  readonly text: string;
  readonly from?: string;
  readonly to?: string;
}

const ANY: SchemaContract = { type: [] };

/** Every keyword change from `old` to `now`; a type change no wider or narrower stands alone (its phrase says it all). */
export function keywordChanges(old: SchemaContract, now: SchemaContract, side: Side, prefix = ""): KeywordChange[] {
  const type = typeChange(old, now, prefix);
  if (type?.relation === "different") return [type];
  return [
    ...(type === undefined ? [] : [type]),
    ...nullableChange(old, now, side, prefix),
    ...enumChanges(old, now, side, prefix),
    ...optionalChange("format", old.format, now.format, prefix),
    ...optionalChange("pattern", old.pattern, now.pattern, prefix),
    ...LOWER_BOUNDS.flatMap((k) => boundChange(k, "lower", old[k], now[k], prefix)),
    ...UPPER_BOUNDS.flatMap((k) => boundChange(k, "upper", old[k], now[k], prefix)),
    ...multipleOfChange(old.multipleOf, now.multipleOf, prefix),
    ...itemsChanges(old, now, side, prefix),
  ];
}

/** The items prefix is left out of enum messages: "input `status` no longer accepts "sold"" reads right for a list too. */
function change(
  prefix: string,
  keyword: string,
  relation: Relation,
  text: string,
  fromTo: { from?: string; to?: string } = {},
): KeywordChange {
  return {
    keyword: `${prefix}${keyword}`,
    relation,
    text: `${prefix === "" || keyword === "enum" ? "" : "items "}${text}`,
    ...fromTo,
  };
}

function typeChange(old: SchemaContract, now: SchemaContract, prefix: string): KeywordChange | undefined {
  const wider = admitsTypes(now.type, old.type);
  const narrower = admitsTypes(old.type, now.type);
  if (wider && narrower) return undefined;
  const relation: Relation = wider ? "wider" : narrower ? "narrower" : "different";
  // A change that stands alone says everything in its phrase; a wider or narrower one names the types, the rest has lines of its own.
  const from = relation === "different" ? contractPhrase(old) : typesPhrase(old);
  const to = relation === "different" ? contractPhrase(now) : typesPhrase(now);
  const verb = { wider: "widened", narrower: "narrowed", different: "changed" }[relation];
  return change(prefix, "type", relation, `type ${verb}: ${from} → ${to}`, { from, to });
}

function typesPhrase(contract: SchemaContract): string {
  if (contract.type.length === 0) return "any";
  return `${contract.type.join(" | ")}${contract.nullable ? " | null" : ""}`;
}

/** Whether a value of every type in `inner` is of some type in `outer` (no types: any; integer is a number). */
function admitsTypes(outer: readonly string[], inner: readonly string[]): boolean {
  if (outer.length === 0) return true;
  if (inner.length === 0) return false;
  return inner.every((t) => outer.includes(t) || (t === "integer" && outer.includes("number")));
}

/** A schema without types or values admits anything, null included, whatever its `nullable`. */
function admitsAnything(contract: SchemaContract): boolean {
  return contract.type.length === 0 && contract.enum === undefined;
}

/** Null newly admitted or refused; from or to a schema that admits anything, the type or enum line says it already. */
function nullableChange(old: SchemaContract, now: SchemaContract, side: Side, prefix: string): KeywordChange[] {
  if (old.nullable === now.nullable || admitsAnything(old) || admitsAnything(now)) return [];
  const input = side === "input";
  if (now.nullable) return [change(prefix, "nullable", "wider", input ? "now accepts null" : "can now be null")];
  return [change(prefix, "nullable", "narrower", input ? "no longer accepts null" : "is no longer null")];
}

function enumChanges(old: SchemaContract, now: SchemaContract, side: Side, prefix: string): KeywordChange[] {
  const input = side === "input";
  if (old.enum === undefined)
    return now.enum === undefined
      ? []
      : [
          change(prefix, "enum", "narrower", `${input ? "now accepts only" : "is now one of"} ${valueList(now.enum)}`, {
            to: valueList(now.enum),
          }),
        ];
  if (now.enum === undefined)
    return [
      change(
        prefix,
        "enum",
        "wider",
        `${input ? "accepts any value now" : "is no longer limited"} (was ${valueList(old.enum)})`,
        { from: valueList(old.enum) },
      ),
    ];
  const removed = missingFrom(old.enum, now.enum);
  const added = missingFrom(now.enum, old.enum);
  return [
    ...(removed.length === 0
      ? []
      : [
          change(
            prefix,
            "enum",
            "narrower",
            `${input ? "no longer accepts" : "can no longer be"} ${valueList(removed)}`,
            { from: valueList(removed) },
          ),
        ]),
    ...(added.length === 0
      ? []
      : [
          change(prefix, "enum", "wider", `${input ? "now also accepts" : "can now also be"} ${valueList(added)}`, {
            to: valueList(added),
          }),
        ]),
  ];
}

/** The values in `from` that `to` lacks, compared as JSON, in `from`'s order. */
function missingFrom(from: readonly unknown[], to: readonly unknown[]): unknown[] {
  const kept = new Set(to.map((v) => JSON.stringify(v)));
  return from.filter((v) => !kept.has(JSON.stringify(v)));
}

/** A keyword that restricts when present (format, pattern): added narrows, removed widens, replaced is neither. */
function optionalChange(
  keyword: string,
  old: string | undefined,
  now: string | undefined,
  prefix: string,
): KeywordChange[] {
  if (old === now) return [];
  if (old === undefined) return [change(prefix, keyword, "narrower", `${keyword} added: ${now}`, { to: now })];
  if (now === undefined) return [change(prefix, keyword, "wider", `${keyword} removed (was ${old})`, { from: old })];
  return [change(prefix, keyword, "different", `${keyword} changed: ${old} → ${now}`, { from: old, to: now })];
}

function boundChange(
  keyword: BoundKeyword,
  end: "lower" | "upper",
  old: number | undefined,
  now: number | undefined,
  prefix: string,
): KeywordChange[] {
  if (old === now) return [];
  const fromTo = {
    ...(old === undefined ? {} : { from: String(old) }),
    ...(now === undefined ? {} : { to: String(now) }),
  };
  if (old === undefined) return [change(prefix, keyword, "narrower", `${keyword} added: ${now}`, fromTo)];
  if (now === undefined) return [change(prefix, keyword, "wider", `${keyword} removed (was ${old})`, fromTo)];
  const raised = now > old;
  const relation: Relation = raised === (end === "upper") ? "wider" : "narrower";
  return [change(prefix, keyword, relation, `${keyword} ${raised ? "raised" : "lowered"}: ${old} → ${now}`, fromTo)];
}

/** Multiples of 10 are multiples of 5: a divisor of the old step widens, a multiple of it narrows. */
function multipleOfChange(old: number | undefined, now: number | undefined, prefix: string): KeywordChange[] {
  if (old === now) return [];
  if (old === undefined)
    return [change(prefix, "multipleOf", "narrower", `multipleOf added: ${now}`, { to: String(now) })];
  if (now === undefined)
    return [change(prefix, "multipleOf", "wider", `multipleOf removed (was ${old})`, { from: String(old) })];
  const relation: Relation = Number.isInteger(old / now)
    ? "wider"
    : Number.isInteger(now / old)
      ? "narrower"
      : "different";
  return [
    change(prefix, "multipleOf", relation, `multipleOf changed: ${old} → ${now}`, {
      from: String(old),
      to: String(now),
    }),
  ];
}

/** One level of items is compared keyword by keyword; deeper levels show through the schema hash. */
function itemsChanges(old: SchemaContract, now: SchemaContract, side: Side, prefix: string): KeywordChange[] {
  if (prefix !== "" || (old.items === undefined && now.items === undefined)) return [];
  return keywordChanges(old.items ?? ANY, now.items ?? ANY, side, "items.");
}
