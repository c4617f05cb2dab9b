// Turns each operation's operationId (or its method + path) into a unique, stable operation id.
import type { HttpMethod } from "../model/api-model.js";
import { join } from "../util/pointer.js";
import type { Reporter } from "./report.js";

export interface IdCandidate {
  readonly method: HttpMethod;
  readonly path: string;
  readonly operationId?: string;
  /** Pointer of the operation object. */
  readonly pointer: string;
}

export interface AssignedId {
  readonly id: string;
  readonly synthesized: boolean;
  /** The part of the id that names the call (see `routeSuffixedName`), when it is no other operation's name. */
  readonly name?: string;
}

/**
 * Spec operationIds are kept as written; a repeated one is an error naming both places (the second keeps
 * its id so later stages still see it). Operations without one get `synthesizeOperationId`, suffixed
 * 2, 3, … in spec order when it collides with any other id.
 */
export function assignOperationIds(candidates: readonly IdCandidate[], reporter: Reporter): AssignedId[] {
  const firstAt = new Map<string, string>();
  for (const candidate of candidates) {
    const id = candidate.operationId;
    if (id === undefined) continue;
    const first = firstAt.get(id);
    if (first === undefined) {
      firstAt.set(id, candidate.pointer);
      continue;
    }
    reporter.report("SPEC_DUPLICATE_OPERATION_ID", join(candidate.pointer, "operationId"), {
      message: `operationId "${id}" is used twice: at ${join(first, "operationId")} and at ${join(candidate.pointer, "operationId")}`,
    });
  }
  const taken = new Set(firstAt.keys());
  const assigned = candidates.map((candidate): AssignedId => {
    if (candidate.operationId !== undefined) return { id: candidate.operationId, synthesized: false };
    const base = synthesizeOperationId(candidate.method, candidate.path);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
    taken.add(id);
    return { id, synthesized: true };
  });
  return withCallNames(assigned, candidates);
}

/**
 * FastAPI's generated operationId, `<function>_<path with every non-word character as _>_<method>`
 * (`create_endpoint_api_v1_app__app_id__endpoint__post` of `POST /api/v1/app/{app_id}/endpoint/`): its function name
 * (`create_endpoint`), the rest only restating the route; undefined for any other id.
 */
export function routeSuffixedName(id: string, method: HttpMethod, path: string): string | undefined {
  const suffix = `${path.replace(/\W/g, "_")}_${method}`;
  if (id.length <= suffix.length || !id.endsWith(suffix)) return undefined;
  const name = id.slice(0, -suffix.length);
  return /[A-Za-z]/.test(name) ? name : undefined;
}

/** A version an id ends in after its `Group_Method` (`SalesOrderV2_GetAllOrders_V2`): the path says it already. */
const VERSION_SUFFIX = /^([A-Za-z0-9]+_[A-Za-z0-9]+)_[Vv]\d+$/;

/**
 * An id with `By` glued to path parameters' names as written (Swashbuckle's `CustomerInvoice_ReleaseInvoiceByinvoiceNumber`
 * of `…/{invoiceNumber}/…`, `SupplierInvoice_PutByTypeBydocumentTypeinvoiceNumber` of `…/{documentType}/{invoiceNumber}`),
 * or ending in a version after its `Group_Method` (`SalesOrderV2_GetAllOrders_V2`): the name with each glued name
 * capitalised, two joined by `And` (`…ByInvoiceNumber`, `…ByDocumentTypeAndInvoiceNumber`), and the version dropped, so
 * it reads `by invoice number`, not `byinvoice number`; undefined when the id has neither.
 */
export function gluedName(id: string, path: string): string | undefined {
  const parameters = [...path.matchAll(/\{([a-z][A-Za-z0-9]*)\}/g)]
    .map((m) => m[1] as string)
    .sort((a, b) => b.length - a.length);
  const unglued = id.replace(/By([a-z][A-Za-z0-9]*)/g, (whole, rest: string) => {
    const names: string[] = [];
    let left = rest;
    for (let next = parameters.find((p) => left.startsWith(p)); next !== undefined; ) {
      names.push(next);
      left = left.slice(next.length);
      next = parameters.find((p) => left.startsWith(p));
    }
    if (names.length === 0 || /^[a-z0-9]/.test(left)) return whole;
    return `By${names.map((n) => n.charAt(0).toUpperCase() + n.slice(1)).join("And")}${left}`;
  });
  const name = unglued.replace(VERSION_SUFFIX, "$1");
  return name === id ? undefined : name;
}

/** Each spec id's call name where the API has one for it that no other operation's id or name spells alike. */
function withCallNames(assigned: readonly AssignedId[], candidates: readonly IdCandidate[]): AssignedId[] {
  const names = assigned.map((a, i) => {
    const candidate = candidates[i] as IdCandidate;
    if (a.synthesized) return undefined;
    return routeSuffixedName(a.id, candidate.method, candidate.path) ?? gluedName(a.id, candidate.path);
  });
  const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
  const count = new Map<string, number>();
  for (const [i, a] of assigned.entries()) {
    const k = key(names[i] ?? a.id);
    count.set(k, (count.get(k) ?? 0) + 1);
  }
  return assigned.map((a, i) => {
    const name = names[i];
    return name === undefined || count.get(key(name)) !== 1 ? a : { ...a, name };
  });
}

/** `get /pets/{petId}/toys` → `getPetsByPetIdToys`: camelCase, path parameters introduced by `By`. */
export function synthesizeOperationId(method: HttpMethod, path: string): string {
  const parts = path
    .split("/")
    .filter((segment) => segment !== "")
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? ["by", ...words(parameter[1] ?? "")] : words(segment);
    });
  return method + parts.map(capitalize).join("");
}

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
