// Turns a bundled, version-checked document into the ApiModel (info, servers, operations, schemas, security, tags), or the ApiIndex lazy ingest resolves from.
import type { ApiIndex, ApiModel, SecurityScheme, Tag } from "../model/api-model.js";
import { join } from "../util/pointer.js";
import { deref, entriesAt, type IngestContext } from "./context.js";
import { operationSummaries, operationsToModel, type SummarisedOperation } from "./operations.js";
import {
  securityRequirementsToModel,
  securitySchemeToModel,
  swagger2SecuritySchemeToModel,
  withTokenBody,
} from "./security.js";
import { bearerAlternatives, bearerSchemes, schemeAliases, withoutAliases } from "./scheme-aliases.js";
import { withSigning } from "./signing.js";
import { DEFAULT_SERVERS, serversToModel, swagger2ServersToModel, withoutRepeatedBase } from "./servers.js";
import { untitledName } from "./title.js";
import { arrayOf, isRecord, optional, recordOf, setEntry, stringOf } from "./walk.js";

/** The whole model, every operation and named schema worked out; structural problems are reported through `ctx`. */
export function documentToModel(ctx: IngestContext, file: string): ApiModel {
  const head = headerOf(ctx, file);
  const operations = operationsToModel(ctx);
  if (operations.length === 0) ctx.reporter.report("SPEC_NO_OPERATIONS", "/paths");
  const { schemas, recursiveSchemas } = ctx.schemas.finish();
  return Object.freeze({
    ...head,
    operations,
    schemas,
    recursiveSchemas,
    ...securityAndTags(ctx, operations, head.servers),
  });
}

/**
 * The ApiIndex (the schema registry should be lazy), with what resolving each operation starts from; only ids,
 * info and the document's own structure are checked now.
 */
export function documentToIndex(
  ctx: IngestContext,
  file: string,
): { index: ApiIndex; operations: readonly SummarisedOperation[] } {
  const head = headerOf(ctx, file);
  const operations = operationSummaries(ctx);
  if (operations.length === 0) ctx.reporter.report("SPEC_NO_OPERATIONS", "/paths");
  const summaries = operations.map((o) => o.summary);
  const index: ApiIndex = Object.freeze({
    ...head,
    operations: summaries,
    schemaNames: ctx.schemas.names(),
    ...securityAndTags(ctx, summaries, head.servers),
  });
  return { index, operations };
}

/** The servers, each without a base path every operation path repeats (see `withoutRepeatedBase`), reported. */
function unrepeatedServers(ctx: IngestContext, servers: ApiModel["servers"]): ApiModel["servers"] {
  const paths = Object.keys(recordOf(ctx.document["paths"]));
  return servers.map((server, i) => {
    const url = withoutRepeatedBase(server.url, paths);
    if (url === undefined) return server;
    const at = ctx.dialect === "swagger-2.0" ? "/basePath" : join("/servers", i, "url");
    ctx.reporter.report("SERVER_BASE_PATH_REPEATED", at, {
      message: `every path begins with the server URL's own path (${JSON.stringify(server.url)} beside ${JSON.stringify(paths[0])}): the tools call ${JSON.stringify(url)} plus the path, not that path twice`,
    });
    return { ...server, url };
  });
}

function headerOf(
  ctx: IngestContext,
  file: string,
): Pick<ApiModel, "dialect" | "file" | "title" | "version" | "description" | "servers"> {
  const declared =
    ctx.dialect === "swagger-2.0"
      ? swagger2ServersToModel(ctx.document)
      : (serversToModel(ctx.document["servers"]) ?? [...DEFAULT_SERVERS]);
  const servers = unrepeatedServers(ctx, declared);
  const info = infoToModel(ctx);
  const named = info.title.trim() === "" ? untitledName(servers, file) : undefined;
  if (named !== undefined && isRecord(ctx.document["info"]) && typeof ctx.document["info"]["title"] === "string")
    ctx.reporter.report("SPEC_TITLE_EMPTY", "/info/title", {
      message: `\`info.title\` is blank: the API is called "${named}" (its server's host, else its file's name) in the package's name, its variables and its README`,
    });
  return { dialect: ctx.dialect, file, ...info, ...(named === undefined ? {} : { title: named }), servers };
}

