// Diagnostic data shapes shared by every stage: what went wrong, where, and how to fix it.

export type Severity = "error" | "warning" | "info";

/** One catalog entry: the default severity, a short title, and the generic repair hint. */
export interface CatalogEntry {
  readonly severity: Severity;
  readonly title: string;
  readonly hint: string;
}

/** A located source position, 1-based like editors show it. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** A finding collected (never thrown) by a stage; printed by the CLI as `FILE:LINE:COL severity CODE message`. */
export interface Diagnostic {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  /** The concrete repair, e.g. `did you mean "placeOrder"?`; falls back to the catalog hint. */
  readonly hint: string;
  /** Path of the file the finding is in, as the user gave it. */
  readonly file?: string;
  /** RFC 6901 JSON pointer into that file's document. */
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
}
