// Path parameters whose values are resource paths (Google's `people/c123`, GitHub's `heads/main`): sent with their slashes.
import type { Parameter } from "../model/api-model.js";
import { declaredParameters, type IngestContext } from "./context.js";
import { isRecord, type JsonRecord } from "./walk.js";

/**
 * A value quoted with a slash inside: "in the form of `people/{person_id}`", "specify `people/me`", "Format:
 * `projects/{project}/locations/{location}`", "For example, `refs/heads/master`" (what Google's discovery documents
 * write as the reserved expansion `{+resourceName}`, lost in their OpenAPI conversion), or a path word before an
 * upper-case placeholder in brackets, quoted or not (Cloud Logging's "projects/[PROJECT_ID]",
 * "projects/[PROJECT_ID]/sinks/[SINK_ID]"). A media type is no such path.
 */
const SLASHED_FORM =
  /`(?!(?:application|text|image|audio|video|multipart|font|model|message)\/)[A-Za-z][\w.-]*\/(?:\{[^}`]+\}|\*|[\w.-]+)[^`\s]*`|\bformat:?\s+[a-z]\w*\/\{/i;
/** A path word before an upper-case placeholder in brackets: Cloud Logging's "projects/[PROJECT_ID]" (case counts). */
const BRACKETED_FORM = /(?:^|[\s"'(:])[a-z][\w.-]*\/\[[A-Z][A-Z\d_]*\](?=[/"'\s.,;)]|$)/;
/** The API wants the slashes escaped: GitLab's "URL-encoded path of the project". */
const SAYS_ENCODED = /\b(?:url[- ]?)?(?:encoded|escaped)\b/i;

/** Whether a path parameter's description gives its value as a path of several parts. */
export function describesSlashedValue(description: string | undefined): boolean {
  return (
    description !== undefined &&
    (SLASHED_FORM.test(description) || BRACKETED_FORM.test(description)) &&
    !SAYS_ENCODED.test(description)
  );
}

/** Whether `{name}` fills whole segments of the template: after a `/`, before a `/`, a `:verb` or the end. */
export function fillsWholeSegment(path: string, name: string): boolean {
  const at = `/{${name}}`;
  return path
    .split(at)
    .slice(1)
    .some((after) => after === "" || after.startsWith("/") || after.startsWith(":"));
}

/** A version segment of a path: `v1`, `v1beta2`, `v2alpha1`, `v1p1beta1`, `v2.1`. */
const VERSION_SEGMENT = /^v\d+(?:[a-z]+\d*|\.\d+)*$/;
/** An example value that is a URL ("Dynamic Link URL. e.g. https://abcd.app.goo.gl/wxyz"): its slashes are its own. */
const EXAMPLE_URL = /\b(?:e\.g\.|i\.e\.|example:?|such as)\s*[`"']?[a-z][\w+.-]*:\/\//i;

/**
 * Whether the document says it was converted from a Google API Discovery document (`info.x-origin` naming the format
 * `google` or a `$discovery/rest` address): its paths were written `v1/{+name}`, the reserved expansion the conversion
 * dropped.
 */
export function fromDiscovery(document: JsonRecord): boolean {
  const info = document["info"];
  const origins = isRecord(info) ? info["x-origin"] : undefined;
  return (
    Array.isArray(origins) &&
    origins.some(
      (o) =>
        isRecord(o) &&
        (o["format"] === "google" || (typeof o["url"] === "string" && o["url"].includes("/$discovery/rest"))),
    )
  );
}

/**
 * Whether `{name}` opens the path after its version (`/v1/{name}`, `/v1beta2/{project}/topics`,
 * `/tagmanager/v2/{path}`, `/v1/{resource}:getIamPolicy`), alone or among parameters following one another with no
 * literal segment between (Dataproc's `/v1/{project}/{region}/{cluster}:injectCredentials`, each "of the form
 * regions/…"): where a Discovery path puts resource names (`projects/p/topics/t`), the one place a Google path holds
 * them.
 */
export function opensAfterVersion(path: string, name: string): boolean {
  const segments = path.split("/");
  const at = segments.findIndex((s) => VERSION_SEGMENT.test(s));
  if (at < 0 || segments.slice(0, at).some((s) => s.includes("{"))) return false;
  for (const segment of segments.slice(at + 1)) {
    const whole = /^\{([^{}]+)\}(:[^{}/]*)?$/.exec(segment);
    if (whole === null) return false;
    if (whole[1] === name) return true;
    if (whole[2] !== undefined) return false;
  }
  return false;
}

/**
 * A path parameter of a Discovery conversion that opens the path after its version holds a resource name, sent with
 * its slashes — unless its description says the value is encoded or gives a URL as its example.
 */
function discoveryResourceName(path: string, p: Parameter): boolean {
  const description = p.description ?? "";
  return opensAfterVersion(path, p.name) && !SAYS_ENCODED.test(description) && !EXAMPLE_URL.test(description);
}

const found = new WeakMap<object, ReadonlySet<string>>();

/**
 * The names of the document's path parameters any of whose declarations describes a slashed value (see
 * {@link describesSlashedValue}), none saying its value is encoded: one API names one kind of value so (Google People's
 * `resourceName` is described as `people/{person_id}` on 3 of its 10 operations, only "The resource name of the contact
 * to delete." on others).
 */
export function slashedPathNames(ctx: IngestContext): ReadonlySet<string> {
  const cached = found.get(ctx.document);
  if (cached !== undefined) return cached;
  const slashed = new Set<string>();
  const encoded = new Set<string>();
  for (const parameters of declaredParameters(ctx)) {
    for (const node of parameters) {
      const name = node["name"];
      const description = node["description"];
      if (node["in"] !== "path" || typeof name !== "string" || typeof description !== "string") continue;
      if (SAYS_ENCODED.test(description)) encoded.add(name);
      else if (describesSlashedValue(description)) slashed.add(name);
    }
  }
  for (const name of encoded) slashed.delete(name);
  found.set(ctx.document, slashed);
  return slashed;
}

/**
 * The operation's parameters, each path parameter {@link slashedPathNames} names marked to keep its slashes, and in a
 * {@link fromDiscovery} document the one opening the path after its version ({@link discoveryResourceName}).
 */
export function withSlashedPaths(ctx: IngestContext, path: string, parameters: readonly Parameter[]): Parameter[] {
  const names = slashedPathNames(ctx);
  const discovery = fromDiscovery(ctx.document);
  return parameters.map((p) =>
    p.in === "path" &&
    fillsWholeSegment(path, p.name) &&
    (names.has(p.name) || (discovery && discoveryResourceName(path, p)))
      ? { ...p, allowReserved: true }
      : p,
  );
}
