// All-operations mode: one single-step tool per operation of the ApiModel, filtered by tag, operation and method.
import { withObjectName } from "./init/names.js";
import { htmlToText } from "../util/html-text.js";
import { schemaLookup } from "../model/api-source.js";
import type { ApiModel, HttpMethod, JsonSchema, Operation } from "../model/api-model.js";
import { withChangeInputs } from "./change-inputs.js";
import { type CredentialSlot, credentialSlots, withoutCredentialSentences } from "./credential-sentences.js";
import { apiBodyCredentials, httpBasicSchemes, stepCredentials } from "./credentials.js";
import { answerChecks } from "./envelope.js";
import { withTaskReaders } from "./goals/poll-with.js";
import { responseDescriptions } from "./goals/step.js";
import { apiStatusTable } from "./status-answers.js";
import { readsTaskById } from "./progress.js";
import { bindAllOfOperation } from "./inputs.js";
import { CONTINUATION } from "./goals/paging.js";
import { pagesByCountOnly, pagesByLinkOnly, pagingOf } from "./paging.js";
import { isPartialUpdate } from "./partial-update.js";
import { METADATA_ONLY, sendsMetadataOnly, successResultSchema } from "./media.js";
import { createNameAllocator } from "../util/naming.js";
import type { Diagnostic } from "../diagnostics/types.js";
import {
  isSignOut,
  oauthEndpoints,
  oauthEndpointsLeftOut,
  signOutsLeftOut,
  withheldSignIns,
} from "./oauth-endpoint.js";
import { isCorsPreflight, preflightsLeftOut } from "./preflight.js";
import { methodNamedAction, oneFormPerAction, operationToolName, twinsLeftOut } from "./query-actions.js";
import { type ApiVocabulary, apiVocabulary } from "./profile-aliases.js";
import { searchProfile } from "./profile-words.js";
import { operationProfile } from "./profile.js";
import { isIdentifierSummary, profileSentence, withoutBadgeHeadings } from "./summary-text.js";
import {
  changesStateByWords,
  idempotentByWords,
  isReadMethod,
  raiseByWords,
  raiseRiskFromSpec,
  repeatsByWords,
  riskFromMethods,
  postsOnly,
  riskMethod,
  withRepeats,
} from "./risk.js";
import type { StepPlan, ToolDef, ToolInput } from "./types.js";
import type { ConfigDeclaration } from "../goals/types.js";

export interface OperationFilter {
  readonly includeTags: readonly string[];
  readonly excludeTags: readonly string[];
  /** operationIds or `METHOD /path` strings; empty means all. */
  readonly includeOperations: readonly string[];
  /** Lower-case HTTP methods; empty means all. */
  readonly methods: readonly HttpMethod[];
}

/** Whether `operation` passes every filter given. */
function matchesFilter(operation: Operation, filter: OperationFilter): boolean {
  const tags = new Set(operation.tags);
  if (filter.includeTags.length > 0 && !filter.includeTags.some((t) => tags.has(t))) return false;
  if (filter.excludeTags.some((t) => tags.has(t))) return false;
  if (filter.methods.length > 0 && !filter.methods.includes(operation.method)) return false;
  if (filter.includeOperations.length === 0) return true;
  const signature = `${operation.method.toUpperCase()} ${operation.path}`;
  return filter.includeOperations.some((o) => o === operation.id || o.toUpperCase() === signature.toUpperCase());
}

/**
 * One tool per operation that passes `filter`, in the model's operation order; an AWS query action selected in both its
 * forms is one tool (see `oneFormPerAction`), the form left out said in an info diagnostic; a CORS preflight is left
 * out unless operations are named (see `isCorsPreflight`), also said in an info diagnostic, and so is the API's own
 * OAuth sign-in (see `isOAuthEndpoint`); so, said at ingest, is a GET or HEAD that cannot be called without the body
 * it cannot send (`bodyUnsendable`).
 */
