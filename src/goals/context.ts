// The load context: the goals file's name, its pointer → position map, and the diagnostics collected so far.
import { diagnostic, type DiagnosticInit } from "../diagnostics/diagnostic.js";
import type { DiagnosticCode } from "../diagnostics/catalog.js";
import type { Diagnostic, Position } from "../diagnostics/types.js";
import type { Located } from "./types.js";

/** Shared by every goals transform; `report` is the only way they emit diagnostics. */
export interface LoadContext {
  readonly file: string;
  /** The parsed document (for looking up what a pointer holds). */
  readonly doc: unknown;
  readonly diagnostics: Diagnostic[];
  locate(pointer: string): Position | undefined;
}

/** Builds a context over a parsed document. */
export function createContext(input: {
  file: string;
  doc: unknown;
  locate?: (pointer: string) => Position | undefined;
}): LoadContext {
  return { file: input.file, doc: input.doc, diagnostics: [], locate: input.locate ?? (() => undefined) };
}

/** The origin of the node at `pointer`. */
export function at(ctx: LoadContext, pointer: string): Located {
  const position = ctx.locate(pointer);
  return position === undefined ? { pointer } : { pointer, position: { file: ctx.file, ...position } };
}

/** Records a diagnostic located at `pointer`. */
export function report(
  ctx: LoadContext,
  code: DiagnosticCode,
  pointer: string,
  init: Omit<DiagnosticInit, "file" | "pointer" | "position"> = {},
): void {
  const position = ctx.locate(pointer);
  ctx.diagnostics.push(diagnostic(code, { ...init, file: ctx.file, pointer, ...(position ? { position } : {}) }));
}

/** The number of error diagnostics recorded so far (to tell whether a transform added any). */
export function errorCount(ctx: LoadContext): number {
  return ctx.diagnostics.filter((d) => d.severity === "error").length;
}
