// A spec with no credential scheme + the `Authorization: Bearer …` header its own text shows → a warning at generate.
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic, Position } from "../diagnostics/types.js";
import type { SecurityScheme } from "../model/api-model.js";

/** An `Authorization` header written out with a value (`-H "Authorization: Bearer YOUR_API_KEY"`, `Authorization: Basic <…>`). */
const SHOWN_HEADER = /\bAuthorization:\s*(Bearer|Token|Basic)\s+[^\s'"`\\]+/i;

export interface ShownHeader {
  /** The header as the text writes it, cut at its value's end (`Authorization: Bearer YOUR_API_KEY`). */
  readonly text: string;
  readonly scheme: "Bearer" | "Token" | "Basic";
  readonly pointer: string;
}

const escapeToken = (key: string): string => key.replaceAll("~", "~0").replaceAll("/", "~1");

/** The first string of the document (depth first, in key order) that writes an `Authorization` header with a value. */
export function shownAuthorizationHeader(document: unknown): ShownHeader | undefined {
  const stack: [unknown, string][] = [[document, ""]];
  while (stack.length > 0) {
    const [value, pointer] = stack.pop() as [unknown, string];
    if (typeof value === "string") {
      const found = SHOWN_HEADER.exec(value);
      if (found === null) continue;
      const word = (found[1] ?? "").toLowerCase();
      const scheme = word === "basic" ? "Basic" : word === "token" ? "Token" : "Bearer";
      return { text: found[0].slice(0, 80), scheme, pointer };
    }
    if (value === null || typeof value !== "object") continue;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as readonly [string, unknown];
      stack.push([child, `${pointer}/${escapeToken(key)}`]);
    }
  }
  return undefined;
}

/** Schemes that carry a credential (not the API version an apiKey scheme declares). */
const carriesCredential = (scheme: SecurityScheme): boolean => !(scheme.type === "apiKey" && scheme.apiVersion);

const EXAMPLE: Readonly<Record<ShownHeader["scheme"], string>> = {
  Bearer: "{ type: http, scheme: bearer }",
  Token: "{ type: apiKey, in: header, name: Authorization, description: 'Token <key>' }",
  Basic: "{ type: http, scheme: basic }",
};

/**
 * A warning when the toolset has no credential scheme at all (the spec declares none, the goals file adds none and no
 * credential parameter was found) while the spec's text shows an `Authorization` header with a value: every call goes
 * out without a credential and the API will likely refuse it.
 */
export function undeclaredCredential(
  schemes: Readonly<Record<string, SecurityScheme>>,
  document: unknown,
  at: {
    readonly file: string;
    readonly locate: (pointer: string) => Position | undefined;
    readonly goals: boolean;
    readonly envPrefix: string;
  },
): Diagnostic[] {
  if (Object.values(schemes).some(carriesCredential)) return [];
  const shown = shownAuthorizationHeader(document);
  if (shown === undefined) return [];
  const position = at.locate(shown.pointer);
  const declare = `securitySchemes: { token: ${EXAMPLE[shown.scheme]} }`;
  return [
    diagnostic("PLAN_CREDENTIAL_UNDECLARED", {
      message: `the spec declares no security scheme, but its text shows the header "${shown.text}": the tools send no credential, so the API will likely refuse every call`,
      hint: at.goals
        ? `declare it in the goals file (docs/goals.md, "Credentials the spec does not declare"): ${declare}; the package then reads ${at.envPrefix}_TOKEN`
        : `declare it in a goals file of settings only (aci: 1, toolset, spec, ${declare}; no goals) and pass it with --goals beside --all-operations (docs/goals.md, "Credentials the spec does not declare"); the package then reads ${at.envPrefix}_TOKEN`,
      file: at.file,
      pointer: shown.pointer,
      ...(position === undefined ? {} : { position }),
    }),
  ];
}
