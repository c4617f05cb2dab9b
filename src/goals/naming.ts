// Name rules of goals files, and the hints that suggest a valid name for an invalid one.
import { toKebabCase, toSnakeCase } from "../util/naming.js";

/** Tool names: snake_case, 3–64 characters, starting with a letter. */
export const GOAL_NAME = /^[a-z][a-z0-9_]{2,63}$/;
/** Toolset (package / MCP server) names: kebab-case. */
export const TOOLSET_NAME = /^[a-z][a-z0-9-]*$/;
/** Step ids: a letter, then letters, digits, `_` and `-` (Arazzo's recommended form). */
export const STEP_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** Security scheme names declared in a goals file: a letter, then letters, digits, `_` and `-` (each becomes `PREFIX_<NAME>`). */
export const SCHEME_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** A configured value's name (`$config.account_sid`), read from `PREFIX_<NAME IN UPPER_SNAKE>`. */
export const CONFIG_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Error-hint keys: `<stepId>.<status|status class|default|ERROR_CODE>`, e.g. `customer.404`. */
export const ERROR_KEY = /^[A-Za-z][A-Za-z0-9_-]*\.([1-5](\d\d|XX)|default|[A-Z][A-Z_]*)$/;

export { toSnakeCase } from "../util/naming.js";

/** A hint for a name that breaks GOAL_NAME, with a valid suggestion where one can be made. */
export function goalNameHint(name: unknown): string {
  const rule = "goal names are snake_case: 3–64 lowercase letters, digits or `_`, starting with a letter";
  const suggestion =
    typeof name === "string"
      ? toSnakeCase(name)
          .replace(/^[^a-z]+/, "")
          .slice(0, 64)
      : "";
  return GOAL_NAME.test(suggestion) ? `${rule}; did you mean "${suggestion}"?` : `${rule}, e.g. "adopt_pet"`;
}

/** A hint for a toolset name that breaks TOOLSET_NAME. */
export function toolsetNameHint(name: unknown): string {
  const rule = "toolset names are kebab-case: lowercase letters, digits and `-`, starting with a letter";
  const suggestion = typeof name === "string" ? toKebabCase(name).replace(/^[^a-z]+/, "") : "";
  return TOOLSET_NAME.test(suggestion) ? `${rule}; did you mean "${suggestion}"?` : `${rule}, e.g. "petstore"`;
}
