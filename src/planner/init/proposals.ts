// Proposes goals per group: a find/list read, a get-details read, create/update/delete actions, and resolution chains.
import type { ApiModel, Operation } from "../../model/api-model.js";
import { toIdentifierName, toSnakeCase } from "../../util/naming.js";
import { isReadMethod } from "../risk.js";
import { createInputNamer, operationStep } from "./bindings.js";
import { matchChain, resolverStepId, responsePointer, type ChainMatch, type Resolver } from "./chains.js";
import { endsWithParameter, filterCount, groupOf, idParameters, idParts, isListOperation, signatureOf, singular, staticSegments } from "./operations.js";
import { entityWords, operationGoalName } from "./names.js";
import type { DraftGoal, GoalKind } from "./types.js";

/** A goal before ranking: its wanted name may still clash, and `notFor` is filled once the kept goals are known. */
export interface Proposal extends Omit<DraftGoal, "notFor"> {
  readonly groupRank: number;
  readonly operationIndex: number;
  /** Every step is a read (chains that only read rank before chains that change something). */
  readonly readOnly: boolean;
}

type Picker = (model: ApiModel, operations: readonly Operation[]) => Operation | undefined;

const fewestPathParams = (o: Operation): number => o.parameters.filter((p) => p.in === "path").length;

function best(operations: readonly Operation[], score: (o: Operation) => number): Operation | undefined {
  return [...operations].sort((a, b) => Number(a.deprecated) - Number(b.deprecated) || score(a) - score(b))[0];
}

const PICKERS: Readonly<Record<Exclude<GoalKind, "chain">, Picker>> = {
  find: (model, ops) => best(ops.filter((o) => isListOperation(model, o)), (o) => idParameters(o).length * 100 + fewestPathParams(o) * 10 - Math.min(filterCount(o), 9)),
  get: (_m, ops) => best(ops.filter((o) => o.method === "get" && endsWithParameter(o.path)), fewestPathParams),
  create: (_m, ops) => best(ops.filter((o) => o.method === "post" && !endsWithParameter(o.path)), fewestPathParams),
  update: (_m, ops) => best(ops.filter((o) => o.method === "patch" || o.method === "put" || (o.method === "post" && endsWithParameter(o.path))), (o) => fewestPathParams(o) + (o.method === "post" ? 10 : 0)),
  delete: (_m, ops) => best(ops.filter((o) => o.method === "delete"), fewestPathParams),
};

/** Single-operation proposals for one group, skipping operations already taken by a chain target. */
export function groupProposals(model: ApiModel, group: { name: string; rank: number; operations: readonly Operation[] }, taken: ReadonlySet<Operation>): Proposal[] {
  const free = group.operations.filter((o) => !taken.has(o));
  return (Object.keys(PICKERS) as Exclude<GoalKind, "chain">[]).flatMap((kind) => {
    const operation = PICKERS[kind](model, free);
    return operation ? [singleProposal(model, operation, kind, group)] : [];
  });
}

function singleProposal(model: ApiModel, operation: Operation, kind: Exclude<GoalKind, "chain">, group: { name: string; rank: number }): Proposal {
  const namer = createInputNamer(model.schemas);
  const stepId = toIdentifierName(staticSegments(operation.path).at(-1) ?? kind, "call", 40);
  return {
    name: toIdentifierName(operationGoalName(operation, KIND_VERBS[kind]), "goal"),
    kind,
    group: group.name,
    description: sentence(summaryOf(operation)),
    useWhen: todoUseWhen(KIND_HINTS[kind](kind === "find" ? entityWords(group.name) : entityOfOperation(operation, group.name), operation)),
    inputs: [],
    steps: [operationStep(model, operation, { id: stepId, namer })],
    calls: [signatureOf(operation)],
    deprecated: operation.deprecated,
    groupRank: group.rank,
    operationIndex: model.operations.indexOf(operation),
    readOnly: isReadMethod(operation.method),
  };
}

const KIND_VERBS: Readonly<Record<Exclude<GoalKind, "chain">, string>> = { find: "list", get: "get", create: "create", update: "update", delete: "delete" };

