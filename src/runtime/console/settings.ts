// PREFIX_OPERATOR_TOKEN → whether the approvals console is on, and with which token (never the MCP server token).
import { envVariable } from "../auth/env.js";
import { TransportConfigError } from "../http/server-url.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Shortest operator token accepted. */
export const MIN_OPERATOR_TOKEN_LENGTH = 16;

/**
 * The operator token, or undefined (console off). A short token, or one equal to the server token, is a one-line
 * configuration error.
 */
export function resolveOperatorToken(prefix: string, env: Env): string | undefined {
  const token = env[envVariable(prefix, "operatorToken")]?.trim();
  if (token === undefined || token === "") return undefined;
  if (token.length < MIN_OPERATOR_TOKEN_LENGTH)
    throw new TransportConfigError(
      `${prefix}_OPERATOR_TOKEN must be at least ${MIN_OPERATOR_TOKEN_LENGTH} characters (a random secret), or ` +
        `unset to turn the approvals console off`,
    );
  if (token === env[envVariable(prefix, "serverToken")]?.trim())
    throw new TransportConfigError(
      `${prefix}_OPERATOR_TOKEN must differ from ${prefix}_SERVER_TOKEN: a client of the MCP server must not ` +
        `be able to approve`,
    );
  return token;
}
