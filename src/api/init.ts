// The `init` API: spec → a draft goals file (YAML text) and its diagnostics; writes nothing.
import { dirname, relative, resolve as resolvePath, sep } from "node:path";
import { diagnostic, hasErrors } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { ingest } from "../ingest/index.js";
import { draftGoals, type GoalsDraft } from "../planner/init/index.js";
import { goalsDraftToYaml } from "../report/goals-yaml.js";
import { oneFormPerAction, twinsLeftOut } from "../planner/query-actions.js";

export interface InitOptions {
  /** Path to the OpenAPI document, or the already-parsed document (then the draft names no `spec:`). */
  readonly spec: string | object;
  /** Where the goals file will be written; `spec:` is made relative to its folder. Default `./goals.yaml`. */
  readonly out?: string;
  /** At most this many goals (default 10). */
  readonly maxGoals?: number;
  /** At most this many goals per resource (default: no limit). */
  readonly goalsPerGroup?: number;
}

export interface InitResult {
  /** The YAML text of the draft; absent when an error stopped it. */
  readonly text?: string;
  readonly draft?: GoalsDraft;
  readonly diagnostics: readonly Diagnostic[];
}

/** Drafts a goals file for a spec; the caller decides where the text goes. */
export async function init(options: InitOptions): Promise<InitResult> {
  const ingested = await ingest(options.spec);
  if (!ingested.model || hasErrors(ingested.diagnostics)) return { diagnostics: ingested.diagnostics };
  if (ingested.model.operations.length === 0) {
    return {
      diagnostics: [
        ...ingested.diagnostics,
        diagnostic("INIT_NO_OPERATIONS", { file: ingested.model.file, pointer: "/paths" }),
      ],
    };
  }
  const spec = typeof options.spec === "string" ? specRelativeTo(options.spec, options.out ?? "goals.yaml") : undefined;
  const draft = draftGoals(ingested.model, {
    ...(spec === undefined ? {} : { spec }),
    ...(options.maxGoals === undefined ? {} : { maxGoals: options.maxGoals }),
    ...(options.goalsPerGroup === undefined ? {} : { goalsPerGroup: options.goalsPerGroup }),
  });
  if (draft.goals.length === 0) {
    const count = ingested.model.operations.length;
    const message = `none of the spec's ${count} operation${count === 1 ? "" : "s"} is one a draft offers the model`;
    return {
      diagnostics: [
        ...ingested.diagnostics,
        diagnostic("INIT_NO_GOALS", { file: ingested.model.file, pointer: "/paths", message }),
      ],
    };
  }
  const capped =
    draft.leftOut.length > 0
      ? [
          diagnostic("INIT_GOALS_CAPPED", {
            message: `${draft.leftOut.length} more proposed goals were left out to keep the draft at ${draft.goals.length}`,
          }),
        ]
      : [];
  const { leftOut } = oneFormPerAction(ingested.model.operations);
  const twins = leftOut.length === 0 ? [] : [twinsLeftOut(ingested.model.file, leftOut)];
  return { text: goalsDraftToYaml(draft), draft, diagnostics: [...ingested.diagnostics, ...twins, ...capped] };
}

/** `examples/specs/petstore.yaml` seen from `examples/goals/x.yaml` → `../specs/petstore.yaml` (always `/`). */
export function specRelativeTo(spec: string, out: string): string {
  const path = relative(dirname(resolvePath(out)), resolvePath(spec))
    .split(sep)
    .join("/");
  return path.startsWith(".") ? path : `./${path}`;
}
