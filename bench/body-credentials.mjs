// Benchmark (not a test): a sample of the APIs-guru directory → the request-body fields each spec takes as its
// credential on nearly every operation (planner `apiBodyCredentials`, Mandrill's `key`), and the body fields named like
// a credential that stay inputs (data: a label's key, a device token), so a change of the rule shows what it moves.
//
//   npm run build && node bench/body-credentials.mjs [--every 10] [--only ID,ID]

import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { specFile, specIds } from "./corpus.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const load = (file) => import(pathToFileURL(path.join(ROOT, "dist", file)).href);
const { ingest } = await load("ingest/index.js");
const { apiBodyCredentials } = await load("planner/credentials.js");
const { schemaLookup } = await load("model/api-source.js");

const { values } = parseArgs({ options: { every: { type: "string", default: "10" }, only: { type: "string" } } });
const NAMES = ["key", "token", "api_key", "apiKey", "secret", "access_token", "password", "client_id"];

/** The top-level property names of an operation's first body (one `$ref` followed). */
function bodyFields(operation, schemas) {
  const schema = operation.requestBody?.contents[0]?.schema;
  const node = typeof schema?.$ref === "string" ? schemas[schema.$ref.split("/").at(-1)] : schema;
  return typeof node === "object" && node?.properties ? Object.keys(node.properties) : [];
}

const ids = values.only?.split(",") ?? specIds().filter((_, i) => i % Number(values.every) === 0);
const found = [];
const data = [];
let read = 0;
for (const id of ids) {
  const { model } = await ingest(specFile(id)).catch(() => ({}));
  if (model === undefined) continue;
  read++;
  const wide = apiBodyCredentials(model.operations, (o) => o, schemaLookup(model.schemas));
  if (wide.size > 0) found.push(`${id}: ${[...wide].join(", ")} (${model.operations.length} operations)`);
  for (const name of NAMES.filter((n) => !wide.has(n))) {
    const on = model.operations.filter((o) => bodyFields(o, model.schemas).includes(name)).length;
    if (on > 0) data.push(`${id} ${name} ${on}/${model.operations.length}`);
  }
}
console.log(`specs read: ${read} of ${ids.length}`);
console.log(`taken as the API's body credential (${found.length}):\n  ${found.join("\n  ")}`);
console.log(`named like a credential, kept as inputs (${data.length}):\n  ${data.join("\n  ")}`);
