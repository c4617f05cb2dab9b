// The environment variables a generated package reads are named once, by the runtime; its README lists every one.
import { describe, expect, test } from "vitest";
import { environmentOf } from "../../src/emit/specs.js";
import { credentialVariable, ENV_SETTINGS, envVariable } from "../../src/runtime/auth/env.js";
import type { ToolsetSpec } from "../../src/runtime/types.js";

const spec: ToolsetSpec = {
  name: "petstore",
  version: "1.0.0",
  envPrefix: "PETSTORE",
  servers: [{ url: "https://api.example.com", variables: {} }],
  securitySchemes: {
    apiKey: { type: "apiKey", name: "X-API-Key", in: "header" },
    petstore_auth: { type: "http", scheme: "bearer" },
  },
  maxReturnBytes: 2048,
  timeoutMs: 30000,
};

describe("environment variables", () => {
  test("the README lists every setting the runtime reads, then each scheme's credential", () => {
    const names = environmentOf(spec).map((v) => v.name);
    expect([...names].sort()).toEqual(
      [
        ...Object.keys(ENV_SETTINGS).map((k) => envVariable("PETSTORE", k as keyof typeof ENV_SETTINGS)),
        "PETSTORE_API_KEY",
        "PETSTORE_PETSTORE_AUTH",
      ].sort(),
    );
  });

  test.each([
    ["apiKey", "PETSTORE_API_KEY"],
    ["petstore_auth", "PETSTORE_PETSTORE_AUTH"],
    ["bearer-token", "PETSTORE_BEARER_TOKEN"],
  ])("credential of scheme %s is %s", (scheme, want) => {
    expect(credentialVariable("PETSTORE", scheme)).toBe(want);
  });
});
