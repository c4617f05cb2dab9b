// PREFIX_OPERATOR_TOKEN / PREFIX_OPERATOR_TOKENS / PREFIX_CONSOLE_SECURE_COOKIES → who may open the approvals console.
import { envVariable } from "../auth/env.js";
import { TransportConfigError } from "../http/server-url.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Shortest operator token accepted. */
export const MIN_OPERATOR_TOKEN_LENGTH = 16;

/** An operator's name as the audit log records it (`console:<name>`). */
const OPERATOR_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

/** One operator: the name decisions are recorded under, and the token that proves it. */
export interface Operator {
  readonly name: string;
  readonly token: string;
}

/** When the session cookie is `Secure`: `auto` when the request came over TLS (or a proxy says it did). */
export type SecureCookies = "auto" | "always" | "never";

/** Who may open the console and how its cookie is set; undefined when the console is off. */
export interface ConsoleSettings {
  readonly operators: readonly Operator[];
  readonly secureCookies: SecureCookies;
}

function checkedToken(prefix: string, variable: string, token: string, env: Env): string {
  if (token.length < MIN_OPERATOR_TOKEN_LENGTH)
    throw new TransportConfigError(
      `${variable} must hold tokens of at least ${MIN_OPERATOR_TOKEN_LENGTH} characters (random secrets), or be ` +
        `unset to turn the approvals console off`,
    );
  if (token === env[envVariable(prefix, "serverToken")]?.trim())
    throw new TransportConfigError(
      `${variable} must differ from ${prefix}_SERVER_TOKEN: a client of the MCP server must not be able to approve`,
    );
  return token;
}

/** `name:token,name:token` → operators; a malformed entry, a repeated name or token is a one-line error. */
function namedOperators(prefix: string, raw: string, env: Env): Operator[] {
  const variable = envVariable(prefix, "operatorTokens");
  const operators = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => {
      const at = entry.indexOf(":");
      const name = entry.slice(0, at).trim();
      if (at <= 0 || !OPERATOR_NAME.test(name))
        throw new TransportConfigError(
          `${variable} must be a comma-separated list of name:token, each name letters, digits, ".", "_", "@" ` +
            `or "-" (at most 64), e.g. dana:…,lee:…`,
        );
      return { name, token: checkedToken(prefix, variable, entry.slice(at + 1).trim(), env) };
    });
  const names = new Set(operators.map((o) => o.name));
  const tokens = new Set(operators.map((o) => o.token));
  if (names.size !== operators.length || tokens.size !== operators.length)
    throw new TransportConfigError(`${variable} must give each operator its own name and its own token`);
  return operators;
}

/**
 * The console's operators: one per `name:token` of `PREFIX_OPERATOR_TOKENS`, plus `PREFIX_OPERATOR_TOKEN` as the
 * operator named `operator`; undefined when neither is set (console off).
 */
export function resolveConsoleSettings(prefix: string, env: Env): ConsoleSettings | undefined {
  const single = env[envVariable(prefix, "operatorToken")]?.trim();
  const named = env[envVariable(prefix, "operatorTokens")]?.trim();
  const operators = named === undefined || named === "" ? [] : namedOperators(prefix, named, env);
  if (single !== undefined && single !== "") {
    const token = checkedToken(prefix, envVariable(prefix, "operatorToken"), single, env);
    if (operators.some((o) => o.token === token || o.name === "operator"))
      throw new TransportConfigError(
        `${prefix}_OPERATOR_TOKEN signs in as "operator": ${prefix}_OPERATOR_TOKENS must use neither that name nor ` +
          `its token`,
      );
    operators.push({ name: "operator", token });
  }
  if (operators.length === 0) return undefined;
  const secure = env[envVariable(prefix, "consoleSecureCookies")]?.trim() || "auto";
  if (secure !== "auto" && secure !== "always" && secure !== "never")
    throw new TransportConfigError(
      `${prefix}_CONSOLE_SECURE_COOKIES must be auto (Secure when the request came over https or a proxy's ` +
        `X-Forwarded-Proto says https), always or never, got \`${secure.slice(0, 20)}\``,
    );
  return { operators, secureCookies: secure };
}

/** The single operator token (`PREFIX_OPERATOR_TOKEN`), or undefined; kept for callers that only need that one. */
export function resolveOperatorToken(prefix: string, env: Env): string | undefined {
  const token = env[envVariable(prefix, "operatorToken")]?.trim();
  if (token === undefined || token === "") return undefined;
  if (token.length < MIN_OPERATOR_TOKEN_LENGTH)
    throw new TransportConfigError(
      `${prefix}_OPERATOR_TOKEN must be at least ${MIN_OPERATOR_TOKEN_LENGTH} characters (a random secret), or ` +
        `unset to turn the approvals console off`,
    );
  return checkedToken(prefix, envVariable(prefix, "operatorToken"), token, env);
}
