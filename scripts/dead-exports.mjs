#!/usr/bin/env node
// Lists exports of src/ that no other file names (src, tests, scripts, bench, templates); `--write` un-exports the values.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = new URL("../", import.meta.url).pathname;
const SEARCHED = ["src", "test", "scripts", "bench", "templates"];
/** Entry points whose exports are the public surface: the package root and the vendored runtime (generated packages' users import it). */
const PUBLIC = (path) => path === "src/index.ts" || path.startsWith("src/runtime/");
const DECLARED =
  /^export\s+(?:declare\s+)?(?:async\s+)?(function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === "node_modules" || e.name === "fixtures" || e.name.startsWith(".")) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? files(path) : /\.(ts|mjs|js|hbs)$/.test(e.name) ? [path] : [];
  });
}

/** Every export no other file names: `local` when its own file still uses it, else `unused`. */
export function deadExports(all) {
  return all
    .filter((f) => f.path.startsWith("src/") && f.path.endsWith(".ts") && !PUBLIC(f.path))
    .flatMap((file) =>
      [...file.text.matchAll(DECLARED)].flatMap(([, kind, name]) => {
        const word = new RegExp(`\\b${name.replaceAll("$", "\\$")}\\b`, "g");
        if (all.some((other) => other.path !== file.path && other.text.search(word) >= 0)) return [];
        const local = (file.text.match(word) ?? []).length > 1;
        return [
          {
            path: file.path,
            name,
            isType: kind === "interface" || kind === "type",
            status: local ? "local" : "unused",
          },
        ];
      }),
    );
}

const all = SEARCHED.flatMap((d) => files(join(ROOT, d))).map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, "utf8"),
}));
const found = deadExports(all);
for (const d of found)
  console.log(
    `${d.path}\t${d.name}\t${d.status === "unused" ? "unused: delete it" : d.isType ? "type, used in its file (kept exported)" : "used only in its file: un-export"}`,
  );
if (process.argv.includes("--write")) {
  const values = found.filter((d) => d.status === "local" && !d.isType);
  for (const path of new Set(values.map((d) => d.path))) {
    const names = new Set(values.filter((d) => d.path === path).map((d) => d.name));
    const text = readFileSync(join(ROOT, path), "utf8").replace(DECLARED, (line, _kind, name) =>
      names.has(name) ? line.replace(/^export\s+/, "") : line,
    );
    writeFileSync(join(ROOT, path), text);
  }
  console.log(`un-exported ${values.length} values in ${new Set(values.map((d) => d.path)).size} files`);
}
const unused = found.filter((d) => d.status === "unused").length;
if (unused > 0) process.exitCode = 1;
