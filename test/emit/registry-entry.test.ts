// server.json, a publishable package's entry in the official MCP registry, checked against the registry schema's documented fields; the package options that name it, table-driven.
import { join } from "node:path";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/api/generate.js";
import { resolvePackageSettings } from "../../src/emit/package-settings.js";
import type { PackageOptions } from "../../src/options.js";

const ROOT = join(import.meta.dirname, "../..");
const petstore = {
  spec: join(ROOT, "examples/specs/petstore.oas31.yaml"),
  goals: join(ROOT, "examples/goals/petstore.goals.yaml"),
};

/**
 * NOT the registry's published server.schema.json: no npm package ships a copy (none of the MCP packages in the npm
 * listing, nor `npm view` of the likely names, has one), and nothing may be fetched in a test. This is a transcription
 * of what that schema (static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json, documented in the
 * modelcontextprotocol/registry repository under docs/reference/server-json) requires of the fields aci-gen writes:
 * the required members, the name pattern and lengths, the description limit, a package's closed member list, a specific
 * version, the stdio transport, and each environment variable's input fields.
 */
const DOCUMENTED_SERVER_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  required: ["name", "description", "version"],
  properties: {
    $schema: { type: "string", format: "uri" },
    name: { type: "string", pattern: "^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$", minLength: 3, maxLength: 200 },
    description: { type: "string", minLength: 1, maxLength: 100 },
    version: { type: "string", maxLength: 255, not: { pattern: "^[\\^~><=]|[xX*]$" } },
    packages: { type: "array", items: { $ref: "#/definitions/Package" } },
  },
  definitions: {
    Package: {
      type: "object",
      additionalProperties: false,
      required: ["registryType", "identifier", "version", "transport"],
      properties: {
        registryType: { type: "string", enum: ["npm", "pypi", "oci", "nuget", "mcpb"] },
        registryBaseUrl: { type: "string", format: "uri" },
        identifier: { type: "string" },
        version: { type: "string", minLength: 1, not: { const: "latest" } },
        fileSha256: { type: "string", pattern: "^[a-f0-9]{64}$" },
        runtimeHint: { type: "string" },
        transport: {
          type: "object",
          required: ["type"],
          properties: { type: { type: "string", enum: ["stdio", "streamable-http", "sse"] } },
        },
        runtimeArguments: { type: "array" },
        packageArguments: { type: "array" },
        environmentVariables: { type: "array", items: { $ref: "#/definitions/KeyValueInput" } },
      },
    },
    KeyValueInput: {
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string" },
        description: { type: "string" },
        isRequired: { type: "boolean" },
        format: { type: "string", enum: ["string", "number", "boolean", "filepath"] },
        value: { type: "string" },
        isSecret: { type: "boolean" },
        default: { type: "string" },
        placeholder: { type: "string" },
        choices: { type: "array", items: { type: "string" } },
        variables: { type: "object" },
      },
    },
  },
} as const;

