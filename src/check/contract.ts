// Tool-level contract changes: risk, approval, annotations, category, title, description, a needed change.
import type { ToolContract } from "../emit/lockfile.js";
import type { Annotations } from "../planner/types.js";
import { breaking, code, compatible, docs, maybe } from "./change.js";
import type { ContractChange } from "./types.js";

const RISK_ORDER: Readonly<Record<string, number>> = { low: 0, medium: 1, high: 2 };
const ANNOTATION_KEYS = [
  "readOnlyHint",
  "destructiveHint",
  "idempotentHint",
  "openWorldHint",
] as const satisfies readonly (keyof Annotations)[];

/** Risk raised is breaking (calls may now need approval or be refused); lowered is compatible. */
export function riskChange(old: ToolContract, now: ToolContract): ContractChange[] {
  if (old.risk === now.risk) return [];
  const raised = (RISK_ORDER[now.risk] ?? 0) > (RISK_ORDER[old.risk] ?? 0);
  const extra = { from: old.risk, to: now.risk };
  return raised
    ? [breaking("risk-raised", `risk raised: ${old.risk} → ${now.risk}`, extra)]
    : [compatible("risk-lowered", `risk lowered: ${old.risk} → ${now.risk}`, extra)];
}

/** Approval newly required is breaking: calls return `pending_approval` instead of a result. */
export function approvalChange(old: ToolContract, now: ToolContract): ContractChange[] {
  if (old.approval === now.approval) return [];
  const extra = { from: old.approval, to: now.approval };
  return now.approval === "required"
    ? [breaking("approval-changed", "approval now required before it runs", extra)]
    : [compatible("approval-changed", "approval no longer required", extra)];
}

/** Annotations are hints to the client, so a change is compatible; the message names each flipped hint. */
export function annotationsChange(old: ToolContract, now: ToolContract): ContractChange[] {
  if (old.annotations === undefined || now.annotations === undefined) return [];
  const before = old.annotations;
  const after = now.annotations;
  const flipped = ANNOTATION_KEYS.filter((k) => before[k] !== after[k]).map(
    (k) => `${k} ${String(before[k])} → ${String(after[k])}`,
  );
  return maybe(flipped.length > 0, () =>
    compatible("annotations-changed", `annotations changed: ${flipped.join(", ")}`),
  );
}

export function categoryChange(old: ToolContract, now: ToolContract): ContractChange[] {
  const changed = old.category !== undefined && now.category !== undefined && old.category !== now.category;
  return maybe(changed, () =>
    compatible("category-changed", `category changed: ${old.category} → ${now.category}`, {
      from: String(old.category),
      to: String(now.category),
    }),
  );
}

export function titleChange(old: ToolContract, now: ToolContract): ContractChange[] {
  return maybe(old.title !== now.title, () =>
    docs("title-changed", `title changed: "${old.title}" → "${now.title}"`, { from: old.title, to: now.title }),
  );
}

/** The description is what the model reads to choose the tool, so a reviewer should know it changed. */
export function descriptionChange(old: ToolContract, now: ToolContract): ContractChange[] {
  const changed =
    old.descriptionHash !== undefined &&
    now.descriptionHash !== undefined &&
    old.descriptionHash !== now.descriptionHash;
  return maybe(changed, () => docs("description-changed", "description changed"));
}

/**
 * A configured value (`$config.NAME`) the tool now sends: breaking when the server does not start without its variable
 * (the operator must set it first), compatible when the basic-auth user stands for it; one it no longer sends is
 * compatible. Never an input: the model's calls are unchanged by either.
 */
export function configChanges(old: ToolContract, now: ToolContract): ContractChange[] {
  const before = old.config ?? {};
  const after = now.config ?? {};
  const added = Object.keys(after).filter((v) => !Object.hasOwn(before, v));
  const removed = Object.keys(before).filter((v) => !Object.hasOwn(after, v));
  return [
    ...added.map((variable) =>
      after[variable]?.required === true
        ? breaking(
            "config-added",
            `now sends the configured value ${code(variable)}: the server does not start until the operator sets it`,
            { to: variable },
          )
        : compatible(
            "config-added",
            `now sends the configured value ${code(variable)} (unset, the basic-auth user name stands for it)`,
            { to: variable },
          ),
    ),
    ...removed.map((variable) =>
      compatible("config-removed", `no longer sends the configured value ${code(variable)}`, { from: variable }),
    ),
  ];
}

/** The change inputs a lockfile records, when it records a list of them (a hand-edited one may hold anything). */
function changeInputsOf(contract: ToolContract): readonly string[] | undefined {
  return namesOf(contract.changeInputs);
}

/** A non-empty list of names, else undefined. */
function namesOf(names: unknown): readonly string[] | undefined {
  return Array.isArray(names) && names.length > 0 && names.every((n) => typeof n === "string") ? names : undefined;
}

/**
 * What a tool that adds the items of optional lists counts as something to add (its `addInputs`). Refusing a call that
 * gives no item is compatible (that call added nothing and answered success); no longer refusing it is breaking (it
 * again does). A list that no longer counts is breaking: a call giving items only there, accepted before, is refused; a
 * list that now counts is compatible: a call giving items only there is accepted.
 */
