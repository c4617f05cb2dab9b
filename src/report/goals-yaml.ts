// GoalsDraft → the text of a draft goals file (`aci: 1` YAML) with comments that guide the person finishing it.
import { Document, isMap, isNode, isSeq, type Node, type YAMLMap } from "yaml";
import type { DraftBody, DraftGoal, DraftStep, GoalsDraft } from "../planner/init/types.js";
import { toEnvWord } from "../runtime/auth/env.js";
import { toUpperSnake } from "../util/naming.js";

/** The draft as YAML: byte-for-byte the same for the same draft (no timestamps, fixed key order, no line folding). */
export function goalsDraftToYaml(draft: GoalsDraft): string {
  const doc = new Document(draftToPlain(draft));
  doc.commentBefore = headerComment(draft);
  const config = doc.get("config", true);
  if (isMap(config)) config.commentBefore = configComment(draft);
  const goals = doc.get("goals", true);
  if (isSeq(goals))
    goals.items.forEach((item, i) => {
      decorateGoal(item as Node, draft.goals[i]);
    });
  if (draft.leftOut.length > 0) doc.comment = leftOutComment(draft);
  return doc.toString({ lineWidth: 0, indentSeq: true });
}

function draftToPlain(draft: GoalsDraft): Record<string, unknown> {
  return {
    aci: 1,
    toolset: draft.toolset,
    ...(draft.spec === undefined ? {} : { spec: draft.spec }),
    ...(draft.config.length === 0
      ? {}
      : {
          config: Object.fromEntries(
            draft.config.map((c) => [
              c.name,
              { description: c.description, ...(c.basicUser ? { default: "basic_auth_user" } : {}) },
            ]),
          ),
        }),
    goals: draft.goals.map(goalToPlain),
  };
}

function goalToPlain(goal: DraftGoal): Record<string, unknown> {
  const inputs = Object.fromEntries(
    goal.inputs.map((i) => [
      i.name,
      { ...(i.type ? { type: i.type } : {}), description: i.description, ...(i.required ? { required: true } : {}) },
    ]),
  );
  return {
    name: goal.name,
    description: goal.description,
    use_when: goal.useWhen,
    ...(goal.notFor === "" ? {} : { not_for: goal.notFor }),
    ...(goal.inputs.length > 0 ? { inputs } : {}),
    steps: goal.steps.map(stepToPlain),
  };
}

function stepToPlain(step: DraftStep): Record<string, unknown> {
  const names = step.params.map((p) => p.name);
  const clash = names.some((n, i) => names.indexOf(n) !== i);
  const params = clash
    ? step.params.map((p) => ({ name: p.name, in: p.in, value: p.value }))
    : Object.fromEntries(step.params.map((p) => [p.name, p.value]));
  return {
    id: step.id,
    operation: step.operation,
    ...(step.params.length > 0 ? { params } : {}),
    ...(step.body === undefined ? {} : { body: bodyToPlain(step.body) }),
    ...(step.pick === undefined ? {} : { pick: step.pick }),
    ...(step.exactlyOne === undefined ? {} : { exactly_one: true }),
    ...(Object.keys(step.outputs).length > 0 ? { outputs: step.outputs } : {}),
  };
}

function bodyToPlain(body: DraftBody): unknown {
  return body.kind === "whole" ? body.value : Object.fromEntries(body.entries);
}

/**
 * How to declare the credential a spec leaves out, in the two places APIs most take one (Ticketmaster's `?apikey=`,
 * Freesound's `?token=`), naming the variable the package will read.
 */
const noCredentials = (prefix: string): string[] => [
  " The spec declares no security scheme, so the tools send no credential. If the API needs one, declare it here",
  " (docs/goals.md) where the API's own documentation says it goes, e.g. a bearer token, or a key in the query:",
  `   securitySchemes: { token: { type: http, scheme: bearer } }   # the package then reads ${prefix}_TOKEN`,
  `   securitySchemes: { token: { type: apiKey, in: query, name: api_key } }   # ?api_key= from ${prefix}_TOKEN`,
];

function configComment(draft: GoalsDraft): string {
  const prefix = toUpperSnake(draft.toolset);
  const variables = draft.config.map((c) => `$config.${c.name} from ${prefix}_${toEnvWord(c.name)}`).join(", ");
  const basic = draft.config.some((c) => c.basicUser);
  const apps = draft.config.every((c) => c.description.startsWith("The application "));
  const what = basic
    ? "The account the credential signs in as"
    : apps
      ? "The application the calls are made from"
      : "The account the calls are made for";
  return [
    ` ${what} is a setting of the package, never asked of the model: ${variables}.`,
    ...(basic
      ? [
          " Unset, the user name of the http basic credential stands for it when it fits the parameter (an API key's does",
          " not, so the operator then sets the variable).",
        ]
      : [" The operator sets it; the server does not start without it."]),
  ].join("\n");
}

function headerComment(draft: GoalsDraft): string {
  return [
    ` Draft goals for ${draft.title} ${draft.version}, proposed by \`aci-gen init\`. Each goal becomes ONE tool.`,
    " use_when and not_for are drafted from the spec: review them (the model reads them), drop the goals you do",
    " not need, add the ones you do, then check with:",
    "   aci-gen plan --goals <this file>   and   aci-gen lint --goals <this file>",
    " Risk and approval are inferred from the HTTP methods; set `risk:` only to raise it.",
    ' Then `aci-gen generate --goals <this file> --out DIR`: DIR/README.md, section "Connect it to an MCP client",',
    " adds the server to Claude Code, Claude Desktop (or as an MCP Bundle), Cursor or VS Code.",
    ...(draft.declaresNoCredentials ? noCredentials(toUpperSnake(draft.toolset)) : []),
  ].join("\n");
}

function decorateGoal(node: Node, goal: DraftGoal | undefined): void {
  if (goal === undefined || !isMap(node)) return;
  const chain = goal.steps.length > 1 ? "resolves an id first: " : "";
  node.commentBefore = ` ${goal.kind}: ${chain}${goal.calls.join(" → ")}${goal.deprecated ? " (deprecated)" : ""}\n review: use_when${goal.notFor === "" ? "" : " and not_for"} drafted from the spec`;
  const steps = node.get("steps", true);
  if (isSeq(steps))
    steps.items.forEach((item, i) => {
      decorateStep(item as Node, goal.steps[i]);
    });
}

function decorateStep(node: Node, step: DraftStep | undefined): void {
  if (step === undefined || !isMap(node)) return;
  for (const key of ["params", "outputs", "pick"]) flowIfSmall(node.get(key, true));
  const one = node.get("exactly_one", true);
  if (isNode(one)) one.comment = " several matches stop the goal and are named to the model; false: the first is meant";
  if (step.optional.length === 0) return;
  const last = node.items.at(-1)?.value;
  if (isNode(last)) last.comment = ` optional, add if useful: ${step.optional.join(", ")}`;
}

function flowIfSmall(node: unknown): void {
  if (isMap(node) && (node as YAMLMap).items.length <= 3) (node as YAMLMap).flow = true;
}

function leftOutComment(draft: GoalsDraft): string {
  const shown = draft.leftOut.slice(0, 20).map((g) => `   ${g.name}: ${g.calls.join(" → ")}`);
  const more = draft.leftOut.length > shown.length ? [`   … and ${draft.leftOut.length - shown.length} more`] : [];
  return [` Also proposed, left out to keep the toolset at ${draft.goals.length} tools:`, ...shown, ...more].join("\n");
}
