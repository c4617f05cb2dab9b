// Search-then-load in the OpenAI and Vercel AI idioms, and the BM25 search itself, over the fake tools with one deferred.
import { describe, expect, it } from "vitest";
import type { ToolExecutionOptions } from "ai";
import {
  OPENAI_TOOL_SEARCH,
  toOpenAIResponsesTools,
  toOpenAITools,
  toOpenAIToolSearch,
} from "../../src/runtime/adapters/openai.js";
import {
  createSearchSession,
  createToolSearch,
  oneLine,
  pluralPhrase,
  SEARCH_TOOLS,
  searchTerms,
  whenToUse,
  writesName,
} from "../../src/runtime/adapters/search.js";
import { toVercelToolSearch } from "../../src/runtime/adapters/vercel-ai.js";
import type { OperationProfile, Tool } from "../../src/runtime/types.js";
import { z } from "zod";
import { deletePet, getPet } from "../support/fake-tools.js";

const tools: Record<string, Tool> = {
  get_pet: getPet,
  delete_pet: { ...deletePet, deferLoading: true, tags: ["pet"] },
};
const options = { toolCallId: "c1", messages: [] } as unknown as ToolExecutionOptions;

/** A tool as search reads it: name, title, description, inputs and the planner's profile. */
function profiled(name: string, title: string, profile: OperationProfile, required: string[] = []): Tool {
  const shape = Object.fromEntries(required.map((input) => [input, z.string()]));
  return { ...getPet, name, title, description: `${title}.`, inputSchema: z.object(shape), profile } as Tool;
}