const ajv = new Ajv({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validate = ajv.compile(DOCUMENTED_SERVER_SCHEMA);

async function files(options: PackageOptions): Promise<Record<string, string>> {
  const result = await generate({ ...petstore, ...options });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result.files;
}

describe("server.json", () => {
  it("is written for a publishable package only, and validates against the registry schema's documented fields", async () => {
    expect((await files({}))["server.json"]).toBeUndefined();
    const generated = await files({
      packageName: "@aci-gen-test/petstore",
      packageVersion: "1.2.3",
      publishable: true,
    });
    const entry = JSON.parse(generated["server.json"] ?? "") as Record<string, unknown>;
    expect(validate(entry), JSON.stringify(validate.errors)).toBe(true);
    const pkg = JSON.parse(generated["package.json"] ?? "") as Record<string, unknown>;
    expect(entry).toMatchObject({
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      name: "io.github.aci-gen-test/petstore",
      version: "1.2.3",
      packages: [
        { registryType: "npm", identifier: "@aci-gen-test/petstore", version: "1.2.3", transport: { type: "stdio" } },
      ],
    });
    expect(pkg.mcpName, "the registry checks package.json's mcpName against the entry's name").toBe(entry.name);
  });

  it("lists the package's base URL and credential variables, each with isSecret and isRequired", async () => {
    const generated = await files({ packageName: "@aci-gen-test/petstore", publishable: true });
    const entry = JSON.parse(generated["server.json"] ?? "") as {
      packages: {
        environmentVariables: { name: string; isSecret: boolean; isRequired: boolean; default?: string }[];
      }[];
    };
    expect(entry.packages[0]?.environmentVariables).toEqual([
      expect.objectContaining({
        name: "PETSTORE_BASE_URL",
        isSecret: false,
        isRequired: false,
        default: "https://petstore.example.com/v3",
      }),
      expect.objectContaining({ name: "PETSTORE_API_KEY", isSecret: true, isRequired: false }),
      expect.objectContaining({ name: "PETSTORE_PETSTORE_AUTH", isSecret: true, isRequired: false }),
    ]);
  });

  it("the documented schema catches what the registry rejects (so the check above can fail)", () => {
    const good = {
      name: "io.github.a/b",
      description: "d",
      version: "1.0.0",
      packages: [{ registryType: "npm", identifier: "@a/b", version: "1.0.0", transport: { type: "stdio" } }],
    };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, name: "petstore" })).toBe(false);
    expect(validate({ ...good, description: "x".repeat(101) })).toBe(false);
    expect(validate({ ...good, packages: [{ ...good.packages[0], version: "latest" }] })).toBe(false);
    expect(validate({ ...good, packages: [{ ...good.packages[0], env: [] }] })).toBe(false);
    expect(validate({ ...good, packages: [{ ...good.packages[0], environmentVariables: [{ isSecret: true }] }] })).toBe(
      false,
    );
  });
});

describe("the package options", () => {
  const defaults = { toolset: "petstore", apiVersion: "v1.13.4" };
  const cases: [string, PackageOptions, { settings?: object; codes?: string[] }][] = [
    [
      "private by default, named and versioned as the toolset and API",
      {},
      { settings: { name: "petstore", version: "v1.13.4", publishable: false } },
    ],
    [
      "publishable: the API's v-prefixed version without the v, the registry name from the scope",
      { packageName: "@acme/pets", publishable: true },
      { settings: { name: "@acme/pets", version: "1.13.4", publishable: true, mcpName: "io.github.acme/pets" } },
    ],
    [
      "an explicit registry name wins",
      { packageName: "pets", publishable: true, mcpName: "com.acme/pets" },
      { settings: { name: "pets", mcpName: "com.acme/pets" } },
    ],
    [
      "an unscoped publishable package needs --mcp-name",
      { packageName: "pets", publishable: true },
      { codes: ["PACKAGE_MCP_NAME_INVALID"] },
    ],
    ["an uppercase name", { packageName: "@Acme/Pets" }, { codes: ["PACKAGE_NAME_INVALID"] }],
    ["a version range", { packageVersion: "^1.0.0" }, { codes: ["PACKAGE_VERSION_INVALID"] }],
    [
      "a registry name without a namespace",
      { publishable: true, packageName: "@a/b", mcpName: "pets" },
      { codes: ["PACKAGE_MCP_NAME_INVALID"] },
    ],
    ["--mcp-name without --publishable", { mcpName: "io.github.a/b" }, { codes: ["USAGE"] }],
  ];

  it.each(cases)("%s", (_name, options, want) => {
    const result = resolvePackageSettings(options, defaults);
    if (want.codes) expect(result.diagnostics?.map((d) => d.code)).toEqual(want.codes);
    else expect(result.settings).toMatchObject(want.settings ?? {});
  });

  it("a publishable package whose API version is not semver needs --package-version", () => {
    const result = resolvePackageSettings(
      { packageName: "@a/b", publishable: true },
      { toolset: "b", apiVersion: "2024-01-01" },
    );
    expect(result.diagnostics?.map((d) => d.code)).toEqual(["PACKAGE_VERSION_INVALID"]);
  });
});
