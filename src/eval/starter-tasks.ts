// A drafted goals file → a starter tasks file for `aci-gen eval`: one task per goal, its message the goal's description, success its calls.
import { stringify } from "yaml";
import type { GoalsDraft } from "../planner/init/types.js";

const HEADER = [
  "# Starter tasks for `aci-gen eval`, drafted by `aci-gen init` from the goals it proposed (see docs/eval.md).",
  "# Each message is the goal's description: rewrite it as your users would ask, with real values from your API,",
  "# keep in must_send the requests that prove the task done, and add answer_contains facts the answer must hold.",
];

/** One `METHOD /path` of a drafted goal's calls as a request matcher. */
function matcherOf(call: string): { method: string; path: string } {
  const space = call.indexOf(" ");
  return { method: call.slice(0, space).toUpperCase(), path: call.slice(space + 1) };
}

/** The tasks file text: `eval: 1`, one task per drafted goal. */
export function draftToTasksYaml(draft: GoalsDraft): string {
  const document = {
    eval: 1,
    tasks: draft.goals.map((goal) => ({
      id: goal.name,
      message: goal.description,
      success: { must_send: goal.calls.map(matcherOf) },
    })),
  };
  return `${HEADER.join("\n")}\n${stringify(document, { lineWidth: 0 })}`;
}
