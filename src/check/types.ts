// The contract diff as data: what `check` found per tool and per file, before any of it is printed.

/** Every kind of contract change `check` reports; one small function per kind decides it. */
export type ChangeKind =
  | "tool-added"
  | "tool-removed"
  | "tool-renamed"
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
  | "returns-type-changed"
  | "returns-changed"
  | "returns-shape-changed"
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
  | "step-removed";

/** Breaking: an agent (or code) relying on the old contract can now fail; compatible: it keeps working. */
export type Impact = "breaking" | "compatible";

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
}

export interface ToolDiff {
  /** The tool's name in the fresh plan (its old name when it was removed). */
  readonly tool: string;
  readonly status: "added" | "removed" | "renamed" | "changed";
  /** The old name, for a tool guessed to be renamed (a removed and an added tool bind the same operations). */
  readonly renamedFrom?: string;
  readonly impact: Impact;
  readonly changes: readonly ContractChange[];
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
  readonly breaking: number;
  readonly compatible: number;
  readonly filesChanged: number;
}

/** The whole result of comparing --out's lockfile with a fresh plan. */
export interface CheckReport {
  /** True when regenerating would change --out (or hand edits stand in its way). */
  readonly drift: boolean;
  /** False when the fresh plan failed; then only what the old operations became in the new spec is known. */
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
