// A boolean parameter or body field that turns the answer into a stream (OpenAI's `stream`, Docker's stats `stream`) →
// what to send instead of offering it: nothing, or `false` where the API streams by default.
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
