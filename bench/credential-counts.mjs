// A plan result (with its ApiSource) and a build → the credential parameters and form fields by how they are filled,
// the tools whose risk the operation's words raise, and the `items` schemas read: shared by the corpus benches.

import path from "node:path";
import { pathToFileURL } from "node:url";

/** The counts, or `{}` when the build has no credentials module or the plan no ApiSource. */
export async function credentialCounts(dist, result) {
  const credentials = await import(pathToFileURL(path.join(dist, "planner/credentials.js")).href).catch(
    () => undefined,
  );
  if (credentials === undefined || result.api === undefined) return {};
  const schemes = result.api.index.securitySchemes;
  const fills = { scheme: 0, add: 0, variable: 0, unsent: 0 };
  for (const summary of result.api.index.operations) {
    const operation = result.api.resolveOperation(summary).value;
    for (const { fill } of credentials.credentialParameters(operation, schemes)) fills[fill.kind]++;
    for (const name of formFields(operation, result.api)) {
      const fill = credentials.credentialFill({ name, in: "body", required: false }, operation.security, schemes);
      if (fill !== undefined) fills[fill.kind]++;
    }
  }
  const raised = result.tools.filter((t) => t.riskReason !== undefined);
  return {
    fills,
    raised: raised.length,
    raisedExamples: raised.slice(0, 3).map((t) => `${t.steps[0].method.toUpperCase()} ${t.steps[0].path}`),
    itemsRead: result.diagnostics.filter((d) => d.code === "SCHEMA_ITEMS_WITHOUT_TYPE").length,
  };
}

/** The top-level property names of the operation's form or multipart bodies (one `$ref` followed). */
function formFields(operation, api) {
  const forms = (operation.requestBody?.contents ?? []).filter((c) => c.kind === "form" || c.kind === "multipart");
  return forms.flatMap((c) => {
    const ref = typeof c.schema === "object" ? c.schema.$ref : undefined;
    const node = typeof ref === "string" ? api.schema(ref.split("/").at(-1)) : c.schema;
    return typeof node === "object" && node?.properties ? Object.keys(node.properties) : [];
  });
}
