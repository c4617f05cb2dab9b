// A file path → its bytes and UTF-8 text, gunzipped in memory when the file is gzip (`swagger.json.gz`), read whole and
// decoded once (fs/promises' `readFile(path, "utf8")` decodes chunk by chunk, several times slower on a large spec).
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";

/** Largest decompressed size inflated by default: the spec size limit's default. */
const DEFAULT_INFLATE_LIMIT = 64 * 1024 * 1024;

/** RFC 1952 §2.3.1: every gzip member starts with ID1 0x1f, ID2 0x8b. */
function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The `code` of the error `readBytes` rejects with when the decompressed content passes `maxBytes` (zlib's own). */
export const INFLATED_TOO_LARGE = "ERR_BUFFER_TOO_LARGE";

/**
 * The file's content, decompressed when it is gzip (told by its magic bytes, not its name). Rejects like `readFile`
 * when it cannot be read, and with zlib's error when the gzip data is broken (`code` `Z_DATA_ERROR`, `Z_BUF_ERROR`)
 * or inflates past `maxBytes` (`INFLATED_TOO_LARGE`): a gzip bomb never reaches memory.
 */
export async function readBytes(path: string, maxBytes = DEFAULT_INFLATE_LIMIT): Promise<Buffer> {
  const raw = await readFile(path);
  return isGzip(raw) ? gunzipSync(raw, { maxOutputLength: maxBytes }) : raw;
}

/** The file's text (see `readBytes`). */
export async function readText(path: string, maxBytes?: number): Promise<string> {
  return (await readBytes(path, maxBytes)).toString("utf8");
}
