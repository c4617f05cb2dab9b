// Turns one `$ref` string, read in a given document, into the document and pointer tokens it names.
import { isAbsolute, relative, resolve as resolvePath, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { split } from "../util/pointer.js";
import type { DiagnosticCode } from "../diagnostics/catalog.js";
import type { FindingInit } from "./report.js";

/** Where a `$ref` leads: a document (by key: an absolute path, or the in-memory root's key) and a pointer. */
export interface RefTarget {
  readonly doc: string;
  readonly tokens: readonly string[];
  /** The fragment as a pointer, e.g. `/components/schemas/Pet`. */
  readonly pointer: string;
}

export type RefProblem = { readonly code: DiagnosticCode } & FindingInit;

/** The document a `$ref` is read in: its key, and the folder its relative refs resolve against. */
export interface RefBase {
  readonly doc: string;
  readonly dir: string;
}

const URI_SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

const REMOTE_SCHEMES = new Set(["http", "https"]);

/**
 * Classifies a `$ref` without touching the file system: a local pointer, a file (absolute path), a URL
 * (refused: ingest never uses the network), or something malformed.
 */
export function refTarget(ref: string, base: RefBase): RefTarget | RefProblem {
  const hash = ref.indexOf("#");
  const location = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? "" : ref.slice(hash + 1);
  const tokens = fragmentTokens(fragment);
  if (tokens === undefined) {
    return {
      code: "REF_INVALID",
      message: `\`$ref: ${ref}\` has a fragment that is not a JSON pointer (anchors are not supported)`,
    };
  }
  const pointer = tokens.length === 0 ? "" : `/${fragment.replace(/^\//, "")}`;
  if (location === "") return { doc: base.doc, tokens, pointer: decodePointer(pointer) };
  const scheme = URI_SCHEME.exec(location)?.[1]?.toLowerCase();
  if (scheme !== undefined && REMOTE_SCHEMES.has(scheme)) {
    return {
      code: "REF_REMOTE",
      message: `\`$ref: ${ref}\` points to a URL; ingest reads local files only and never uses the network`,
    };
  }
  const file = scheme === "file" ? fileUrlPath(location) : scheme === undefined ? decodePath(location) : undefined;
  if (file === undefined) {
    return {
      code: "REF_UNRESOLVED",
      message: `\`$ref: ${ref}\` uses a scheme ingest cannot read; only local files and \`#/\` pointers are followed`,
    };
  }
  return { doc: resolvePath(base.dir, file), tokens, pointer: decodePointer(pointer) };
}

export function isRefProblem(value: RefTarget | RefProblem): value is RefProblem {
  return "code" in value;
}

/** True when `file` lies in `folder` or below it (both absolute). */
export function isInside(folder: string, file: string): boolean {
  const rel = relative(folder, file);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

export function folderOf(file: string): string {
  return dirname(file);
}

function fragmentTokens(fragment: string): string[] | undefined {
  if (fragment !== "" && !fragment.startsWith("/")) return undefined;
  try {
    return split(`#${fragment}`);
  } catch {
    return undefined;
  }
}

function decodePointer(pointer: string): string {
  try {
    return decodeURIComponent(pointer);
  } catch {
    return pointer;
  }
}

function decodePath(location: string): string | undefined {
  try {
    return decodeURI(location);
  } catch {
    return undefined;
  }
}

function fileUrlPath(location: string): string | undefined {
  try {
    return fileURLToPath(location);
  } catch {
    return undefined;
  }
}
