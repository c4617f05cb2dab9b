// A success body of per-item results + how an item says it failed → the note telling the model which items failed.
import { pointerTokens, resolvePointer } from "../expressions/pointer.js";
import { isRecord, type ItemErrorsSpec } from "../types.js";

/** The member a result gets when some items of a 2xx answer's per-item results say they failed. */
export const FAILED_ITEMS_KEY = "_failed_items";

/** Failed items quoted in the note; the rest are counted. */
const QUOTED = 5;
/** A quoted value is cut to this many characters. */
const VALUE_CAP = 160;

/** Values of an error member that say "no error": absent, null, blank, an empty list or object, 0, "0", false. */
function isNoError(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0) return true;
  if (typeof value === "string") return /^\s*(?:0|none|ok|success)?\s*$/i.test(value);
  if (Array.isArray(value)) return value.length === 0;
  return isRecord(value) && Object.keys(value).length === 0;
}

/** A per-item status that says the item was not done (Mandrill's `rejected`, `invalid`). */
const FAILED_STATE = /^(?:rejected|invalid|failed|failure|error|bounced|dropped|refused|undeliverable)$/i;

/** Whether an item's status member (beside its reason for a rejection) says it was not done. */
const stateFailed = (spec: ItemErrorsSpec, item: Record<string, unknown>): boolean => {
  const state = spec.state === undefined ? undefined : item[spec.state];
  return typeof state === "string" && FAILED_STATE.test(state.trim());
};

/**
 * Whether one item says it failed: its error member holds an error, its success flag is false, its status is
 * 4xx/5xx, or it names a reason it was rejected (or its status beside that reason says so).
 */
export function itemFailed(spec: ItemErrorsSpec, item: unknown): boolean {
  if (!isRecord(item)) return false;
  if (spec.kind === "reason" && stateFailed(spec, item)) return true;
  if (!Object.hasOwn(item, spec.field)) return false;
  const value = item[spec.field];
  if (spec.kind === "status") return typeof value === "number" && value >= 400;
  return spec.kind === "flag" ? value === false : !isNoError(value);
}

const shown = (value: unknown): string => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length <= VALUE_CAP ? text : `${text.slice(0, VALUE_CAP - 1)}…`;
};

/** One failed item as the note quotes it: its place, the members naming it, its error and its message. */
function quote(spec: ItemErrorsSpec, item: Record<string, unknown>, index: number): string {
  const named = (spec.ids ?? [])
    .filter((name) => !(item[name] === undefined || item[name] === null || item[name] === ""))
    .map((name) => `${name} ${JSON.stringify(shown(item[name]))}`);
  const state = spec.state === undefined || item[spec.state] === undefined ? [] : [spec.state];
  const error = [...state, spec.field]
    .filter((name) => !(item[name] === undefined || item[name] === null || item[name] === ""))
    .map((name) => `${name} ${shown(item[name])}`)
    .join(", ");
  const message = spec.message === undefined ? undefined : item[spec.message];
  const said = typeof message === "string" && message.trim() !== "" ? `: ${shown(message.trim())}` : "";
  return `[${index}] ${[...named, ...(error === "" ? [] : [error])].join(", ")}${said}`;
}

/**
 * The note saying how many of the answer's per-item results failed and which (up to five quoted, with the members
 * naming them and their messages), when any did; undefined when none did or the body has no such list.
 */
export function failedItemsNote(spec: ItemErrorsSpec | undefined, body: unknown): string | undefined {
  if (spec === undefined) return undefined;
  const list = spec.list === "" ? body : resolvePointer(body, pointerTokens(spec.list));
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const failed = list.flatMap((item, index) => (itemFailed(spec, item) ? [{ item, index }] : []));
  if (failed.length === 0) return undefined;
  const where = spec.list === "" ? "the answer" : spec.list.slice(1).split("/").join(".");
  const head =
    failed.length === list.length
      ? `All ${list.length} item${list.length === 1 ? "" : "s"} of ${where} failed`
      : `${failed.length} of ${list.length} items of ${where} failed`;
  const quoted = failed.slice(0, QUOTED).map(({ item, index }) => quote(spec, item as Record<string, unknown>, index));
  const more = failed.length > QUOTED ? `; and ${failed.length - QUOTED} more` : "";
  const rest =
    failed.length === list.length
      ? "None of them succeeded: tell the user so, with the reasons."
      : "Only the others succeeded: tell the user which failed and why; do not say all of them did.";
  const said = `${quoted.join("; ")}${more}`;
  const saying = spec.state === undefined ? `${spec.field} says so` : `${spec.state} or ${spec.field} says so`;
  return `${head} (${saying}): ${said}${/[.!?]$/.test(said) ? "" : "."} ${rest}`;
}

/** Whether a member of a not-done object names something: a list with items, or a value that is not "none". */
const namesSome = (member: unknown): boolean => (Array.isArray(member) ? member.length > 0 : !isNoError(member));

/** How many items a not-done member holds: a list's length, or the items of an object's lists (a map's members). */
function notDoneCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (!isRecord(value)) return 0;
  const counts = Object.values(value).map((m) => (Array.isArray(m) ? m.length : Number(namesSome(m))));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** A not-done member as the note quotes it: its items, or each of its members that names some, by name. */
function notDoneItems(value: unknown): string {
  if (Array.isArray(value)) return value.slice(0, QUOTED).map(shown).join(", ");
  const named = Object.entries(value as Record<string, unknown>).filter(([, m]) => namesSome(m));
  return named
    .slice(0, QUOTED)
    .map(([name, m]) => `${name} ${shown(m)}`)
    .join("; ");
}

/**
 * The note saying which members of a write's 2xx answer list what it did not do (Trakt's `not_found`, YNAB's
 * `duplicate_import_ids`), with how many items and which; undefined when they are all empty or absent.
 */
export function notDoneNote(pointers: readonly string[] | undefined, body: unknown): string | undefined {
  const said = (pointers ?? []).flatMap((pointer) => {
    const value = resolvePointer(body, pointerTokens(pointer));
    const count = notDoneCount(value);
    if (count === 0) return [];
    const where = pointer.slice(1).split("/").join(".");
    return [`${where} names ${count} (${notDoneItems(value)})`];
  });
  if (said.length === 0) return undefined;
  return (
    `The answer says not everything asked was done: ${said.join("; ")}. Tell the user which were not done and ` +
    "why, as the member's name says; do not say all of them were done."
  );
}

/** The notes given, one after the other, or undefined when there are none. */
export function joinNotes(...notes: readonly (string | undefined)[]): string | undefined {
  const given = notes.filter((note): note is string => note !== undefined);
  return given.length === 0 ? undefined : given.join(" ");
}

/** The result with `_failed_items` when the note is given; the result as is otherwise. */
export function withFailedItemsNote(
  result: Record<string, unknown>,
  note: string | undefined,
): Record<string, unknown> {
  return note === undefined ? result : { ...result, [FAILED_ITEMS_KEY]: note };
}
