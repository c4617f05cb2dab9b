// A spec file → the tool search its all-operations toolset serves (planned once per test file and spec).
import { plan } from "../../src/api/plan.js";
import { createToolSearch, type ToolSearch } from "../../src/runtime/adapters/search.js";

const searches = new Map<string, Promise<ToolSearch>>();

/** The servers' search over every operation of `spec` (an absolute path), as `--all-operations` plans them. */
export function allOperationsSearch(spec: string): Promise<ToolSearch> {
  const known =
    searches.get(spec) ??
    plan({ spec, allOperations: true }).then(({ plan: planned }) => {
      if (planned === undefined) throw new Error(`${spec} did not plan`);
      return createToolSearch(
        planned.tools.map((tool) => ({ ...tool, inputNames: tool.inputs.map((i) => i.name), requiredInputs: [] })),
      );
    });
  searches.set(spec, known);
  return known;
}
