// The server's one-line exit-2 refusals of the operating settings: PREFIX_TRACE_ARGS, PREFIX_APPROVAL_WEBHOOK and
// PREFIX_OPERATOR_TOKEN (an OTEL_* export without the SDK is a notice, not a refusal: test/e2e/otlp.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runServer } from "../../src/runtime/adapters/http.js";
import { placeOrder } from "../../examples/generated/pet-coupons/src/tools/place_order.js";
import { toolset } from "../../examples/generated/pet-coupons/src/toolset.js";

const stateDir = mkdtempSync(join(tmpdir(), "aci-operate-"));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

async function startupLines(
  env: Record<string, string>,
  argv: readonly string[] = ["--http", "0"],
): Promise<{ code: unknown; lines: string[] }> {
  const lines: string[] = [];
  const before = process.exitCode;
  try {
    await runServer({
      definitions: [placeOrder],
      toolset,
      argv,
      env: { PET_COUPONS_BASE_URL: "http://127.0.0.1:9", PET_COUPONS_STATE_DIR: stateDir, ...env },
      log: { info: (l) => lines.push(l), warn: (l) => lines.push(l) },
    });
    return { code: process.exitCode, lines };
  } finally {
    process.exitCode = before;
  }
}

describe("operating settings the server refuses", () => {
  it.each([
    ["PET_COUPONS_TRACE_ARGS", { PET_COUPONS_TRACE_ARGS: "all" }, "`redacted` or unset"],
    [
      "PET_COUPONS_APPROVAL_WEBHOOK",
      { PET_COUPONS_APPROVAL_WEBHOOK: "http://hooks.example.com/services/T0/B0/s3cr3tpath" },
      "https://",
    ],
    [
      "PET_COUPONS_CONSOLE_URL",
      { PET_COUPONS_APPROVAL_WEBHOOK: "https://hooks.example.com/x", PET_COUPONS_CONSOLE_URL: "ops" },
      "http(s) address",
    ],
    ["PET_COUPONS_OPERATOR_TOKEN", { PET_COUPONS_OPERATOR_TOKEN: "short" }, "at least 16 characters"],
    [
      "PET_COUPONS_OPERATOR_TOKEN",
      { PET_COUPONS_OPERATOR_TOKEN: "same-token-0123456789", PET_COUPONS_SERVER_TOKEN: "same-token-0123456789" },
      "must differ from PET_COUPONS_SERVER_TOKEN",
    ],
  ] as const)("%s: exit code 2 and one line naming it", async (variable, env, says) => {
    const { code, lines } = await startupLines(env);
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(variable);
    expect(lines[0]).toContain(says);
    expect(lines[0]).not.toMatch(/\n|s3cr3tpath|0123456789/);
  });
});

describe("a credential bound for plain http", () => {
  it("is told at start-up with the https URL to set; a loopback base URL is not", async () => {
    const env = { PET_COUPONS_API_KEY: "k-0123456789", PET_COUPONS_BASE_URL: "http://petstore.swagger.io/v2" };
    const { lines } = await startupLines(env, ["--http", "not-a-port"]);
    expect(lines[0]).toBe(
      "pet-coupons MCP server: calls go to http://petstore.swagger.io over plain http, so PET_COUPONS_API_KEY goes " +
        "out unencrypted; if the API serves https, set PET_COUPONS_BASE_URL to https://petstore.swagger.io/v2.",
    );
    const loopback = await startupLines({ PET_COUPONS_API_KEY: "k-0123456789" }, ["--http", "not-a-port"]);
    expect(loopback.lines.join("\n")).not.toContain("plain http");
  });
});
