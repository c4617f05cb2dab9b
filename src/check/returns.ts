// Result contract changes of one tool: the returned type, then each field (nested ones a few levels down) from the reader's side.
import type { FieldContract, LegacyReturnsContract, ReturnsContract } from "../emit/lockfile.js";
import { breaking, byName, code, compatible, docs, hashesDiffer, maybe, onlyDocsDiffer } from "./change.js";
import { keywordChanges, type KeywordChange } from "./keywords.js";
import { isLegacy, legacyReturnsChange } from "./legacy.js";
import { contractPhrase } from "./phrase.js";
import type { ContractChange } from "./types.js";

type Returns = ReturnsContract | LegacyReturnsContract;
type Fields = Readonly<Record<string, FieldContract>>;

/** Keywords a reader of results relies on: more types, null or values than before can break it; fewer cannot. */
const READER_KEYWORDS = new Set(["type", "nullable", "enum", "format"]);

/** A different returned type is breaking; then field by field; a change no field shows is a softer line. */
export function returnsChange(old: Returns, now: Returns): ContractChange[] {
  if (isLegacy(old) || isLegacy(now)) return legacyReturnsChange(old, now);
  const top = keywordChanges(old, now, "result").filter((k) => READER_KEYWORDS.has(k.keyword.replace(/^items\./, "")));
  const different = top.find((k) => k.relation === "different");
  if (different !== undefined)
    return [
      breaking("returns-type-changed", `returns type changed: ${contractPhrase(old)} → ${contractPhrase(now)}`, {
        from: contractPhrase(old),
        to: contractPhrase(now),
      }),
    ];
  // Lockfiles with shape hashes record nested fields too; older ones only the top level.
  const nested = old.shapeHash !== undefined && now.shapeHash !== undefined;
  const fields = fieldChanges(old.fields, now.fields, { path: "", nested });
  return [
    ...top.map((k) => resultChange("returns-changed", "returns", k)),
    ...fields,
    ...maybe(top.length === 0 && fields.length === 0 && hashesDiffer(old, now), () =>
      onlyDocsDiffer(old, now)
        ? docs(
            "returns-docs-changed",
            `returns documentation changed (descriptions or examples; still ${contractPhrase(now)})`,
          )
        : compatible("returns-shape-changed", `returns shape changed (still ${contractPhrase(now)})`),
    ),
  ];
}

/** Field by field, `a.b[].c` for nested ones: removed, added, presence, then keyword by keyword, then their own fields. */
function fieldChanges(before: Fields, after: Fields, at: { path: string; nested: boolean }): ContractChange[] {
  return byName(before, after, (name, old, now) => {
    const label = `result field ${code(`${at.path}${name}`)}`;
    if (old === undefined)
      return now === undefined
        ? []
        : [compatible("result-field-added", `new ${label} (${contractPhrase(now)})`, { to: contractPhrase(now) })];
    if (now === undefined) return [breaking("result-field-removed", `${label} removed`, { from: contractPhrase(old) })];
    const inner = `${at.path}${name}${now.type.includes("array") ? "[]" : ""}.`;
    return [
      ...presenceChange(label, old, now),
      ...keywordChanges(old, now, "result").map((k) => resultChange("result-field-changed", label, k)),
      ...(at.nested ? fieldChanges(old.fields ?? {}, now.fields ?? {}, { path: inner, nested: true }) : []),
    ];
  });
}

/** A field that may now be missing breaks a reader that expects it; one now always present does not. */
function presenceChange(label: string, old: FieldContract, now: FieldContract): ContractChange[] {
  if (old.required === now.required) return [];
  return now.required
    ? [compatible("result-field-changed", `${label} now always present`)]
    : [breaking("result-field-changed", `${label} may now be absent`)];
}

/** Results read the other way round: a narrower type, enum or format keeps readers working, a wider or other one may not; bounds and patterns only inform. */
function resultChange(
  kind: "returns-changed" | "result-field-changed",
  label: string,
  k: KeywordChange,
): ContractChange {
  const extra = {
    keyword: k.keyword,
    ...(k.from === undefined ? {} : { from: k.from }),
    ...(k.to === undefined ? {} : { to: k.to }),
  };
  const message = `${label} ${k.text}`;
  const matters = READER_KEYWORDS.has(k.keyword.replace(/^items\./, ""));
  return matters && k.relation !== "narrower" ? breaking(kind, message, extra) : compatible(kind, message, extra);
}
