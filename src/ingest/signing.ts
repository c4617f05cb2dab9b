// A security scheme that is AWS Signature Version 4 + the document's service name and servers → the model's awsSigV4 scheme.
import type { SecurityScheme, Server } from "../model/api-model.js";
import type { JsonRecord } from "./walk.js";

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

/** Hosts AWS serves its own APIs on; any other host of a signed API is API Gateway's (a custom domain). */
const AWS_HOST = /(^|\.)(amazonaws\.com(\.cn)?|api\.aws|aws\.amazon\.com)$/;

/** `us-east-1`, `us-gov-west-1`, `cn-north-1`, `ap-southeast-2`. */
const REGION = /^[a-z]{2}(-gov|-iso[a-z]?)?-[a-z]+-\d+$/;

/** The server URL's host with its `{variables}` as label breaks: `sqs.{region}.amazonaws.com` → sqs, amazonaws, com. */
function hostLabels(server: Server | undefined): string[] {
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(server?.url ?? "")?.[1] ?? "";
  return host
    .replace(/^[^@]*@/, "")
    .replace(/:\d+$/, "")
    .toLowerCase()
    .split(/\{[^}]*\}|\./)
    .filter((label) => label !== "");
}

/** AWS's own signing names are words, dashes and dots (`ses`, `execute-api`, `IoTSecuredTunneling`). */
const SIGNING_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * The name requests are signed for: `execute-api` on a host that is not AWS's (API Gateway's custom domain); else the
 * document's `info.x-aws-signingName`, as the AWS SDK's model gives it (`email.{region}…` signs as `ses`, the Chime SDK's
 * hosts as `chime`); else its `x-serviceName` when the host names it (`sqs.{region}.amazonaws.com`,
 * `api.ecr.{region}…`); else the host's first label that is not the generic `api` (`access-analyzer.{region}…` for
 * `accessanalyzer`). The package's signing-service variable overrides it.
 */
export function signingService(
  serviceName: string | undefined,
  server: Server | undefined,
  signingName?: string,
): string {
  const labels = hostLabels(server);
  if (!AWS_HOST.test(labels.join("."))) return "execute-api";
  if (signingName !== undefined && SIGNING_NAME.test(signingName)) return signingName;
  const name = serviceName?.toLowerCase();
  if (name !== undefined && labels.includes(name)) return name;
  return labels.find((label) => label !== "api") ?? name ?? "execute-api";
}

/** The region signed for unless the operator sets one: the server's `{region}` default, a region in its host, else us-east-1. */
export function signingRegion(server: Server | undefined): string {
  const variable = server?.variables["region"]?.default;
  if (variable !== undefined && variable !== "") return variable;
  return hostLabels(server).find((label) => REGION.test(label)) ?? "us-east-1";
}

/** The scheme as the model keeps it: awsSigV4 when it is the signature, else unchanged. */
export function withSigning(
  scheme: SecurityScheme,
  raw: JsonRecord,
  api: { readonly serviceName?: string; readonly signingName?: string; readonly servers: readonly Server[] },
): SecurityScheme {
  if (!isSigV4(scheme, raw)) return scheme;
  return {
    type: "awsSigV4",
    service: signingService(api.serviceName, api.servers[0], api.signingName),
    region: signingRegion(api.servers[0]),
    ...(scheme.description === undefined ? {} : { description: scheme.description }),
  };
}
