// Turns a spec (file path or parsed object) into the ApiModel, with every problem as a located diagnostic.
import { join as joinPath, relative as relativePath, resolve as resolvePath } from "node:path";
import { hasErrors } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { ApiIndex, ApiModel, Operation, OperationSummary } from "../model/api-model.js";
import type { ApiSource, Resolved } from "../model/api-source.js";
import { defaultSourceLimits, type SourceDoc, type SourceLimits } from "../source/source.js";
import { bundleDocuments } from "./bundle.js";
import type { IngestContext } from "./context.js";
import { detectDialect } from "./dialect.js";
import { documentToIndex, documentToModel } from "./document.js";
import { IN_MEMORY_FILE, loadFile, loadValue } from "./load.js";
import { operationToModel, type SummarisedOperation } from "./operations.js";
import { folderOf } from "./ref-target.js";
import { checkRefs } from "./refs.js";
import { createReporter } from "./report.js";
import { readEnumsBesideFormat } from "./enum-format.js";
import { repairEnums } from "./enums.js";
import { repairMojibake } from "./mojibake.js";
import { readExampleValues } from "./example-values.js";
import { readClosedAllOf } from "./closed-all-of.js";
import { readRequiredApart } from "./required-refs.js";
import { declareRequired } from "./undeclared-required.js";
import { readArrayProperties, readUntypedItems } from "./untyped-items.js";
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
}

export interface IngestResult {
  /** Absent when any diagnostic is an error. */
  readonly model?: ApiModel;
  /** The root document as read (never mutated), for locating later stages' findings. */
  readonly source?: SourceDoc;
  readonly diagnostics: readonly Diagnostic[];
}

export interface LazyIngestResult {
  /** Absent when any diagnostic found before returning is an error; resolving an operation may find more (its own). */
  readonly api?: ApiSource;
  readonly source?: SourceDoc;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The ingest stage: read JSON or YAML, refuse what is not Swagger 2.0 / OAS 3.0 / 3.1,
 * check every `$ref` (no network; no file outside the spec's folder; no ref loops), bundle referenced files
 * with swagger-parser only when there are any, and normalise everything into one ApiModel. Never throws on
 * bad input: every problem is a diagnostic with file, pointer, line, column and a hint.
 */
export async function ingest(input: string | object, options: IngestOptions = {}): Promise<IngestResult> {
  const prepared = await prepare(input, options, { lazy: false });
  if (!("ctx" in prepared)) return prepared;
  const { ctx, source, diagnostics } = prepared;
  const model = documentToModel(ctx, typeof input === "string" ? input : source.file);
  return hasErrors(diagnostics) ? { source, diagnostics } : { model, source, diagnostics };
}

/**
 * Ingest for callers that read a few operations (goals): the same checks of the whole document (refs, safety,
 * patterns) and everything cheap (ids, info, servers, security, tags) before returning, then each operation's
 * parameters, body and responses, and each named schema, only when asked for through the returned ApiSource. A
 * structural problem inside an operation comes back with that operation, for the caller to report.
 */
export async function ingestLazy(input: string | object, options: IngestOptions = {}): Promise<LazyIngestResult> {
  const prepared = await prepare(input, options, { lazy: true });
  if (!("ctx" in prepared)) return prepared;
  const { ctx, source, diagnostics } = prepared;
  const { index, operations } = documentToIndex(ctx, typeof input === "string" ? input : source.file);
  if (hasErrors(diagnostics)) return { source, diagnostics };
  return { api: lazySource(ctx, { index, operations, source }), source, diagnostics };
}

/** Resolves each operation once, reporting its findings into a list of its own; named schemas come from the registry. */
function lazySource(
  ctx: IngestContext,
  input: { index: ApiIndex; operations: readonly SummarisedOperation[]; source: SourceDoc },
): ApiSource {
  const raws = new Map(input.operations.map((o) => [o.summary, o]));
  const resolved = new Map<OperationSummary, Resolved<Operation>>();
  const resolveOperation = (summary: OperationSummary): Resolved<Operation> => {
    const known = resolved.get(summary);
    if (known !== undefined) return known;
    const operation = raws.get(summary);
    if (operation === undefined) throw new Error(`operation ${summary.id} is not one of this API's`);
    const diagnostics: Diagnostic[] = [];
    const value = operationToModel({ ...ctx, reporter: createReporter(input.source, diagnostics) }, operation);
    const result = Object.freeze({ value, diagnostics: Object.freeze(diagnostics) });
    resolved.set(summary, result);
    return result;
  };
  return Object.freeze({ index: input.index, resolveOperation, schema: ctx.schemas.schema });
}

type Prepared =
  | { readonly ctx: IngestContext; readonly source: SourceDoc; readonly diagnostics: Diagnostic[] }
  | { readonly source?: SourceDoc; readonly diagnostics: Diagnostic[] };

/** Everything before the model: load, dialect, refs, bundling, pattern and safety checks; stops at the first error. */
async function prepare(
  input: string | object,
  options: IngestOptions,
  mode: { readonly lazy: boolean },
): Promise<Prepared> {
  const limits: SourceLimits = { ...defaultSourceLimits, ...options.limits };
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
  const rootScan = scanDocument(rootKey, source.value, { hiddenFree: source.hiddenFree === true });
  const refs = await checkRefs(source, { rootKey, rootDir, limits, display, rootSites: rootScan.refSites });
  diagnostics.push(...refs.diagnostics);
  if (hasErrors(diagnostics)) return { source, diagnostics };

  const bundled = refs.external ? await bundleDocuments(refs) : { value: source.value, diagnostics: [] };
  diagnostics.push(...bundled.diagnostics);
  if (hasErrors(diagnostics)) return { source, diagnostics };

  const scan = refs.external ? scanDocument("", bundled.value) : rootScan;
  const repaired = readEnumsBesideFormat(
    repairEnums(dropBadPatterns(bundled.value as JsonRecord, scan, reporter), scan.enums, reporter),
    scan.enumsBesideFormat,
    reporter,
  );
  const read = readExampleValues(readUntypedItems(repaired, scan.untypedItems, reporter), scan.exampleSites);
  // Last of the schema repairs: it moves `required` lists, which the ones before it find at the pointers scanned.
  const document = repairMojibake(
    readArrayProperties(
      readClosedAllOf(
        readRequiredApart(
          declareRequired(read, scan.requiredElsewhere, scan.compositions, reporter),
          scan.requiredApart,
        ),
        scan.compositions,
      ),
      scan.arrayProperties,
      reporter,
    ),
    reporter,
  );
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
    schemas: createSchemaRegistry(document, dialect, hoist, mode),
    reporter,
  });
  checkSafety(ctx, limits.maxRefs, scan);
  if (hasErrors(diagnostics)) return { source, diagnostics };
  return { ctx, source, diagnostics };
}
