// Duplicate checks over the raw document, so they are reported even when other parts fail validation.
import type { DiagnosticCode } from "../diagnostics/catalog.js";
import { join } from "../util/pointer.js";
import { report, type LoadContext } from "./context.js";

/** A name and where it is written. */
export interface NamedAt {
  readonly name: string;
  readonly pointer: string;
}

/** Reports every repeat of a name after its first use, pointing back at the first. */
export function reportDuplicates(
  ctx: LoadContext,
  items: readonly NamedAt[],
  code: DiagnosticCode,
  what: string,
): void {
  const first = new Map<string, string>();
  for (const item of items) {
    const earlier = first.get(item.name);
    if (earlier === undefined) {
      first.set(item.name, item.pointer);
      continue;
    }
    const line = ctx.locate(earlier)?.line;
    report(ctx, code, item.pointer, {
      message: `${what} "${item.name}" is used twice`,
      hint: `rename one of them; the first "${item.name}" is ${line === undefined ? `at ${earlier}` : `on line ${line}`}`,
    });
  }
}

/** The string field `key` of each object in the list at `pointer` of the raw document. */
export function namesIn(list: unknown, pointer: string, key: string): NamedAt[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown, i) => {
    const name = item !== null && typeof item === "object" ? (item as Record<string, unknown>)[key] : undefined;
    return typeof name === "string" ? [{ name, pointer: join(pointer, i, key) }] : [];
  });
}

/** Lists of objects found at `key` in each object of `list` (e.g. the steps of every goal). */
export function childLists(list: unknown, pointer: string, key: string): { list: unknown; pointer: string }[] {
  if (!Array.isArray(list)) return [];
  return list.map((item: unknown, i) => ({
    list: item !== null && typeof item === "object" ? (item as Record<string, unknown>)[key] : undefined,
    pointer: join(pointer, i, key),
  }));
}
