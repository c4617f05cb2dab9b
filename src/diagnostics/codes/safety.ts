// Diagnostic codes for hostile input: budgets a document may not exceed, unsafe URLs and patterns, hidden text.
import type { CatalogEntry } from "../types.js";

export const safetyCodes = {
  SOURCE_TOO_DEEP: {
    severity: "error",
    title: "the document nests deeper than the nesting limit",
    hint: "flatten the document: move deeply nested schemas into named components and `$ref` them",
  },
  REF_FANOUT_LIMIT: {
    severity: "error",
    title: "the document holds more `$ref`s than the limit of one spec (100,000)",
    hint: "generate from a part of the API: split the document into smaller specs (one per tag or service) and run aci-gen on each",
  },
  SERVER_URL_UNSAFE: {
    severity: "error",
    title: "a server URL is not an http(s) URL without credentials",
    hint: "use `https://host/base` (or a relative URL such as `/v1`); put credentials in the environment variables of the generated package, never in the spec",
  },
  SERVER_URL_SCHEME_ASSUMED: {
    severity: "warning",
    title: "a server URL is protocol-relative (`//host/base`): the generated tools use https",
    hint: "write the scheme in the spec (`https://host/base`), or set the package's BASE_URL variable when the API is served over plain http",
  },
  SERVER_BASE_PATH_REPEATED: {
    severity: "warning",
    title:
      "every operation path repeats the server URL's own path: the tools call the server without it, not the path twice",
    hint: "write the server URL without the path the operation paths begin with (`https://host`), or the paths without it; set the package's BASE_URL variable if the API really serves the path twice",
  },
  SERVER_URL_HTTPS_UPGRADED: {
    severity: "warning",
    title:
      "a plain-http server URL on a public host is called over https: the API description writes that host with `https://` elsewhere",
    hint: "write `https://` in the server URL; if the API really serves only plain http, set the package's BASE_URL variable to the http URL",
  },
  SERVER_URL_PLAIN_HTTP: {
    severity: "warning",
    title:
      "the server URL is plain http on a public host: the generated tools send the configured credentials unencrypted",
    hint: "write `https://` in the server URL, or set the package's BASE_URL variable to the https URL, when the API serves https",
  },
  SPEC_UNSAFE_PATH: {
    severity: "error",
    title: "a path template could leave the server it is meant for",
    hint: "a path must not start with `//` and a host name, nor hold `.` or `..` segments, backslashes or control characters",
  },
  SPEC_PATH_QUERY: {
    severity: "warning",
    title:
      "a path template carries a query string: its `name={var}` pairs become query parameters, its `name=value` pairs are always sent",
    hint: "move each pair into a parameter `{ name, in: query }` of the operation and keep the path before `?`",
  },
  SPEC_PATH_EMPTY_SEGMENT: {
    severity: "warning",
    title: "a path starts with `//`: the operation calls it after the server URL's path, on the server's host",
    hint: "write the path with a single leading `/` unless the API really serves it with an empty first segment",
  },
  SPEC_PATH_FRAGMENT: {
    severity: "warning",
    title:
      "a path ends in a `#` fragment, which is never sent, and no parameter its operations declare sends its value instead: the operation calls the path without it",
    hint: "give each operation its own path, or declare what tells the operations on that path apart: a required parameter that allows only the fragment's value (`#Action=X`: a query parameter `Action` with `enum: [X]`; `#X-Amz-Target=Y`: that header with `enum: [Y]`), which the tool sends and which silences this warning",
  },
  SPEC_HIDDEN_TEXT: {
    severity: "warning",
    title: "text the model reads contains invisible or bidirectional-control characters (possible tool poisoning)",
    hint: "remove the characters; they are escaped in the generated source but the model still receives them, and a reviewer cannot see them",
  },
  SCHEMA_UNSAFE_PATTERN: {
    severity: "error",
    title: "a `pattern` can take exponential time to match (catastrophic backtracking)",
    hint: "rewrite the pattern so that no repetition can match the same text in two ways, e.g. `^(a+)+$` → `^a+$`, `(\\w+\\s?)+` → `\\w+(\\s\\w+)*`, `(a|aa)+` → `a+`",
  },
} as const satisfies Record<string, CatalogEntry>;
