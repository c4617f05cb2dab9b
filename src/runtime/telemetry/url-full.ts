// A request URL + its path template → `url.full` without credentials, query values or argument values in the path.
/** What stands in for every value left out of `url.full` (the HTTP semantic conventions' word). */
export const REDACTED = "REDACTED";

/**
 * The path with every segment that is not a literal of `template` replaced: a filled parameter (`/pet/7` under
 * `/pet/{petId}`), and every segment of a redirect's target, whose template is unknown (`template` undefined).
 */
function redactedPath(path: string, template: string | undefined): string {
  const segments = path.split("/");
  const literals = template?.split("/");
  const same = literals !== undefined && literals.length === segments.length;
  return segments
    .map((segment, at) => {
      if (segment === "") return segment;
      const literal = same ? literals[at] : undefined;
      return literal !== undefined && !literal.includes("{") && literal === segment ? segment : REDACTED;
    })
    .join("/");
}

/**
 * `url.full` of a request, as the HTTP semantic conventions allow it redacted: scheme, host and port; the path with
 * every argument value replaced by `REDACTED`; every query parameter's name with its value replaced (credentials
 * included); never userinfo or a fragment.
 */
export function redactedUrlFull(url: URL, template: string | undefined): string {
  const query = [...url.searchParams.keys()].map((name) => `${encodeURIComponent(name)}=${REDACTED}`).join("&");
  return `${url.protocol}//${url.host}${redactedPath(url.pathname, template)}${query === "" ? "" : `?${query}`}`;
}
