// A request body's properties → those a drafted step binds: the required ones, plus those whose description says they may be required.
import type { JsonSchema, Operation } from "../../model/api-model.js";
import { isPlural, stem } from "../../runtime/adapters/search-words.js";
import type { BodyKind } from "../../runtime/types.js";
import { htmlToText } from "../../util/html-text.js";
import { compactName } from "./body-slots.js";

/**
 * "Required. …", "whether it is required depends on …" — said of the field itself, not "other operations are required";
 * "Mandatory, the item class …", "is mandatory" likewise (Visma.net's `itemClass`).
 */
const SAYS_REQUIRED = /^(?:required|mandatory)\b|\bis (?:required|mandatory)\b(?! or not)/i;
/**
 * "Mandatory for POST, not applicable for PUT" (Visma.net's `inventoryNumber`), "Mandatory field for creating a new
 * location", "Required for insert" (Google Content's datafeed `name`): needed by a create, not by a change.
 */
const SAYS_REQUIRED_ON_POST = /^(?:required|mandatory)(?: field)? (?:for|on|when) (?:post|create|creating|insert)\b/i;
const SAYS_OPTIONAL = /\b(not required|optional)\b/i;
/**
 * A create's field that is the new record's identifier, chosen by the client: Cloud Logging's sink `name` ("Output
 * only. The client-assigned sink identifier, unique within the project."), exclusion `name` ("A client-assigned
 * identifier, such as \"load-balancer-exclusion\""). No parameter names the record, so the create cannot go without it.
 */
const SAYS_CLIENT_NAMED = new RegExp(
  String.raw`^\W*(?:(?:output only|required|immutable|identifier)\.\s*)*(?:an?|the)\s+` +
    String.raw`client[- ](?:assigned|specified|chosen)\s+(?:[\w-]+\s+)?identifier\b`,
  "i",
);
/**
 * Required in some cases only, so not in the one a model meets first: "Required only if `duration` is `repeating`",
 * "required if `percent_off` is not passed", "This parameter is required if ui_mode is `embedded`", "Required for
 * `single_use` sources", "Required when …", "Mandatory if …" (offered as optional inputs: see `neededInSomeCases`).
 * "Required unless …" is required by default, and stays needed.
 */
const SAYS_REQUIRED_IF =
  /\b(?:required|mandatory)(?:\s+field)?\s+(?:only\s+)?(?:if|when|for)\b|\bonly\s+(?:required|mandatory)\b/i;
/**
 * The condition first, in the sentence that says it: "If provided announcement_id is required" (SureVoIP's call), "If
 * fromEmailType is SpecificEmail, this field is required" (Zuora), "If more complex filtering is required, use …" (not
 * even about the field). A condition of creating ("When specified as a parameter of a create course request, this field
 * is required") is a create's own need, and stays needed.
 */
const SAYS_REQUIRED_AFTER_IF =
  /(?:^|[.;!?]\s+)(?:if|when)\b(?![^.;!?]*\bcreat)[^.;!?]*\b(?:is|are) (?:required|mandatory)\b/i;
/**
 * A condition sending the caller to another field: "When multiple sub-fields or other operations are required, use
 * `update`" (Jira's transition `fields`), "If more complex filtering is required, use p_sic2": not this field's need.
 */
const SAYS_USE_INSTEAD =
  /(?:^|[.;!?]\s+)(?:if|when)\b[^.;!?]*\b(?:is|are) (?:required|mandatory)\b,?\s+use\b[^.;!?]*/gi;
const saysRequiredInSomeCases = (text: string): boolean =>
  SAYS_REQUIRED_IF.test(text) || SAYS_REQUIRED_AFTER_IF.test(text.replace(SAYS_USE_INSTEAD, " "));
/**
 * "Is required when creating resources" (Kubernetes' `metadata.name`): needed by a create that sends the object holding
 * it, when what it names is any resource or the thing created ("Required when creating a space" is not a message's).
 */
const SAYS_REQUIRED_ON_CREATE = /\brequired (?:when|on|for) creat\w*\s+(?:(?:a|an|the|new|of)\s+)*([a-z]+)/i;
const ANY_RESOURCE: ReadonlySet<string> = new Set(["resource", "resources", "object", "objects", "it", "this", "one"]);
/**
 * An object the server fills, not the client: "Most recently observed status", "the current information about …",
 * "the actual state of …", "filled in by the server", "populated by the system", "read-only".
 */
