// A request about to be sent + AWS keys, service and region → the same request signed with Signature Version 4 (aws4).
import { Buffer } from "node:buffer";
import type { AwsCredential } from "../types.js";

/** What one awsSigV4 scheme signs with: the caller's keys, the service's signing name and the region. */
export interface SigningKey {
  readonly credential: AwsCredential;
  readonly service: string;
  readonly region: string;
}

/** A request as fetch takes it, signed: the URL (query in the signed order), the init with the signature headers. */
export interface SignedRequest {
  readonly url: URL;
  readonly init: RequestInit;
}

/** Signs the request exactly as it is about to be sent; called again for every send (a fresh `X-Amz-Date`). */
export type RequestSigner = (url: URL, init: RequestInit) => Promise<SignedRequest>;

/** Whether a configured credential is AWS keys (an awsSigV4 scheme's), not a string or oauth2 parts. */
export function isAwsCredential(credential: unknown): credential is AwsCredential {
  return (
    typeof credential === "object" &&
    credential !== null &&
    typeof (credential as Record<string, unknown>)["accessKeyId"] === "string" &&
    typeof (credential as Record<string, unknown>)["secretAccessKey"] === "string"
  );
}

/** Headers a previous signature or the transport would leave behind; the signer sets its own. */
const REPLACED = new Set(["authorization", "x-amz-date", "x-amz-security-token", "x-amz-content-sha256", "host"]);

/** `20150830T123600Z`, the form `X-Amz-Date` takes. */
export function amzDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[:-]|\.\d{3}/g, "");
}

/**
 * The body as the bytes fetch sends (a string as is), and the content type fetch would add for it (a FormData's with
 * its boundary): the signature covers the bytes, so they are fixed here and sent as they were hashed.
 */
async function fixedBody(
  body: RequestInit["body"],
): Promise<{ sent?: string | Uint8Array<ArrayBuffer>; hashed?: string | Buffer; contentType?: string }> {
  if (body === undefined || body === null) return {};
  if (typeof body === "string") return { sent: body, hashed: body };
  const response = new Response(body);
  const bytes = await response.arrayBuffer();
  const contentType = response.headers.get("content-type");
  return {
    sent: new Uint8Array(bytes),
    hashed: Buffer.from(bytes),
    ...(contentType === null ? {} : { contentType }),
  };
}

/** The signer of one scheme; `now` gives the signing time (tests fix it). */
export function createSigner(key: SigningKey, now: () => number = Date.now): RequestSigner {
  return async (url, init) => {
    const { default: aws4 } = await import("aws4");
    const fixed = await fixedBody(init.body);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      if (!REPLACED.has(name)) headers[name] = value;
    });
    if (fixed.contentType !== undefined && headers["content-type"] === undefined)
      headers["content-type"] = fixed.contentType;
    headers["x-amz-date"] = amzDate(now());
    const signed = aws4.sign(
      {
        method: init.method ?? "GET",
        host: url.host,
        path: `${url.pathname}${url.search}`,
        headers,
        service: key.service,
        region: key.region,
        ...(fixed.hashed === undefined ? {} : { body: fixed.hashed }),
      },
      {
        accessKeyId: key.credential.accessKeyId,
        secretAccessKey: key.credential.secretAccessKey,
        ...(key.credential.sessionToken === undefined ? {} : { sessionToken: key.credential.sessionToken }),
      },
    );
    const sent = new Headers();
    for (const [name, value] of Object.entries(signed.headers ?? {}))
      if (name.toLowerCase() !== "host" && value !== undefined) sent.set(name, String(value));
    return {
      url: new URL(`${url.origin}${signed.path ?? url.pathname}`),
      init: { ...init, headers: sent, ...(fixed.sent === undefined ? {} : { body: fixed.sent }) },
    };
  };
}
