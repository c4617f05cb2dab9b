// A validated Arazzo 1.0.x document → GoalSpec: sources, the spec file, and one goal per workflow.
import { configToSpec } from "../config.js";
import { fileURLToPath } from "node:url";
import { join } from "../../util/pointer.js";
import { at, report, type LoadContext } from "../context.js";
import { optional } from "../optional.js";
import type { Goal, GoalSpec, SourceDescription } from "../types.js";
import type { PathResolver } from "../aci/to-goal-spec.js";
import { dependencies } from "./depends-on.js";
import { createEnv, type ArazzoEnv } from "./env.js";
import type { ArazzoDocument } from "./schema.js";
import { workflowToGoal } from "./workflow.js";

/** The whole document; a local OpenAPI source URL becomes `spec`, a remote one waits for `--spec`. */
export function arazzoToGoalSpec(ctx: LoadContext, doc: ArazzoDocument, paths: PathResolver): GoalSpec {
  const env = createEnv(ctx, doc);
  const sources = doc.sourceDescriptions.map(
    (s, i): SourceDescription => ({
      name: s.name,
      url: s.url,
      type: s.type ?? "openapi",
      ...at(ctx, join("/sourceDescriptions", i)),
    }),
  );
  checkSources(env, sources);
  const openapi = sources.find((s) => s.type === "openapi");
  const local = openapi === undefined ? undefined : localPath(openapi.url);
  const depends = dependencies(env);
  const goals = [...env.workflows.values()]
    .filter((wf) => wf.workflow["x-aci-skip"] !== true)
    .map((wf) => workflowToGoal(env, wf, depends.get(wf.workflow.workflowId) ?? []));
  checkNames(env, goals);
  return {
    format: "arazzo",
    file: ctx.file,
    ...optional({
      toolset: doc["x-aci-toolset"],
      spec: local === undefined ? undefined : paths.resolve(local),
      server: doc["x-aci-server"],
      lint: doc["x-aci-lint"] && { rules: { ...doc["x-aci-lint"].rules } },
    }),
    defaults: { ...doc["x-aci-defaults"] },
    ...(doc["x-aci-config"] === undefined ? {} : { config: configToSpec(ctx, doc["x-aci-config"], "/x-aci-config") }),
    sources,
    goals,
  };
}

function checkSources(env: ArazzoEnv, sources: readonly SourceDescription[]): void {
  for (const source of sources.filter((s) => s.type === "arazzo")) {
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", join(source.pointer, "type"), {
      message: `source "${source.name}" is another Arazzo document; aci-gen reads workflows from one document`,
      hint: "copy the workflows you need into this document",
    });
  }
  for (const source of sources.filter((s) => s.type === "openapi").slice(1)) {
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", source.pointer, {
      message: `a second OpenAPI source ("${source.name}"); aci-gen binds goals to one spec`,
      hint: "merge the API descriptions into one spec, or split the workflows into one Arazzo document per API",
    });
  }
}

/** Two workflows whose ids differ but map to the same tool name. */
function checkNames(env: ArazzoEnv, goals: readonly Goal[]): void {
  const seen = new Map<string, Goal>();
  for (const goal of goals) {
    const first = seen.get(goal.name);
    if (first === undefined) {
      seen.set(goal.name, goal);
      continue;
    }
    const wf = env.workflows.get(goal.workflowId!)!;
    report(env.ctx, "GOALS_DUPLICATE_NAME", join(wf.pointer, "workflowId"), {
      message: `workflows "${first.workflowId}" and "${goal.workflowId}" both become the tool "${goal.name}"`,
      hint: `set \`x-aci-name\` on one of them to a different snake_case name`,
    });
  }
}

/** A path for a `file:` URL or a relative/absolute reference; undefined for network URLs. */
function localPath(url: string): string | undefined {
  if (/^file:/i.test(url)) return fileURLToPath(url);
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
  return url;
}
