// Credentials the spec does not declare: the goals file's `securitySchemes` and `security`, merged into the toolset and
// given to the steps whose operation has no requirement of its own; clashes and unknown names are located errors.
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { jsonResponse } from "../support/planner-helpers.js";

const spec = {
  openapi: "3.1.0",
  info: { title: "Repos", version: "1.0.0" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/repos/{id}": {
      get: {
        operationId: "getRepo",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: jsonResponse({ type: "object", properties: { id: { type: "string" } } }),
      },
    },
    "/admin": {
      get: { operationId: "getAdmin", security: [{ key: [] }], responses: jsonResponse({ type: "object" }) },
    },
  },
  components: { securitySchemes: { key: { type: "apiKey", name: "X-Admin-Key", in: "header" } } },
};

const goals = (auth: object) => ({
  aci: 1,
  toolset: "repos",
  ...auth,
  goals: [
    {
      name: "repo_and_admin",
      steps: [
        { id: "repo", operation: "getRepo", params: { id: "$inputs.id" } },
        { id: "admin", operation: "getAdmin" },
      ],
    },
  ],
});

const TOKEN = { token: { type: "http", scheme: "bearer", description: "An API token." } };

describe("goals-file security", () => {
  it.each([
    [
      "declared scheme, no `security`: required for the steps the spec leaves open",
      { securitySchemes: TOKEN },
      [{ token: [] }],
    ],
    [
      "`{}` alternative: the credential is optional",
      { securitySchemes: TOKEN, security: [{ token: [] }, {}] },
      [{ token: [] }, {}],
    ],
    ["a scheme of the spec, named in `security` only", { security: [{ key: [] }] }, [{ key: [] }]],
  ])("%s", async (_name, auth, expected) => {
    const result = await plan({ spec, goals: goals(auth) });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const [repo, admin] = result.tools[0]!.steps;
    expect(repo!.security).toEqual(expected);
    expect(admin!.security).toEqual([{ key: [] }]);
    expect(result.plan!.toolset.securitySchemes).toEqual({
      key: { type: "apiKey", name: "X-Admin-Key", in: "header" },
      ...("securitySchemes" in auth ? { token: { type: "http", scheme: "bearer", description: "An API token." } } : {}),
    });
  });

  it("a declared scheme the spec already has is an error at its key", async () => {
    const result = await plan({
      spec,
      goals: goals({ securitySchemes: { key: { type: "apiKey", name: "X-Other", in: "query" } } }),
    });
    expect(result.tools).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.pointer, d.line])).toEqual([
      ["PLAN_SECURITY_SCHEME_EXISTS", "/securitySchemes/key", undefined],
    ]);
  });

  it("`security` naming an undeclared scheme is an error with a did-you-mean", async () => {
    const result = await plan({ spec, goals: goals({ securitySchemes: TOKEN, security: [{ tokn: [] }] }) });
    expect(result.tools).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.pointer, d.hint])).toEqual([
      ["PLAN_UNKNOWN_SECURITY_SCHEME", "/security", 'did you mean "token"?'],
    ]);
  });

  it("without goals-file security, steps keep exactly the spec's requirements", async () => {
    const result = await plan({ spec, goals: goals({}) });
    expect(result.tools[0]!.steps.map((s) => s.security)).toEqual([[], [{ key: [] }]]);
    expect(Object.keys(result.plan!.toolset.securitySchemes)).toEqual(["key"]);
  });
});
