// An operation → the id its names and words are read from: the part of its operationId that names the call, else the id.
import type { OperationSummary } from "./api-model.js";

/** What tool names, profiles and drafted words read of an operation's id: its `idName` when it has one, else its id. */
export function namingId(operation: Pick<OperationSummary, "id"> & { readonly idName?: string }): string {
  return operation.idName ?? operation.id;
}
