// Turns a root document into the set of documents its `$ref`s reach, diagnosing every ref that cannot be followed.
import { realpath } from "node:fs/promises";
import type { Diagnostic } from "../diagnostics/types.js";
import { parseSource, type SourceDoc, type SourceLimits } from "../source/source.js";
import { join } from "../util/pointer.js";
import { readText } from "../util/read-text.js";
import { locatedDiagnostic } from "./report.js";
import {
  folderOf,
  isInside,
  isRefProblem,
  refTarget,
  type RefBase,
  type RefProblem,
  type RefTarget,
} from "./ref-target.js";
import { isRecord } from "./walk.js";

/** One `$ref` member: the document it is in, its pointer (ending in `/$ref`) and its value. */
export interface RefSite {
  readonly doc: string;
  readonly pointer: string;
  readonly ref: string;
}

export interface RefSet {
  /** Every readable document by key; the root is under `rootKey`, other files under their absolute path. */
  readonly documents: ReadonlyMap<string, SourceDoc>;
  readonly rootKey: string;
  /** True when some `$ref` leads to another file, so the documents must be bundled into one. */
  readonly external: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

export interface RefCheckOptions {
  /** Key of the root: its absolute path, or a stand-in for an in-memory document. */
  readonly rootKey: string;
  /** Folder relative refs in the root resolve against; no file outside it may be read. */
  readonly rootDir: string;
  readonly limits: SourceLimits;
  /** How a file's absolute path is shown in diagnostics (relative, in the style the user gave the root). */
  readonly display: (absolutePath: string) => string;
  /** The root's ref sites when the caller already walked it (`scanDocument`); otherwise they are collected here. */
  readonly rootSites?: readonly RefSite[];
}

interface Checker {
  readonly options: RefCheckOptions;
  readonly documents: Map<string, SourceDoc>;
  readonly diagnostics: Diagnostic[];
  readonly sites: { site: RefSite; target: RefTarget }[];
  external: boolean;
}

/**
 * Reads every document the root's `$ref`s reach (local files inside the root folder only; URLs are refused,
 * since ingest never uses the network), then checks that each ref resolves and that no chain of refs loops
 * without reaching a value. Diagnostics point at the offending `$ref` in the file that holds it.
 */
export async function checkRefs(root: SourceDoc, options: RefCheckOptions): Promise<RefSet> {
  const checker: Checker = {
    options,
    documents: new Map([[options.rootKey, root]]),
    diagnostics: [],
    sites: [],
    external: false,
  };
  const queue = [options.rootKey];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    const source = checker.documents.get(key) as SourceDoc;
    const base: RefBase = { doc: key, dir: key === options.rootKey ? options.rootDir : folderOf(key) };
    const sites =
      key === options.rootKey && options.rootSites !== undefined
        ? options.rootSites
        : collectRefSites(key, source.value);
    const targets = new Map<string, RefTarget | RefProblem>();
    for (const site of sites) {
      let named = targets.get(site.ref);
      if (named === undefined) targets.set(site.ref, (named = refTarget(site.ref, base)));
      const target: RefTarget | undefined =
        isRefProblem(named) || named.doc !== key ? await targetOf(checker, site, named) : named;
      if (target === undefined) continue;
      checker.sites.push({ site, target });
      if (target.doc !== key && !checker.documents.has(target.doc) && (await loadDocument(checker, site, target)))
        queue.push(target.doc);
    }
  }
  const resolves = new Map<RefTarget, boolean>();
  for (const { site, target } of checker.sites) checkResolves(checker, site, target, resolves);
  findCycles(checker);
  return {
    documents: checker.documents,
    rootKey: options.rootKey,
    external: checker.external,
    diagnostics: checker.diagnostics,
  };
}

/** Every `$ref` member with a string value, in document order. Non-string `$ref`s (a property named `$ref`) are data. */
export function collectRefSites(doc: string, value: unknown): RefSite[] {
  const sites: RefSite[] = [];
  const path: (string | number)[] = [];
  const visit = (node: object): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i];
        if (typeof child !== "object" || child === null) continue;
        path.push(i);
        visit(child);
        path.pop();
      }
      return;
    }
    const record = node as Record<string, unknown>;
    for (const key in record) {
      const child = record[key];
      if (key === "$ref" && typeof child === "string")
        sites.push({ doc, pointer: join("", ...path, "$ref"), ref: child });
      if (typeof child !== "object" || child === null) continue;
      path.push(key);
      visit(child);
      path.pop();
    }
  };
  if (typeof value === "object" && value !== null) visit(value);
  return sites;
}

/** The target `refTarget` named for a site, once it is known to be one ingest may read (a problem is reported). */
async function targetOf(
  checker: Checker,
  site: RefSite,
  target: RefTarget | RefProblem,
): Promise<RefTarget | undefined> {
  if (isRefProblem(target)) {
    const { code, ...init } = target;
    report(checker, site, code, init);
    return undefined;
  }
  if (target.doc === site.doc || checker.documents.has(target.doc)) return target;
  if (!isInside(checker.options.rootDir, target.doc) || !(await realpathInside(checker.options.rootDir, target.doc))) {
    report(checker, site, "REF_OUTSIDE_ROOT", {
      message: `\`$ref: ${site.ref}\` points to ${checker.options.display(target.doc)}, outside the spec's folder ${checker.options.display(checker.options.rootDir)}; ingest reads no file outside it`,
    });
    return undefined;
  }
  return target;
}