export function addNeededChange(old: ToolContract, now: ToolContract): ContractChange[] {
  const before = namesOf(old.addInputs);
  const after = namesOf(now.addInputs);
  if (before === undefined && after === undefined) return [];
  if (before === undefined)
    return [
      compatible(
        "add-needed-added",
        `now refuses a call that gives no item in ${names(after ?? [])}: it would add nothing; an error names them`,
        { to: (after ?? []).join(", ") },
      ),
    ];
  if (after === undefined)
    return [
      breaking(
        "add-needed-removed",
        `no longer refuses a call that gives no item in ${names(before)}: it sends an add of nothing and answers success`,
        { from: before.join(", ") },
      ),
    ];
  const dropped = before.filter((n) => !after.includes(n));
  const added = after.filter((n) => !before.includes(n));
  const extra = { from: before.join(", "), to: after.join(", ") };
  return [
    ...maybe(dropped.length > 0, () =>
      breaking(
        "add-inputs-changed",
        `${names(dropped)} no longer ${dropped.length === 1 ? "counts" : "count"} as something to add: a call giving ` +
          `items only there is now refused (counted: ${names(after)})`,
        extra,
      ),
    ),
    ...maybe(added.length > 0, () =>
      compatible(
        "add-inputs-changed",
        `${names(added)} now ${added.length === 1 ? "counts" : "count"} as something to add: a call giving items only ` +
          `there is now accepted (counted: ${names(after)})`,
        extra,
      ),
    ),
  ];
}

function names(list: readonly string[]): string {
  return list.map(code).join(", ");
}

/**
 * An update that now refuses a call giving none of its fields to change is compatible (such a call changed nothing
 * and answered as if it had); one that no longer refuses it is breaking: that call again reports success.
 */
export function changeNeededChange(old: ToolContract, now: ToolContract): ContractChange[] {
  const before = changeInputsOf(old);
  const after = changeInputsOf(now);
  if ((before === undefined) === (after === undefined)) return [];
  return after !== undefined
    ? [
        compatible(
          "change-needed-added",
          "now refuses a call that gives no field to change (it would send an empty change): an error names the fields",
        ),
      ]
    : [
        breaking(
          "change-needed-removed",
          "no longer refuses a call that gives no field to change: it sends an empty change and answers the unchanged " +
            "record as success",
        ),
      ];
}

/** Schemes by name → kind (`apiKey server`) of both lockfiles, for messages; undefined when the old one records none. */
export interface CredentialSchemes {
  readonly before: Readonly<Record<string, string>>;
  readonly after: Readonly<Record<string, string>>;
}

/**
 * The credentials a tool sends: one it now needs and did not (or needs in place of the one it took) is breaking, as
 * its calls fail with UNAUTHORIZED and send nothing until the operator sets it; one it no longer needs, or a new
 * alternative beside the old ones, is compatible. Never an input: the model's calls are unchanged.
 */
export function credentialChanges(
  old: ToolContract,
  now: ToolContract,
  schemes: CredentialSchemes | undefined,
): ContractChange[] {
  if (schemes === undefined) return [];
  const key = (a: readonly string[]): string => a.join(" ");
  const before = new Map(credentialsOf(old).map((a) => [key(a), a]));
  const after = new Map(credentialsOf(now).map((a) => [key(a), a]));
  if ([...before.keys()].join("|") === [...after.keys()].join("|")) return [];
  const named = (a: readonly string[], kinds: Readonly<Record<string, string>>): string =>
    a.map((n) => `${code(n)}${kinds[n] === undefined ? "" : ` (${kinds[n]})`}`).join(" and ");
  const either = (all: readonly (readonly string[])[], kinds: Readonly<Record<string, string>>): string =>
    all.map((a) => named(a, kinds)).join(" or ");
  const from = either([...before.values()], schemes.before);
  const to = either([...after.values()], schemes.after);
  if (before.size === 0)
    return [
      breaking(
        "credentials-added",
        `now sends the credential ${to}: its calls fail with UNAUTHORIZED and send nothing until the operator sets it`,
        { to },
      ),
    ];
  if (after.size === 0)
    return [compatible("credentials-removed", `no longer sends a credential (was ${from})`, { from })];
  const kept = [...before.keys()].every((k) => after.has(k));
  return [
    kept
      ? compatible("credentials-changed", `also accepts the credential ${to} (was ${from})`, { from, to })
      : breaking(
          "credentials-changed",
          `now sends the credential ${to} (was ${from}): until the operator sets it, its calls fail with UNAUTHORIZED`,
          { from, to },
        ),
  ];
}

/** The credential alternatives a lockfile records, when it records lists of names (a hand-edited one may hold anything). */
function credentialsOf(contract: ToolContract): readonly (readonly string[])[] {
  const value: unknown = contract.credentials;
  return Array.isArray(value) && value.every((a) => Array.isArray(a) && a.every((n: unknown) => typeof n === "string"))
    ? (value as string[][])
    : [];
}