function securityAndTags(
  ctx: IngestContext,
  operations: readonly { readonly tags: readonly string[] }[],
  servers: ApiModel["servers"],
): Pick<ApiModel, "securitySchemes" | "security" | "tags"> {
  return {
    securitySchemes: securitySchemesToModel(ctx, servers),
    security: bearerAlternatives(
      withoutAliases(securityRequirementsToModel(ctx.document["security"]), schemeAliases(ctx)),
      bearerSchemes(ctx),
    ),
    tags: tagsToModel(ctx.document["tags"], operations),
  };
}

/** `info.title` and `info.version` are required by every dialect; missing ones are errors. */
function infoToModel(ctx: IngestContext): { title: string; version: string; description?: string } {
  const info = ctx.document["info"];
  if (!isRecord(info)) {
    ctx.reporter.report("SPEC_INVALID_STRUCTURE", isRecord(ctx.document) && "info" in ctx.document ? "/info" : "", {
      message: "the document needs an `info` object with `title` and `version`",
    });
    return { title: "", version: "" };
  }
  for (const key of ["title", "version"]) {
    if (typeof info[key] === "string") continue;
    ctx.reporter.report("SPEC_INVALID_STRUCTURE", key in info ? join("/info", key) : "/info", {
      message: `\`info.${key}\` must be a string`,
      ...(typeof info[key] === "number" ? { hint: `quote the value: \`${key}: "${String(info[key])}"\`` } : {}),
    });
  }
  return {
    title: stringOf(info["title"]) ?? "",
    version: stringOf(info["version"]) ?? "",
    ...optional("description", stringOf(info["description"])),
  };
}

/**
 * OAS 3 `components.securitySchemes` or Swagger 2 `securityDefinitions`, by name in spec order; a scheme that is AWS
 * Signature Version 4 becomes awsSigV4, signed for the service and region the document and its servers name; an alias
 * of an earlier scheme (see `aliasesOf`) is left out, its requirements naming that scheme.
 */
function securitySchemesToModel(ctx: IngestContext, servers: ApiModel["servers"]): Record<string, SecurityScheme> {
  const swagger2 = ctx.dialect === "swagger-2.0";
  const pointer = swagger2 ? "/securityDefinitions" : "/components/securitySchemes";
  const source = swagger2
    ? ctx.document["securityDefinitions"]
    : recordOf(ctx.document["components"])["securitySchemes"];
  const info = recordOf(ctx.document["info"]);
  const api = {
    servers,
    ...optional("serviceName", stringOf(info["x-serviceName"])),
    ...optional("signingName", stringOf(info["x-aws-signingName"])),
  };
  const out: Record<string, SecurityScheme> = {};
  const aliases = schemeAliases(ctx);
  for (const [name, raw, at] of entriesAt(source, pointer)) {
    if (aliases.has(name)) continue;
    const node = deref(ctx, raw, at);
    const scheme = node && (swagger2 ? swagger2SecuritySchemeToModel(node.node) : securitySchemeToModel(node.node));
    if (node && scheme) setEntry(out, name, withTokenBody(withSigning(scheme, node.node, api), ctx.document, servers));
    else
      ctx.reporter.report("SPEC_INVALID_STRUCTURE", at, {
        message: `security scheme "${name}" has an unknown type or misses a required field`,
      });
  }
  return out;
}

/** Declared tags in spec order, then tags operations use without declaring, in first-use order. */
export function tagsToModel(declared: unknown, operations: readonly { readonly tags: readonly string[] }[]): Tag[] {
  const tags: Tag[] = [];
  const seen = new Set<string>();
  for (const raw of arrayOf(declared)) {
    const tag = recordOf(raw);
    const name = stringOf(tag["name"]);
    if (name === undefined || seen.has(name)) continue;
    seen.add(name);
    tags.push({ name, ...optional("description", stringOf(tag["description"])) });
  }
  for (const name of operations.flatMap((operation) => operation.tags)) {
    if (seen.has(name)) continue;
    seen.add(name);
    tags.push({ name });
  }
  return tags;
}