/** Lexically inside is not enough: a symlink inside the folder may lead out of it. */
async function realpathInside(folder: string, file: string): Promise<boolean> {
  try {
    return isInside(await realpath(folder), await realpath(file));
  } catch {
    return true;
  }
}

async function loadDocument(checker: Checker, site: RefSite, target: RefTarget): Promise<boolean> {
  let text: string;
  try {
    text = await readText(target.doc);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    report(checker, site, "REF_UNRESOLVED", {
      message: `\`$ref: ${site.ref}\` names a file that cannot be read: ${checker.options.display(target.doc)} (${reason})`,
    });
    return false;
  }
  const parsed = parseSource(checker.options.display(target.doc), text, checker.options.limits);
  checker.diagnostics.push(...parsed.diagnostics.map((d) => (d.pointer === undefined ? { ...d, pointer: "" } : d)));
  if (!parsed.ok) return false;
  checker.documents.set(target.doc, parsed.doc);
  checker.external = true;
  return true;
}

function report(
  checker: Checker,
  site: RefSite,
  code: Parameters<typeof locatedDiagnostic>[1],
  init: Parameters<typeof locatedDiagnostic>[3],
): void {
  const source = checker.documents.get(site.doc) as SourceDoc;
  checker.diagnostics.push(locatedDiagnostic(source, code, site.pointer, init));
}

/** Reports a site whose target does not resolve; `resolves` remembers each target's answer (sites share targets). */
function checkResolves(checker: Checker, site: RefSite, target: RefTarget, resolves: Map<RefTarget, boolean>): void {
  if (!checker.documents.has(target.doc)) return;
  let found = resolves.get(target);
  if (found === undefined) resolves.set(target, (found = resolveTarget(checker.documents, target) !== undefined));
  if (found) return;
  const where = target.doc === site.doc ? "this document" : checker.options.display(target.doc);
  report(checker, site, "REF_UNRESOLVED", {
    message: `\`$ref: ${site.ref}\` does not resolve: nothing at \`${target.pointer || "/"}\` in ${where}`,
  });
}

/** A resolved node: the value and the document it sits in. */
export interface Resolved {
  readonly doc: string;
  readonly value: unknown;
}

const MAX_REF_HOPS = 64;

/**
 * The value at `target`, following `$ref`s met part-way along the pointer (as json-schema-ref-parser does),
 * at most MAX_REF_HOPS of them; undefined when any step is missing.
 */
function resolveTarget(documents: ReadonlyMap<string, SourceDoc>, target: RefTarget, hops = 0): Resolved | undefined {
  let doc = target.doc;
  let node = documents.get(doc)?.value;
  for (const token of target.tokens) {
    if (isRefNode(node) && hops < MAX_REF_HOPS) {
      const inner = followRef(documents, node.$ref, doc, hops + 1);
      if (inner === undefined) return undefined;
      ({ doc, value: node } = inner);
    }
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return { doc, value: node };
}

function followRef(
  documents: ReadonlyMap<string, SourceDoc>,
  ref: string,
  doc: string,
  hops: number,
): Resolved | undefined {
  const target = refTarget(ref, { doc, dir: folderOf(doc) });
  return isRefProblem(target) ? undefined : resolveTarget(documents, target, hops);
}

function isRefNode(node: unknown): node is { readonly $ref: string } {
  return isRecord(node) && typeof node["$ref"] === "string";
}

/** Reports each loop of refs that never reaches a value once, at the first ref of the loop met in document order. */
function findCycles(checker: Checker): void {
  const settled = new Set<string>();
  const walked = new Set<RefTarget>();
  for (const { target } of checker.sites) {
    if (walked.has(target)) continue;
    walked.add(target);
    const chain: RefTarget[] = [];
    const keys: string[] = [];
    for (let next: RefTarget | undefined = target; next !== undefined; ) {
      const key = JSON.stringify([next.doc, next.pointer]);
      if (settled.has(key)) break;
      const loopStart = keys.indexOf(key);
      if (loopStart !== -1) {
        reportCycle(checker, chain.slice(loopStart));
        break;
      }
      const resolved = checker.documents.has(next.doc) ? resolveTarget(checker.documents, next) : undefined;
      if (!isRefNode(resolved?.value)) break;
      chain.push(next);
      keys.push(key);
      const further = refTarget(resolved.value.$ref, { doc: resolved.doc, dir: folderOf(resolved.doc) });
      next = isRefProblem(further) ? undefined : further;
    }
    for (const key of keys) settled.add(key);
  }
}

function reportCycle(checker: Checker, loop: readonly RefTarget[]): void {
  const [first] = loop;
  if (first === undefined) return;
  const show = (t: RefTarget): string =>
    (t.doc === checker.options.rootKey ? "" : `${checker.options.display(t.doc)}#`) + (t.pointer || "/");
  const source = checker.documents.get(first.doc) as SourceDoc;
  checker.diagnostics.push(
    locatedDiagnostic(source, "REF_CYCLE", `${first.pointer}/$ref`, {
      message: `\`$ref\`s loop without reaching a value: ${[...loop, first].map(show).join(" → ")}`,
    }),
  );
}
