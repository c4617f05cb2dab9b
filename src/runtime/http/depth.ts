// A parsed JSON body → the same body with every part nested past a bound replaced by a marker saying so, walked
// without recursion past the bound (the runtime's walks over a result recurse once per level, as JSON.stringify does).

/** Levels of objects and arrays a response keeps; a deeper part (a hostile or broken API) becomes the marker. */
export const MAX_RESPONSE_DEPTH = 256;

/** What stands where a part nested deeper than `max` levels was. */
function tooDeepMarker(max: number): string {
  return `[left out: nested deeper than ${max} levels]`;
}

const isContainer = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object";

/**
 * Whether a container sits `left` levels below `value` or deeper. Recursion here stops at the bound (`left` counts
 * down), so it stays shallow; it is some four times faster than an explicit stack on ordinary answers.
 */
function nestsPast(value: Record<string, unknown>, left: number): boolean {
  if (left === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (isContainer(child) && nestsPast(child, left - 1)) return true;
    }
    return false;
  }
  for (const key in value) {
    const child = value[key];
    if (isContainer(child) && nestsPast(child, left - 1)) return true;
  }
  return false;
}

/** Sets an own member; `__proto__` is defined rather than assigned, so it stays data. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

const shell = (value: Record<string, unknown>): Record<string, unknown> =>
  (Array.isArray(value) ? new Array(value.length) : {}) as Record<string, unknown>;

/** A copy of `value` with each container at level `max` replaced by the marker. */
function cutAt(value: Record<string, unknown>, max: number): unknown {
  const marker = tooDeepMarker(max);
  if (max <= 0) return marker;
  const root = shell(value);
  const sources: Record<string, unknown>[] = [value];
  const targets: Record<string, unknown>[] = [root];
  const levels: number[] = [0];
  while (sources.length > 0) {
    const source = sources.pop() as Record<string, unknown>;
    const target = targets.pop() as Record<string, unknown>;
    const level = levels.pop() as number;
    for (const key of Object.keys(source)) {
      const child = source[key];
      if (!isContainer(child)) define(target, key, child);
      else if (level + 1 >= max) define(target, key, marker);
      else {
        const copy = shell(child);
        define(target, key, copy);
        sources.push(child);
        targets.push(copy);
        levels.push(level + 1);
      }
    }
  }
  return root;
}

/**
 * The body as parsed when no object or array in it is nested `max` levels deep (the same value, not copied); else a
 * copy whose containers at that level are each {@link tooDeepMarker}, so a result says what was left out.
 */
export function boundDepth(value: unknown, max: number = MAX_RESPONSE_DEPTH): unknown {
  if (!isContainer(value) || !nestsPast(value, max)) return value;
  return cutAt(value, max);
}
