// aci-gen's own version, read once from its package.json (it appears only in aci.lock.json of generated packages).
import { readFileSync } from "node:fs";

export const GENERATOR_VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
