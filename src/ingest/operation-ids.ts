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

/** Each spec id's call name where the API has one for it that no other operation's id or name spells alike. */
function withCallNames(assigned: readonly AssignedId[], candidates: readonly IdCandidate[]): AssignedId[] {
  const names = assigned.map((a, i) => {
    const candidate = candidates[i] as IdCandidate;
    return a.synthesized ? undefined : routeSuffixedName(a.id, candidate.method, candidate.path);
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
