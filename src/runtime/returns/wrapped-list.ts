// An object answer where a list is declared as the whole body → where it holds that list (`/items`, `/_embedded/x`).
import { escapeToken } from "../expressions/pointer.js";
import { isRecord } from "../types.js";

/** Members that never hold the listed items: error lists, hypermedia links. */
const NOT_THE_LIST = /^(?:errors?|_?links)$/i;

/** Members named as a page's items (Azure's `value`, Stack Exchange's `items`, HAL's `_embedded`). */
const NAMED_LIST = /^(?:value|values|items|data|results|records|entries|elements|content|hits|rows|_embedded)$/i;

/**
 * Where an object answer holds the list a spec declares as the whole body: its one list of records at its top or in
 * an object at its top (Stack Exchange's `/items` beside `has_more`; HAL's `/_embedded/events` beside `_links` and
 * `page`), among several the one under a member named as a page's items. Undefined when none or no one is that list.
 */
export function wrappedListPointer(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const found: { pointer: string; named: boolean }[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (NOT_THE_LIST.test(name)) continue;
    const at = `/${escapeToken(name)}`;
    if (Array.isArray(value) && value.every(isRecord)) found.push({ pointer: at, named: NAMED_LIST.test(name) });
    if (!isRecord(value)) continue;
    for (const [inner, listed] of Object.entries(value))
      if (!NOT_THE_LIST.test(inner) && Array.isArray(listed) && listed.every(isRecord))
        found.push({ pointer: `${at}/${escapeToken(inner)}`, named: NAMED_LIST.test(name) || NAMED_LIST.test(inner) });
  }
  const chosen = found.length === 1 ? found : found.filter((f) => f.named);
  return chosen.length === 1 ? chosen[0]!.pointer : undefined;
}
