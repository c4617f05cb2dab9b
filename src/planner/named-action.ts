// An operation whose call is named apart from its path (AWS query `Action=PurgeQueue`, JSON `X-Amz-Target: …GetItem`) → that action's name.
import type { Parameter } from "../model/api-model.js";
import { schemaLookup } from "../model/api-source.js";
import { queryAction } from "./risk.js";
import { soleValue } from "./sole-value.js";

/** The target header's schema is inline in every spec that declares one: no named schema is looked up. */
const NO_SCHEMAS = schemaLookup({});

/** `DynamoDB_20120810.GetItem`, `AmazonSSM.AddTagsToResource`: a service prefix, a dot, the action. */
const TARGET = /^[A-Za-z][\w-]*\.([A-Z][A-Za-z0-9]*)$/;

/**
 * The action an operation calls when many operations share one path and a value the call always sends tells them
 * apart: the sole value of a required `Action` query parameter (the query protocol), or the action after the service
 * prefix in the sole value of a required `X-Amz-Target` header (the JSON protocol). Its name says what the call does
 * (`SendMessage`, `DescribeInstances`), where the path (`/`) says nothing.
 */
export function namedAction(operation: {
  readonly path: string;
  readonly parameters?: readonly Parameter[];
}): string | undefined {
  return queryAction(operation) ?? targetAction(operation.parameters ?? []);
}

function targetAction(parameters: readonly Parameter[]): string | undefined {
  const header = parameters.find((p) => p.in === "header" && p.name.toLowerCase() === "x-amz-target");
  const value = header === undefined ? undefined : soleValue(header, NO_SCHEMAS)?.value;
  return typeof value === "string" ? TARGET.exec(value)?.[1] : undefined;
}
