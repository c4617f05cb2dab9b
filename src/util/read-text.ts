// A file path → its UTF-8 text, read whole and decoded once (fs/promises' `readFile(path, "utf8")` decodes chunk by chunk, several times slower on a large spec).
import { readFile } from "node:fs/promises";

/** The file's text; rejects like `readFile` when it cannot be read. */
export async function readText(path: string): Promise<string> {
  return (await readFile(path)).toString("utf8");
}
