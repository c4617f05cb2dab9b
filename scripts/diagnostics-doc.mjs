#!/usr/bin/env node
// Writes docs/diagnostics.md from the diagnostic catalog: one section per area, one entry per code (run after `npm run build`).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const ROOT = new URL("../", import.meta.url);

/** The markdown for `areas` ([{ name, intro, codes: { CODE: { severity, title, hint } } }]), codes in catalog order. */
export function renderDiagnosticsDoc(areas) {
  const toc = areas.map((a) => `- [${a.name}](#${a.name}): ${Object.keys(a.codes).length} codes`);
  const sections = areas.map((a) =>
    [`## ${a.name}`, "", a.intro, ...Object.entries(a.codes).flatMap(([code, entry]) => codeEntry(code, entry))].join(
      "\n",
    ),
  );
  return [
    "# Diagnostic codes",
    "",
    "Every diagnostic aci-gen prints (`FILE:LINE:COL severity CODE message` + `hint:`, or an object under `--json`) has a code",
    "listed here with its default severity, what it means and the generic fix; the printed hint is often more precise",
    '(`did you mean "placeOrder"?`). This page is generated from the catalog in `src/diagnostics/codes/` by',
    "`npm run docs:diagnostics`; a test fails when a code is missing or its entry is out of date.",
    "",
    ...toc,
    ...sections.map((s) => `\n${s}`),
    "",
  ].join("\n");
}

function codeEntry(code, entry) {
  return [
    "",
    `### ${code}`,
    "",
    `**${entry.severity}** — ${sentence(entry.title)}`,
    "",
    `Fix: ${sentence(entry.hint)}`,
  ];
}

function sentence(text) {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}

/** The areas as the catalog's source files describe them: header comment as intro, the exported table as codes. */
export async function catalogAreas(load) {
  const dir = new URL("src/diagnostics/codes/", ROOT);
  const names = (await readdir(dir))
    .filter((n) => n.endsWith(".ts"))
    .map((n) => n.slice(0, -3))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const header = (await readFile(new URL(`${name}.ts`, dir), "utf8")).split("\n")[0].replace(/^\/\/\s*/, "");
      const module = await load(name);
      return { name, intro: header, codes: Object.values(module)[0] };
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const areas = await catalogAreas((name) => import(new URL(`dist/diagnostics/codes/${name}.js`, ROOT).href));
  await writeFile(new URL("docs/diagnostics.md", ROOT), renderDiagnosticsDoc(areas));
  console.log(`docs/diagnostics.md: ${areas.reduce((n, a) => n + Object.keys(a.codes).length, 0)} codes`);
}