describe("BM25 tool search", () => {
  it("splits names, drops stop words and plural s, folds long and short forms", () => {
    expect(searchTerms("Merge a pull_request for listPets")).toEqual(["merge", "pull", "request", "list", "pet"]);
    expect(searchTerms("my repositories in the organization")).toEqual(["repo", "org"]);
  });

  it("ranks by name, tags, parameter names and description, best first; finds nothing for unrelated words", () => {
    const search = createToolSearch(Object.values(tools));
    expect(search("delete a pet").map((m) => m.name)).toEqual(["delete_pet", "get_pet"]);
    expect(search("fields").map((m) => m.name)).toEqual(["get_pet"]);
    expect(search("invoice")).toEqual([]);
  });

  // Stripe-, Kubernetes- and Slack-shaped tools: what the task's verb and nouns say beats where the words happen to occur.
  const crowd = [
    profiled("post_customers_customer_subscriptions", "Create a subscription for a customer", {
      action: "create",
      object: "subscription",
      parents: ["customer"],
    }),
    profiled("post_customers_customer", "Update a customer", { action: "update", object: "customer" }, ["customer"]),
    profiled("post_customers", "Create a customer", { action: "create", object: "customer" }),
    profiled("read_core_v1_node", "read the specified Node", { action: "get", object: "node" }, ["name"]),
    profiled("list_core_v1_node", "list or watch objects of kind Node", { action: "list", object: "node" }),
    profiled("admin_users_list", "List users on a workspace", { action: "list", object: "user", signals: ["admin"] }),
    profiled("users_list", "Lists all users in a Slack team", { action: "list", object: "user" }),
  ];
  const search = createToolSearch(crowd);

  it.each([
    ["add a new customer", "post_customers"],
    ["change a customer's email", "post_customers_customer"],
    ["show me the nodes in the cluster", "list_core_v1_node"],
    ["show the node called worker-1", "read_core_v1_node"],
    ["list the people in the workspace", "users_list"],
    ["list users as an admin", "admin_users_list"],
  ])('"%s" finds %s first', (query, expected) => {
    expect(search(query)[0]?.name).toBe(expected);
  });

  /** A tool as search reads it from a profile written as plan prints it: `action object · under a, b · signal`. */
  const t = (name: string, title: string, does: string): Tool => {
    const [head = "", under, ...rest] = does.split(" · ");
    const [action = "", ...object] = head.split(" ");
    const parents = under?.startsWith("under ") ? under.slice(6).split(", ") : undefined;
    const more = parents === undefined ? [under, ...rest] : rest;
    const qualifier = (m: string) => /^(by |of |in all )/.test(m) || m === "many";
    const qualifiers = more.filter((m): m is string => m !== undefined && qualifier(m));
    const signals = more.filter((m): m is string => m !== undefined && !qualifier(m));
    return profiled(name, title, {
      action,
      object: object.join(" "),
      ...(parents === undefined ? {} : { parents }),
      ...(qualifiers.length === 0 ? {} : { qualifiers }),
      ...(signals.length === 0 ? {} : { signals }),
    });
  };
  /** Asana-like filler: forty reads of a task's parts, so that `task` says little and `comment` much. */
  const taskReads = Array.from({ length: 40 }, (_, i) =>
    t(`get_part${i}s_for_task`, `Get part${i}s of a task`, `list part${i} · under task`),
  );
  /** Namespaced Kubernetes-like filler: a parent a quarter of the tools share is a container, not a sub-resource. */
  const namespaced = ["pod", "secret", "service", "job"].map((kind) =>
    t(`list_core_v1_namespaced_${kind}`, `list or watch objects of kind ${kind}`, `list ${kind} · under namespace`),
  );

  // Each ranking rule, on the real operations (names, summaries, profiles) that showed it, with its rivals.
  it.each<[string, string, string, Tool[]]>([
    [
      "a person comes off a group by their membership in it",
      "take someone off a cadence",
      "delete_cadence_membership",
      [
        t("delete_person", "Delete a person", "delete person"),
        t("list_people", "List people", "list person"),
        t("get_cadence_membership", "Fetch a cadence membership", "get cadence membership"),
        t("delete_cadence_membership", "Delete a cadence membership", "delete cadence membership"),
      ],
    ],
    [
      "a change with a long description that repeats the task's noun is no read the task asked for",
      "list the comments on a task",
      "get_stories_for_task",
      [
        ...taskReads,
        {
          ...t("create_story_for_task", "Add a comment to a task", "create story · under task"),
          description:
            "Adds a comment to a task. The comment is authored by the authenticated user, and timestamped when the " +
            "server receives the request. Returns the full record for the new comment added to the task.",
        },
        t("get_stories_for_task", "Get stories from a task", "list story · under task"),
      ],
    ],
    [
      "a pick by something the tool takes no input for passes over the tool that picks by id",
      "look up a customer by their email",
      "customer_repository_get_list",
      [
        t("get_customers_by_customer_id", "Get customer by customer id", "get customer · by id"),
        t("customer_repository_get_list", "Retrieve customers which match a specified criteria", "search customer"),
      ],
    ],
    [
      "a user publishes what an API pushes",
      "publish my image to the registry",
      "image_push",
      [
        ...namespaced,
        t("image_create", "Create an image by pulling it from a registry or importing it", "create image"),
        t("image_push", "Push an image", "push image · of a parent"),
      ],
    ],
    [
      "a person goes onto a group by a new membership",
      "add someone to the team",
      "create_team_member",
      [
        t("create_user", "Create a user", "create user"),
        t("create_team", "Create a team", "create team"),
        t("create_team_member", "Add a member to a team", "create team member"),
      ],
    ],
    [
      "a verb of its own finds the noun it makes (remind → reminder)",
      "remind me to call Bob tomorrow",
      "reminders_add",
      [
        t("calls_add", "Registers a new Call", "add call"),
        t("calls_info", "Returns information about a Call", "get call"),
        t("reminders_add", "Creates a reminder", "add reminder"),
      ],
    ],
    [
      "a phrasal verb finds its compound noun (pay out → payout), not the bare verb",
      "pay out money to my bank account",
      "post_payouts",
      [
        t("post_invoices_invoice_pay", "Pay an invoice", "create pay · under invoice"),
        t("post_payouts", "Create a payout", "create payout"),
      ],
    ],
    [
      "a first word followed by a preposition is a verb; making beats changing (comment on)",
      "comment on a pull request",
      "pulls_create_review_comment",
      [
        t(
          "pulls_update_review_comment",
          "Update a review comment for a pull request",
          "update review comment · under pull",
        ),
        t(
          "pulls_delete_review_comment",
          "Delete a review comment for a pull request",
          "delete review comment · under pull",
        ),
        t(
          "pulls_create_review_comment",
          "Create a review comment for a pull request",
          "create review comment · under pull",
        ),
      ],
    ],
    [
      "a verb's noun meets the task's object words (protect the main branch → branch protection)",
      "protect the main branch",
      "repos_update_branch_protection",
      [
        t("repos_get_branch_protection", "Get branch protection", "get branch protection · under branch"),
        t(
          "repos_create_commit_signature_protection",
          "Create commit signature protection",
          "create commit signature protection · under branch, protection",
        ),
        t("repos_update_branch_protection", "Update branch protection", "update branch protection · under branch"),
      ],
    ],
    [
      "the thing acted on is the first noun phrase; a tool under it is the inverse (commits of a branch)",
      "list the commits of a branch",
      "repos_list_commits",
      [
        t("repos_list_branches_for_head_commit", "List branches for HEAD commit", "list branch · under commit"),
        t("repos_list_commits", "List commits", "list commit"),
      ],
    ],
    [
      "a phrase no tool has as its object is an attribute of what follows (the summary of an issue)",
      "change the summary of an issue",
      "edit_issue",
      [
        t("change_filter_owner", "Change filter owner", "update filter owner · under filter"),
        t(
          "reorder_issue_types_in_issue_type_scheme",
          "Change order of issue types",
          "move issuetype · under issuetypescheme",
        ),
        t("edit_issue", "Edit issue", "update issue"),
      ],
    ],
    [
      "lead-in nouns are skipped (the details of a card)",
      "show the details of a card",
      "get_cards_by_id_card",
      [
        t("get_cards_by_id_card_by_field", "getCardsByIdCardByField()", "get card · by id card by field"),
        t("get_cards_by_id_card", "getCardsByIdCard()", "get card · by id card"),
        t("get_members_by_id_member", "getMembersByIdMember()", "get member · by id member"),
      ],
    ],
    [
      "a who question asks for people, the rest is where",
      "who is in this channel",
      "conversations_members",
      [
        t("conversations_list", "Lists all channels in a Slack team", "list channel · under conversation"),
        t("conversations_members", "Retrieve members of a conversation", "list member · under conversation"),
      ],
    ],
    [
      "a who question with a verb asks for its doer (watching → watcher)",
      "who is watching an issue",
      "get_issue_watchers",
      [
        t("get_issue", "Get issue", "get issue"),
        t("get_is_watching_issue_bulk", "Get is watching issue bulk", "get watching issue · bulk"),
        t("get_issue_watchers", "Get issue watchers", "list issue watcher · under issue"),
      ],
    ],
    [
      "my is the authenticated user",
      "list my repositories",
      "repos_list_for_authenticated_user",
      [
        t("repos_list_for_user", "List repositories for a user", "list repository · under user"),
        t(
          "repos_list_for_authenticated_user",
          "List repositories for the authenticated user",
          "list repository · under user",
        ),
      ],
    ],
    [
      "a sub-resource the task does not name ranks lower",
      "list projects",
      "search_projects",
      [
        t(
          "get_projects_for_issue_type_screen_scheme",
          "Get issue type screen scheme projects",
          "list project · under issue type screen scheme",
        ),
        t("search_projects", "Get projects paginated", "search project"),
        t("create_issue", "Create issue", "create issue"),
        t("get_issue", "Get issue", "get issue"),
        t("delete_issue", "Delete issue", "delete issue"),
      ],
    ],
    [
      "a parent a quarter of the tools share is a container, not a sub-resource",
      "create a role binding",
      "create_rbac_authorization_v1_namespaced_role_binding",
      [
        ...namespaced,
        t(
          "create_rbac_authorization_v1_cluster_role_binding",
          "create a ClusterRoleBinding",
          "create cluster role binding",
        ),
        t(
          "create_rbac_authorization_v1_namespaced_role_binding",
          "create a RoleBinding",
          "create role binding · under namespace",
        ),
      ],
    ],
    [
      "a preview is no niche when every tool for the same thing is one",
      "create a cron job",
      "create_batch_v1beta1_namespaced_cron_job",
      [
        t("create_batch_v1_namespaced_job", "create a Job", "create job · under namespace"),
        t(
          "create_batch_v1beta1_namespaced_cron_job",
          "create a CronJob",
          "create cron job · under namespace · preview",
        ),
      ],
    ],
    [
      "a bulk tool when the task asks for several",
      "create several issues at once",
      "create_issues",
      [
        t("create_issue", "Create issue", "create issue"),
        t("create_issues", "Bulk create issue", "create issue · bulk"),
      ],
    ],
    [
      "one at a time when it does not",
      "create an issue",
      "create_issue",
      [
        t("create_issues", "Bulk create issue", "create issue · bulk"),
        t("create_issue", "Create issue", "create issue"),
      ],
    ],
    [
      "a name word neither the task nor the profile accounts for marks a variant",
      "merge a pull request",
      "pulls_merge",
      [
        t("pulls_merge_async", "Merge a pull request asynchronously", "merge pull request · under pull"),
        t("pulls_merge", "Merge a pull request", "merge pull request"),
      ],
    ],
    [
      "the task's verb as written in the name",
      "post a message to a channel",
      "chat_post_message",
      [
        t("chat_me_message", "Share a me message into a channel", "create me message · under chat"),
        t("chat_post_message", "Sends a message to a channel", "send message · under chat"),
      ],
    ],
    [
      "a one-word name is no name match (search in a task about issues)",
      "search issues with JQL",
      "search_for_issues_using_jql",
      [
        t("search", "Search statuses paginated", "search status"),
        t("search_for_issues_using_jql", "Search for issues using JQL", "search issue"),
      ],
    ],
    [
      "an id in a name is plumbing: a whole name in the task matches without it",
      "add a label to a card",
      "add_cards_labels_by_id_card",
      [
        t("add_labels", "addLabels()", "add label"),
        t("add_cards", "addCards()", "add card"),
        t("add_cards_labels_by_id_card", "addCardsLabelsByIdCard()", "add label · under card · by id card"),
        t("get_boards_by_id_board", "getBoardsByIdBoard()", "get board · by id board"),
        t("get_members_by_id_member", "getMembersByIdMember()", "get member · by id member"),
      ],
    ],
    [
      "the object is the last noun some tool acts on (namespaces, not exist)",
      "what namespaces exist",
      "list_core_v1_namespace",
      [
        t("read_core_v1_namespace", "read the specified Namespace", "get namespace · by id"),
        t("list_core_v1_namespace", "list or watch objects of kind Namespace", "list namespace"),
      ],
    ],
    [
      "the head of a closed compound finds it (hook → webhook)",
      "create a hook in a repository",
      "post_repositories_by_workspace_by_repo_slug_hooks",
      [
        t("create_environment", "Create an environment", "create environment · under repository"),
        t("create_pipeline_for_repository", "Run a pipeline", "create pipeline · under repository"),
        t(
          "post_repositories_by_workspace_by_repo_slug_hooks",
          "Create a webhook for a repository",
          "create webhook · under repository",
        ),
      ],
    ],
    [
      "a word of a tool's object before its head names a thing it acts on (line of order line item)",
      "add a line to an order",
      "post_ecommerce_stores_id_orders_id_lines",
      [
        t("post_ecommerce_stores_id_orders", "Add order", "create order · under ecommerce, store"),
        t("post_ecommerce_stores_id_carts", "Add cart", "create cart · under ecommerce, store"),
        t(
          "post_ecommerce_stores_id_orders_id_lines",
          "Add order line item",
          "create order line item · under ecommerce, store, order",
        ),
      ],
    ],
    [
      "a change or removal of one thing: the tool that picks one item, not the whole collection",
      "delete a single send",
      "delete_marketing_singlesends_id",
      [
        t("delete_marketing_singlesends", "Bulk Delete Single Sends", "delete single send · under marketing"),
        t(
          "delete_marketing_singlesends_id",
          "Delete Single Send by ID",
          "delete single send · under marketing · by id",
        ),
      ],
    ],
  ])("%s: %s finds %s first", (_, query, expected, crowd) => {
    expect(createToolSearch(crowd)(query)[0]?.name).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    ["run pulls_merge on it", "pulls_merge", true],
    ["pulls_merge", "pulls_merge", true],
    ["call chat_post_message, please", "chat_Post_Message", true],
    ["pulls_merged", "pulls_merge", false],
    ["repos_get_branch", "repos_get", false],
    ["search issues with jql", "search", false],
    ["merge a pull request", "pulls_merge", false],
  ])("%s holds the name %s as written: %s", (query, name, expected) => {
    expect(writesName(query, name)).toBe(expected);
  });

  // A tool's name whose words a task holds by chance (get + service) is evidence like its action or object, no trump
  // (the real Netlify and SendGrid operations); a name written as such still is.
  it.each<[string, string, string, Tool[]]>([
    [
      "a list whose name is the task's words does not outrank the read (Netlify services)",
      "get the details of a service",
      "show_service",
      [
        profiled("get_services", "GET /services/", { action: "list", object: "service", qualifiers: ["many"] }),
        profiled("show_service", "GET /services/{addonName}", {
          action: "get",
          object: "service",
          qualifiers: ["by id"],
        }),
      ],
    ],
    [
      "a list whose name is the task's words does not outrank the read (SendGrid messages)",
      "get the details of a message",
      "get_v3_messages_msg_id",
      [
        profiled("get_messages", "Filter all messages", { action: "list", object: "message" }),
        profiled("get_v3_messages_msg_id", "Filter messages by message ID", {
          action: "get",
          object: "message",
          qualifiers: ["by id"],
        }),
      ],
    ],
    [
      "a tool's name written in the task finds it first",
      "get the details of a service with get_services",
      "get_services",
      [
        profiled("get_services", "GET /services/", { action: "list", object: "service", qualifiers: ["many"] }),
        profiled("show_service", "GET /services/{addonName}", {
          action: "get",
          object: "service",
          qualifiers: ["by id"],
        }),
      ],
    ],
  ])("%s: %s finds %s first", (_, query, expected, crowd) => {
    expect(createToolSearch(crowd)(query)[0]?.name).toBe(expected);
  });

  // General API vocabulary (CONCEPTS): a user's word for a thing finds the API's noun for it, on the real operations
  // (names, summaries, profiles as plan prints them) of GitHub, Trello, Kubernetes and Asana, beside their rivals.
  const github = {
    addCollaborator: t(
      "repos_add_collaborator",
      "Add a repository collaborator",
      "add repository collaborator · under repo · by id · of a parent",
    ),
    codespace: t(
      "codespaces_create_with_repo_for_authenticated_user",
      "Create a codespace in a repository",
      "create codespace · under repo · of a parent",
    ),
    teamAccess: t(
      "repos_add_team_access_restrictions",
      "Add team access restrictions",
      "add team access restriction · under repo, branch, protection, restriction · of a parent",
    ),
    listCollaborators: t(
      "repos_list_collaborators",
      "List repository collaborators",
      "list repository collaborator · under repo · of a parent · many",
    ),
    dependabotAccess: t(
      "dependabot_repository_access_for_org",
      "Lists the repositories Dependabot can access in an organization",
      "get repository access · under org, dependabot · of a parent",
    ),
    createRef: t("git_create_ref", "Create a reference", "create ref · under repo, git · of a parent"),
    getRef: t("git_get_ref", "Get a reference", "get ref · under repo, git · by id · of a parent"),
    branchPolicy: t(
      "repos_create_deployment_branch_policy",
      "Create a deployment branch policy",
      "create deployment branch policy · under repo, environment · of a parent",
    ),
    deployment: t("repos_create_deployment", "Create a deployment", "create deployment · under repo · of a parent"),
    renameBranch: t("repos_rename_branch", "Rename a branch", "rename branch · under repo · of a parent"),
    getBranch: t("repos_get_branch", "Get a branch", "get branch · under repo · by id · of a parent"),
    createReview: t(
      "pulls_create_review",
      "Create a review for a pull request",
      "create review · under repo, pull · of a parent",
    ),
    approveRun: t(
      "actions_approve_workflow_run",
      "Approve a workflow run for a fork pull request",
      "approve run · under repo, action · of a parent",
    ),
    merge: t("pulls_merge", "Merge a pull request", "merge pull request · under repo · of a parent"),
    createPull: t("pulls_create", "Create a pull request", "create pull request · under repo · of a parent"),
    approveSuggestion: t(
      "issues_approve_suggestion",
      "Approve an issue suggestion",
      "approve issue suggestion · under repo, issue · of a parent",
    ),
  };
  it.each<[string, string, string, Tool[]]>([
    [
      "access to a repository is a collaborator",
      "grant a user access to a repository",
      "repos_add_collaborator",
      [github.codespace, github.teamAccess, github.listCollaborators, github.dependabotAccess, github.addCollaborator],
    ],
    [
      "a new branch is a git ref when no tool creates a branch",
      "create a new branch",
      "git_create_ref",
      [github.branchPolicy, github.deployment, github.renameBranch, github.getBranch, github.createRef],
    ],
    [
      "a tool that acts on the word itself stays first (a branch, not a ref)",
      "show a branch",
      "repos_get_branch",
      [github.getRef, github.createRef, github.getBranch],
    ],
    [
      "approving a pull request is a review of it",
      "approve a pull request",
      "pulls_create_review",
      [github.approveRun, github.merge, github.createPull, github.approveSuggestion, github.createReview],
    ],
    [
      "an approve of what a tool approves is that tool",
      "approve a workflow run",
      "actions_approve_workflow_run",
      [github.createReview, github.approveRun],
    ],
    [
      "the activity on a card is its actions",
      "show the activity on a card",
      "get_cards_actions_by_id_card",
      [
        t("get_cards_by_id_card", "getCardsByIdCard()", "get card · by id card"),
        t(
          "update_boards_my_prefs_show_sidebar_activity_by_id_board",
          "updateBoardsMyPrefsShowSidebarActivityByIdBoard()",
          "update show sidebar activity · under board, my pref · by id board · of a parent",
        ),
        t(
          "get_cards_members_by_id_card",
          "getCardsMembersByIdCard()",
          "list member · under card · by id card · of a parent · many",
        ),
        t(
          "get_cards_actions_by_id_card",
          "getCardsActionsByIdCard()",
          "list action · under card · by id card · of a parent · many",
        ),
      ],
    ],
    [
      "the activity in a namespace is its events",
      "show the recent activity in a namespace",
      "list_core_v1_namespaced_event",
      [
        ...namespaced,
        t("read_core_v1_namespace", "read the specified Namespace", "get namespace · by id"),
        t(
          "list_core_v1_namespaced_event",
          "list or watch objects of kind Event",
          "list event · under namespace · many",
        ),
      ],
    ],
    [
      "a comment on a task is a story",
      "add a comment to a task",
      "create_story_for_task",
      [
        t("add_tag_for_task", "Add a tag to a task", "add tag · under task · of a parent"),
        t("create_task", "Create a task", "create task"),
        t("create_subtask_for_task", "Create a subtask", "create subtask · under task · of a parent"),
        t("add_followers_for_task", "Add followers to a task", "add follower · under task · of a parent"),
        t("create_story_for_task", "Create a story on a task", "create story · under task · of a parent"),
      ],
    ],
    [
      "an alert is a trigger when no tool acts on alerts (Twilio)",
      "alert me when usage goes over a threshold",
      "create_usage_trigger",
      [
        t(
          "create_call",
          "Create a new outgoing call to phones, SIP-enabled endpoints or Twilio Client connections",
          "create call · under account · of a parent",
        ),
        t("update_siprec", "Stop a Siprec", "update siprec · under account, call · by id · of a parent"),
        t("list_usage_record", "Retrieve a list of usage-records", "list usage record · under account, usage · many"),
        t(
          "create_usage_trigger",
          "Create a new UsageTrigger",
          "create usage trigger · under account, usage · of a parent",
        ),
      ],
    ],
    [
      "a tool that acts on alerts keeps them (DigitalOcean)",
      "create an alert for my uptime check",
      "uptime_create_alert",
      [
        t("uptime_create_check", "Create a New Check", "create check · under uptime"),
        t("uptime_create_alert", "Create a New Alert", "create alert · under uptime, check · of a parent"),
        t("create_trigger", "Create a trigger", "create trigger"),
      ],
    ],
  ])("a general word finds the API's noun: %s: %s finds %s first", (_, query, expected, crowd) => {
    expect(createToolSearch(crowd)(query)[0]?.name).toBe(expected);
  });

  // Un- verbs undo their stem: the delete or remove of the stem's noun, or the tool whose name has the un- verb
  // (Slack's pins and stars with their real summaries, GitHub's assignees and follows).
  const slack = {
    pinsRemove: t("pins_remove", "Un-pins an item from a channel", "delete pin"),
    pinsAdd: t("pins_add", "Pins an item to a channel", "add pin"),
    pinsList: t("pins_list", "Lists items pinned to a channel", "list item · under pin"),
    chatDelete: t("chat_delete", "Deletes a message", "delete message · under chat"),
    starsRemove: t("stars_remove", "Removes a star from an item", "delete star"),
    starsAdd: t("stars_add", "Adds a star to an item", "add star"),
    starsList: t("stars_list", "Lists stars for a user", "list star"),
  };
  it.each<[string, string, Tool[]]>([
    ["unpin a message", "pins_remove", [slack.pinsAdd, slack.pinsList, slack.chatDelete, slack.pinsRemove]],
    ["pin a message", "pins_add", [slack.pinsRemove, slack.pinsList, slack.chatDelete, slack.pinsAdd]],
    ["unstar a message", "stars_remove", [slack.starsAdd, slack.starsList, slack.chatDelete, slack.starsRemove]],
    [
      "unassign a user from an issue",
      "issues_remove_assignees",
      [
        t("issues_add_assignees", "Add assignees to an issue", "add assignee · under repo, issue · of a parent"),
        t("issues_update", "Update an issue", "update issue · under repo · by id · of a parent"),
        t(
          "issues_check_user_can_be_assigned_to_issue",
          "Check if a user can be assigned to a issue",
          "get assignee · under repo, issue · by id · of a parent",
        ),
        t(
          "issues_remove_assignees",
          "Remove assignees from an issue",
          "delete assignee · under repo, issue · of a parent",
        ),
      ],
    ],
    [
      "unfollow a user",
      "users_unfollow",
      [
        t("users_follow", "Follow a user", "follow user · by id"),
        t(
          "users_list_followers_for_user",
          "List followers of a user",
          "list follower · under user · of a parent · many",
        ),
        t("users_unfollow", "Unfollow a user", "unfollow user · by id"),
      ],
    ],
  ])("an un- verb undoes its stem: %s finds %s first", (query, expected, crowd) => {
    expect(createToolSearch(crowd)(query)[0]?.name).toBe(expected);
  });

  // What a tool's inputs and response call things (its profile's words) finds it for a thing no name or summary says:
  // Slack's real users.profile.set (its response holds the profile's status, phone and display name) and its rivals.
  const profileWords = ["name", "value", "email", "display", "phone", "status", "emoji", "text", "title", "image"];
  const slackProfile = [
    profiled("users_set_presence", "Manually sets user presence", {
      action: "update",
      object: "presence",
      parents: ["user"],
      words: ["ok"],
    }),
    profiled("users_set_active", "Marked a user as active", {
      action: "update",
      object: "active",
      parents: ["user"],
      words: ["ok"],
    }),
    profiled("users_set_photo", "Set the user profile photo", {
      action: "update",
      object: "user profile photo",
      parents: ["user"],
      words: ["crop", "w", "x", "y", "image", "token", "ok", "avatar", "hash", "original"],
    }),
    profiled("dnd_info", "Retrieves a user's current Do Not Disturb status", {
      action: "get",
      object: "not disturb status",
      parents: ["dnd"],
      words: ["enabled", "next", "end", "ts", "start", "ok", "snooze", "endtime", "remaining"],
    }),
    profiled("users_profile_get", "Retrieves a user's profile information", {
      action: "get",
      object: "profile",
      parents: ["user"],
      words: profileWords,
    }),
    profiled("users_profile_set", "Set the profile information for a user", {
      action: "update",
      object: "profile",
      parents: ["user"],
      words: profileWords,
    }),
  ];
  it.each([
    ["set my phone number", "users_profile_set"],
    ["change my display name", "users_profile_set"],
    ["show my display name", "users_profile_get"],
  ])("a tool's inputs and response words find it: %s finds %s first", (query, expected) => {
    expect(createToolSearch(slackProfile)(query)[0]?.name).toBe(expected);
  });

  it("folds plural -uses and -ias endings", () => {
    expect(searchTerms("statuses aliases statuses status")).toEqual(["status", "alias", "status", "status"]);
  });

  it("answers each hit with its name, one line and the inputs a call must give", () => {
    expect(search("update a customer", 1)).toEqual([
      { name: "post_customers_customer", description: "Update a customer.", required: ["customer"] },
    ]);
  });

  it("reads words that name Object.prototype members as plain words", () => {
    const odd = [
      profiled("constructor_to_string", "Constructor toString", { action: "constructor", object: "__proto__" }),
    ];
    expect(searchTerms("constructor __proto__ hasOwnProperty")).toEqual([
      "constructor",
      "proto",
      "has",
      "own",
      "property",
    ]);
    expect(createToolSearch(odd)("constructor toString").map((m) => m.name)).toEqual(["constructor_to_string"]);
  });

  it.each<[string, string, OperationProfile, string]>([
    [
      "a first sentence",
      "Fetch one pet by id. Use when the user names a pet.",
      { action: "get", object: "pet" },
      "Fetch one pet by id.",
    ],
    [
      "HTML tags left out, so the sentence ends where its text does",
      "<p>Creates a new customer object.</p> <p>Customers are retained.</p>",
      { action: "create", object: "customer" },
      "Creates a new customer object.",
    ],
    [
      "an operation id for a summary: the profile instead",
      "updateCardsClosedByIdCard(). Calls PUT /cards/{idCard}/closed.",
      { action: "close", object: "card" },
      "Close card. Calls PUT /cards/{idCard}/closed.",
    ],
    [
      "with the parents it sits under",
      "addListsArchiveAllCardsByIdList(). Calls POST /lists/{idList}/archiveAllCards.",
      { action: "archive", object: "card", parents: ["list"] },
      "Archive card under list. Calls POST /lists/{idList}/archiveAllCards.",
    ],
    [
      "no summary or description: the profile, a list's object in the plural, and the call",
      "Calls GET /sites/{site_id}/deploys.",
      { action: "list", object: "deploy", parents: ["site"] },
      "List deploys under site. Calls GET /sites/{site_id}/deploys.",
    ],
    [
      "a note before what the operation does: the profile (Netlify's createSite)",
      "**Note:** Environment variable keys and values will soon be moved from `build_settings.env`. Please use " +
        "createEnvVars to create environment variables for a site. Calls POST /sites.",
      { action: "create", object: "site" },
      "Create site. Calls POST /sites.",
    ],
    [
      "markdown emphasis left out",
      "**Lists** the pets a __store__ sells. Calls GET /pets.",
      { action: "list", object: "pet" },
      "Lists the pets a store sells.",
    ],
  ])("answers with one line saying when to use the tool: %s", (_, description, profile, expected) => {
    expect(whenToUse({ ...getPet, description, profile })).toBe(expected);
  });

  it.each([
    ["deploy", "deploys"],
    ["dns record", "dns records"],
    ["policy", "policies"],
    ["key", "keys"],
    ["branch", "branches"],
    ["address", "addresses"],
  ])("a list's object in the plural: %s → %s", (phrase, expected) => {
    expect(pluralPhrase(phrase)).toBe(expected);
  });

  it("describes each hit in its first sentence", () => {
    expect(oneLine("Fetch one pet by id. Use when the user names a pet.")).toBe("Fetch one pet by id.");
  });
});

