// Toolset prefix + scheme name → the environment variable that holds its credential.

/** `apiKey` → `API_KEY`, `petstore_auth` → `PETSTORE_AUTH`, `bearer-token` → `BEARER_TOKEN` (the same rule the README generator uses). */
export function toEnvWord(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").toUpperCase();
}

/** `PREFIX_<SCHEME NAME IN UPPER_SNAKE>`. */
export function credentialVariable(prefix: string, scheme: string): string {
  return `${prefix}_${toEnvWord(scheme)}`;
}
