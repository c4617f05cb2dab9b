// Turns a spec (file path or parsed object) into the ApiModel, with every problem as a located diagnostic.
import { join as joinPath, relative as relativePath, resolve as resolvePath } from "node:path";
import { hasErrors } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { ApiModel } from "../model/api-model.js";
import { defaultSourceLimits, type SourceDoc, type SourceLimits } from "../source/source.js";
import { bundleDocuments } from "./bundle.js";
import type { IngestContext } from "./context.js";
import { detectDialect } from "./dialect.js";
import { documentToModel } from "./document.js";
import { IN_MEMORY_FILE, loadFile, loadValue } from "./load.js";
import { folderOf } from "./ref-target.js";
import { checkRefs } from "./refs.js";
import { createReporter } from "./report.js";
import { dropBadPatterns } from "./patterns.js";
import { checkSafety } from "./safety.js";
import { scanDocument } from "./scan.js";
import { createSchemaRegistry, schemaRefTargets } from "./schemas.js";
import type { JsonRecord } from "./walk.js";

export interface IngestOptions {
  /**
   * Folder an in-memory document's relative `$ref`s resolve against; no file outside it is read.
   * Default: the current directory. For a file, its own folder is used.
   */
  readonly baseDir?: string;
  /** Name diagnostics give an in-memory document; default `<object>`. */
  readonly file?: string;
  /** Size and YAML alias limits for the spec and every file it references. */
  readonly limits?: Partial<SourceLimits>;
  /**
   * Normalise each operation's parameters, request body and responses, and each named schema, only when it is
   * first read (see ApiModel), for callers that read a few of them (goals). The whole-document checks (refs,
   * safety, patterns) and everything cheap (ids, info, servers, security, tags) still run before `ingest` returns;
   * a structural problem inside an operation is then reported when that operation is first read, appended to
   * this result's `diagnostics` array (the same array), so `model` may be present although a later read adds an
   * error: read `diagnostics` again after using the model. Default false: everything is normalised before returning.
   */
  readonly lazy?: boolean;
}

export interface IngestResult {
  /** Absent when any diagnostic is an error (with `lazy`: any found before `ingest` returned). */
  readonly model?: ApiModel;
  /** The root document as read (never mutated), for locating later stages' findings. */
  readonly source?: SourceDoc;
  /** With `lazy`, grows as the model's lazy parts are first read. */
  readonly diagnostics: Diagnostic[];
}

/**
 * The ingest stage: read JSON or YAML, refuse what is not Swagger 2.0 / OAS 3.0 / 3.1,
 * check every `$ref` (no network; no file outside the spec's folder; no ref loops), bundle referenced files
 * with swagger-parser only when there are any, and normalise everything into one ApiModel. Never throws on
 * bad input: every problem is a diagnostic with file, pointer, line, column and a hint.
 */
export async function ingest(input: string | object, options: IngestOptions = {}): Promise<IngestResult> {
  const limits: SourceLimits = { ...defaultSourceLimits, ...options.limits };
  const lazy = options.lazy === true;
  const loaded =
    typeof input === "string"
      ? await loadFile(input, limits)
      : loadValue(input, options.file ?? IN_MEMORY_FILE, limits.maxDepth);
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const source = loaded.source;
  if (source === undefined) return { diagnostics };
  const reporter = createReporter(source, diagnostics);
  const dialect = detectDialect(source.value, reporter);
  if (dialect === undefined) return { source, diagnostics };

  const rootKey =
    typeof input === "string" ? resolvePath(input) : joinPath(resolvePath(options.baseDir ?? "."), IN_MEMORY_FILE);
  const rootDir = folderOf(rootKey);
  const shownDir = typeof input === "string" ? folderOf(input) : relativePath(process.cwd(), rootDir);
  const display = (path: string): string => joinPath(shownDir, relativePath(rootDir, path)) || ".";
  // One walk of the root serves the ref check, the safety checks and the pattern check; a bundled document is walked again.
  const rootScan = scanDocument(rootKey, source.value);
  const refs = await checkRefs(source, { rootKey, rootDir, limits, display, rootSites: rootScan.refSites });
  diagnostics.push(...refs.diagnostics);
  if (hasErrors(diagnostics)) return { source, diagnostics };

  const bundled = refs.external ? await bundleDocuments(refs) : { value: source.value, diagnostics: [] };
  diagnostics.push(...bundled.diagnostics);
  if (hasErrors(diagnostics)) return { source, diagnostics };

  const scan = refs.external ? scanDocument("", bundled.value) : rootScan;
  const document = dropBadPatterns(bundled.value as JsonRecord, scan, reporter);
  const hoist = refs.external
    ? schemaRefTargets(
        document,
        dialect,
        scan.refSites.map((site) => site.ref),
      )
    : [];
  const ctx: IngestContext = Object.freeze({
    document,
    dialect,
    schemas: createSchemaRegistry(document, dialect, hoist, { lazy }),
    reporter,
  });
  checkSafety(ctx, limits.maxRefs, scan);
  if (hasErrors(diagnostics)) return { source, diagnostics };
  const model = documentToModel(ctx, typeof input === "string" ? input : source.file, { lazy });
  return hasErrors(diagnostics) ? { source, diagnostics } : { model, source, diagnostics };
}
