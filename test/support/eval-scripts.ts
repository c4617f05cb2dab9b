// Scripts for the fake models: per task (told by the user's message) a list of moves for the goal toolset and for the
// baseline, each move reading the results so far — a wrong argument, recovery from the envelope, a pending approval.
import type { Script, ScriptState, ScriptStep, SeenResult } from "./fake-models.js";

/** One move: a tool call (arguments may read earlier results) or the final answer. */
export type Move =
  | { readonly call: string; readonly args: (results: Results) => Record<string, unknown> }
  | { readonly answer: (results: Results) => string };

/** The results so far: the last one, and the last one of each tool. */
export interface Results {
  readonly last?: SeenResult;
  of(tool: string): Record<string, unknown>;
}

/** Per task: a test on the user's message, and the moves with each toolset. */
export interface TaskScript {
  readonly when: RegExp;
  readonly goal: readonly Move[];
  readonly baseline: readonly Move[];
}

export const call = (
  name: string,
  args: Record<string, unknown> | ((r: Results) => Record<string, unknown>),
): Move => ({
  call: name,
  args: typeof args === "function" ? args : () => args,
});
export const answer = (text: string | ((r: Results) => string)): Move => ({
  answer: typeof text === "function" ? text : () => text,
});
/** The model repeats the gated call with the request id the pending approval gave. */
export const collect = (name: string): Move => call(name, (r) => ({ request_id: r.last?.json["request_id"] }));

const SEARCH = "search_tools";

/**
 * A script over `tasks`: the goal moves when the offered tools include `goalTool`, else the baseline's; a baseline
 * move on a tool the model cannot see yet is preceded by a `search_tools` call (OpenAI; Anthropic's fake searches
 * server-side).
 */
export function scriptOf(tasks: readonly TaskScript[], goalTool: string): Script {
  return (state: ScriptState): ScriptStep => {
    const task = tasks.find((t) => t.when.test(state.user));
    if (task === undefined) return { text: `no script for ${JSON.stringify(state.user)}` };
    const moves = state.tools.includes(goalTool) ? task.goal : task.baseline;
    const done = state.results.filter((r) => r.name !== SEARCH).length;
    const move = moves[done];
    const results: Results = {
      ...(state.results.at(-1) === undefined ? {} : { last: state.results.at(-1) as SeenResult }),
      of: (tool) => [...state.results].reverse().find((r) => r.name === tool)?.json ?? {},
    };
    if (move === undefined) return { text: "I have nothing more to do." };
    if ("answer" in move) return { text: move.answer(results) };
    const searched = state.results.at(-1)?.name === SEARCH;
    if (!state.tools.includes(move.call) && state.tools.includes(SEARCH) && !searched)
      return { calls: [{ name: SEARCH, args: { query: move.call.replace(/_/g, " "), limit: 5 } }] };
    return { calls: [{ name: move.call, args: move.args(results) }] };
  };
}

const ADA = "ada@example.com";

