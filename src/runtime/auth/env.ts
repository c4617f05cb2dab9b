// Toolset prefix + setting or scheme name → the environment variable a generated package reads (the README lists them).

/** Every setting a generated package reads from `PREFIX_…`, by its name in code. */
export const ENV_SETTINGS = {
  baseUrl: "BASE_URL",
  approval: "APPROVAL",
  stateDir: "STATE_DIR",
  stateUrl: "STATE_URL",
  timeoutMs: "TIMEOUT_MS",
  maxResponseBytes: "MAX_RESPONSE_BYTES",
  maxStringBytes: "MAX_STRING_BYTES",
  maxCallBytes: "MAX_CALL_BYTES",
  httpPort: "HTTP_PORT",
  httpHost: "HTTP_HOST",
  serverToken: "SERVER_TOKEN",
  httpAllowedOrigins: "HTTP_ALLOWED_ORIGINS",
  operatorToken: "OPERATOR_TOKEN",
  operatorTokens: "OPERATOR_TOKENS",
  consoleSecureCookies: "CONSOLE_SECURE_COOKIES",
  approvalWebhook: "APPROVAL_WEBHOOK",
  consoleUrl: "CONSOLE_URL",
  traceArgs: "TRACE_ARGS",
} as const;

export type EnvSetting = keyof typeof ENV_SETTINGS;

/** `PREFIX_BASE_URL` for `("PREFIX", "baseUrl")`. */
export function envVariable(prefix: string, setting: EnvSetting): string {
  return `${prefix}_${ENV_SETTINGS[setting]}`;
}

/**
 * `apiKey` → `API_KEY`, `petstore_auth` → `PETSTORE_AUTH`, `bearer-token` → `BEARER_TOKEN` (the same rule the README
 * generator uses).
 */
export function toEnvWord(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
}

/** `PREFIX_<SCHEME NAME IN UPPER_SNAKE>`. */
export function credentialVariable(prefix: string, scheme: string): string {
  return `${prefix}_${toEnvWord(scheme)}`;
}

/** The standard AWS variables an awsSigV4 scheme reads (the AWS CLI's and SDKs' own), unprefixed. */
export const AWS_VARIABLES = {
  accessKeyId: "AWS_ACCESS_KEY_ID",
  secretAccessKey: "AWS_SECRET_ACCESS_KEY",
  sessionToken: "AWS_SESSION_TOKEN",
  region: "AWS_REGION",
} as const;

/** `PREFIX_SIGNING_SERVICE`: the service name an awsSigV4 scheme signs for, when not the API description's. */
export function signingServiceVariable(prefix: string): string {
  return `${prefix}_SIGNING_SERVICE`;
}

/** The variables an operator sets for a scheme's credential: the AWS key pair for awsSigV4, else `PREFIX_<SCHEME>`. */
export function schemeVariables(prefix: string, name: string, scheme: { readonly type: string } | undefined): string[] {
  return scheme?.type === "awsSigV4"
    ? [AWS_VARIABLES.accessKeyId, AWS_VARIABLES.secretAccessKey]
    : [credentialVariable(prefix, name)];
}
