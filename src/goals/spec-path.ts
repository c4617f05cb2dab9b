// GoalSpec + optional `--spec` → the one spec file to read, or why there is none (never a network fetch).
import { resolve as resolvePath } from "node:path";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { GoalSpec } from "./types.js";

/** Which spec file to use: `--spec` wins, then the goals file's `spec` / local Arazzo source. */
export type SpecChoice =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly diagnostic: Diagnostic };

/** Chooses the spec; a remote Arazzo source URL without `--spec` is an error whose hint says to pass it. */
export function resolveSpecPath(goals: GoalSpec, cliSpec?: string): SpecChoice {
  if (cliSpec !== undefined) return { ok: true, path: resolvePath(cliSpec) };
  if (goals.spec !== undefined) return { ok: true, path: goals.spec };
  const remote = goals.sources?.find((s) => s.type === "openapi");
  if (remote !== undefined) {
    return {
      ok: false,
      diagnostic: diagnostic("GOALS_SPEC_REMOTE", {
        file: goals.file,
        pointer: `${remote.pointer}/url`,
        ...(remote.position ? { position: remote.position } : {}),
        message: `source "${remote.name}" is at ${remote.url}; aci-gen never fetches over the network`,
        hint: `download it and pass --spec FILE (a local copy of ${remote.url})`,
      }),
    };
  }
  return { ok: false, diagnostic: diagnostic("GOALS_SPEC_MISSING", { file: goals.file }) };
}
