// Module loader hooks: append the URL of every module loaded to the file $MODULE_LOG, one per line.
import { appendFileSync } from "node:fs";

export async function load(url, context, next) {
  if (process.env.MODULE_LOG) appendFileSync(process.env.MODULE_LOG, `${url}\n`);
  return next(url, context);
}
