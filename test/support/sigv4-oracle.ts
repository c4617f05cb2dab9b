// A request as it arrived (method, URL, headers, body bytes) + the secret of its access key → whether AWS's own signer
// (@smithy/signature-v4) computes the same Signature Version 4 `Authorization` header for it.
import { createHash, createHmac, type Hash, type Hmac } from "node:crypto";
import { SignatureV4 } from "@smithy/signature-v4";
import type { SourceData } from "@smithy/types";

const bytesOf = (data: SourceData): string | Uint8Array =>
  typeof data === "string"
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** node:crypto as the `Checksum` constructor @smithy/signature-v4 takes: SHA-256, or HMAC-SHA256 with a key. */
class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash("sha256") : createHmac("sha256", bytesOf(this.secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

/** One received request. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: URL;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array | string;
}

/** The keys the oracle knows: access key id → secret, and a session token when the key has one. */
export type KnownKeys = Readonly<Record<string, { readonly secret: string; readonly sessionToken?: string }>>;

/** `AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/sqs/aws4_request, SignedHeaders=a;b, Signature=…`, parsed. */
function parseAuthorization(value: string | undefined) {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=[0-9a-f]{64}$/.exec(
      value ?? "",
    );
  if (match === null) return undefined;
  const [, accessKeyId, , region, service, signed] = match as unknown as string[];
  return { accessKeyId, region, service, signed: (signed as string).split(";") } as {
    accessKeyId: string;
    region: string;
    service: string;
    signed: string[];
  };
}

/** `20260101T120000Z` → its Date. */
function amzDateOf(text: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (m === null) return new Date(Number.NaN);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

/**
 * What @smithy/signature-v4 signs the received request as, with the headers the request says it signed, the region and
 * service of its credential scope and its `X-Amz-Date`; undefined when the request carries no SigV4 Authorization or
 * an unknown key.
 */
export async function expectedAuthorization(request: ReceivedRequest, keys: KnownKeys): Promise<string | undefined> {
  const said = parseAuthorization(request.headers["authorization"]);
  const key = said === undefined ? undefined : keys[said.accessKeyId];
  if (said === undefined || key === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const name of said.signed) if (request.headers[name] !== undefined) headers[name] = request.headers[name];
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of request.url.searchParams) {
    const had = query[name];
    query[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  const signer = new SignatureV4({
    service: said.service,
    region: said.region,
    credentials: {
      accessKeyId: said.accessKeyId,
      secretAccessKey: key.secret,
      ...(key.sessionToken === undefined ? {} : { sessionToken: key.sessionToken }),
    },
    sha256: Sha256,
    applyChecksum: false,
  });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: request.url.protocol,
      hostname: request.url.hostname,
      ...(request.url.port === "" ? {} : { port: Number(request.url.port) }),
      path: request.url.pathname,
      query,
      headers,
      body: request.body,
    },
    { signingDate: amzDateOf(request.headers["x-amz-date"] ?? "") },
  );
  return signed.headers["authorization"];
}
