// The spec's security schemes a toolset uses → a warning for each that is AWS Signature Version 4 (signed per request).
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { SecurityScheme } from "../model/api-model.js";
import type { SourceDoc } from "../source/source.js";
import { escapeToken } from "../util/pointer.js";
import type { ToolDef } from "./types.js";

/** "Amazon Signature authorization v4", "AWS Signature Version 4", "SigV4". */
const SIGV4_WORDS = /\bsig(nature)?\s*(authori[sz]ation\s*)?(version\s*)?v?4\b|\bsigv4\b|aws4-hmac/i;

/**
 * Whether the scheme is AWS Signature Version 4: API Gateway's `x-amazon-apigateway-authtype: awsSigv4`, or an apiKey in
 * the `Authorization` header whose description names the signature (every AWS spec of the public directory).
 */
export function isSigV4(scheme: SecurityScheme, raw: unknown): boolean {
  const authType =
    typeof raw === "object" && raw !== null
      ? (raw as Record<string, unknown>)["x-amazon-apigateway-authtype"]
      : undefined;
  if (typeof authType === "string" && authType.toLowerCase() === "awssigv4") return true;
  return (
    scheme.type === "apiKey" &&
    scheme.in === "header" &&
    scheme.name.toLowerCase() === "authorization" &&
    SIGV4_WORDS.test(scheme.description ?? "")
  );
}

/** One warning per Signature Version 4 scheme the tools use, located at the scheme's declaration in `root`. */
export function signingDiagnostics(
  schemes: Readonly<Record<string, SecurityScheme>>,
  tools: readonly ToolDef[],
  root: Readonly<Record<string, unknown>>,
  source: SourceDoc | undefined,
  file: string,
): Diagnostic[] {
  const used = new Set(tools.flatMap((t) => t.steps.flatMap((st) => st.security.flatMap((r) => Object.keys(r)))));
  const swagger2 = root["swagger"] !== undefined;
  const declared = swagger2
    ? root["securityDefinitions"]
    : (root["components"] as Record<string, unknown> | undefined)?.["securitySchemes"];
  const rawOf = (name: string): unknown =>
    typeof declared === "object" && declared !== null && Object.hasOwn(declared, name)
      ? (declared as Record<string, unknown>)[name]
      : undefined;
  return Object.entries(schemes)
    .filter(([name, scheme]) => used.has(name) && isSigV4(scheme, rawOf(name)))
    .map(([name]) => {
      const pointer = `${swagger2 ? "/securityDefinitions" : "/components/securitySchemes"}/${escapeToken(name)}`;
      const position = source?.locate(pointer);
      return diagnostic("PLAN_REQUEST_SIGNING_UNSUPPORTED", {
        file,
        pointer,
        ...(position === undefined ? {} : { position }),
        message: `security scheme ${JSON.stringify(name)} is AWS Signature Version 4: each request must be signed with the caller's keys, which the generated runtime does not do; it would send one fixed \`Authorization\` value, and the API refuses unsigned calls`,
      });
    });
}