describe("the search index, built once per list of tools", () => {
  /** The tools, each counting how often its profile is read. */
  function counted(): { list: Tool[]; reads: () => number } {
    let reads = 0;
    const list = [
      profiled("pulls_merge", "Merge a pull request", { action: "merge", object: "pull request" }),
      profiled("issues_create", "Create an issue", { action: "create", object: "issue" }),
      profiled("repos_get", "Get a repository", { action: "get", object: "repository" }),
    ].map((tool) => {
      const { profile, ...rest } = tool;
      return Object.defineProperty({ ...rest }, "profile", { get: () => (reads++, profile), enumerable: true }) as Tool;
    });
    return { list, reads: () => reads };
  }

  it.each([
    ["a second session over the same list (a stateless request's server)", true],
    ["a session over another list of the same tools", false],
  ])("%s: indexes again only for another list", (_case, sameList) => {
    const { list, reads } = counted();
    const first = createSearchSession(list).search({ query: "merge a pull request" }, "");
    const indexed = reads();
    expect(indexed).toBeGreaterThanOrEqual(list.length);
    const second = createSearchSession(sameList ? list : [...list]).search({ query: "merge a pull request" }, "");
    expect(second).toEqual(first);
    // Answering reads the profile of each tool found (its one-line description); indexing reads every tool's.
    const found = "tools" in first ? first.tools.length : 0;
    expect(found).toBeGreaterThan(0);
    expect(reads() - indexed).toBe(sameList ? found : indexed);
  });

  it("keeps each session's found tools its own", () => {
    const { list } = counted();
    const one = createSearchSession(list.map((tool) => ({ ...tool, deferLoading: true }) as Tool));
    const shared = createSearchSession(list);
    one.search({ query: "merge a pull request" }, "");
    expect(one.visible()).toContain("pulls_merge");
    expect(shared.visible()).toEqual(list.map((tool) => tool.name));
  });
});

