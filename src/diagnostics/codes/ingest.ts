// Diagnostic codes for reading and normalising an API description.
import type { CatalogEntry } from "../types.js";

export const ingestCodes = {
  SPEC_UNREADABLE: {
    severity: "error",
    title: "the spec file cannot be read",
    hint: "check the path passed to --spec and that the file is readable",
  },
  SPEC_NO_BASE_URL: {
    severity: "warning",
    title: "the spec gives no absolute server URL (no Swagger 2 `host`, a relative or missing OpenAPI `servers`)",
    hint: "set the generated package's <PREFIX>_BASE_URL to the API's URL where its server and approvals command run, or give the goals file `server: https://…`",
  },
  SPEC_PLACEHOLDER_SERVER: {
    severity: "warning",
    title:
      "the spec's server URL is a placeholder (`your-domain`, `example.com`, an unfilled `{…}`, or `localhost` in a public API's description)",
    hint: "set the generated package's <PREFIX>_BASE_URL to your API's real URL (its server refuses to start without it), or give the goals file `server: https://…`",
  },
  SOURCE_TOO_LARGE: {
    severity: "error",
    title: "the file is larger than the size limit",
    hint: "split the document, or raise the limit with --max-spec-bytes if you trust it",
  },
  SOURCE_INVALID_JSON: {
    severity: "error",
    title: "the file is not valid JSON",
    hint: "fix the syntax at the position shown (a trailing comma or an unquoted key is the usual cause)",
  },
  SOURCE_INVALID_YAML: {
    severity: "error",
    title: "the file is not valid YAML",
    hint: "fix the syntax at the position shown; check indentation and quote strings that contain `: ` or `#`",
  },
  SOURCE_DUPLICATE_KEY: {
    severity: "error",
    title: "a key appears twice in one mapping",
    hint: "remove or rename one of the two keys; parsers disagree on which one wins",
  },
  SOURCE_ALIAS_LIMIT: {
    severity: "error",
    title: "YAML aliases expand beyond the limit (a possible alias bomb)",
    hint: "write the repeated content out, or use fewer nested aliases",
  },
  SOURCE_UNSAFE_TAG: {
    severity: "error",
    title: "a YAML tag outside the YAML 1.2 core schema",
    hint: "remove the tag (such as !!js/function or !!python/object); only plain YAML 1.2 data is accepted",
  },
  SPEC_NOT_OPENAPI: {
    severity: "error",
    title: "the document is not an OpenAPI or Swagger document",
    hint: 'pass an OpenAPI 3.0/3.1 document (top-level `openapi: 3.x.y`) or a Swagger 2.0 one (`swagger: "2.0"`)',
  },
  SPEC_UNSUPPORTED_VERSION: {
    severity: "error",
    title: "this OpenAPI / Swagger version is not supported",
    hint: "supported: Swagger 2.0, OpenAPI 3.0.x and 3.1.x; convert older documents first (e.g. `npx swagger2openapi` or api-spec-converter)",
  },
  SPEC_INVALID_STRUCTURE: {
    severity: "error",
    title: "the document breaks the OpenAPI structure",
    hint: "fix the value at the pointer shown so it has the type and fields the OpenAPI specification requires",
  },
  SPEC_DUPLICATE_OPERATION_ID: {
    severity: "error",
    title: "two operations share one operationId",
    hint: "operationIds must be unique across the document; rename one of the two",
  },
  SPEC_PARAMETER_UNSENDABLE: {
    severity: "warning",
    title:
      "a parameter's name cannot be sent in an HTTP request (empty, or a header or cookie name that is no token); the tool offers no input for it",
    hint: "give the parameter the name the API reads, or remove it",
  },
  SPEC_READ_BODY_DROPPED: {
    severity: "warning",
    title:
      "a GET or HEAD operation declares a request body, which HTTP clients cannot send; the tool offers none, and an operation that cannot be called without it (required, and needing a value) is left out of --all-operations and init drafts",
    hint: "move what the body carries into query parameters, or describe the API's POST form of the operation and use that one",
  },
  SPEC_LIST_FILTERS_DROPPED: {
    severity: "warning",
    title:
      "a write without a request body declares only the query parameters of the list beside it, without its paging (filters copied from the list); the tool offers none of them",
    hint: "declare the fields the write takes (its request body) and remove the list's filters from it",
  },
  SPEC_TITLE_EMPTY: {
    severity: "info",
    title:
      "`info.title` is blank: the API is called after its server's host, else its spec file's name (the package, its variables, its README)",
    hint: "give `info.title` the API's name",
  },
  SPEC_TEXT_MOJIBAKE_REPAIRED: {
    severity: "warning",
    title:
      'a `description`, `summary` or `title` holds UTF-8 read as Windows-1252/Latin-1 ("Ã¢â‚¬â€œ" for "–"): each such run is read as the text it encodes, as often as it was encoded',
    hint: "save the document's text as UTF-8 once (decode the mangled runs back); until then the tools show the repaired text",
  },
  SPEC_NO_OPERATIONS: {
    severity: "warning",
    title: "the document has no operations",
    hint: "add paths with operations; there is nothing to turn into tools",
  },
  REF_REMOTE: {
    severity: "error",
    title: "a `$ref` points to a URL, and ingest never uses the network",
    hint: "download and bundle the spec into one local file first, e.g. `npx @redocly/cli bundle openapi.yaml -o bundled.yaml`, then pass the bundled file",
  },
  REF_OUTSIDE_ROOT: {
    severity: "error",
    title: "a `$ref` points to a file outside the spec's folder",
    hint: "move the referenced file into the spec's folder (or a subfolder), or bundle the spec into one file first, e.g. `npx @redocly/cli bundle`",
  },
  REF_UNRESOLVED: {
    severity: "error",
    title: "a `$ref` cannot be resolved",
    hint: "check the file name and the JSON pointer after `#` (`/` in a key is written `~1`, `~` is written `~0`)",
  },
  REF_CYCLE: {
    severity: "error",
    title: "`$ref`s point at each other in a cycle with no schema or object in it",
    hint: "make one of the references point at a real definition instead of at another `$ref`",
  },
  REF_INVALID: {
    severity: "error",
    title: "a `$ref` is not a string URI reference",
    hint: "write `$ref` as a string such as `#/components/schemas/Pet` or `./pet.yaml`",
  },
  REF_BUNDLE_FAILED: {
    severity: "error",
    title: "the referenced files could not be bundled into one document",
    hint: "bundle the spec into one file first, e.g. `npx @redocly/cli bundle`, and pass that file",
  },
} as const satisfies Record<string, CatalogEntry>;