export function planAllOperations(
  model: ApiModel,
  filter: OperationFilter,
): { readonly tools: ToolDef[]; readonly diagnostics: Diagnostic[] } {
  const allocate = createNameAllocator();
  const vocabulary = apiVocabulary(model);
  const selected = model.operations.filter((operation) => matchesFilter(operation, filter));
  const named = filter.includeOperations.length > 0;
  const preflights = named ? [] : selected.filter(isCorsPreflight);
  const signIns = named ? [] : selected.filter(oauthEndpoints(model, schemaLookup(model.schemas)));
  const signOuts = named ? [] : selected.filter((operation) => !signIns.includes(operation) && isSignOut(operation));
  // A GET whose required body was dropped cannot be called as its spec says (said by SPEC_READ_BODY_DROPPED).
  const uncallable = (o: Operation): boolean => !named && o.bodyUnsendable === true;
  const { kept, leftOut } = oneFormPerAction(
    selected.filter((o) => !preflights.includes(o) && !signIns.includes(o) && !signOuts.includes(o) && !uncallable(o)),
  );
  return {
    tools: withTaskReaders(
      kept.map((operation) =>
        withChangeInputs(
          operationToTool(
            model,
            operation,
            allocate(withObjectName(operationToolName(operation), operation)),
            vocabulary,
          ),
          [operation],
        ),
      ),
    ),
    diagnostics: [
      ...(leftOut.length === 0 ? [] : [twinsLeftOut(model.file, leftOut)]),
      ...(preflights.length === 0 ? [] : [preflightsLeftOut(model.file, preflights)]),
      ...(signIns.length === 0
        ? []
        : [
            oauthEndpointsLeftOut(
              model.file,
              signIns,
              signIns.filter(withheldSignIns(model, schemaLookup(model.schemas))),
            ),
          ]),
      ...(signOuts.length === 0 ? [] : [signOutsLeftOut(model.file, signOuts)]),
    ],
  };
}

/**
 * One operation as one tool. A read that pages only by a link its answer names (Up's `links.next`, a `Link` header),
 * with no query parameter the model could set for another page, reads on by the `continuation` input as a goal's list
 * does: without it the next page is a URL no tool takes.
 */
function operationToTool(model: ApiModel, operation: Operation, name: string, vocabulary: ApiVocabulary): ToolDef {
  const schemas = schemaLookup(model.schemas);
  const apiWide = apiBodyCredentials(model.operations, (o) => o as Operation, schemas);
  const { inputs, params, body, configured, idempotencyKey, stamps } = bindAllOfOperation(
    operation,
    schemas,
    model.securitySchemes,
    apiWide,
    isPartialUpdate(operation, model.operations),
  );
  const credentials = stepCredentials(operation, model.securitySchemes, () => false, { schemas, apiWide });
  const profile = withRepeats(
    raiseByWords(riskFromMethods([riskMethod(operation, postsOnly(model.operations))]), [operation], schemas),
    [operation],
  );
  const risk = raiseRiskFromSpec(profile.risk, operation.extensions["x-aci-risk"]);
  const success = operation.success;
  const origin = { file: model.file, pointer: operation.pointer };
  const step: StepPlan = {
    id: "call",
    operationId: operation.id,
    method: operation.method,
    path: operation.path,
    params,
    ...(body === undefined ? {} : { body }),
    outputs: {},
    dependsOn: [],
    readOnly: isReadMethod(riskMethod(operation, postsOnly(model.operations))) && !changesStateByWords(operation),
    security: credentials.security,
    ...(configured.length === 0
      ? {}
      : {
          config: configured.map((c) => ({ ...c, origin: { ...origin, pointer: `${operation.pointer}/parameters` } })),
        }),
    ...(credentials.generated.length === 0 ? {} : { credentials: credentials.generated }),
    successStatus: success?.status ?? "default",
    responseDescriptions: responseDescriptions(operation, apiStatusTable(model.description)),
    errorHints: {},
    successCriteria: [],
    onSuccess: [],
    onFailure: [],
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    ...(stamps === undefined ? {} : { stamps }),
    ...(repeatsByWords(operation) ? { repeats: true as const } : {}),
    ...(idempotentByWords(operation) ? { idempotent: true as const } : {}),
    ...answerChecks(operation, schemaLookup(model.schemas), undefined, readsTaskById(model.operations)),
    origin,
  };
  const paging = step.readOnly ? pagingOf(operation, schemas) : undefined;
  // Read on by `continuation` where the answer alone would not say more pages follow (a link only, or a full page), or
  // where the runtime reads on by itself from a cursor taking the last item's id (rev.ai's `starting_after`).
  const linked =
    paging !== undefined &&
    (pagesByLinkOnly(operation, paging, schemas) || pagesByCountOnly(operation, paging) || paging.after !== undefined);
  return {
    name,
    title:
      (saysOnlyIdentifier(operation) ? profileSentence(operationProfile(operation)).replace(/\.$/, "") : undefined) ??
      operation.summary ??
      methodNamedAction(operation) ??
      `${operation.method.toUpperCase()} ${operation.path}`,
    description: operationDescription(operation, credentialSlots(operation.security, model.securitySchemes)),
    risk,
    category: profile.category,
    annotations: profile.annotations,
    approval: risk === "low" ? "none" : "required",
    inputs: linked ? [...inputs, CONTINUATION] : inputs,
    steps: [linked ? { ...step, paging } : step],
    returns: { schema: successSchema(operation), narrowingInputs: narrowingInputs(inputs) },
    origin,
    ...(profile.reason === undefined ? {} : { riskReason: profile.reason }),
    ...(operation.tags.length === 0 ? {} : { tags: operation.tags }),
    profile: searchProfile(operation, schemaLookup(model.schemas), vocabulary),
  };
}

