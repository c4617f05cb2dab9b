// Turns security schemes defined alike whose names read as one environment variable into aliases of the first.
import type { SecurityRequirement, SecurityScheme } from "../model/api-model.js";
import { toEnvWord } from "../runtime/auth/env.js";
import { deref, entriesAt, type IngestContext } from "./context.js";
import { securitySchemeToModel, swagger2SecuritySchemeToModel } from "./security.js";
import { recordOf } from "./walk.js";

/**
 * Each later scheme → the first whose name gives the same variable word and whose definition (its description aside)
 * is the same (Telnyx's `BearerAuth` and `bearerAuth`, both HTTP bearer, both read `TELNYX_API_BEARER_AUTH`): one
 * credential under two spellings. Schemes defined otherwise are left as they are.
 */
export function aliasesOf(schemes: readonly (readonly [string, SecurityScheme])[]): ReadonlyMap<string, string> {
  const aliases = new Map<string, string>();
  const first = new Map<string, { readonly name: string; readonly shape: string }>();
  for (const [name, scheme] of schemes) {
    const { description: _, ...definition } = scheme;
    const shape = JSON.stringify(definition);
    const word = toEnvWord(name);
    const earlier = first.get(word);
    if (earlier === undefined) first.set(word, { name, shape });
    else if (earlier.shape === shape) aliases.set(name, earlier.name);
  }
  return aliases;
}

const cache = new WeakMap<object, ReadonlyMap<string, string>>();
const bearerCache = new WeakMap<object, ReadonlySet<string>>();

/** The document's scheme aliases (see `aliasesOf`), worked out once per document. */
export function schemeAliases(ctx: IngestContext): ReadonlyMap<string, string> {
  const known = cache.get(ctx.document);
  if (known !== undefined) return known;
  const aliases = aliasesOf(documentSchemes(ctx));
  cache.set(ctx.document, aliases);
  return aliases;
}

/** A scheme sent as the `Authorization` header's bearer token: OAuth2, OpenID Connect, HTTP bearer. */
const sendsBearer = (scheme: SecurityScheme): boolean =>
  scheme.type === "oauth2" ||
  scheme.type === "openIdConnect" ||
  (scheme.type === "http" && scheme.scheme.toLowerCase() === "bearer");

/** The names of the document's schemes sent as a bearer token, worked out once per document. */
export function bearerSchemes(ctx: IngestContext): ReadonlySet<string> {
  const known = bearerCache.get(ctx.document);
  if (known !== undefined) return known;
  const names = new Set(
    documentSchemes(ctx)
      .filter(([, scheme]) => sendsBearer(scheme))
      .map(([name]) => name),
  );
  bearerCache.set(ctx.document, names);
  return names;
}

/**
 * Requirements with each alternative that names two bearer schemes or more split into one alternative per bearer
 * scheme (its other schemes kept in each): every one of them would send `Authorization: Bearer …`, and a request
 * carries one such header, so any one of them is what the API takes. Google's specs require `{Oauth2: […], Oauth2c:
 * […]}` (the implicit and authorization-code flows of one OAuth server, the same scopes) on every operation: read as
 * both, a server with one token set refused every call for want of the other.
 */
export function bearerAlternatives(
  requirements: readonly SecurityRequirement[],
  bearer: ReadonlySet<string>,
): SecurityRequirement[] {
  const seen = new Set<string>();
  return requirements.flatMap((requirement) => {
    const names = Object.keys(requirement);
    const tokens = names.filter((name) => bearer.has(name));
    const split =
      tokens.length < 2
        ? [requirement]
        : tokens.map((token) =>
            Object.fromEntries(names.filter((n) => n === token || !bearer.has(n)).map((n) => [n, requirement[n]!])),
          );
    return split.filter((r) => {
      const key = JSON.stringify(r);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
}

/** The document's security schemes as the model reads them, in document order. */
function documentSchemes(ctx: IngestContext): [string, SecurityScheme][] {
  const swagger2 = ctx.dialect === "swagger-2.0";
  const pointer = swagger2 ? "/securityDefinitions" : "/components/securitySchemes";
  const source = swagger2
    ? ctx.document["securityDefinitions"]
    : recordOf(ctx.document["components"])["securitySchemes"];
  const schemes: [string, SecurityScheme][] = [];
  for (const [name, raw, at] of entriesAt(source, pointer)) {
    const node = deref(ctx, raw, at);
    const scheme = node && (swagger2 ? swagger2SecuritySchemeToModel(node.node) : securitySchemeToModel(node.node));
    if (scheme !== undefined) schemes.push([name, scheme]);
  }
  return schemes;
}

/** Requirements with each alias named by the scheme it stands for (scopes of both kept, once each; no alternative twice). */
export function withoutAliases(
  requirements: readonly SecurityRequirement[],
  aliases: ReadonlyMap<string, string>,
): SecurityRequirement[] {
  if (aliases.size === 0) return [...requirements];
  const seen = new Set<string>();
  return requirements.flatMap((requirement) => {
    const out: Record<string, readonly string[]> = {};
    for (const [name, scopes] of Object.entries(requirement)) {
      const kept = aliases.get(name) ?? name;
      out[kept] = [...new Set([...(out[kept] ?? []), ...scopes])];
    }
    const key = JSON.stringify(out);
    if (seen.has(key)) return [];
    seen.add(key);
    return [out];
  });
}
