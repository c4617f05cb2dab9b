// The auth module's surface: credential variables, requirement selection, scheme application, the authenticator.
export { createAuthenticator, type AuthenticatorSettings } from "./authenticator.js";
export { credentialVariable, toEnvWord } from "./env.js";
export { selectRequirement, type Selection, type SelectedScheme } from "./select.js";
export { basicAuthorization, schemeParts, type SchemeParts } from "./apply.js";
export {
  createTokenSource,
  expiryMargin,
  type FetchingGrant,
  type TokenOutcome,
  type TokenRequest,
  type TokenSource,
} from "./oauth2.js";
export {
  acceptedForms,
  checkTokenUrl,
  oauth2Grant,
  oauth2Variables,
  readOAuth2Credential,
  refreshTokenUrl,
  type OAuth2Grant,
  type OAuth2Variables,
} from "./oauth2-config.js";
export { NO_AUTH, type AppliedAuth, type AuthOutcome, type Authenticator } from "./types.js";
