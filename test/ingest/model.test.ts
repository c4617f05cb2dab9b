// End-to-end ingest: real specs (GitHub, the petstore examples, a multi-file spec) into ApiModel.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";

const GITHUB = "node_modules/@octokit/openapi/generated/api.github.com.json";

describe("ingest the GitHub spec", () => {
  it("reads all 1,223 operations with one diagnostic: Docker metadata requires `tags` and declares `tag`", async () => {
    const { model, diagnostics } = await ingest(GITHUB);
    expect(diagnostics.map((d) => [d.code, d.pointer, d.hint])).toEqual([
      [
        "SCHEMA_REQUIRED_UNDECLARED",
        "/components/schemas/package-version/properties/metadata/properties/docker/required/0",
        "did you mean `tag`, which this object declares?",
      ],
    ]);
    expect(model?.dialect).toBe("openapi-3.0");
    expect(model?.operations).toHaveLength(1223);
    expect(new Set(model?.operations.map((o) => o.id)).size).toBe(1223);

    const getRepo = model?.operations.find((o) => o.id === "repos/get");
    expect(getRepo).toMatchObject({
      method: "get",
      path: "/repos/{owner}/{repo}",
      pointer: "/paths/~1repos~1{owner}~1{repo}/get",
    });
    expect(getRepo?.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ["path", "owner", true],
      ["path", "repo", true],
    ]);
    expect(getRepo?.success?.status).toBe("200");
    expect(getRepo?.success?.contents[0]?.schema).toEqual({ $ref: "#/components/schemas/full-repository" });

    const createIssue = model?.operations.find((o) => o.id === "issues/create");
    expect(createIssue?.method).toBe("post");
    expect(createIssue?.requestBody?.contents[0]).toMatchObject({ mediaType: "application/json", kind: "json" });
    expect(createIssue?.success?.status).toBe("201");
    expect(model?.schemas["full-repository"]).toBeDefined();
    expect(model?.servers[0]?.url).toBe("https://api.github.com");
  });
});

describe("ingest the example specs", () => {
  it.each(["petstore.swagger2.yaml", "petstore.oas30.yaml", "petstore.oas31.yaml"])("%s", async (file) => {
    const { model, diagnostics } = await ingest(`examples/specs/${file}`);
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(model?.operations.length).toBeGreaterThan(0);
    for (const operation of model?.operations ?? []) expect(JSON.stringify(operation)).not.toMatch(/#\/definitions\//);
  });

  it("the three petstore dialects give the same operations", async () => {
    const ids = await Promise.all(
      ["swagger2", "oas30", "oas31"].map(async (d) =>
        (await ingest(`examples/specs/petstore.${d}.yaml`)).model?.operations.map(
          (o) => `${o.method} ${o.path} ${o.id}`,
        ),
      ),
    );
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
  });

  it("marks recursive schemas and keeps them as refs", async () => {
    const { model } = await ingest("examples/specs/recursive.oas31.yaml");
    expect(model?.recursiveSchemas.length).toBeGreaterThan(0);
    expect(() => JSON.stringify(model)).not.toThrow();
  });
});

describe("ingest a multi-file spec", () => {
  const SPEC = "test/fixtures/valid/ingest/external-refs/openapi.yaml";

  it("bundles referenced files, inlines parameters/responses, and names external schemas", async () => {
    const { model, diagnostics } = await ingest(SPEC);
    expect(diagnostics).toEqual([]);
    const [list, get] = model?.operations ?? [];
    expect(list?.parameters.map((p) => [p.name, p.in, p.description])).toEqual([
      ["limit", "query", "how many pets to return"],
    ]);
    const pet = get?.success?.contents[0]?.schema as { $ref: string };
    expect(pet.$ref).toMatch(/^#\/components\/schemas\//);
    const petName = pet.$ref.split("/").at(-1) as string;
    expect(model?.schemas[petName]).toMatchObject({
      type: "object",
      properties: { name: { type: ["string", "null"] } },
    });
    expect(model?.recursiveSchemas).toEqual(["Owner", petName].sort());
    expect(get?.responses.find((r) => r.status === "default")?.description).toBe("an error");
  });

  it("is deterministic", async () => {
    const a = JSON.stringify((await ingest(SPEC)).model);
    const b = JSON.stringify((await ingest(SPEC)).model);
    expect(a).toBe(b);
  });
});

describe("ingest an in-memory document", () => {
  it("gives the same model as the file, never mutates the input, and locates diagnostics", async () => {
    const document = JSON.parse(
      JSON.stringify((await import("yaml")).parse(readFileSync("examples/specs/petstore.oas30.yaml", "utf8"))),
    ) as object;
    const before = JSON.stringify(document);
    const fromObject = await ingest(document);
    const fromFile = await ingest("examples/specs/petstore.oas30.yaml");
    expect(JSON.stringify(document)).toBe(before);
    expect(fromObject.model?.operations).toEqual(fromFile.model?.operations);
    expect(fromObject.model?.file).toBe("<object>");
  });

  it("diagnoses a duplicate operationId in an object with a line and column", async () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: { "/a": { get: { operationId: "x", responses: {} } }, "/b": { get: { operationId: "x", responses: {} } } },
    };
    const { model, diagnostics } = await ingest(document, { file: "inline.json" });
    expect(model).toBeUndefined();
    expect(diagnostics).toMatchObject([
      {
        code: "SPEC_DUPLICATE_OPERATION_ID",
        file: "inline.json",
        pointer: "/paths/~1b/get/operationId",
        line: 16,
        column: 9,
      },
    ]);
  });
});
