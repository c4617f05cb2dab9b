// A response body → the same data without nulls, empty values and HAL/JSON:API link noise.

const isLinkObject = (value: unknown): boolean =>
  value !== null && typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, "href");

const isLinkValue = (value: unknown): boolean =>
  (typeof value === "string" && /^(https?:\/\/|\/)/.test(value)) || isLinkObject(value) || (Array.isArray(value) && value.every(isLinkObject));

/** `_links` always; `links` / `link` when every entry is a URL or an `{href}` object (HAL, JSON:API, Siren). */
export function isLinkNoise(key: string, value: unknown): boolean {
  if (key === "_links") return true;
  if (key !== "links" && key !== "link") return false;
  if (Array.isArray(value)) return value.every(isLinkObject);
  return value !== null && typeof value === "object" && Object.values(value).every(isLinkValue);
}

function denoiseArray(value: readonly unknown[]): unknown[] | undefined {
  const items = value.map(denoise).filter((item) => item !== undefined);
  return items.length === 0 ? undefined : items;
}

function denoiseObject(value: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (isLinkNoise(key, item)) continue;
    const kept = denoise(item);
    if (kept !== undefined) entries.push([key, kept]);
  }
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/** Drops nulls, empty strings, empty arrays and objects, and link noise, recursively; undefined when nothing is left. */
export function denoise(value: unknown): unknown {
  if (value === null || value === undefined || value === "") return undefined;
  if (Array.isArray(value)) return denoiseArray(value);
  if (typeof value === "object") return denoiseObject(value as Record<string, unknown>);
  return value;
}