describe("OpenAI", () => {
  it("Responses: deferred functions carry defer_loading and the hosted tool_search is added", () => {
    const { definitions } = toOpenAIResponsesTools(tools);
    expect(
      definitions.map((d) => [("name" in d && d.name) || d.type, "defer_loading" in d ? d.defer_loading : undefined]),
    ).toEqual([
      ["get_pet", undefined],
      ["delete_pet", true],
      ["tool_search", undefined],
    ]);
    expect(definitions.at(-1)).toEqual(OPENAI_TOOL_SEARCH);
    expect(toOpenAIResponsesTools({ get_pet: getPet }).definitions).toHaveLength(1);
  });

  it("Chat Completions: the core and search_tools first, a found tool added to the next definitions()", async () => {
    const chat = toOpenAIToolSearch(tools);
    expect(chat.definitions().map((d) => d.function.name)).toEqual(["get_pet", SEARCH_TOOLS]);
    const answer = JSON.parse(await chat.call(SEARCH_TOOLS, JSON.stringify({ query: "delete pet", limit: null })));
    expect(answer.tools[0]).toEqual({ name: "delete_pet", description: expect.any(String), required: ["pet_id"] });
    expect(chat.definitions().map((d) => d.function.name)).toEqual(["get_pet", "delete_pet", SEARCH_TOOLS]);
    expect(chat.definitions()[1]).toEqual(toOpenAITools({ delete_pet: deletePet }).definitions[0]);
    expect(JSON.parse(await chat.call(SEARCH_TOOLS, "{}"))).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    expect(JSON.parse(await chat.call("get_pet", JSON.stringify({ pet_id: "p1" })))).toEqual({ id: "p1", name: "Rex" });
  });
});

describe("Vercel AI SDK", () => {
  it("activeTools() is the core and search_tools until a search adds what it found", async () => {
    const search = toVercelToolSearch(tools);
    expect(Object.keys(search.tools)).toEqual(["get_pet", "delete_pet", SEARCH_TOOLS]);
    expect(search.activeTools()).toEqual(["get_pet", SEARCH_TOOLS]);
    const found = await search.tools[SEARCH_TOOLS]!.execute!({ query: "delete a pet" }, options);
    expect((found as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain("delete_pet");
    expect(search.activeTools()).toEqual(["get_pet", "delete_pet", SEARCH_TOOLS]);
  });
});
