// The contract diff as data: what `check` found per tool and per file, before any of it is printed.

/** Every kind of contract change `check` reports; one small function per kind decides it. */
export type ChangeKind =
  | "tool-added"
  | "tool-removed"
  | "tool-renamed"
  | "tool-unplannable"
  | "input-added"
  | "input-removed"
  | "input-now-required"
  | "input-now-optional"
  | "input-type-changed"
  | "input-values-removed"
  | "input-values-added"
  | "input-widened"
  | "input-narrowed"
  | "input-constraint-changed"
  | "input-constraints-changed"
  | "input-default-changed"
  | "input-docs-changed"
  | "returns-type-changed"
  | "returns-changed"
  | "returns-shape-changed"
  | "returns-docs-changed"
  | "result-field-added"
  | "result-field-removed"
  | "result-field-changed"
  | "risk-raised"
  | "risk-lowered"
  | "approval-changed"
  | "annotations-changed"
  | "category-changed"
  | "title-changed"
  | "description-changed"
  | "operation-gone"
  | "operation-rebound"
  | "operation-moved"
  | "step-added"
  | "step-removed"
  | "config-added"
  | "config-removed"
  | "credentials-added"
  | "credentials-removed"
  | "credentials-changed"
  | "exactly-one-added"
  | "exactly-one-removed"
  | "change-needed-added"
  | "change-needed-removed"
  | "add-needed-added"
  | "add-needed-removed"
  | "add-inputs-changed";

/**
 * Breaking: an agent (or code) relying on the old contract can now fail; compatible: it keeps working, and what it
 * may send or receive changed; docs: only what the model reads about it changed (descriptions, examples, the title).
 */
export type Impact = "breaking" | "compatible" | "docs";

/** The outcome of `check`, one exit code each (docs/check.md): what a CI job decides on. */
export type Verdict = "unchanged" | "docs-only" | "compatible" | "breaking" | "could-not-judge";

/** A place in the goals file (or spec) a change is about, for annotations. */
export interface SourceAt {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly pointer?: string;
}

export interface ContractChange {
  readonly kind: ChangeKind;
  readonly impact: Impact;
  /** What a reviewer reads, without the tool name, e.g. "input `note` now required". */
  readonly message: string;
  readonly input?: string;
  readonly step?: string;
  /** The schema keyword the change is about (`maximum`, `enum`, `items.format`, …), where one is. */
  readonly keyword?: string;
  /** The old and new value, as short text, where the change has them. */
  readonly from?: string;
  readonly to?: string;
  /** How to repair it, where check knows (a goal that no longer plans: the planner's hint). */
  readonly fix?: string;
  /** The diagnostic code behind a goal that no longer plans. */
  readonly code?: string;
  /** Where in the goals file the change shows, when it is more precise than the goal. */
  readonly at?: SourceAt;
}

export interface ToolDiff {
  /** The tool's name in the fresh plan (its old name when it was removed). */
  readonly tool: string;
  /** `unplannable`: the tool's goal no longer plans against the new spec, so regenerating would fail. */
  readonly status: "added" | "removed" | "renamed" | "changed" | "unplannable";
  /** The old name, for a tool guessed to be renamed (a removed and an added tool bind the same operations). */
  readonly renamedFrom?: string;
  readonly impact: Impact;
  readonly changes: readonly ContractChange[];
  /** The tool's goal in the goals file, where it still is. */
  readonly at?: SourceAt;
}

/** How the files in --out would change; names are paths relative to --out, sorted. */
export interface FileDrift {
  /** Generated files whose content would differ. */
  readonly changed: readonly string[];
  readonly added: readonly string[];
  /** Files aci-gen wrote before and would now remove. */
  readonly removed: readonly string[];
  /** Generated files that differ from what aci-gen wrote (edited by hand); `generate` refuses to touch them. */
  readonly edited: readonly string[];
  /** Generated files deleted by hand; `generate` would write them again. */
  readonly missing: readonly string[];
  /** New files whose path is taken by a file aci-gen did not write; `generate` refuses to overwrite them. */
  readonly blocked: readonly string[];
}

export interface CheckSummary {
  readonly toolsChanged: number;
  /** Tools by their most consequential change. */
  readonly breaking: number;
  readonly compatible: number;
  readonly docs: number;
  readonly filesChanged: number;
}

/** The whole result of comparing --out's lockfile with a fresh plan. */
export interface CheckReport {
  /** The outcome: `unchanged` exit 0; `docs-only`, `compatible`, `breaking` exit 1; `could-not-judge` exit 2. */
  readonly verdict: Verdict;
  /** True when regenerating would change --out (or hand edits stand in its way). */
  readonly drift: boolean;
  /**
   * False when the fresh plan failed: then the file drift is unknown, and either some goals no longer plan (each a
   * breaking `unplannable` tool) or, for a verdict of `could-not-judge`, only what became of the locked operations is known.
   */
  readonly complete: boolean;
  readonly summary: CheckSummary;
  readonly tools: readonly ToolDiff[];
  readonly files: FileDrift;
}

/** An operation of the new spec, as far as `check` needs it. */
export interface OperationRef {
  readonly id: string;
  /** Upper case, as in the lockfile. */
  readonly method: string;
  readonly path: string;
}
