// Public face of the diagnostics module.
export * from "./types.js";
export * from "./diagnostic.js";
export { catalog, type DiagnosticCode } from "./catalog.js";
