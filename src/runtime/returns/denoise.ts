// A response body → the same data without nulls, empty values and hypermedia noise (HAL/JSON:API links, URI templates).
// A link to another host than the API's (a payment or approval page for a person) is not noise: it stays.

/** Member names whose null or empty string stays (see `denoise`). */
export type Kept = ReadonlySet<string>;

const isLinkObject = (value: unknown): boolean =>
  value !== null && typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, "href");

const LINK_TEXT = /^(https?:\/\/|\/)/;

const isLinkValue = (value: unknown): boolean =>
  (typeof value === "string" && LINK_TEXT.test(value)) ||
  isLinkObject(value) ||
  (Array.isArray(value) && value.every(isLinkObject));

/** `_links` always; `links` / `link` when every entry is a URL or an `{href}` object (HAL, JSON:API, Siren). */
export function isLinkNoise(key: string, value: unknown): boolean {
  if (key === "_links") return true;
  if (key !== "links" && key !== "link") return false;
  if (Array.isArray(value)) return value.every(isLinkObject);
  return value !== null && typeof value === "object" && Object.values(value).every(isLinkValue);
}

/** The host of an absolute http(s) URL; undefined for a relative or other one. */
function hostOf(href: string): string | undefined {
  if (!/^https?:\/\//i.test(href)) return undefined;
  try {
    return new URL(href).hostname;
  } catch {
    return undefined;
  }
}

/**
 * A link that leads away from the API: an absolute URL on another host than `home` (the host the request went to),
 * opened with GET (no `method`, or `GET`): GOV.UK Pay's `next_url`, the page the user pays on; PayPal's `approve`.
 */
function isAwayLink(value: unknown, home: string): boolean {
  const href = typeof value === "string" ? value : isLinkObject(value) ? (value as { href: unknown }).href : undefined;
  if (typeof href !== "string") return false;
  const method = isLinkObject(value) ? (value as { method?: unknown }).method : undefined;
  if (method !== undefined && (typeof method !== "string" || method.toUpperCase() !== "GET")) return false;
  const host = hostOf(href);
  return host !== undefined && host !== home.toLowerCase();
}

/** The entries of a link container that lead away from the API (`isAwayLink`), denoised; undefined when none do. */
export function awayLinks(value: unknown, home: string | undefined, keep?: Kept): unknown {
  if (home === undefined || value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    const kept = value.filter((item) => isAwayLink(item, home)).map((item) => denoise(item, undefined, keep));
    return kept.length === 0 ? undefined : kept;
  }
  const out: Record<string, unknown> = {};
  let count = 0;
  for (const [rel, item] of Object.entries(value as Record<string, unknown>)) {
    const kept = Array.isArray(item)
      ? awayLinks(item, home, keep)
      : isAwayLink(item, home)
        ? denoise(item, undefined, keep)
        : undefined;
    if (kept === undefined) continue;
    define(out, rel, kept);
    count++;
  }
  return count === 0 ? undefined : out;
}

/** An RFC 6570 URI template (`https://api.github.com/users/x/gists{/gist_id}`): a link a model cannot follow as is. */
const URI_TEMPLATE = /^https?:\/\/[^\s{}]*\{[^\s{}]+\}/;

/** GitHub-style hypermedia: a `…_url` member whose value is a URI template. */
const isTemplateLink = (key: string, value: unknown): boolean =>
  key.endsWith("_url") && typeof value === "string" && URI_TEMPLATE.test(value);

/** Keys that can be noise whatever their value; any other key is dropped only for an empty value. */
const maybeLinkKey = (key: string): boolean =>
  key === "_links" || key === "links" || key === "link" || key.endsWith("_url");

/** What an item with nothing left stands as in a list that keeps others: its kind's empty value, so places hold. */
function emptyOf(item: unknown): unknown {
  if (Array.isArray(item)) return [];
  return item !== null && typeof item === "object" ? {} : item;
}

/**
 * A list's places mean something (a Sheets row's cells: `["name", "", "qty"]`, a batch's replies, one per request):
 * an item with nothing left stays as its empty value while any other item is kept; a list of only empty items goes.
 */
function denoiseArray(value: readonly unknown[], home: string | undefined, keep?: Kept): unknown[] | undefined {
  let items: unknown[] | undefined;
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    const kept = denoise(item, home, keep);
    if (kept !== undefined) count++;
    if (items === undefined && kept !== item) items = value.slice(0, i);
    if (items !== undefined) items.push(kept === undefined ? emptyOf(item) : kept);
  }
  return count === 0 ? undefined : (items ?? (value as unknown[]));
}

/**
 * Sets an own member; `__proto__` is defined rather than assigned, so it stays data and never changes the prototype.
 */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function denoiseObject(
  value: Readonly<Record<string, unknown>>,
  home: string | undefined,
  keep?: Kept,
): Record<string, unknown> | undefined {
  const keys = Object.keys(value);
  let out: Record<string, unknown> | undefined;
  let count = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = value[key];
    const kept =
      (item === null || item === "") && keep?.has(key) === true
        ? item
        : !maybeLinkKey(key)
          ? denoise(item, home, keep)
          : isLinkNoise(key, item)
            ? awayLinks(item, home, keep)
            : isTemplateLink(key, item)
              ? undefined
              : denoise(item, home, keep);
    if (out === undefined && (kept !== item || kept === undefined)) {
      out = {};
      for (let j = 0; j < i; j++) define(out, keys[j] as string, value[keys[j] as string]);
    }
    if (kept !== undefined) {
      count++;
      if (out !== undefined) define(out, key, kept);
    }
  }
  if (count === 0) return emptyListsOnly(value);
  return out ?? (value as Record<string, unknown>);
}

/**
 * An object whose members are all empty keeps its empty lists: they are its answer (Calendar free/busy's `{busy: []}`
 * for a calendar with no busy time, which went missing from `calendars` with the object), else nothing is left.
 */
function emptyListsOnly(value: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const lists = Object.keys(value).filter((key) => Array.isArray(value[key]) && !maybeLinkKey(key));
  if (lists.length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of lists) define(out, key, []);
  return out;
}

/**
 * Drops nulls, empty strings, empty arrays and objects (but not a list item's place, nor the empty lists of an object
 * that has nothing else), and link noise (`_links`, HAL/JSON:API `links`, `…_url` URI
 * templates), recursively; undefined when nothing is left. Given `home`, the host the request went to, the links of a
 * link container that lead to another host with GET stay (`awayLinks`). Given `keep`, the members whose null or empty
 * string the spec gives a meaning (`StepSpec.keepEmpty`: TBA's `winning_alliance: ""`, a tie), those values stay.
 * A part with nothing to drop is returned as it is (the same object), not copied.
 */
export function denoise(value: unknown, home?: string, keep?: Kept): unknown {
  if (value === null || value === undefined || value === "") return undefined;
  if (Array.isArray(value)) return denoiseArray(value, home, keep);
  if (typeof value === "object") return denoiseObject(value as Record<string, unknown>, home, keep);
  return value;
}