const SAYS_SERVER_STATE =
  /\b(observed|current|actual)\b[^.]{0,40}\b(status|state|information)\b|\b(filled in|populated|set) by the (server|system)\b|\bread[- ]only\b/i;

/**
 * A description without its parenthesised asides about something else than the field: Mux's `playback_policy` says
 * `"signed"` (an additional access token is required to play the asset), not that it is required. An aside that starts
 * with the word (`(required)`, `(required if …)`) is about the field and stays.
 */
export function withoutAsides(text: string): string {
  return text.replace(/\((?!\s*required\b)[^()]*\)/gi, " ");
}

/** What a created thing is called, when a create names none of its body properties required. */
const NAMES = ["name", "title"];

/**
 * The property names a step needs for its effect: the schema's `required`, then (in property order) every property
 * whose description says it is or may be required, such as Slack `chat.postMessage`'s `text` ("whether it is required
 * depends on other fields"), which the spec leaves out of `required`; and for a create that requires nothing at all,
 * or only settings (`isSetting`: Flat's score requires only its `privacy`, an enum), the thing's `name` (or `title`,
 * never a retired one), as Slack `conversations.create` needs, and a create's client-assigned identifier
 * (`SAYS_CLIENT_NAMED`), or for a create that adds an existing thing to another
 * (`linked`, see links.ts) the field naming that thing.
 */
export function neededProperties(
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[],
  creates = false,
  linked?: string,
  isSetting: (k: string) => boolean = () => false,
): string[] {
  const described = Object.keys(properties).filter((k) => {
    const text = withoutAsides(withoutOneOf(descriptionOf(properties[k]), k, properties)).replace(
      SAYS_USE_INSTEAD,
      " ",
    );
    if (required.includes(k)) return false;
    if (creates && (SAYS_REQUIRED_ON_POST.test(text.trim()) || SAYS_CLIENT_NAMED.test(text))) return true;
    return SAYS_REQUIRED.test(text) && !SAYS_OPTIONAL.test(text) && !saysRequiredInSomeCases(text);
  });
  const name =
    linked ??
    NAMES.find((k) => Object.hasOwn(properties, k) && !retired(properties[k]) && !resourceName(properties[k]));
  const named = creates && required.every(isSetting) && described.length === 0 && name !== undefined ? [name] : [];
  return [...required, ...described, ...named];
}

/**
 * The string field a body that requires nothing carries its whole record in, said in so many words: Gmail's `raw`,
 * "The entire email message in an RFC 2822 formatted and base64url encoded string", of a `Message`; Cloud Support's
 * `body`, "The full comment body", of a `Comment`. Every other field of such a body is the server's or optional, so a
 * send or create without it sends nothing. `records` are the names the body's record goes by (its schema's, its
 * operation's object), singular snake_case.
 */
export function wholeRecordField(
  properties: Readonly<Record<string, JsonSchema>>,
  records: readonly string[],
): string | undefined {
  const words = records.filter((r) => r !== "").map((r) => r.replaceAll("_", "[ _-]?"));
  if (words.length === 0) return undefined;
  const whole = new RegExp(
    `^\\s*(?:the|an?)\\s+(?:entire|whole|complete|full)\\s+(?:[\\w-]+\\s+){0,2}(?:${words.join("|")})s?\\b`,
    "i",
  );
  return Object.keys(properties).find((k) => {
    const schema = properties[k];
    return (
      typeof schema === "object" &&
      schema["type"] === "string" &&
      schema["readOnly"] !== true &&
      whole.test(descriptionOf(schema))
    );
  });
}

/**
 * A `name` that is the record's resource path, which the server assigns on create (Google Chat's space: "Resource name
 * of the space. Format: `spaces/{space}`"), not what a person calls it.
 */
