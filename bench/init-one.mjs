// One spec through `init` → `plan` → `lint` in-process (a child of bench/init-corpus.mjs); prints one JSON line per spec (`--serve`: many, read from stdin).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = (p) => import(path.join(ROOT, "dist", p));
const [{ init }, { lint }, { ingest }, { findResolvers, listReads, matchChain }, { isListOperation }] =
  await Promise.all([
    dist("api/init.js"),
    dist("api/lint.js"),
    dist("ingest/index.js"),
    dist("planner/init/chains.js"),
    dist("planner/init/operations.js"),
  ]);

const errors = (ds) => ds.filter((d) => d.severity === "error").map((d) => d.code);

/** Runs `f`, adding its milliseconds to `phases[name]`. */
async function timed(phases, name, f) {
  const start = performance.now();
  try {
    return await f();
  } finally {
    phases[name] = Math.round((phases[name] ?? 0) + performance.now() - start);
  }
}

/** A drafted goal as `--goals-out` records it: its name and each step's operation, bindings, body, pick and exactly_one. */
function goalSummary(goal) {
  return {
    name: goal.name,
    kind: goal.kind,
    steps: goal.steps.map((s) => ({
      id: s.id,
      operation: s.operation,
      params: s.params.map((p) => `${p.name}(${p.in})=${p.value}`),
      ...(s.body ? { body: s.body } : {}),
      ...(s.pick ? { pick: s.pick } : {}),
      ...(s.exactlyOne ? { exactly_one: true } : {}),
      outputs: s.outputs,
    })),
    calls: goal.calls,
  };
}

async function one(spec) {
  const start = performance.now();
  const phases = {};
  const drafted = await timed(phases, "init (ingest + draft)", () => init({ spec }));
  if (drafted.text === undefined)
    return { outcome: "refused", errors: [...new Set(errors(drafted.diagnostics))].sort(), phases };
  const goals = parse(drafted.text);
  const linted = await timed(phases, "lint (ingest + plan + rules)", () => lint({ spec, goals }));
  const planErrors = errors(linted.diagnostics);
  const lintErrors = linted.findings.filter((f) => f.severity === "error").map((f) => f.rule);
  const { model } = await timed(phases, "ingest for the id-yielding probe", () => ingest(spec));
  const anyList = model
    ? findResolvers(model).length > 0 || model.operations.some((o) => isListOperation(model, o))
    : false;
  const reads = model ? [...findResolvers(model), ...listReads(model)] : [];
  const idYielding = model ? model.operations.some((o) => matchChain(model, o, reads) !== undefined) : false;
  const drafts = drafted.draft?.goals ?? [];
  return {
    outcome: planErrors.length > 0 ? "plan-errors" : lintErrors.length > 0 ? "lint-errors" : "clean",
    errors: [...new Set([...planErrors, ...lintErrors])].sort(),
    goals: drafts.length,
    multiStep: drafts.filter((g) => g.steps.length > 1).length,
    tokens: linted.budget?.totalTokens ?? 0,
    idYielding,
    anyList,
    names: drafts.map((g) => g.name),
    ...(process.env.INIT_CORPUS_GOALS === "1" ? { draft: drafts.map(goalSummary) } : {}),
    ms: Math.round(performance.now() - start),
    phases,
  };
}

/** A row even when `one` throws, so a serving child answers every spec it is given. */
async function safely(spec) {
  try {
    return await one(spec);
  } catch (error) {
    return { outcome: "crash", errors: [String(error?.message ?? error).slice(0, 120)] };
  }
}

if (process.argv[2] === "--serve") {
  // One spec path per stdin line, one JSON row per stdout line; "ready" once the modules are loaded.
  process.stdout.write("ready\n");
  let buffered = "";
  let queue = Promise.resolve();
  process.stdin.on("data", (chunk) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines.filter((l) => l !== ""))
      queue = queue.then(async () => process.stdout.write(`${JSON.stringify(await safely(line))}\n`));
  });
} else {
  const spec = process.argv[2];
  if (!spec) throw new Error("usage: node bench/init-one.mjs SPEC | --serve");
  readFileSync(spec);
  process.stdout.write(`${JSON.stringify(await one(spec))}\n`);
}
