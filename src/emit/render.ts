// Loads the Handlebars templates once, compiled strict with no escaping and no helpers (from the build's precompiled
// copy when it was made from the same text), and renders view models with them.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type Handlebars from "handlebars";
import runtime from "handlebars/runtime.js";

/**
 * Handlebars' compiler, loaded only to compile a template whose precompiled copy is missing or stale (a run of the
 * built generator renders from its runtime alone, which is most of the package's load time saved).
 */
const compiler = (): typeof Handlebars => createRequire(import.meta.url)("handlebars") as typeof Handlebars;
const { template: fromSpec } = runtime as unknown as typeof Handlebars;

const TEMPLATES_DIR = new URL("../../templates/", import.meta.url);
/** Written next to the built module by `npm run build` (scripts/precompile-templates.mjs); absent when run from source. */
const PRECOMPILED = new URL("./templates.precompiled.json", import.meta.url);
const OPTIONS = {
  strict: true,
  noEscape: true,
  knownHelpersOnly: true,
  knownHelpers: { each: true, if: true },
  preventIndent: true,
} as const;

/** A template compiled ahead of time: Handlebars' precompiled spec, and the sha256 of the text it was made from. */
export interface PrecompiledTemplate {
  readonly sha256: string;
  readonly spec: string;
}

const cache = new Map<string, Handlebars.TemplateDelegate>();
let precompiled: Readonly<Record<string, PrecompiledTemplate>> | undefined;

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** Renders `templates/<name>` with a view model whose every string is already escaped for its place. */
export function render(name: string, view: object): string {
  let template = cache.get(name);
  if (!template) {
    template = compiled(name);
    cache.set(name, template);
  }
  return template(view);
}

/** The template `name`: its precompiled spec when that was made from the text the file holds now, else compiled. */
function compiled(name: string): Handlebars.TemplateDelegate {
  const source = readFileSync(new URL(name, TEMPLATES_DIR), "utf8");
  precompiled ??= existsSync(PRECOMPILED)
    ? (JSON.parse(readFileSync(PRECOMPILED, "utf8")) as Record<string, PrecompiledTemplate>)
    : {};
  const ahead = Object.hasOwn(precompiled, name) ? precompiled[name] : undefined;
  if (ahead === undefined || ahead.sha256 !== sha256(source)) return compiler().compile(source, OPTIONS);
  return fromSpec(new Function(`return ${ahead.spec};`)() as Parameters<typeof Handlebars.template>[0]);
}

/** Every template under templates/, precompiled with the options {@link render} compiles with, by its path there. */
export function precompileTemplates(): Record<string, PrecompiledTemplate> {
  const out: Record<string, PrecompiledTemplate> = {};
  const walk = (dir: URL, prefix: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isDirectory()) walk(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`);
      else if (entry.name.endsWith(".hbs")) {
        const source = readFileSync(new URL(entry.name, dir), "utf8");
        out[`${prefix}${entry.name}`] = {
          sha256: sha256(source),
          spec: compiler().precompile(source, OPTIONS) as unknown as string,
        };
      }
    }
  };
  walk(TEMPLATES_DIR, "");
  return out;
}
