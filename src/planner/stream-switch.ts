// A boolean parameter or body field that turns the answer into a stream (OpenAI's `stream`, Docker's stats `stream`) →
// what to send instead of offering it: nothing, or `false` where the API streams by default; and the parameters that
// only change how the answer is encoded or carried (JSONP, pretty printing, an error format), never offered.
import type { JsonSchema, Parameter } from "../model/api-model.js";
import type { SchemaLookup } from "../model/api-source.js";
import { toSnakeCase } from "../util/naming.js";
import { derefTop } from "./schemas.js";

/** Words saying the answer then streams: "data-only server-sent events", "Stream the output", "stream back …". */
const SAYS_STREAM = /\bserver[- ]sent events\b|\btext\/event-stream\b|\bstream(?:s|ed|ing)?\b/i;

/**
 * Words saying the answer comes back as a stream, whatever the field is called: Docker's logs `follow` ("Return the
 * logs as a stream."), Kubernetes' `watch` ("… and return them as a stream of add, update, and remove notifications."),
 * "keeps the connection open".
 */
const RETURNS_STREAM =
  /\b(?:return|send|output|deliver)s?\b[^.]{0,40}\bas an? (?:continuous |live )?stream\b|\bkeeps? the (?:connection|stream|request) open\b/i;

function isBoolean(schema: JsonSchema): boolean {
  if (typeof schema !== "object") return false;
  const type = schema["type"];
  return (
    type === "boolean" ||
    (Array.isArray(type) && type.includes("boolean") && type.every((t) => t === "boolean" || t === "null"))
  );
}

/**
 * Whether an optional field switches the answer to a stream a tool cannot read to its end: a boolean named `stream`
 * (or `streaming`) whose description says so, or any boolean described as sending server-sent events or returning the
 * answer as a stream (Docker's logs `follow`, Kubernetes' `watch`). The model set
 * OpenAI's `stream: true` and was told the endpoint is a stream it must give up on; Docker's `GET
 * /containers/{id}/stats` streams unless `stream=false`. Such a field is no input: it is left out, or sent `false` where
 * its default is true. Undefined when the field is no such switch; else whether `false` must be sent.
 */
export function streamSwitch(
  name: string,
  declared: JsonSchema | undefined,
  description: string | undefined,
  schemas: SchemaLookup,
): { readonly sendFalse: boolean } | undefined {
  if (declared === undefined) return undefined;
  const schema = derefTop(declared, schemas);
  if (!isBoolean(schema) || typeof schema !== "object") return undefined;
  const said = description ?? (typeof schema["description"] === "string" ? schema["description"] : "");
  const named = /^stream(ing)?$/.test(toSnakeCase(name));
  const events = /\bserver[- ]sent events\b|\btext\/event-stream\b/i.test(said) || RETURNS_STREAM.test(said);
  if (!events && !(named && SAYS_STREAM.test(said))) return undefined;
  return { sendFalse: schema["default"] === true };
}

/** Words saying the API sends the call's own answer to the URL the field holds: "… will POST the response to the URL". */
const SENDS_ANSWER_TO_URL =
  /\b(?:post|send|deliver|push)(?:s|es)?\b[^.]{0,40}\b(?:the |its )?(?:response|result|answer|output)s?\b[^.]{0,30}\bto (?:the |this |that )?(?:specified |given |provided |supplied )?(?:callback )?(?:url|uri|address|endpoint)\b/i;

/** Words saying the call then runs later and answers with an acknowledgement only ("queued", "in background", 202). */
const RUNS_LATER = /\bbackground\b|\basynchronous(?:ly)?\b|\bqueued?\b|\b202\b/i;

/**
 * Whether an optional parameter moves the call's answer away from the caller: set to a URL, the API queues the call
 * and POSTs its response there, answering the call with a 202 and a reference only (Visma Net's `erp-api-background`
 * header, on 476 of its 488 operations). The model cannot receive at that URL, and any URL it made up would be sent
 * the ERP's records; unset, the tool reads the answer itself. Such a parameter is no input: it is left out.
 */
