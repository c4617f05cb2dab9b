// The recording fetch: what the toolset sent (method, path below the upstream's base path, query, parsed body, status),
// passed through unchanged; and where Prism is found.
import { describe, expect, it } from "vitest";
import type { SentRequest } from "../../src/eval/matching.js";
import { prismEntry, recordingFetch } from "../../src/eval/upstream.js";

describe("recordingFetch", () => {
  it("records each request below the base path and its status, and returns the inner answer", async () => {
    const seen: string[] = [];
    const inner: typeof fetch = async (input) => {
      const request = input as Request;
      seen.push(`${request.method} ${request.url} ${await request.text()}`);
      return request.method === "DELETE" ? new Response(null, { status: 204 }) : new Response("{}", { status: 201 });
    };
    const sent: SentRequest[] = [];
    const record = recordingFetch("https://api.example.com/v3/", sent, inner);
    const placed = await record("https://api.example.com/v3/store/order?dry=1&tag=a", {
      method: "POST",
      body: JSON.stringify({ petId: 10 }),
      headers: { "content-type": "application/json" },
    });
    await record("https://api.example.com/v3/store/order/7", { method: "DELETE" });
    await record("https://api.example.com/v3/notes", { method: "POST", body: "plain text" });
    expect(placed.status).toBe(201);
    expect(seen[0]).toBe('POST https://api.example.com/v3/store/order?dry=1&tag=a {"petId":10}');
    expect(sent).toEqual([
      { method: "POST", path: "/store/order", query: { dry: "1", tag: "a" }, body: { petId: 10 }, status: 201 },
      { method: "DELETE", path: "/store/order/7", query: {}, status: 204 },
      { method: "POST", path: "/notes", query: {}, body: "plain text", status: 201 },
    ]);
  });
});

describe("prismEntry", () => {
  it("finds the Prism CLI installed with aci-gen's development dependencies", () => {
    expect(prismEntry()).toMatch(/@stoplight\/prism-cli\/dist\/index\.js$/);
  });

  it("falls back to aci-gen's own install when the working folder has none", () => {
    expect(prismEntry("/")).toMatch(/prism-cli/);
  });
});
