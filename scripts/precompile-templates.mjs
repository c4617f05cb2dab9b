#!/usr/bin/env node
// Writes dist/emit/templates.precompiled.json (part of `npm run build`): every template precompiled, so `generate` does
// not parse and compile them on each run; render.ts uses an entry only while its template's text is unchanged.
import { writeFileSync } from "node:fs";
import { precompileTemplates } from "../dist/emit/render.js";

writeFileSync(
  new URL("../dist/emit/templates.precompiled.json", import.meta.url),
  `${JSON.stringify(precompileTemplates())}\n`,
);
