// Turns operationIds, paths and free text into snake_case tool and input names, de-duplicated stably.

export const MAX_TOOL_NAME = 64;

/** `getPetById` → `get_pet_by_id`; `repos/get-content` → `repos_get_content`; `HTTPServer2` → `http_server2`. */
export function toSnakeCase(text: string): string {
  let snake = snakeCases.get(text);
  if (snake === undefined) {
    if (snakeCases.size >= MAX_REMEMBERED) snakeCases.clear();
    snakeCases.set(text, (snake = snakeCase(text)));
  }
  return snake;
}

/** The planner asks for the same few thousand names again and again (init compares every record field per chain). */
const snakeCases = new Map<string, string>();
const MAX_REMEMBERED = 1 << 16;

function snakeCase(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/**
 * A name matching `^[a-z][a-z0-9_]*$` of at most `max` characters; `fallback` when nothing usable is left, and
 * `fallback_` in front of a name Object.prototype has (`constructor`), which Zod object shapes cannot hold.
 */
export function toIdentifierName(text: string, fallback: string, max = MAX_TOOL_NAME): string {
  let name = toSnakeCase(text);
  if (name === "") name = fallback;
  if (!/^[a-z]/.test(name) || name in Object.prototype) name = `${fallback}_${name}`;
  return truncateName(name, max);
}

/** Cuts a snake_case name to `max` at the last word boundary that keeps at least half of it. */
function truncateName(name: string, max: number): string {
  if (name.length <= max) return name;
  const cut = name.slice(0, max + 1).lastIndexOf("_");
  return (cut >= max / 2 ? name.slice(0, cut) : name.slice(0, max)).replace(/_+$/, "");
}

/**
 * Input names the runtime adds to a tool itself: `request_id`, which a gated tool takes to fetch the outcome of an
 * approval request. An API's own parameter or field of that name is handed out as `api_request_id`.
 */
const RUNTIME_INPUT_NAMES: ReadonlySet<string> = new Set(["request_id"]);

/**
 * Hands out unique names in call order: a clash gets `_2`, `_3`, … (truncated to fit `max`); a name the runtime
 * adds itself ({@link RUNTIME_INPUT_NAMES}) gets `api_` in front. Callers feed names in a deterministic order so the
 * result is stable.
 */
export function createNameAllocator(max = MAX_TOOL_NAME): (wanted: string) => string {
  const taken = new Set<string>(RUNTIME_INPUT_NAMES);
  return (asked) => {
    const wanted = RUNTIME_INPUT_NAMES.has(asked) ? `api_${asked}` : asked;
    let name = truncateName(wanted, max);
    for (let n = 2; taken.has(name); n++) {
      const suffix = `_${n}`;
      name = truncateName(wanted, max - suffix.length) + suffix;
    }
    taken.add(name);
    return name;
  };
}

/**
 * A title or name as a package and server name. Prose (`GitHub's REST API v2`) splits only at spaces and
 * punctuation, so a brand like GitHub stays one word and a possessive 's goes: `github-rest-api-v2`. A single
 * identifier (`BnplAPI`, `petStore`) also splits at case changes: `bnpl-api`, `pet-store`.
 */
export function toKebabCase(text: string): string {
  const prose = /\s/.test(text.trim());
  const words = prose
    ? text
        .replace(/['\u2019]s\b/g, "")
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
    : toSnakeCase(text);
  const kebab = words.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return /^[a-z]/.test(kebab) ? kebab : `api-${kebab}`.replace(/-+$/, "");
}

/** `my-api` → `MY_API` (environment variable prefix). */
export function toUpperSnake(text: string): string {
  return toSnakeCase(text).toUpperCase();
}