export function sendsAnswerElsewhere(parameter: Pick<Parameter, "required" | "description">): boolean {
  const said = parameter.description ?? "";
  return !parameter.required && SENDS_ANSWER_TO_URL.test(said) && RUNS_LATER.test(said);
}

/** Words of a JSONP callback: the answer wrapped in a JavaScript function call, which is no JSON a tool can read. */
const JSONP =
  /\bjson-?p\b|\bwraps?\b[^.]{0,60}\b(?:callback|function)\b|\b(?:javascript|callback) function\b[^.]{0,60}\bwrap/i;

/**
 * Words of pretty printing (in a switch's first sentence, when not "pretty print": gisgraphy's `distance` speaks of a
 * form "to indent the results" further on): whitespace in the answer, which the tool parses away.
 */
const PRETTY_PRINT = /\bpretty[- ]?print(?:ed|ing|s)?\b/i;
const LAYOUT =
  /\bindent(?:s|ed|ing|ations?)?\b|\bline breaks\b|\bhuman[- ]readable (?:format|form|output|json)\b|\bpretty\b/i;
const OF_ANSWER = /\b(?:response|output|results?|json|answer|returned)\b/i;

/**
 * Words of the plumbing every call of an API takes that the caller's program sets, never the user's request: the error
 * format's version ("V1 error format."), the upload protocol of a media upload the tool does not make ("Upload
 * protocol for media"), a quota user ("Available to use for quota purposes"), a partial-response field mask
 * ("Selector specifying which fields to include in a partial response": fields it leaves out, such as the next
 * page's token, would then be missing from what the tool reads as the whole answer).
 */
const PLUMBING =
  /\berror (?:response )?format\b|\bupload protocol\b|\bfor quota purposes\b|\bfields?\b[^.]{0,60}\bpartial response\b/i;

/** "Data format for the response." with a list of formats: JSON is the one a tool reads. */
const RESPONSE_FORMAT = /\b(?:data )?format (?:for|of) (?:the )?response\b/i;

/** Formats beside JSON that answer bytes a tool does not read (a format it can read as text, CSV or XML, stays). */
const UNREAD: ReadonlySet<string> = new Set(["json", "proto", "protobuf", "media"]);

const enumOf = (schema: JsonSchema | undefined): readonly unknown[] =>
  typeof schema === "object" && Array.isArray(schema["enum"]) ? schema["enum"] : [];

/**
 * Whether an optional query parameter only changes how the answer is encoded or carried, so the tool neither offers
 * nor sends it: a JSONP callback (the answer becomes JavaScript), pretty printing, the error format's version, a media
 * upload's protocol, a quota user, a partial-response field mask, or a response format whose only choices beside `json`
 * answer bytes the tool does not read (Google's `alt`: `proto`, `media`) — unless the operation's own description asks for a
 * value of it (`alt=media`: Drive's file content, Chat's media download), when it stays an input. Google declares the
 * eight of them on each of its 6,350 operations (286 specs).
 */
// A JSONP callback is named so, or described as a function or callback: EPA's `output` lists "JSONP" among formats.
export function answerFormatParameter(
  parameter: Pick<Parameter, "name" | "in" | "required" | "description" | "schema">,
  operationDescription?: string,
): boolean {
  if (parameter.in !== "query" || parameter.required) return false;
  const said = parameter.description ?? "";
  const callback = /callback|jsonp/i.test(parameter.name) || /\bcallback\b|\bfunction\b/i.test(said);
  if ((JSONP.test(said) && callback) || PLUMBING.test(said)) return true;
  const first = said.split(/\.(?:\s|$)|\.(?=[A-Z])/)[0] ?? "";
  if (PRETTY_PRINT.test(said) || (isBoolean(parameter.schema ?? {}) && LAYOUT.test(first) && OF_ANSWER.test(first)))
    return true;
  const formats = enumOf(parameter.schema);
  if (!RESPONSE_FORMAT.test(said) || !formats.includes("json") || !formats.every((f) => UNREAD.has(String(f))))
    return false;
  const name = parameter.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const asked = new RegExp(`(?:^|[^\\w$.])${name}=([\\w-]+)`).exec(operationDescription ?? "")?.[1];
  return asked === undefined || asked === "json";
}