/**
 * The summary and description, a summary that is only an identifier (`addCards()`) said from the profile instead;
 * without sentences telling the caller how to send the credentials in `slots` (the runtime sends them).
 */
function operationDescription(operation: Operation, slots: readonly CredentialSlot[]): string {
  const identifier = saysOnlyIdentifier(operation);
  const parts = [identifier ? undefined : operation.summary, operation.description]
    .map((p) =>
      p === undefined ? undefined : withoutCredentialSentences(withoutBadgeHeadings(htmlToText(p).trim()), slots),
    )
    .filter((p): p is string => p !== undefined && p !== "");
  if (identifier && parts.length === 0) parts.push(profileSentence(operationProfile(operation)));
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  const call = `Calls ${operation.method.toUpperCase()} ${operation.path}.`;
  const metadata = sendsMetadataOnly(operation.requestBody?.contents ?? []) ? [METADATA_ONLY] : [];
  return [...unique.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)), call, ...metadata].join(" ");
}

const saysOnlyIdentifier = (operation: Operation): boolean =>
  operation.summary !== undefined && isIdentifierSummary(htmlToText(operation.summary));

function successSchema(operation: Operation): JsonSchema {
  return successResultSchema(operation.success?.contents ?? []);
}

const NARROWING = new RegExp(
  "^(limit|per_page|page_size|pagesize|rows|max_items|page|max|max_results|count|top|first|cursor|offset|start|" +
    "since|until|q|query|filter|search|state|status|sort|fields)$",
);

/**
 * Optional inputs that shrink a result: page size (every name the paging planner reads as one: Stack Exchange's
 * `pagesize`, Solr's `rows`), paging, filters.
 */
export function narrowingInputs(inputs: readonly ToolInput[]): string[] {
  return inputs.filter((i) => !i.required && NARROWING.test(i.name)).map((i) => i.name);
}

/**
 * What all-operations mode declares of the configured values its tools bind (only ever the account a basic-auth user
 * signs in as): the basic-auth user when unset, where every step binding it signs in with the same http basic scheme
 * (otherwise whose user it is is not determined).
 */
export function allOperationsConfig(
  tools: readonly ToolDef[],
  schemes: ApiModel["securitySchemes"],
): Record<string, ConfigDeclaration> {
  const steps = tools.flatMap((t) => t.steps);
  const names = [...new Set(steps.flatMap((s) => (s.config ?? []).map((c) => c.name)))];
  return Object.fromEntries(
    names.map((name) => {
      const binding = steps.filter((s) => s.config?.some((c) => c.name === name));
      const pointer = binding[0]?.config?.find((c) => c.name === name)?.origin.pointer ?? "";
      const basic = httpBasicSchemes(
        binding.flatMap((s) => s.security),
        schemes,
      );
      return [name, { pointer, ...(basic.length === 1 ? { default: "basic_auth_user" as const } : {}) }];
    }),
  );
}
