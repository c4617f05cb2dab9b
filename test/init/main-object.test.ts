// A group's main object against its operations' objects: the resource spelled as one word (`statefulset`) and in words.
import { describe, expect, it } from "vitest";
import { draftGoals, resourcesOf } from "../../src/planner/init/index.js";
import { groupJudge, namesResource } from "../../src/planner/init/proposals.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

describe("an object that is the resource in words", () => {
  it.each([
    ["stateful set", "statefulset", true],
    ["pod disruption budget", "poddisruptionbudget", true],
    ["pull request", "pull_request", true],
    ["pod", "pod", false],
    ["stateful set", "set", false],
    ["status", "statefulset", false],
  ] as const)("%s of the resource %s: %s", (object, resource, same) => {
    expect(namesResource(object, resource)).toBe(same);
  });
});

const specs = specModels({
  kubernetes: new URL("../../node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz", import.meta.url).pathname,
});

describe.skipIf(REPEAT_RUN)(
  "Kubernetes 1.13: the stateful-set group judges its own operations on its main object",
  () => {
    it("its list, create, read and delete are none off the main object; its scale and status are", async () => {
      const model = await specs.model("kubernetes");
      const { view, groups, profileOf, niche } = resourcesOf(model);
      const group = groups.find((g) => g.name === "statefulset");
      expect(group).toBeDefined();
      const judge = groupJudge(view, group as NonNullable<typeof group>, profileOf, niche, () => undefined);
      const off = (id: string): number => {
        const operation = view.operations.find((o) => o.id === id);
        if (operation === undefined) throw new Error(`${id} is not drafted from`);
        return judge.offMain(operation);
      };
      expect(
        ["listAppsV1NamespacedStatefulSet", "createAppsV1NamespacedStatefulSet", "readAppsV1NamespacedStatefulSet"].map(
          off,
        ),
      ).toEqual([0, 0, 0]);
      expect(off("deleteAppsV1NamespacedStatefulSet")).toBe(0);
      expect(off("readAppsV1NamespacedStatefulSetStatus")).toBe(1);
    });

    it("its goals name it one way, as the resource does", async () => {
      const { goals } = draftGoals(await specs.model("kubernetes"));
      const texts = goals
        .filter((g) => g.steps.some((s) => /StatefulSet/.test(s.operation)))
        .map((g) => `${g.useWhen} ${g.notFor}`);
      expect(texts.length).toBeGreaterThanOrEqual(2);
      for (const text of texts) {
        expect(text).toMatch(/statefulset/);
        expect(text).not.toMatch(/stateful set/);
      }
    });
  },
);
