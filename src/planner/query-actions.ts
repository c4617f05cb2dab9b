// AWS query-protocol operations (`GET_PurgeQueue` and `POST_PurgeQueue`, both `#Action=PurgeQueue`) → the action each calls, one form per action.
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { Operation } from "../model/api-model.js";
import { toIdentifierName, toSnakeCase } from "../util/naming.js";
import { readActingVerb } from "./profile.js";
import { queryAction } from "./risk.js";
import { namingId } from "../model/naming-id.js";

/**
 * The AWS query action `operation` calls when its operationId is only its method and that action (`GET_PurgeQueue`
 * calling `Action=PurgeQueue`): the id says the method, the action what the call does.
 */
export function methodNamedAction(operation: Operation): string | undefined {
  const action = queryAction(operation);
  return action !== undefined && operation.id.toLowerCase() === `${operation.method}_${action}`.toLowerCase()
    ? action
    : undefined;
}

/**
 * A tool's name for `operation`: its action for a method-named AWS query action (`purge_queue`), the acting verb first
 * for a read named from its method and path whose last segment acts (BulkSMS's `GET /messages/send`: `send_messages`,
 * never `get_messages_send`), else its operationId.
 */
export function operationToolName(operation: Operation): string {
  return toIdentifierName(methodNamedAction(operation) ?? actingReadName(operation) ?? namingId(operation), "call");
}

function actingReadName(operation: Operation): string | undefined {
  const verb = operation.idSynthesized ? readActingVerb(operation) : undefined;
  if (verb === undefined) return undefined;
  const id = toSnakeCase(operation.id);
  const [head, tail] = [`${operation.method}_`, `_${toSnakeCase(verb)}`];
  return id.startsWith(head) && id.endsWith(tail) && id.length > head.length + tail.length
    ? `${toSnakeCase(verb)}_${id.slice(head.length, -tail.length)}`
    : undefined;
}

/** An operation left out as the twin of the one kept for its action. */
export interface LeftOutTwin {
  readonly operation: Operation;
  readonly kept: Operation;
}

/**
 * One form per AWS query action: where `operations` list an action as both `GET_X` and `POST_X`, the GET form is kept.
 * It sends every parameter in the query string under the names the protocol reads (`TagSpecification.N`), while the POST
 * form declares them as a `text/xml` body the protocol does not read, in EC2 under other names (`TagSpecifications`).
 */
export function oneFormPerAction(operations: readonly Operation[]): {
  readonly kept: readonly Operation[];
  readonly leftOut: readonly LeftOutTwin[];
} {
  const getForms = new Map<string, Operation>();
  for (const operation of operations) {
    const action = operation.method === "get" ? methodNamedAction(operation) : undefined;
    if (action !== undefined && !getForms.has(action)) getForms.set(action, operation);
  }
  const leftOut: LeftOutTwin[] = [];
  const kept = operations.filter((operation) => {
    const action = operation.method === "get" ? undefined : methodNamedAction(operation);
    const twin = action === undefined ? undefined : getForms.get(action);
    if (twin !== undefined) leftOut.push({ operation, kept: twin });
    return twin === undefined;
  });
  return { kept, leftOut };
}

const TWINS_NAMED = 5;

/** The info diagnostic that says which forms `oneFormPerAction` left out (the first few named). */
export function twinsLeftOut(file: string, leftOut: readonly LeftOutTwin[]): Diagnostic {
  const named = leftOut.slice(0, TWINS_NAMED).map((t) => `${t.operation.id} (kept: ${t.kept.id})`);
  const more = leftOut.length - named.length;
  return diagnostic("PLAN_QUERY_ACTION_TWIN_LEFT_OUT", {
    file,
    message: `${leftOut.length} POST forms of AWS query actions the spec also lists as GET are left out, one tool per action: ${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}`,
  });
}
