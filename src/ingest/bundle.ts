// Turns a root document plus the local files its `$ref`s reach into one document with internal refs only.
import { fileURLToPath } from "node:url";
import type { Diagnostic } from "../diagnostics/types.js";
import type { SourceDoc } from "../source/source.js";
import { locatedDiagnostic } from "./report.js";
import type { RefSet } from "./refs.js";

const NO_NETWORK =
  "ingest never uses the network; bundle the spec into one local file first (e.g. `npx @redocly/cli bundle`)";

export interface Bundled {
  readonly value?: unknown;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Bundles with swagger-parser, which keeps refs as refs (circular schemas stay named references). Files are
 * served from the documents `checkRefs` already read and vetted, so the parser reads nothing itself: its
 * file resolver refuses anything unvetted and its HTTP resolver always fails. Bundle may leave refs that point
 * into operations (`#/paths/…`); the schema registry hoists those.
 */
export async function bundleDocuments(refs: RefSet): Promise<Bundled> {
  const root = refs.documents.get(refs.rootKey) as SourceDoc;
  const served = (url: string): SourceDoc => {
    const doc = refs.documents.get(toPath(url));
    if (doc === undefined) throw new Error(`${url} was not vetted by ingest and is not read`);
    return doc;
  };
  const options = {
    resolve: {
      external: true,
      http: { order: 1, canRead: /^https?:/i, read: () => Promise.reject(new Error(NO_NETWORK)) },
      file: {
        order: 2,
        canRead: (file: { url: string }) => !/^[a-z][a-z0-9+.-]+:\/\//i.test(file.url) || file.url.startsWith("file:"),
        read: (file: { url: string }) => Buffer.from(served(file.url).file),
      },
    },
    parse: {
      json: false,
      yaml: false,
      text: false,
      binary: false,
      vetted: {
        order: 1,
        canParse: true,
        allowEmpty: true,
        parse: (file: { url: string }) => structuredClone(served(file.url).value),
      },
    },
    bundle: { optimizeInternalRefs: true },
  };
  try {
    // Loaded only here: most specs are one file, and swagger-parser (with ajv) costs ~80 ms to load.
    const { default: SwaggerParser } = await import("@apidevtools/swagger-parser");
    const parser = new SwaggerParser();
    const value = await parser.bundle(refs.rootKey, structuredClone(root.value) as never, options as never);
    return { value, diagnostics: [] };
  } catch (error) {
    return {
      diagnostics: [
        locatedDiagnostic(root, "REF_BUNDLE_FAILED", "", {
          message: `bundling the referenced files failed: ${(error as Error).message}`,
        }),
      ],
    };
  }
}

function toPath(url: string): string {
  if (url.startsWith("file:")) return fileURLToPath(url);
  return decodeURI(url);
}
