// Turns a document's version field (`swagger`, `openapi`, `swaggerVersion`) into the SpecDialect it is written in.
import type { SpecDialect } from "../model/api-model.js";
import type { Reporter } from "./report.js";
import { isRecord, optional } from "./walk.js";

const VERSION_PATTERNS: readonly (readonly [RegExp, SpecDialect])[] = [
  [/^3\.0\.\d+(-[0-9A-Za-z.-]+)?$/, "openapi-3.0"],
  [/^3\.1\.\d+(-[0-9A-Za-z.-]+)?$/, "openapi-3.1"],
];

/** The versions ingest accepts, in the words error messages use. */
const SUPPORTED_VERSIONS = "Swagger 2.0, OpenAPI 3.0.x and OpenAPI 3.1.x";

/**
 * Decides the dialect, or reports why the document is not one we read. Only 2.0, 3.0.x and 3.1.x are
 * accepted: 1.x needs conversion, and 3.2+/4.x may change semantics we would silently get wrong.
 */
export function detectDialect(document: unknown, reporter: Reporter): SpecDialect | undefined {
  if (!isRecord(document)) {
    reporter.report("SPEC_NOT_OPENAPI", "", {
      message: `expected an OpenAPI document (an object), found ${describe(document)}`,
    });
    return undefined;
  }
  if ("swagger" in document) return swaggerDialect(document["swagger"], reporter);
  if ("openapi" in document) return openapiDialect(document["openapi"], reporter);
  if ("swaggerVersion" in document) {
    reporter.report("SPEC_UNSUPPORTED_VERSION", "/swaggerVersion", {
      message: `Swagger ${String(document["swaggerVersion"])} is not supported; ingest reads ${SUPPORTED_VERSIONS}`,
      hint: "convert the document to OpenAPI 3 first, e.g. with `npx api-spec-converter --from=swagger_1 --to=openapi_3`",
    });
    return undefined;
  }
  reporter.report("SPEC_NOT_OPENAPI", "", {
    message: "the document has neither an `openapi` nor a `swagger` field, so it is not an OpenAPI document",
  });
  return undefined;
}

function swaggerDialect(version: unknown, reporter: Reporter): SpecDialect | undefined {
  if (version === "2.0") return "swagger-2.0";
  reporter.report("SPEC_UNSUPPORTED_VERSION", "/swagger", {
    message: `swagger version ${JSON.stringify(version)} is not supported; ingest reads ${SUPPORTED_VERSIONS}`,
    ...(typeof version === "number"
      ? { hint: 'write the version as a string: `swagger: "2.0"` (unquoted, YAML reads 2.0 as a number)' }
      : {}),
  });
  return undefined;
}

function openapiDialect(version: unknown, reporter: Reporter): SpecDialect | undefined {
  const text = typeof version === "string" ? version : "";
  const match = VERSION_PATTERNS.find(([pattern]) => pattern.test(text));
  if (match) return match[1];
  reporter.report("SPEC_UNSUPPORTED_VERSION", "/openapi", {
    message: `openapi version ${JSON.stringify(version)} is not supported; ingest reads ${SUPPORTED_VERSIONS}`,
    ...optional(
      "hint",
      typeof version === "number" ? 'write the full version as a string, e.g. `openapi: "3.0.3"`' : newerHint(text),
    ),
  });
  return undefined;
}

/** 3.2 and later are newer than what ingest understands; the repair differs from converting an old document. */
function newerHint(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  if (major < 3 || (major === 3 && minor <= 1)) return undefined;
  return "ingest reads OpenAPI up to 3.1.x; if the document uses no newer features, declare `openapi: 3.1.1`, else convert it down first";
}

function describe(value: unknown): string {
  if (value === null) return "null (an empty document?)";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}
