// Input contract changes of one tool: added, removed, now required/optional, then keyword by keyword (type, enum, bounds…).
import { type FieldContract, type InputContract, type LegacyInputContract, unlockedText } from "../emit/lockfile.js";
import { breaking, byName, code, compatible, differing, docs, hashesDiffer, maybe, shown } from "./change.js";
import { keywordChanges, type KeywordChange, type Relation } from "./keywords.js";
import { contractPhrase } from "./phrase.js";
import { isLegacy, legacyInputChanges, legacyPhrase } from "./legacy.js";
import type { ChangeKind, ContractChange } from "./types.js";

const CONSTRAINT_KIND: Readonly<Record<Relation, ChangeKind>> = {
  wider: "input-widened",
  narrower: "input-narrowed",
  different: "input-constraint-changed",
};

type Input = InputContract | LegacyInputContract;
type Inputs = Readonly<Record<string, Input>>;
type Fields = Readonly<Record<string, FieldContract>>;

/** Every input change between two contracts, inputs in name order. */
export function inputChanges(before: Inputs, after: Inputs): ContractChange[] {
  return byName(before, after, (name, old, now) => {
    if (old === undefined) return now === undefined ? [] : [inputAdded(name, now)];
    if (now === undefined) return [inputRemoved(name, old)];
    return inputChanged(name, old, now);
  });
}

function inputAdded(name: string, now: Input): ContractChange {
  const type = legacyPhrase(now);
  return now.required
    ? breaking("input-added", `new required input ${code(name)} (${type})`, { input: name, to: type })
    : compatible("input-added", `new optional input ${code(name)} (${type})`, { input: name, to: type });
}

function inputRemoved(name: string, old: Input): ContractChange {
  return breaking("input-removed", `input ${code(name)} removed`, { input: name, from: legacyPhrase(old) });
}

/**
 * Keyword by keyword, then the default and the description; what is left shows through the hashes: a different
 * shape hash is a change no keyword names (deeper in the schema, behind a `$ref`), the same one a documentation change.
 */
function inputChanged(name: string, old: Input, now: Input): ContractChange[] {
  if (isLegacy(old) || isLegacy(now)) return [...requiredChange(name, old, now), ...legacyInputChanges(name, old, now)];
  const keywords = [
    ...keywordChanges(old, now, "input").map((k) => keywordChange(name, `input ${code(name)}`, k)),
    ...defaultChange(name, old, now),
    ...nestedChanges(name, old, now),
  ];
  const recorded = old.shapeHash !== undefined && now.shapeHash !== undefined;
  const sameShape = recorded && old.shapeHash === now.shapeHash;
  const description = recorded ? descriptionChange(name, old, now) : [];
  return [
    ...requiredChange(name, old, now),
    ...keywords,
    ...description,
    ...maybe(keywords.length === 0 && !sameShape && hashesDiffer(old, now), () =>
      compatible("input-constraints-changed", `input ${code(name)} constraints changed`, { input: name }),
    ),
    ...maybe(description.length === 0 && sameShape && hashesDiffer(old, now), () =>
      docs("input-docs-changed", `input ${code(name)} examples or nested descriptions changed`, { input: name }),
    ),
  ];
}

/** Calls that leave the input out now send another value: compatible (every call stays valid), with both values. */
function defaultChange(name: string, old: InputContract, now: InputContract): ContractChange[] {
  if (JSON.stringify(old.default) === JSON.stringify(now.default)) return [];
  const from = old.default === undefined ? undefined : shown(old.default);
  const to = now.default === undefined ? undefined : shown(now.default);
  const text =
    from === undefined
      ? `default added: ${to}`
      : to === undefined
        ? `default removed (was ${from})`
        : `default changed: ${from} → ${to}`;
  return [
    compatible("input-default-changed", `input ${code(name)} ${text}`, {
      input: name,
      keyword: "default",
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    }),
  ];
}

/** What the model reads about the input: a documentation change, shown old → new. */
function descriptionChange(name: string, old: InputContract, now: InputContract): ContractChange[] {
  const from = unlockedText(old.description);
  const to = unlockedText(now.description);
  if (from === to) return [];
  const text =
    from === undefined
      ? `description added: ${shown(to)}`
      : to === undefined
        ? `description removed (was ${shown(from)})`
        : `description changed: ${differing(from, to).join(" → ")}`;
  return [
    docs("input-docs-changed", `input ${code(name)} ${text}`, {
      input: name,
      keyword: "description",
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    }),
  ];
}

function requiredChange(
  name: string,
  old: { readonly required: boolean },
  now: { readonly required: boolean },
  label = `input ${code(name)}`,
): ContractChange[] {
  if (old.required === now.required) return [];
  return now.required
    ? [breaking("input-now-required", `${label} now required`, { input: name })]
    : [compatible("input-now-optional", `${label} now optional`, { input: name })];
}

/**
 * The properties of an object input, field by field (`input \`pet.category.name\``), when both lockfiles record
 * them (earlier ones did not: their change shows through the hashes as before).
 */
function nestedChanges(name: string, old: InputContract, now: InputContract): ContractChange[] {
  if (old.fields === undefined || now.fields === undefined) return [];
  return fieldChanges(name, old.fields, now.fields, `${name}${now.type.includes("array") ? "[]" : ""}.`);
}

/**
 * Read from the caller's side, as a top-level input is: a field added as required, removed or made required can
 * refuse or change an old call; one added as optional, or made optional, cannot.
 */
function fieldChanges(input: string, before: Fields, after: Fields, path: string): ContractChange[] {
  return byName(before, after, (field, old, now) => {
    const label = `input field ${code(`${path}${field}`)}`;
    if (old === undefined) {
      if (now === undefined) return [];
      const type = contractPhrase(now);
      return now.required
        ? [breaking("input-added", `new required ${label} (${type})`, { input, to: type })]
        : [compatible("input-added", `new optional ${label} (${type})`, { input, to: type })];
    }
    if (now === undefined) return [breaking("input-removed", `${label} removed`, { input, from: contractPhrase(old) })];
    return [
      ...requiredChange(input, old, now, label),
      ...keywordChanges(old, now, "input").map((k) => keywordChange(input, label, k)),
      ...fieldChanges(
        input,
        old.fields ?? {},
        now.fields ?? {},
        `${path}${field}${now.type.includes("array") ? "[]" : ""}.`,
      ),
    ];
  });
}

/** An input admitting more values keeps old calls valid; admitting fewer, or others, can refuse them. */
function keywordChange(name: string, label: string, k: KeywordChange): ContractChange {
  const extra = {
    input: name,
    keyword: k.keyword,
    ...(k.from === undefined ? {} : { from: k.from }),
    ...(k.to === undefined ? {} : { to: k.to }),
  };
  const message = `${label} ${k.text}`;
  return k.relation === "wider" ? compatible(inputKind(k), message, extra) : breaking(inputKind(k), message, extra);
}

function inputKind(k: KeywordChange): ChangeKind {
  if (k.keyword.endsWith("type") && k.relation === "different") return "input-type-changed";
  if (k.keyword.endsWith("enum")) return k.relation === "wider" ? "input-values-added" : "input-values-removed";
  return CONSTRAINT_KIND[k.relation];
}
