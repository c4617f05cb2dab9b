// A setting and what it may be → a one-line ConfigError naming the variable and accepted values; bounded readers.

type Env = Readonly<Record<string, string | undefined>>;

/**
 * A configuration mistake found before any call: thrown by the settings functions only, never during a call.
 * The message is one line naming the variable and what it accepts, and never echoes a value that may be a secret.
 */
export class ConfigError extends Error {
  override readonly name: string = "ConfigError";
}

/**
 * Whether `error` is a configuration mistake (the binaries exit 2 with its message) rather than a failure at run time.
 */
export const isConfigError = (error: unknown): error is ConfigError => error instanceof ConfigError;

/** A variable's value, trimmed; blank counts as unset. */
export function readSetting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

/** An explicit option, else `name` from the environment as a positive whole number, else `fallback`. */
export function positiveSetting(env: Env, name: string, fallback: number, explicit?: number): number {
  if (explicit !== undefined) {
    if (!Number.isSafeInteger(explicit) || explicit <= 0)
      throw new ConfigError(`${name} (or its option) must be a positive whole number, got ${String(explicit)}.`);
    return explicit;
  }
  const raw = readSetting(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0)
    throw new ConfigError(`${name} must be a positive whole number (e.g. ${fallback}), got \`${raw.slice(0, 20)}\`.`);
  return Number(raw);
}

/** One line for stderr: `error: <toolset>: <message>`, newlines folded. */
export function configErrorLine(toolset: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `error: ${toolset}: ${message.replace(/\s*[\r\n]+\s*/g, " ")}`;
}
