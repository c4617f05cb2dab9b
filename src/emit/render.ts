// Loads the Handlebars templates once, compiled strict with no escaping and no helpers, and renders view models with them.
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";

const TEMPLATES_DIR = new URL("../../templates/", import.meta.url);
const cache = new Map<string, Handlebars.TemplateDelegate>();

/** Renders `templates/<name>` with a view model whose every string is already escaped for its place. */
export function render(name: string, view: object): string {
  let template = cache.get(name);
  if (!template) {
    const source = readFileSync(new URL(name, TEMPLATES_DIR), "utf8");
    template = Handlebars.compile(source, {
      strict: true,
      noEscape: true,
      knownHelpersOnly: true,
      knownHelpers: { each: true, if: true },
      preventIndent: true,
    });
    cache.set(name, template);
  }
  return template(view);
}
