// Turns an ingest finding (code + document + pointer) into a located diagnostic.
import { diagnostic, type DiagnosticInit } from "../diagnostics/diagnostic.js";
import type { DiagnosticCode } from "../diagnostics/catalog.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { SourceDoc } from "../source/source.js";

export type FindingInit = Pick<DiagnosticInit, "message" | "hint" | "severity">;

/**
 * A diagnostic with file, pointer, line and column filled from `source`; a pointer that no longer exists
 * in the text (e.g. one into bundled content) falls back to its nearest ancestor, then to 1:1.
 */
export function locatedDiagnostic(
  source: SourceDoc,
  code: DiagnosticCode,
  pointer: string,
  init: FindingInit = {},
): Diagnostic {
  return diagnostic(code, {
    ...init,
    file: source.file,
    pointer,
    position: source.locate(pointer) ?? { line: 1, column: 1 },
  });
}

/** Collects located diagnostics for one source document. */
export interface Reporter {
  readonly diagnostics: Diagnostic[];
  report(code: DiagnosticCode, pointer: string, init?: FindingInit): void;
}

export function createReporter(source: SourceDoc, diagnostics: Diagnostic[] = []): Reporter {
  return {
    diagnostics,
    report(code, pointer, init) {
      diagnostics.push(locatedDiagnostic(source, code, pointer, init));
    },
  };
}