/** The petstore example's tasks (examples/tasks/petstore.tasks.yaml), done right with both toolsets. */
export const PETSTORE_TASKS: readonly TaskScript[] = [
  {
    when: /adoption order/,
    goal: [
      call("adopt_pet", { email: ADA, pet_id: "ten" }),
      call("adopt_pet", { email: ADA, pet_id: 10 }),
      collect("adopt_pet"),
      answer((r) => `Done: order ${String(r.of("adopt_pet")["order_id"])} is ${String(r.of("adopt_pet")["status"])}.`),
    ],
    baseline: [
      call("place_order", { pet_id: 10, quantity: 1, status: "placed" }),
      call("get_user_by_email", { email: ADA }),
      call("place_order", (r) => ({
        pet_id: 10,
        customer_id: r.of("get_user_by_email")["id"],
        quantity: 1,
        status: "placed",
      })),
      collect("place_order"),
      answer((r) => `Done: order ${String(r.of("place_order")["id"])} is ${String(r.of("place_order")["status"])}.`),
    ],
  },
  {
    when: /have on order/,
    goal: [
      call("find_customer_open_orders", { email: ADA }),
      answer((r) => `Ada has ${JSON.stringify(r.of("find_customer_open_orders")["orders"] ?? [])} on order.`),
    ],
    baseline: [
      call("get_user_by_email", { email: ADA }),
      call("list_user_orders", (r) => ({ user_id: r.of("get_user_by_email")["id"], status: "open" })),
      answer((r) => `Ada has ${JSON.stringify(r.of("list_user_orders")["items"] ?? [])} on order.`),
    ],
  },
  {
    when: /name of pet 10/,
    goal: [
      call("get_pet_details", { pet_id: 10 }),
      answer(
        (r) => `Pet 10 is ${String(r.of("get_pet_details")["name"])}, ${String(r.of("get_pet_details")["status"])}.`,
      ),
    ],
    baseline: [
      call("get_pet_by_id", { pet_id: 10 }),
      answer((r) => `Pet 10 is ${String(r.of("get_pet_by_id")["name"])}, ${String(r.of("get_pet_by_id")["status"])}.`),
    ],
  },
  {
    when: /cancel order 1001/,
    goal: [call("cancel_order", { order_id: 1001 }), collect("cancel_order"), answer("Order 1001 is cancelled.")],
    baseline: [call("delete_order", { order_id: 1001 }), collect("delete_order"), answer("Order 1001 is cancelled.")],
  },
];

const REPO = { owner: "octocat", repo: "hello-world" };

/** The GitHub example's tasks (examples/tasks/github.tasks.yaml), done right with both toolsets. */
export const GITHUB_TASKS: readonly TaskScript[] = [
  {
    when: /real bug/,
    goal: [
      call("triage_issue", {
        ...REPO,
        issue_number: "#1347",
        labels: ["bug"],
        comment: "Confirmed; labelled as a bug.",
      }),
      call("triage_issue", { ...REPO, issue_number: 1347, labels: ["bug"], comment: "Confirmed; labelled as a bug." }),
      collect("triage_issue"),
      answer((r) => `Labelled and commented: ${String(r.of("triage_issue")["comment_url"])}`),
    ],
    baseline: [
      call("issues_add_labels", { ...REPO, issue_number: 1347, body: { labels: ["bug"] } }),
      collect("issues_add_labels"),
      call("issues_create_comment", { ...REPO, issue_number: 1347, body: "Confirmed; labelled as a bug." }),
      collect("issues_create_comment"),
      answer((r) => `Labelled and commented: ${String(r.of("issues_create_comment")["html_url"])}`),
    ],
  },
  {
    when: /latest release/,
    goal: [
      call("latest_release_assets", REPO),
      answer((r) => `Download from ${JSON.stringify(r.of("latest_release_assets")["assets"])}.`),
    ],
    baseline: [
      call("repos_get_latest_release", REPO),
      call("repos_list_release_assets", (r) => ({ ...REPO, release_id: r.of("repos_get_latest_release")["id"] })),
      answer((r) => `Download from ${r.last?.text ?? ""}.`),
    ],
  },
  {
    when: /been approved/,
    goal: [
      call("pull_request_review_status", { ...REPO, pull_number: 1347 }),
      answer((r) => `Reviews: ${JSON.stringify(r.of("pull_request_review_status")["reviews"])}`),
    ],
    baseline: [
      call("pulls_list_reviews", { ...REPO, pull_number: 1347 }),
      answer((r) => `Reviews: ${r.last?.text ?? ""}`),
    ],
  },
  {
    when: /fixed by pull request 1348/,
    goal: [
      call("close_issue_with_comment", {
        ...REPO,
        issue_number: 1347,
        comment: "Fixed in #1348.",
        reason: "completed",
      }),
      collect("close_issue_with_comment"),
      answer("Closed issue 1347 as completed."),
    ],
    baseline: [
      call("issues_create_comment", { ...REPO, issue_number: 1347, body: "Fixed in #1348." }),
      collect("issues_create_comment"),
      call("issues_update", { ...REPO, issue_number: 1347, state: "closed", state_reason: "completed" }),
      collect("issues_update"),
      answer("Closed issue 1347 as completed."),
    ],
  },
];
