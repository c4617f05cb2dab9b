// Public surface of the approvals console served by the HTTP server.
export { createConsole, type ConsoleInit, type ConsoleRoute } from "./handler.js";
export {
  resolveConsoleSettings,
  resolveOperatorToken,
  type ConsoleSettings,
  type Operator,
  type SecureCookies,
} from "./settings.js";
export { CONSOLE_PATH, requestPath } from "./pages.js";
export { escapeHtml, html, Html } from "./html.js";
