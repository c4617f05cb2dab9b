// Configured values (`$config.NAME`) + environment and credentials → the values calls read, or a ConfigError.
import { ConfigError, readSetting } from "./config.js";
import { credentialVariable } from "./auth/env.js";
import type { ConfigRule, ConfigSpec, Credential, ToolsetSpec } from "./types.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Where the values come from: explicit options win over the environment; credentials as configured. */
export interface ConfigSources {
  readonly explicit?: Readonly<Record<string, string>>;
  readonly env: Env;
  readonly credentials: Readonly<Record<string, Credential>>;
}

/** Whether `pattern` (with `u`, else without) matches; undefined when it compiles neither way. */
function matches(pattern: string, value: string): boolean | undefined {
  for (const flags of ["u", ""]) {
    try {
      return new RegExp(pattern, flags).test(value);
    } catch {
      // The next flags, or no verdict.
    }
  }
  return undefined;
}

function textMisfit(value: string, rule: ConfigRule): string | undefined {
  if (rule.pattern !== undefined && matches(rule.pattern, value) === false)
    return `does not match the pattern ${rule.pattern}`;
  const length = [...value].length;
  if (rule.minLength !== undefined && length < rule.minLength)
    return `has ${length} characters, fewer than the ${rule.minLength} required`;
  if (rule.maxLength !== undefined && length > rule.maxLength)
    return `has ${length} characters, more than the ${rule.maxLength} allowed`;
  return undefined;
}

function numberMisfit(value: number, rule: ConfigRule): string | undefined {
  if (rule.minimum !== undefined && value < rule.minimum) return `is below the minimum ${rule.minimum}`;
  if (rule.maximum !== undefined && value > rule.maximum) return `is above the maximum ${rule.maximum}`;
  return undefined;
}

/** The value `text` gives, or why it cannot be one (`does not match the pattern ^AC…$ of path parameter …`). */
export function configValue(
  spec: Pick<ConfigSpec, "type" | "rules">,
  text: string,
): { readonly ok: true; readonly value: string | number } | { readonly ok: false; readonly reason: string } {
  const numeric = spec.type !== "string";
  const number = Number(text);
  if (numeric && (!/^-?\d+(\.\d+)?$/.test(text) || (spec.type === "integer" && !Number.isSafeInteger(number))))
    return { ok: false, reason: `is not ${spec.type === "integer" ? "a whole number" : "a number"}` };
  const value = numeric ? number : text;
  for (const rule of spec.rules) {
    const listed = rule.enum === undefined || rule.enum.some((allowed) => String(allowed) === text);
    const misfit = !listed
      ? `is not one of ${rule.enum?.join(", ")}`
      : typeof value === "number"
        ? numberMisfit(value, rule)
        : textMisfit(value, rule);
    if (misfit !== undefined) return { ok: false, reason: `${misfit} of ${rule.place}` };
  }
  return { ok: true, value };
}

/** The user name of an http basic credential (`user:password`), when one is configured. */
function basicUser(credential: Credential | undefined): string | undefined {
  if (typeof credential !== "string" || !credential.includes(":")) return undefined;
  const user = credential.slice(0, credential.indexOf(":")).trim();
  return user === "" ? undefined : user;
}

/** The description as one sentence with its final period. */
const sentence = (text: string): string => `${text.trim().replace(/\.$/, "")}.`;

function unsetMessage(toolset: Pick<ToolsetSpec, "envPrefix">, spec: ConfigSpec, sources: ConfigSources): string {
  const wanted = `set ${spec.variable}: ${sentence(spec.description)}`;
  if (spec.basicUserOf === undefined) return `${spec.variable} is not set; ${wanted}`;
  const credential = credentialVariable(toolset.envPrefix, spec.basicUserOf);
  const user = basicUser(sources.credentials[spec.basicUserOf]);
  if (user === undefined)
    return (
      `${spec.variable} is not set, and neither is ${credential}, whose user name it stands for; set ${credential} ` +
      `(\`user:password\`), or ${wanted}`
    );
  const misfit = configValue(spec, user);
  const why = misfit.ok ? "" : `: it ${misfit.reason}`;
  return (
    `${spec.variable} is not set, and the user name in ${credential} cannot stand for it${why} (a user that signs ` +
    `in for an account, such as an API key, is not that account's id); ${wanted}`
  );
}

/** One configured value: the explicit option, else the variable, else the basic-auth user name where that fits. */
function resolveOne(
  toolset: Pick<ToolsetSpec, "envPrefix">,
  [name, spec]: readonly [string, ConfigSpec],
  sources: ConfigSources,
): string | number {
  const set = sources.explicit?.[name]?.trim() || readSetting(sources.env, spec.variable);
  if (set !== undefined) {
    const checked = configValue(spec, set);
    if (checked.ok) return checked.value;
    throw new ConfigError(`${spec.variable} ${checked.reason}; correct it: ${sentence(spec.description)}`);
  }
  const user = spec.basicUserOf === undefined ? undefined : basicUser(sources.credentials[spec.basicUserOf]);
  const derived = user === undefined ? undefined : configValue(spec, user);
  if (derived?.ok === true) return derived.value;
  throw new ConfigError(unsetMessage(toolset, spec, sources));
}

/**
 * Every configured value the toolset's goals bind (`$config.NAME`), resolved once at start-up. Throws ConfigError
 * (one line naming the variable, what it must match and where it goes) for a value unset or out of its rules.
 */
export function resolveConfigValues(
  toolset: Pick<ToolsetSpec, "envPrefix" | "config">,
  sources: ConfigSources,
): Readonly<Record<string, string | number>> {
  const values: Record<string, string | number> = {};
  for (const entry of Object.entries(toolset.config ?? {})) values[entry[0]] = resolveOne(toolset, entry, sources);
  return Object.freeze(values);
}
