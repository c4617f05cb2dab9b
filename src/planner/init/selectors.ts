// Selector chains: a read that yields a label selector (a Kubernetes scale's `status.selector`) → the core list filtered by it.
import { schemaLookup, type SchemaLookup } from "../../model/api-source.js";
import type { ApiModel, JsonSchema, Operation } from "../../model/api-model.js";
import { escapeToken } from "../../util/pointer.js";
import { toIdentifierName, toSnakeCase } from "../../util/naming.js";
import { isReadMethod } from "../risk.js";
import { propertyNames, schemaAtPointer } from "../schema-walk.js";
import { jsonTypes } from "../type-fit.js";
import { createInputNamer, operationStep } from "./bindings.js";
import { endsWithParameter, isListOperation, signatureOf, staticSegments, successSchema } from "./operations.js";
import type { Proposal } from "./proposals.js";

/** Where a string property named `selector` sits in a schema, two levels deep at most (`["status", "selector"]`). */
function selectorPointer(schema: JsonSchema, schemas: SchemaLookup, depth = 0): string[] | undefined {
  for (const name of propertyNames(schema, schemas)) {
    const walked = schemaAtPointer(schema, [name], schemas);
    if (!walked.ok) continue;
    const types = jsonTypes(walked.schema, schemas);
    if (toSnakeCase(name) === "selector" && types.has("string") && types.size <= 2) return [name];
    const below = depth < 1 && types.has("object") ? selectorPointer(walked.schema, schemas, depth + 1) : undefined;
    if (below) return [name, ...below];
  }
  return undefined;
}

const pathParameters = (o: Operation): string[] => o.parameters.filter((p) => p.in === "path").map((p) => p.name);

/** The list of `listed` that takes a selector query parameter and no path parameter the read lacks; most shared first. */
function selectedList(read: Operation, listed: readonly Operation[], model: ApiModel): Operation | undefined {
  const scope = new Set(pathParameters(read));
  return listed
    .filter(
      (o) =>
        isListOperation(model, o) &&
        !o.deprecated &&
        pathParameters(o).every((p) => scope.has(p)) &&
        o.parameters.some((p) => p.in === "query" && /(^|_)selector$/.test(toSnakeCase(p.name))),
    )
    .sort((a, b) => pathParameters(b).length - pathParameters(a).length)[0];
}

/**
 * "List the pods of a deployment": for each read of `owner` (a heavy resource) whose response carries a label selector,
 * the list of `member` (the heaviest one) that filters by it, as a two-step chain over what the user names.
 */
export function selectorChains(
  model: ApiModel,
  owner: { name: string; rank: number; operations: readonly Operation[] },
  member: { name: string; operations: readonly Operation[] },
): Proposal[] {
  return owner.operations.flatMap((read) => {
    if (read.method !== "get" || read.deprecated || endsWithParameter(read.path)) return [];
    const schema = successSchema(read);
    const pointer = schema === undefined ? undefined : selectorPointer(schema, schemaLookup(model.schemas));
    const list = pointer && selectedList(read, member.operations, model);
    const selectors = list?.parameters.filter((p) => p.in === "query" && /(^|_)selector$/.test(toSnakeCase(p.name)));
    const query = selectors?.find((p) => toSnakeCase(p.name) === "label_selector") ?? selectors?.[0];
    if (!pointer || !list || !query) return [];
    const namer = createInputNamer(schemaLookup(model.schemas));
    const readId = toIdentifierName(staticSegments(read.path).at(-1) ?? "read", "read", 40);
    const listId = toIdentifierName(staticSegments(list.path).at(-1) ?? "list", "list", 40);
    const owned = owner.name.replaceAll("_", " ");
    const members = (staticSegments(list.path).at(-1) ?? member.name).toLowerCase();
    return [
      {
        name: toIdentifierName(`list_${toSnakeCase(members)}_of_${owner.name}`, "goal"),
        kind: "chain" as const,
        group: owner.name,
        entity: owned,
        by: "name",
        chainKey: `${signatureOf(read)} selector ${signatureOf(list)}`,
        description: `Read the label selector of the ${owned} (${pointer.join(".")}), then list the ${members} it selects.`,
        useWhen: `The user asks which ${members} belong to a ${owned} they name.`,
        inputs: [],
        steps: [
          operationStep(model, read, {
            id: readId,
            namer,
            outputs: { selector: `$response.body#/${pointer.map(escapeToken).join("/")}` },
          }),
          operationStep(model, list, {
            id: listId === readId ? `${listId}_2` : listId,
            namer,
            preset: new Map([[query.name, `$steps.${readId}.outputs.selector`]]),
          }),
        ],
        calls: [signatureOf(read), signatureOf(list)],
        deprecated: false,
        groupRank: owner.rank,
        operationIndex: model.operations.indexOf(list),
        readOnly: isReadMethod(read.method) && isReadMethod(list.method),
      },
    ];
  });
}