const KIND_HINTS: Readonly<Record<Exclude<GoalKind, "chain">, (entity: string, operation: Operation) => string>> = {
  find: (entity) => `e.g. the user wants to browse or filter ${entity} records`,
  get: (entity, o) => `e.g. the user asks about one ${entity} and you know its ${idNames(o)}`,
  create: (entity) => `e.g. the user asks to add a new ${entity}; say what must be known first`,
  update: (entity) => `e.g. the user asks to change an existing ${entity}`,
  delete: (entity) => `e.g. the user explicitly asks to delete a ${entity}; say what to confirm first`,
};

function entityOfOperation(operation: Operation, group: string): string {
  const last = operation.parameters.filter((p) => p.in === "path").at(-1);
  const fromId = last === undefined ? undefined : idParts(last.name)?.entity;
  const segment = staticSegments(operation.path).at(-1);
  const entity = fromId || (segment === undefined ? undefined : singular(toSnakeCase(segment)));
  return entity ? entity.replaceAll("_", " ") : entityWords(group);
}

function idNames(operation: Operation): string {
  return operation.parameters.filter((p) => p.in === "path").map((p) => p.name).join(" and ") || "identifier";
}

/** The two-step goal of a chain: resolve the record, then call the target with its id. */
export function chainProposal(model: ApiModel, match: ChainMatch, groupRank: number): Proposal {
  const { resolver, target, parameter } = match;
  const namer = createInputNamer(model.schemas);
  const lookupId = resolverStepId(match);
  const output = toIdentifierName(match.pointer.at(-1) ?? "id", "id", 40);
  const queryInput = namer(resolver.query.name, resolver.query.schema, lookupId);
  const first = operationStep(model, resolver.operation, { id: lookupId, namer, preset: new Map([[resolver.query.name, `$inputs.${queryInput}`]]), outputs: { [output]: responsePointer(match) } });
  const targetId = toIdentifierName(staticSegments(target.path).at(-1) ?? "result", "result", 40);
  const secondId = targetId === lookupId ? `${targetId}_2` : targetId;
  const second = operationStep(model, target, { id: secondId, namer, preset: new Map([[parameter.name, `$steps.${lookupId}.outputs.${output}`]]) });
  const by = queryWord(resolver);
  return {
    name: toIdentifierName(`${operationGoalName(target, target.method === "get" ? "get" : "call")}_by_${by}`, "goal"),
    kind: "chain",
    group: groupOf(target),
    description: `${summaryOf(resolver.operation).replace(/[.!?]\s*$/, "")}, then ${lowerFirst(sentence(summaryOf(target)))}`,
    useWhen: todoUseWhen(`e.g. the user names a ${match.entity.replaceAll("_", " ")} by ${by.replaceAll("_", " ")} and does not know its ${parameter.name}`),
    inputs: resolver.query.required ? [] : [{ name: queryInput, required: true, description: resolver.query.description ?? `The ${by} to look the ${match.entity} up by.` }],
    steps: [first, second],
    calls: [signatureOf(resolver.operation), signatureOf(target)],
    deprecated: false,
    groupRank,
    operationIndex: model.operations.indexOf(target),
    readOnly: isReadMethod(target.method),
  };
}

const SEARCH_WORDS: ReadonlySet<string> = new Set(["q", "query", "search", "term", "keyword", "keywords", "filter"]);

function queryWord(resolver: Resolver): string {
  const snake = toSnakeCase(resolver.query.name);
  return SEARCH_WORDS.has(snake) ? "search" : snake;
}

/** Chains for every target in model order that has a resolver (deprecated targets are not chained). */
export function chainProposals(model: ApiModel, resolvers: readonly Resolver[], groupRank: (o: Operation) => number): Proposal[] {
  return model.operations.flatMap((target) => {
    if (target.deprecated) return [];
    const match = matchChain(model, target, resolvers);
    return match ? [chainProposal(model, match, groupRank(target))] : [];
  });
}

function summaryOf(operation: Operation): string {
  const summary = operation.summary?.trim();
  if (summary) return summary;
  const first = operation.description?.trim().split(/(?<=[.!?])\s|\n/)[0]?.trim();
  return first || signatureOf(operation);
}

function sentence(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return /[.!?]$/.test(oneLine) ? oneLine : `${oneLine}.`;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function todoUseWhen(hint: string): string {
  return `TODO: say when the agent should pick this tool (${hint}).`;
}
