// Turns the user's `input` (a file path or a parsed object) into a SourceDoc with positions.
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { INFLATED_TOO_LARGE, readText } from "../util/read-text.js";
import {
  defaultSourceLimits,
  depthProblem,
  parseSource,
  sourceOfValue,
  type SourceDoc,
  type SourceLimits,
} from "../source/source.js";

/** The file name diagnostics use for a document passed in as an object. */
export const IN_MEMORY_FILE = "<object>";

export interface Loaded {
  readonly source?: SourceDoc;
  readonly diagnostics: readonly Diagnostic[];
}

/** Reads and parses a spec file (gzip inflated in memory); a read failure is a diagnostic at 1:1, never an exception. */
export async function loadFile(file: string, limits: SourceLimits): Promise<Loaded> {
  let text: string;
  try {
    text = await readText(file, limits.maxBytes);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    if (reason === INFLATED_TOO_LARGE) {
      return {
        diagnostics: [
          diagnostic("SOURCE_TOO_LARGE", {
            file,
            pointer: "",
            position: { line: 1, column: 1 },
            message: `${file} inflates to more than the ${limits.maxBytes}-byte limit`,
          }),
        ],
      };
    }
    return {
      diagnostics: [
        diagnostic("SPEC_UNREADABLE", {
          file,
          pointer: "",
          position: { line: 1, column: 1 },
          message: reason.startsWith("Z_")
            ? `${file} is gzip-compressed but does not inflate (${(error as Error).message})`
            : `cannot read ${file} (${reason})`,
        }),
      ],
    };
  }
  const parsed = parseSource(file, text, limits);
  return parsed.ok
    ? { source: parsed.doc, diagnostics: parsed.diagnostics }
    : { diagnostics: withPointer(parsed.diagnostics) };
}

/** Wraps an already-parsed document; see `sourceOfValue` for what its positions mean. */
export function loadValue(
  value: object,
  file: string = IN_MEMORY_FILE,
  maxDepth = defaultSourceLimits.maxDepth,
): Loaded {
  const source = sourceOfValue(file, value);
  const tooDeep = depthProblem(source, maxDepth);
  return tooDeep === undefined ? { source, diagnostics: [] } : { diagnostics: [tooDeep] };
}

/** Syntax-level findings have no node to point at; the document root stands in. */
function withPointer(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => (d.pointer === undefined ? { ...d, pointer: "" } : d));
}