function resourceName(schema: JsonSchema | undefined): boolean {
  const text = descriptionOf(schema);
  return /\bresource name\b/i.test(text) && /`[\w.-]+\/\{[^}]+\}/.test(text);
}

/**
 * The properties whose description says they are required in some case only ("Required only if `duration` is
 * `repeating`", "required if `percent_off` is not passed", "Required when using `merge_commit_message`"): a step offers
 * them as optional inputs, whose descriptions say when to give them.
 */
export function neededInSomeCases(properties: Readonly<Record<string, JsonSchema>>): string[] {
  const conditional = Object.keys(properties).filter((k) => {
    const text = descriptionOf(properties[k]);
    return saysRequiredInSomeCases(text) && !SAYS_OPTIONAL.test(text);
  });
  const used = conditional.flatMap((k) => {
    const text = descriptionOf(properties[k]);
    const field = (SAYS_REQUIRED_WITH.exec(text) ?? SAYS_PARTNER_REQUIRED.exec(text))?.[1];
    return field !== undefined && Object.hasOwn(properties, field) && !conditional.includes(field) ? [field] : [];
  });
  return [...conditional, ...new Set(used)];
}

/**
 * A sentence saying one of several fields is needed: "Either `lineItemId` or `productId` is required", "One of
 * `NoExpiry` or `ExpireTime` must be set", "You must provide an `area_code` or a `phone_number`", "Either this parameter
 * or the `verification_sid` must be specified".
 */
const SAYS_ONE_OF = /\b(?:either|one of)\b|\bmust (?:provide|specify|include|pass|supply)\b/i;
const SAYS_NEEDED =
  /\b(?:is|are) (?:required|mandatory)\b|\bmust be (?:provided|specified|set|given|passed|included|supplied)\b|\bmust (?:provide|specify|include|pass|supply)\b/i;
/** What follows the list of fields: its condition or caveat ("…, unless `billing_scheme=tiered`", "… when creating"). */
const AFTER_LIST = /[,;]?\s+(?:unless|if|when|except|but|in which|which|so that|in a|in the|for)\b.*$/i;

/** Fields of a body one of which is needed, and the spec's sentence saying so. */
export interface OneOfFields {
  readonly fields: readonly string[];
  readonly said: string;
}

/**
 * The groups of a body's properties one of which the spec says is needed, each named by a sentence in the description
 * of one of them that names it and at least one other (see `SAYS_ONE_OF`): none of them alone is required, and a step
 * that sends none of them is refused, so each is offered (see `neededProperties`, which no longer requires a field for
 * such a sentence).
 */
export function oneOfGroups(properties: Readonly<Record<string, JsonSchema>>): OneOfFields[] {
  return grouped(
    Object.keys(properties).map((k) => [descriptionOf(properties[k]), k] as const),
    properties,
    SAYS_ONE_OF,
  );
}

/** The groups the sentences of `texts` name, each text read as the description of its field (none: ""). */
function grouped(
  texts: readonly (readonly [string, string])[],
  properties: Readonly<Record<string, JsonSchema>>,
  saysOne: RegExp,
): OneOfFields[] {
  const groups = new Map<string, OneOfFields>();
  for (const [text, self] of texts)
    for (const said of oneOfSentences(text, self, properties, saysOne)) {
      const fields = fieldsNamed(said, self, properties);
      const key = [...fields].sort().join(" ");
      if (!groups.has(key)) groups.set(key, { fields, said });
    }
  return [...groups.values()];
}

function oneOfSentences(
  description: string,
  self: string,
  properties: Readonly<Record<string, JsonSchema>>,
  saysOne: RegExp = SAYS_ONE_OF,
): string[] {
  if (!saysOne.test(description)) return [];
  return sentencesOf(description).filter((s) => {
    if (!saysOne.test(s) || !SAYS_NEEDED.test(s)) return false;
    const fields = fieldsNamed(s, self, properties);
    return fields.length >= 2 && (self === "" || fields.includes(self));
  });
}

/** The description without the sentences that say it is one of several fields needed (see `oneOfGroups`). */
function withoutOneOf(description: string, self: string, properties: Readonly<Record<string, JsonSchema>>): string {
  const said = oneOfSentences(description, self, properties);
  if (said.length === 0) return description;
  const text = htmlToText(description).replace(/\*\*/g, "").replace(/\s+/g, " ");
  return said.reduce((rest, s) => rest.replace(s, " "), text);
}

function sentencesOf(description: string): string[] {
  return htmlToText(description)
    .replace(/\*\*/g, "")
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z>(])|\s*>\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * The properties a sentence's list names, joined by "or" (`area_code` or a `phone_number`; `a`, `b` or `c`): a word or
 * up to three words that spell one (`area_code` is `AreaCode`, "total amount" is `total_amount`), "this parameter" the
 * field it describes. None for a list joined by "and" (which fields go together is unsaid), nor after a leading
 * condition ("When `type` is `domain`, you must provide a `domain`"); the words after the list's own condition
 * ("unless `billing_scheme=tiered`") are not in it.
 */
function fieldsNamed(sentence: string, self: string, properties: Readonly<Record<string, JsonSchema>>): string[] {
  if (LEADING_CONDITION.test(sentence)) return [];
  const words = (sentence.replace(AFTER_LIST, "").match(/[A-Za-z0-9_]+/g) ?? []).map((w) => w.toLowerCase());
  const byName = new Map(Object.keys(properties).map((k) => [compactName(k), k] as const));
  const spans: { field: string; start: number; end: number }[] = [];
  for (let i = 0; i < words.length; ) {
    const self3 = words[i] === "this" && SELF_NOUNS.has(words[i + 1] ?? "") ? self : undefined;
    const spell = (m: number): string => compactName(words.slice(i, i + m).join(""));
    const n = [3, 2, 1].find((m) => i + m <= words.length && byName.has(spell(m)));
    const field = self3 ?? (n === undefined ? undefined : byName.get(spell(n)));
    const width = self3 !== undefined ? 2 : (n ?? 1);
    if (field !== undefined) spans.push({ field, start: i, end: i + width });
    i += width;
  }
  let best: string[] = [];
  for (let a = 0; a < spans.length; a++) {
    const chain = [spans[a]];
    let ors = 0;
    for (let b = a + 1; b < spans.length; b++) {
      const between = words.slice(chain.at(-1)?.end, spans[b]?.start);
      if (between.includes("and")) return [];
      if (!between.every((w) => LIST_WORDS.has(w))) break;
      if (between.includes("or")) ors++;
      chain.push(spans[b]);
    }
    const fields = [...new Set(chain.map((c) => c?.field ?? ""))];
    if (ors > 0 && fields.length > best.length) best = fields;
  }
  return Object.keys(properties).filter((k) => best.includes(k));
}

const LEADING_CONDITION = /^(?:if|when|unless|for|in case)\b/i;
const SELF_NOUNS: ReadonlySet<string> = new Set(["parameter", "field", "property", "attribute", "value"]);
/** The words a list of fields may have between two of them. */
const LIST_WORDS: ReadonlySet<string> = new Set(["or", "a", "an", "the", ...SELF_NOUNS]);

/**
 * "Required when using `merge_commit_message`" (GitHub's repository create): the field it goes with, offered beside it,
 * as it means nothing alone; "required when not presenting `text`" (Slack's `chat.update` `attachments`): the field it
 * stands in for, the one a model means to set.
 */
const SAYS_REQUIRED_WITH =
  /\brequired\s+(?:only\s+)?(?:when|if)\s+(?:not\s+)?(?:using|setting|passing|providing|presenting)\s+`([^`]+)`/i;
/** "If provided hangup_at is required" (SureVoIP's `hangup_announcement_id`): the field that must come with it. */
const SAYS_PARTNER_REQUIRED = /\bif (?:provided|given|set|present),?\s+(?:the\s+)?`?(\w+)`?\s+(?:is|are) required\b/i;

/**
 * The properties whose description says a create of `object` (its words, `pod`) needs them: `Is required when creating
 * resources`, `Required when creating a pod`.
 */
export function neededOnCreate(properties: Readonly<Record<string, JsonSchema>>, object: readonly string[]): string[] {
  return Object.keys(properties).filter((k) => {
    const noun = SAYS_REQUIRED_ON_CREATE.exec(descriptionOf(properties[k]))?.[1]?.toLowerCase();
    return noun !== undefined && (ANY_RESOURCE.has(noun) || object.some((w) => stem(w) === stem(noun)));
  });
}

/**
 * A field the server sets, not a client: "Output only.", "Read-only", "Immutable" first, or "set by the Cloud Dataflow
 * service", "generated by the server".
 */
const SAYS_SERVER_SET =
  /^\W*(output[- ]only|read[- ]only|immutable)\b|\b(set|assigned|generated|populated|filled in) by the (\w+ ){0,3}(server|system|service)\b/i;

/** A Discovery resource type: `calendar#event`, `youtube#video`. */
const RESOURCE_TYPE = /^[a-z][\w.-]*#[a-z][\w.-]*$/i;
/** "ETag of the resource.", "Etag of this resource.", "ETag of this response for caching purposes." */
const CACHE_STAMP = /^\W*e-?tag of (?:the|this) (?:resource|response|collection)\b/i;

/**
 * A field of a resource's envelope the server stamps, not a value a person gives, so no create or update offers it
 * (Google's `kind`, "Identifies what kind of resource this is. Value: the fixed string "calendar#event"", or with that
 * `default`; an `etag` said to be the resource's: "ETag of the resource."). On a create any `etag` is one (the record
 * has none yet); on an update an `etag` described for optimistic concurrency (IAM's policy) is kept. A `kind` naming no
 * `service#resource` type (Kubernetes' `Deployment`) is the client's.
 */
export function envelopeStamp(name: string, schema: JsonSchema | undefined, creates: boolean): boolean {
  if (typeof schema !== "object") return false;
  const text = descriptionOf(schema);
  const snake = name.toLowerCase().replace(/[^a-z]/g, "");
  if (snake === "kind") {
    const stated = typeof schema["default"] === "string" ? [schema["default"]] : [];
    const quoted = [...text.matchAll(/["`']([^"`'\s]+)["`']/g)].map((m) => m[1] ?? "");
    return [...stated, ...quoted].some((v) => RESOURCE_TYPE.test(v));
  }
  return snake === "etag" && (creates || CACHE_STAMP.test(text));
}

/** A count's own word after the records it counts: `messagesTotal`, `threads_unread`, `forks_count`. */
const COUNT_WORDS: ReadonlySet<string> = new Set(["total", "count", "unread"]);

/**
 * An integer named after the records it counts and a count word, described as that number (Gmail's label
 * `messagesTotal`, "The total number of messages with the label"; `threadsUnread`, "The number of unread threads with
 * the label"): a tally the server keeps of records made elsewhere, no value a create or an update sets. A count of
 * things the client asks for (`seatCount`, "The number of seats to buy": one seat, no records; `replicas`) is not one:
 * the name holds the plural of the records, and the description numbers those very records.
 */
export function recordTally(name: string, schema: JsonSchema | undefined): boolean {
  if (typeof schema !== "object" || (schema["type"] !== "integer" && schema["type"] !== "number")) return false;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w !== "");
  const last = words.at(-1) ?? "";
  const records = words.slice(0, -1).at(-1);
  if (records === undefined || !COUNT_WORDS.has(last) || !isPlural(records)) return false;
  const numbered = new RegExp(`^\\W*(?:the\\s+)?(?:total\\s+)?(?:number|count) of (?:\\w+\\s+)?${records}\\b`, "i");
  return numbered.test(descriptionOf(schema));
}

/** Whether the description says the server sets this field (Google Dataflow's job `id`), so no update offers it. */
export function serverSet(schema: JsonSchema | undefined): boolean {
  return SAYS_SERVER_SET.test(descriptionOf(schema));
}

/** Whether the description says the server fills this object (a Kubernetes `status`), so no create sends it. */
export function serverState(schema: JsonSchema | undefined): boolean {
  return SAYS_SERVER_STATE.test(descriptionOf(schema));
}

/**
 * "Deprecated …" opening the text or one of its sentences or clauses, "This property is no longer available" (Jira's
 * `name` of a user, its `username` parameter), "this field will be removed"; not what the field holds ("These
 * temporary files will be removed on job completion"), nor "not deprecated".
 */
const SAYS_RETIRED =
  /(?:^|[.;:(]\s*)\W*deprecated\b|\bno longer (?:available|supported)\b|\b(?:this|the) (?:field|property|parameter|attribute) (?:is|has been|will be) (?:deprecated|removed)\b/i;

/** Whether a description says what it describes is gone or going (see `SAYS_RETIRED`): one test for fields and parameters. */
export function saysRetired(description: string | undefined): boolean {
  return SAYS_RETIRED.test(description ?? "");
}

/** A field flagged deprecated, or whose description says it is gone or going. */
export function retired(schema: JsonSchema | undefined): boolean {
  return (typeof schema === "object" && schema["deprecated"] === true) || saysRetired(descriptionOf(schema));
}

function descriptionOf(schema: JsonSchema | undefined): string {
  return typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : "";
}

/**
 * Whether a body the spec leaves optional still carries what the call acts on, so sending none does nothing: a list
 * (elmah.io's `POST /v3/messages/{logId}/_bulk`, "The messages to create."), or a schema that requires properties,
 * itself, in a part of its `allOf`, or in every branch of its `oneOf` / `anyOf` (InfluxDB's `POST /query`, a `Query`
 * or an `InfluxQLQuery`, each requiring `query`; DigitalOcean's droplet create, `allOf: [{required: [name]}, …]` or
 * `allOf: [{required: [names]}, …]`).
 */
export function carriesTheCall(schema: JsonSchema, deref: (s: JsonSchema) => JsonSchema, depth = 0): boolean {
  const node = deref(schema);
  if (typeof node !== "object" || depth > 4) return false;
  if (node["type"] === "array") return true;
  if (Array.isArray(node["required"]) && node["required"].length > 0) return true;
  const parts = Array.isArray(node["allOf"]) ? (node["allOf"] as JsonSchema[]) : [];
  if (parts.some((p) => carriesTheCall(p, deref, depth + 1))) return true;
  const branches = [node["oneOf"], node["anyOf"]].find((b): b is JsonSchema[] => Array.isArray(b) && b.length > 0);
  return branches !== undefined && branches.every((b) => carriesTheCall(b, deref, depth + 1));
}

/**
 * Whether a body is the file the call sends: multipart parts the spec does not name (Codat's attachment uploads
 * declare `multipart/form-data` with the schema `{}`). Left optional by the spec, an upload without it sends nothing.
 * Bytes are not read so: an optional `application/octet-stream` body is as often a spec's leftover (Okta's
 * `reset_factors`) as a file.
 */
export function sendsFile(kind: BodyKind, properties: Readonly<Record<string, JsonSchema>> | undefined): boolean {
  return kind === "multipart" && (properties === undefined || Object.keys(properties).length === 0);
}

/**
 * Whether a text body the spec leaves optional is what the call sends: the spec says what the text is (Orthanc's
 * `POST /tools/lookup`, "The DICOM identifier of interest"; `PUT /instances/{id}/metadata/{name}`, "String value of the
 * metadata"), or it is a string and the call has no parameter to say anything else with (GitHub's `POST /markdown/raw`).
 * Sent empty, such a call answers for nothing (a lookup of "" finds nothing and says so as a success). Not so a text
 * valid only in some calls or on another parameter's value (Docker's `/images/create` "if the value `-` has been
 * specified in fromSrc query parameter", Azure Data Lake's append "Valid only for append operations"), a secret (Conjur's
 * "API key", asked of the operator, not the model), nor XML (a structured body, see the JSON rule).
 */
export function sendsText(
  kind: BodyKind,
  mediaType: string,
  schema: JsonSchema,
  said: string | undefined,
  parameters: readonly Pick<Operation["parameters"][number], "in">[],
): boolean {
  if (kind !== "text" || /xml/i.test(mediaType) || typeof schema !== "object") return false;
  const words = htmlToText(`${said ?? ""} ${descriptionOf(schema)}`).trim();
  if (/\b(?:only|param|parameter)\b/i.test(words) || /\b(?:api[ _-]?key|password|secret|token)s?\b/i.test(words)) {
    return false;
  }
  if (words !== "") return true;
  return schema["type"] === "string" && !parameters.some((p) => p.in === "path" || p.in === "query");
}

/** "One initial filter must be provided", "At least one filter is required": one of what follows is needed. */
const SAYS_ONE_NEEDED = new RegExp(
  `${SAYS_ONE_OF.source}|\\b(?:one|a|an)\\b(?:\\s+\\w+){0,3}\\s+(?:is (?:required|mandatory)|must be (?:provided|specified|given|set|passed|supplied))\\b`,
  "i",
);

/**
 * The optional query parameters one of which an operation says is needed, in its 4xx answers' descriptions (ART19's
 * `/episodes` 400: "One initial filter must be provided (`ids`, `series_id`, or `season_id`)") or a parameter's own
 * ("Either this parameter or `user_id` must be given"): a call that sends none of them is refused, so each is offered
 * (see `oneOfGroups`, the same reading of a body's fields).
 */
export function oneOfParameters(operation: Pick<Operation, "parameters" | "responses">): OneOfFields[] {
  const query = operation.parameters.filter((p) => p.in === "query" && !p.required);
  if (query.length < 2) return [];
  const properties: Record<string, JsonSchema> = Object.fromEntries(query.map((p) => [p.name, p.schema]));
  const texts = [
    ...operation.responses.filter((r) => r.status.startsWith("4")).map((r) => [r.description, ""] as const),
    ...query.map((p) => [p.description ?? "", p.name] as const),
  ];
  // A sentence that also names parameters outside its group ("either a launch template (`LaunchTemplate` or
  // `MixedInstancesPolicy`) or a launch configuration (`LaunchConfigurationName` or `InstanceId`)") says more than one
  // group: telling the model one of two is required would be false.
  const named = (said: string): Set<string> => new Set((said.match(/[A-Za-z0-9_.[\]-]+/g) ?? []).map(compactName));
  return grouped(texts, properties, SAYS_ONE_NEEDED).filter((g) => {
    const words = named(g.said);
    return !query.some((p) => !g.fields.includes(p.name) && words.has(compactName(p.name)));
  });
}
