// Reads the runtime that every generated package vendors (src/runtime/** of aci-gen) as path → text, in a stable order.
import { readdirSync, readFileSync } from "node:fs";
import { compareStrings } from "../util/order.js";

const RUNTIME_DIR = new URL("../../src/runtime/", import.meta.url);
let cached: Readonly<Record<string, string>> | undefined;

/** `runtime/…` relative paths (TypeScript sources and their READMEs) → contents. */
export function runtimeFiles(): Readonly<Record<string, string>> {
  cached ??= Object.freeze(collect(RUNTIME_DIR, "runtime"));
  return cached;
}

function collect(dir: URL, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => compareStrings(a.name, b.name));
  for (const entry of entries) {
    if (entry.isDirectory()) Object.assign(out, collect(new URL(`${entry.name}/`, dir), `${prefix}/${entry.name}`));
    if (entry.isFile() && /\.(ts|md)$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
      out[`${prefix}/${entry.name}`] = readFileSync(new URL(entry.name, dir), "utf8");
    }
  }
  return out;
}
