// Builds diagnostics from catalog codes and collects them; locations are filled in by the caller's source map.
import { catalog, type DiagnosticCode } from "./catalog.js";
import type { Diagnostic, Position, Severity } from "./types.js";
import { redactUserinfo } from "../util/redact-url.js";

export interface DiagnosticInit {
  readonly message?: string;
  readonly hint?: string;
  readonly severity?: Severity;
  readonly file?: string;
  readonly pointer?: string;
  readonly position?: Position;
}

/** Makes a diagnostic for `code`; message and hint default to the catalog's words. */
export function diagnostic(code: DiagnosticCode, init: DiagnosticInit = {}): Diagnostic {
  const entry = catalog[code];
  return {
    code,
    severity: init.severity ?? entry.severity,
    message: redactUserinfo(init.message ?? entry.title),
    hint: redactUserinfo(init.hint ?? entry.hint),
    ...(init.file === undefined ? {} : { file: init.file }),
    ...(init.pointer === undefined ? {} : { pointer: init.pointer }),
    ...(init.position === undefined ? {} : { line: init.position.line, column: init.position.column }),
  };
}

/** The diagnostics without repeats (an inlined workflow can report the same finding once per caller), in first-seen order. */
export function uniqueDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.code}\u0000${d.file ?? ""}\u0000${d.line ?? ""}:${d.column ?? ""}\u0000${d.pointer ?? ""}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/**
 * Thrown only to abort a stage on a fatal, already-diagnosed input problem; the CLI and API catch it
 * and return its diagnostics. Never used for bugs.
 */
export class DiagnosticsError extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map((d) => `${d.code}: ${d.message}`).join("\n"));
    this.name = "DiagnosticsError";
  }
}
