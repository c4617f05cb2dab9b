// A 2xx text answer labelled with a media type of its own (a file's `text/markdown`) where JSON is declared → the
// text passed on as the API sent it, marked as off the description; so is any text a call asked for (`alt=media`).
import { isXmlMedia } from "./xml-media.js";

/** The member that marks a result of another shape than described (adapters/definition.ts `OFF_SPEC_KEY`). */
export const OFF_SPEC = "_off_spec";

const JSON_MEDIA = /^(?:application|text)\/(?:[\w.+-]+\+)?json$|\+json$/;

/**
 * Media types that do not say the API meant its answer as that type: plain text (the label a server gives anything),
 * and a page (a sign-in page, a proxy's or a gateway's error page), which is not the API answering.
 */
const NOT_MEANT = new Set(["", "text/plain", "text/html", "application/xhtml+xml"]);

/**
 * The media type of an answer that is deliberately another form than the JSON its operation declares: a text type of
 * its own (`text/markdown`, `text/x-python`, `text/csv`, `application/x-yaml`), neither JSON nor XML nor plain text
 * nor HTML; undefined for any other.
 */
export function meantMediaType(contentType: string): string | undefined {
  const media = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (NOT_MEANT.has(media) || JSON_MEDIA.test(media) || isXmlMedia(media) || !/^[\w.+-]+\/[\w.+-]+$/.test(media))
    return undefined;
  return media;
}

/**
 * The form a call asked its answer in (`alt=media`): the value it sent for the step's format parameter when that is
 * not `json`; undefined when it sent none or `json`.
 */
export function chosenForm(formatParam: string | undefined, url: URL): string | undefined {
  const value = formatParam === undefined ? null : url.searchParams.get(formatParam);
  return value === null || value === "" || value.toLowerCase() === "json" ? undefined : `${formatParam}=${value}`;
}

/**
 * A 2xx text answer where JSON is declared, labelled with a media type of its own (Bitbucket's file contents answer
 * `text/markdown` for a README though the operation declares a JSON directory listing), or any text when the call
 * asked for another form than JSON (`chosen`: Drive's `files.get?alt=media` of a `.txt` file, answered `text/plain`):
 * the API's answer in that form, passed on under `result` beside its `content_type` and a note, rather than reported
 * as an unreadable answer. Any other body is returned as it is.
 */
export function labelledText(
  body: unknown,
  contentType: string,
  declared: "object" | "array" | undefined,
  chosen?: string,
): unknown {
  if (declared === undefined || typeof body !== "string") return body;
  const bare = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  const media = meantMediaType(contentType) ?? (chosen === undefined ? undefined : bare || "text");
  if (media === undefined) return body;
  const note =
    chosen === undefined
      ? `The API answered ${media}, not the JSON its description gives. It is passed on as the API sent it.`
      : `The API answered ${media}, the form the call asked for with ${chosen}, not the JSON its description ` +
        "gives otherwise. It is passed on as the API sent it.";
  return { result: body, content_type: media, [OFF_SPEC]: note };
}

/** Whether a body is a result already marked as off the description (labelled text, unread XML). */
export const isMarkedOffSpec = (body: unknown): boolean =>
  body !== null && typeof body === "object" && typeof (body as Record<string, unknown>)[OFF_SPEC] === "string";
