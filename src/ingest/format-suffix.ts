// A path parameter naming the answer's form as the suffix of a segment (NYT Top Stories' `/{section}.{format}`, `json`
// or `jsonp`) → the one value the tool reads, `json`, sent by the tool and never offered to the model.
import type { Parameter, ResponseModel } from "../model/api-model.js";
import type { IngestContext } from "./context.js";
import { isRecord } from "./walk.js";

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;
const JSON_MEDIA = /^(?:application|text)\/(?:[\w.+-]+\+)?json\b|\+json\b/i;

/** The parameters a path names as a segment's suffix after a dot (`/lists.{format}`, `/{key}.{extension}`). */
export function suffixParameters(path: string): Set<string> {
  return new Set([...path.matchAll(/\.\{([^{}]+)\}(?=\/|$)/g)].map((m) => m[1] ?? ""));
}

/** The values a parameter's schema allows by `enum`, its `$ref` to a named schema followed. */
function allowedValues(ctx: IngestContext, schema: unknown): readonly unknown[] | undefined {
  let node = schema;
  for (let hops = 0; hops < 8 && isRecord(node) && typeof node["$ref"] === "string"; hops++) {
    const name = SCHEMA_REF.exec(node["$ref"])?.[1];
    node = name === undefined ? undefined : ctx.schemas.schema(decodeURIComponent(name.replace(/~1/g, "/")));
  }
  return isRecord(node) && Array.isArray(node["enum"]) ? node["enum"] : undefined;
}

/** The success answer is JSON: a JSON media type or the wildcard among those it declares, or none declared. */
function answersJson(success: ResponseModel | undefined): boolean {
  const contents = success?.contents ?? [];
  return contents.length === 0 || contents.some((c) => JSON_MEDIA.test(c.mediaType) || c.mediaType === "*/*");
}

/**
 * A path parameter that is a segment's suffix after a dot and allows `json` among other forms (`json | jsonp`,
 * `json | xml | csv`, `atom | rss | json`), on an operation answering JSON: the tool reads JSON, so it sends `json`
 * (as the spec spells it) and offers no choice — `jsonp`, `xml` or `csv` would ask for an answer it cannot read. Its
 * schema becomes that one value, which every tool sends itself (planner/sole-value.ts). A suffix allowing no `json`
 * (Gitea's `.diff | .patch`) and one with no `enum` are left as declared.
 */
export function withJsonSuffix(
  ctx: IngestContext,
  path: string,
  parameters: readonly Parameter[],
  success: ResponseModel | undefined,
): Parameter[] {
  const suffixes = suffixParameters(path);
  if (suffixes.size === 0 || !answersJson(success)) return [...parameters];
  return parameters.map((p) => {
    if (p.in !== "path" || !suffixes.has(p.name)) return p;
    const values = allowedValues(ctx, p.schema);
    const json = values?.find((v) => typeof v === "string" && v.toLowerCase() === "json");
    if (json === undefined || values === undefined || values.length < 2) return p;
    const own = isRecord(p.schema) && p.schema["$ref"] === undefined ? p.schema : { type: "string" };
    const { default: _default, example: _example, examples: _examples, ...schema } = own;
    return { ...p, schema: { ...schema, enum: [json] }, examples: [] };
  });
}
