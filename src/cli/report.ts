// Prints diagnostics for people (`FILE:LINE:COL severity CODE message` + `hint:`) or as JSON objects.
import type { Diagnostic } from "../diagnostics/types.js";

/** One diagnostic as the two lines a person reads. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file === undefined ? "" : `${d.file}${d.line === undefined ? "" : `:${d.line}:${d.column ?? 1}`} `;
  const pointer = d.pointer !== undefined && d.line === undefined ? ` (at ${d.pointer || "/"})` : "";
  return `${where}${d.severity} ${d.code} ${d.message}${pointer}\n  hint: ${d.hint}`;
}

export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map(formatDiagnostic).join("\n") + (diagnostics.length > 0 ? "\n" : "");
}

/** Diagnostics as plain objects with a fixed key order, for `--json`. */
export function diagnosticsToJson(diagnostics: readonly Diagnostic[]): object[] {
  return diagnostics.map((d) => ({
    code: d.code,
    severity: d.severity,
    message: d.message,
    hint: d.hint,
    ...(d.file === undefined ? {} : { file: d.file }),
    ...(d.line === undefined ? {} : { line: d.line, column: d.column }),
    ...(d.pointer === undefined ? {} : { pointer: d.pointer }),
  }));
}
