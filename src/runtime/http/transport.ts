// TransportSettings → a Transport: a call → authenticate, send, follow redirects, retry, read capped → HttpOutcome.
import { setTimeout as sleep } from "node:timers/promises";
import { createAuthenticator } from "../auth/authenticator.js";
import { envVariable } from "../auth/env.js";
import type { AppliedAuth, Authenticator } from "../auth/types.js";
import { awsErrorType, credentialWordCode, errorBodyWord } from "../api-error.js";
import { callerErrorCode, errorDetail, httpStatusError, responseDescription, type ErrorDetail } from "../errors.js";
import { createRedactor, type Redactor } from "../redact.js";
import type { StepSpec } from "../types.js";
import { prepareRequest, withBodyCredentials } from "./prepare.js";
import { chosenForm, labelledText } from "./labelled-text.js";
import { declaredJson, discardBody, isBinaryMedia, readBody, withBinaryNotDelivered } from "./read-body.js";
import { deliverableMedia } from "../media.js";
import { repeatsSafely, type StepEffect } from "./repeats.js";
import { DEFAULT_RETRY, decideRetry, headerWaits, rateLimitWaitMs } from "./retry.js";
import { sendFollowingRedirects, type SendContext } from "./send.js";
import { isXmlMedia } from "./xml-media.js";
import { resolveBaseUrl } from "./server-url.js";
import { noAnswer, thrownError, type Deadline } from "./thrown.js";
import type {
  AttemptHook,
  HttpOutcome,
  OperationRequest,
  PreparedRequest,
  RetryPolicy,
  Transport,
  TransportSettings,
} from "./types.js";

interface Context {
  readonly settings: TransportSettings;
  readonly base: URL;
  /** The base URL's path with each credential variable left as `{name}`: what traces name the request by. */
  readonly basePath: string;
  readonly auth: Authenticator;
  readonly policy: RetryPolicy;
  readonly now: () => number;
  readonly redact: Redactor;
}

/**
 * The call's deadline: a signal that aborts with a TimeoutError (as `AbortSignal.timeout` would) after `timeoutMs`,
 * combined with the caller's. Its timer is cleared by `dispose` when the call ends, rather than left pending for the
 * whole timeout as `AbortSignal.timeout`'s is.
 */
function createDeadline(timeoutMs: number, caller: AbortSignal | undefined): Deadline & { dispose(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
    timeoutMs,
  );
  timer.unref();
  const timeout = controller.signal;
  const startedAt = Date.now();
  return {
    signal: caller ? AbortSignal.any([timeout, caller]) : timeout,
    timeout,
    timeoutMs,
    ...(caller ? { caller } : {}),
    remainingMs: () => timeoutMs - (Date.now() - startedAt),
    dispose: () => clearTimeout(timer),
  };
}

function unauthorizedHint(auth: AppliedAuth, certificate: boolean): string | undefined {
  if (auth.variables.length === 0) return certificate || auth.sign !== undefined ? undefined : NONE_SENT;
  return (
    `The API rejected the configured credential. Do not retry; tell the user the operator must check ` +
    `${auth.variables.join(" and ")}.${wholeAuthorizationNote(auth)}`
  );
}

/**
 * For a 401 to a call that carried no credential (the API description declares none for the operation, or one it
 * allows is not set): "the configured credentials" would name something that does not exist.
 */
const NONE_SENT =
  "The API refused a call that carried no credential: none is set for this tool. Do not retry; tell the user the " +
  "operator must give the toolset a credential for this API.";

/** A 4xx whose code word says the credential is missing or invalid (`access_token_required` answered 400). */
function credentialRefused(status: number, word: string | undefined): boolean {
  return status >= 400 && status < 500 && word !== undefined && credentialWordCode(word) === "UNAUTHORIZED";
}

/** A key sent as the whole `Authorization` value: the prefix the API may want is the operator's to add. */
function wholeAuthorizationNote(auth: AppliedAuth): string {
  const whole = auth.wholeAuthorization ?? [];
  if (whole.length === 0) return "";
  const written = [...new Set(auth.writtenWords ?? [])].map((w) => `"${w} …"`);
  if (written.length > 0)
    return (
      ` ${whole.join(" and ")} is sent as the whole Authorization header value; the API description writes it as ` +
      `${written.join(" or ")}, which is not added: the variable must hold the whole value as the API's ` +
      `documentation describes it, the word included.`
    );
  return (
    ` ${whole.join(" and ")} is sent as the whole Authorization header value (the API description names no ` +
    `prefix): if the API wants one, such as "Bearer <key>" or "Token <key>", the variable must include it.`
  );
}

/** For a signed request the API refused: the keys to check, and the region and service the signature was made for. */
function signatureHint(auth: AppliedAuth): string | undefined {
  if (auth.sign === undefined || auth.signedFor === undefined) return undefined;
  return (
    `The API refused the request's signature. Do not retry; tell the user the operator must check ` +
    `${auth.variables.join(" and ")}, and the ${auth.signedFor} the requests are signed for.`
  );
}

/** AWS's error codes for a request whose keys or signature it does not accept (not a missing permission). */
const SIGNATURE_REFUSED = new RegExp(
  `\\b(${[
    "SignatureDoesNotMatch",
    "IncompleteSignature",
    "InvalidSignatureException",
    "InvalidClientTokenId",
    "InvalidAccessKeyId",
    "UnrecognizedClientException",
    "MissingAuthenticationToken",
    "ExpiredToken",
    "ExpiredTokenException",
    "AuthFailure",
    "RequestExpired",
  ].join("|")})\\b`,
);

/** Whether a 403 to a signed request says the keys or the signature were refused, in its XML or JSON answer. */
function signatureRefused(body: unknown): boolean {
  const text = typeof body === "string" ? body : JSON.stringify(body ?? null);
  return SIGNATURE_REFUSED.test(text.slice(0, 4096));
}

function tooLarge(step: StepSpec, limit: number): ErrorDetail {
  return errorDetail({
    code: "UPSTREAM_ERROR",
    message:
      `${step.operationId}: the API's answer is larger than ${limit} bytes, the most this tool reads; ` +
      `it was not read to the end.`,
    suggestion:
      "Narrow the request (a filter, a smaller page size or limit) so the answer is smaller; calling again " +
      "unchanged fails the same way.",
    retryable: false,
  });
}

/**
 * A 2xx of an operation the spec says streams, or sent as server-sent events: the API holds the connection open and
 * sends records until it is closed, so the answer never completes within a call, and calling again cannot change that.
 */
function streamingAnswer(step: StepSpec, status: number): ErrorDetail {
  return errorDetail({
    code: "UPSTREAM_ERROR",
    message:
      `${step.operationId} answered ${status} with a stream: this endpoint keeps the connection open and sends ` +
      "records until it is closed, so it never completes as one answer; nothing was read.",
    suggestion:
      "Do not retry: this endpoint is a stream this tool cannot read. Use another tool that searches or reads the " +
      "same data if one fits; otherwise tell the user this endpoint needs a streaming client.",
    retryable: false,
    status,
  });
}

/**
 * The answer of a read that says yes or no by its status alone: `{answer, status, means}`, `means` the spec's words
 * for that status ("Not Found if pull request has not been merged").
 */
function statusAnswer(step: StepSpec, status: number, answer: boolean): Record<string, unknown> {
  const means = responseDescription(step, status);
  return { answer, status, ...(means === undefined || means.trim() === "" ? {} : { means }) };
}

/**
 * The answer of a write the API did not need to carry out, the state asked for already holding (`unchangedStatuses`):
 * `{ok, status, note}`, the note quoting the spec's words for that status ("container already started").
 */
function unchangedAnswer(step: StepSpec, status: number): Record<string, unknown> {
  const means = responseDescription(step, status)?.trim();
  const said = means === undefined || means === "" ? "" : ` (the API description says: ${JSON.stringify(means)})`;
  return {
    ok: true,
    status,
    note:
      `The API answered ${status}: nothing was changed because what was asked already holds${said}. Tell the ` +
      "user it was already so; do not call again.",
  };
}

/** The XML reader (and its parser), imported by the first answer in XML: an API that answers JSON never loads it. */
let xmlModule: Promise<typeof import("./xml.js")> | undefined;
const xmlReader = () => (xmlModule ??= import("./xml.js"));

async function finish(
  ctx: Context,
  step: StepSpec,
  method: string,
  response: Response,
  url: URL,
  auth: AppliedAuth,
): Promise<HttpOutcome> {
  const streamed = step.streams === true || /^text\/event-stream\b/i.test(response.headers.get("content-type") ?? "");
  if (streamed && response.status >= 200 && response.status < 300) {
    await discardBody(response);
    return { ok: false, error: streamingAnswer(step, response.status) };
  }
  const read = await readBody(response, method, ctx.settings.maxResponseBytes);
  if (!read.ok) return { ok: false, error: tooLarge(step, read.limit) };
  const contentType = response.headers.get("content-type") ?? "";
  const xml = typeof read.body === "string" && isXmlMedia(contentType) ? await xmlReader() : undefined;
  const answer = { status: response.status, headers: response.headers, body: read.body, url: url.href };
  const yesOrNo = step.statusAnswers?.[String(response.status)];
  if (yesOrNo !== undefined) return { ok: true, ...answer, body: statusAnswer(step, response.status, yesOrNo) };
  if (step.unchangedStatuses?.includes(String(response.status)))
    return { ok: true, ...answer, body: unchangedAnswer(step, response.status) };
  const failed = step.failedStatuses?.includes(String(response.status)) === true;
  if (response.status >= 200 && response.status < 300 && !failed) {
    const shape = xml === undefined ? undefined : step.xmlShape;
    const chosen = chosenForm(step.formatParam, url);
    const body = isBinaryMedia(contentType)
      ? withBinaryNotDelivered(read.body)
      : xml === undefined || shape === undefined
        ? labelledText(declaredJson(read.body, step.bodyType), contentType, step.bodyType, chosen)
        : (xml.xmlAnswer(read.body as string, shape) ?? xml.unreadXml(read.body as string));
    const media = isBinaryMedia(contentType) ? deliverableMedia(contentType, read.bytes) : undefined;
    return { ok: true, ...answer, body, ...(media === undefined ? {} : { media }) };
  }
  const apiError = xml?.xmlError(read.body as string);
  const typed = xml === undefined ? (awsErrorType(response.headers, read.body) ?? errorBodyWord(read.body)) : undefined;
  const said = apiError ?? read.body;
  const rejected =
    response.status === 401 ||
    callerErrorCode(response.status, said) === "UNAUTHORIZED" ||
    credentialRefused(response.status, apiError?.Code ?? typed) ||
    (auth.sign !== undefined && response.status === 403 && signatureRefused(said));
  const certificate = Object.values(ctx.settings.toolset.securitySchemes).some((s) => s.type === "mutualTLS");
  const suggestion = rejected ? (signatureHint(auth) ?? unauthorizedHint(auth, certificate)) : undefined;
  const error = httpStatusError({
    step,
    status: response.status,
    body: said,
    redact: ctx.redact,
    ...(apiError?.Code === undefined ? {} : { apiError: apiError.Code }),
    ...(typed === undefined ? {} : { apiError: typed }),
    ...headerWaits(response.headers, ctx.now()),
    ...(suggestion ? { suggestion } : {}),
  });
  return { ok: false, error, response: { ...answer, body: ctx.redact(said) } };
}

/** `init` with `extra` headers set. */
function withHeaders(init: RequestInit, extra: readonly (readonly [string, string])[]): RequestInit {
  const headers = new Headers(init.headers);
  for (const [name, value] of extra) headers.set(name, value);
  return { ...init, headers };
}

/**
 * The fetch of one call: every request it sends (retries, the repeat after a token refresh, redirects) passes through
 * `hook`, counted, with the path template while it still names the operation's URL.
 */
function attemptFetch(
  ctx: Context,
  hook: AttemptHook,
  step: StepSpec,
  prepared: PreparedRequest,
  send: SendContext["fetch"],
): SendContext["fetch"] {
  const template = `${ctx.basePath}${step.path}`;
  let resendCount = 0;
  return (input: URL, init: RequestInit): Promise<Response> => {
    const redirected = input.pathname !== prepared.url.pathname;
    const attempt = { method: init.method ?? "GET", url: input, resendCount: resendCount++ };
    return hook(redirected ? attempt : { ...attempt, template }, (extra) => send(input, withHeaders(init, extra)));
  };
}

/**
 * The last step before the network: each request, exactly as it goes out (the trace headers included), is signed by
 * the signer of the credentials in use, if any, every time it is sent.
 */
function signingFetch(fetch: typeof globalThis.fetch, signer: () => AppliedAuth["sign"]): SendContext["fetch"] {
  return async (input: URL, init: RequestInit): Promise<Response> => {
    const sign = signer();
    if (sign === undefined) return fetch(input, init);
    const signed = await sign(input, init);
    return fetch(signed.url, signed.init);
  };
}

/** The token endpoints' fetch: each token request passes through `hook` too, its path (the spec's) as the template. */
function tokenFetch(fetch: typeof globalThis.fetch, hook: AttemptHook): typeof globalThis.fetch {
  return (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const attempt = { method: init.method ?? "GET", url, template: url.pathname, resendCount: 0 };
    return hook(attempt, (extra) => fetch(input, withHeaders(init, extra)));
  };
}

/** The sends of one call so far (redirects not counted): what its error reports when no answer came. */
interface Tally {
  sends: number;
}

/**
 * Sends once; a throw the runtime resends (a keyed call's dropped connection, see `decideRetry`) comes back as the wait
 * before the resend, any other is rethrown for `thrownError`.
 */
async function sendOnce(
  ctx: Context,
  send: SendContext,
  prepared: PreparedRequest,
  auth: AppliedAuth,
  state: { readonly keyed: boolean; readonly retries: number; readonly deadline: Deadline; readonly tally: Tally },
): Promise<Awaited<ReturnType<typeof sendFollowingRedirects>> | { readonly ok: "resend"; readonly waitMs: number }> {
  state.tally.sends++;
  try {
    return await sendFollowingRedirects(send, prepared, auth, state.deadline.signal);
  } catch (thrown) {
    const decision = decideRetry({
      method: prepared.method,
      keyed: state.keyed && prepared.replayable,
      status: noAnswer(thrown, state.deadline),
      retries: state.retries,
      retryAfterMs: undefined,
      remainingMs: state.deadline.remainingMs(),
      policy: ctx.policy,
    });
    if (!decision.retry) throw thrown;
    return { ok: "resend", waitMs: decision.waitMs };
  }
}

async function exchange(
  ctx: Context,
  request: OperationRequest,
  unauthorized: PreparedRequest,
  deadline: Deadline,
  tally: Tally,
): Promise<HttpOutcome> {
  const { step } = request;
  let authorized = await ctx.auth.authorize(step, deadline.signal);
  if (!authorized.ok) return { ok: false, error: authorized.error };
  const placed = withBodyCredentials(request, unauthorized, authorized.auth.bodyFields);
  if (!placed.ok) return { ok: false, error: placed.error };
  const prepared = placed.value;
  const hook = ctx.settings.onAttempt;
  const signed = signingFetch(ctx.settings.fetch, () => (authorized.ok ? authorized.auth.sign : undefined));
  const send: SendContext = {
    fetch: hook === undefined ? signed : attemptFetch(ctx, hook, step, prepared, signed),
    userAgent: `${ctx.settings.toolset.name}/${ctx.settings.toolset.version}`,
    operationId: step.operationId,
    base: ctx.base,
  };
  const keyed = step.idempotencyKey !== undefined;
  let refreshed = false;
  for (let retries = 0; ; ) {
    if (!authorized.ok) return { ok: false, error: authorized.error };
    const sent = await sendOnce(ctx, send, prepared, authorized.auth, { keyed, retries, deadline, tally });
    if (sent.ok === "resend") {
      await sleep(sent.waitMs, undefined, { signal: deadline.signal });
      retries++;
      continue;
    }
    if (!sent.ok) return sent;
    const { response } = sent;
    if (response.status === 401 && authorized.auth.refreshable.length > 0 && !refreshed) {
      refreshed = true;
      await discardBody(response);
      authorized = await ctx.auth.authorize(step, deadline.signal, { refresh: true });
      continue;
    }
    const retryAfterMs = rateLimitWaitMs(response.headers, ctx.now());
    const decision = decideRetry({
      ...effectOf(step, prepared.method),
      keyed,
      status: response.status,
      retries,
      retryAfterMs,
      remainingMs: deadline.remainingMs(),
      policy: ctx.policy,
    });
    if (!decision.retry) return finish(ctx, step, prepared.method, response, sent.url, authorized.auth);
    await discardBody(response);
    await sleep(decision.waitMs, undefined, { signal: deadline.signal });
    retries++;
  }
}

/** What the planner knows of a step's effect, with the method its request is sent by. */
function effectOf(step: StepSpec, method: string): StepEffect {
  return {
    method,
    readOnly: step.readOnly,
    repeats: step.repeats === true,
    idempotent: step.idempotent === true,
  };
}

function safePrepare(request: OperationRequest, base: URL): ReturnType<typeof prepareRequest> {
  try {
    return prepareRequest(request, base);
  } catch (thrown) {
    const reason = thrown instanceof Error ? thrown.message : String(thrown);
    return {
      ok: false,
      error: errorDetail({
        code: "INVALID_ARGUMENT",
        message: `${request.step.operationId}: the arguments could not be serialised (${reason}).`,
        suggestion: "Pass plain JSON values (no cycles, no big integers).",
        retryable: false,
      }),
    };
  }
}

async function call(ctx: Context, request: OperationRequest, signal?: AbortSignal): Promise<HttpOutcome> {
  const prepared = safePrepare(request, ctx.base);
  if (!prepared.ok) return { ok: false, error: ctx.redact(prepared.error) };
  const deadline = createDeadline(ctx.settings.timeoutMs, signal);
  const tally: Tally = { sends: 0 };
  try {
    return await exchange(ctx, request, prepared.value, deadline, tally);
  } catch (thrown) {
    // A read made by POST (Docker's container wait, Airbyte's lists) changes nothing either: calling again is safe;
    // a GET whose words act (`GET /apps.uninstall`) may have acted.
    const idempotent = repeatsSafely(effectOf(request.step, prepared.value.method));
    return {
      ok: false,
      error: ctx.redact(
        thrownError({
          thrown,
          deadline,
          step: request.step,
          idempotent,
          keyed: request.step.idempotencyKey !== undefined,
          sends: tally.sends,
          origin: ctx.base.origin,
          baseUrlVariable: envVariable(ctx.settings.toolset.envPrefix, "baseUrl"),
        }),
      ),
    };
  } finally {
    deadline.dispose();
  }
}

function cachedRedactor(auth: Authenticator): Redactor {
  let key = "";
  let current: Redactor = createRedactor([]);
  return <T>(value: T, json?: string): T => {
    const secrets = auth.secrets();
    const nextKey = secrets.join("\u0000");
    if (nextKey !== key) [key, current] = [nextKey, createRedactor(secrets)];
    return current(value, json);
  };
}

/** The credential of each scheme sent in the server URL, by the URL variable it fills (`{token}` → the bot's token). */
function serverSecrets(settings: TransportSettings): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const [name, scheme] of Object.entries(settings.toolset.securitySchemes)) {
    const credential = settings.credentials[name];
    if (scheme.type === "apiKey" && scheme.in === "server" && typeof credential === "string")
      secrets[scheme.name] = credential;
  }
  return secrets;
}

/** The text with each credential the operator wrote into the base URL itself named by its variable (`{token}`). */
function withSecretsNamed(text: string, secrets: Readonly<Record<string, string>>): string {
  return Object.entries(secrets).reduce(
    (named, [name, secret]) => (secret === "" ? named : named.split(secret).join(`{${name}}`)),
    text,
  );
}

/** `/bot%7Btoken%7D/` → `/bot{token}`: the base path as the server URL writes it, without its trailing slash. */
function templatePath(template: URL, secrets: Readonly<Record<string, string>>): string {
  const path = template.pathname.replace(/%7B/gi, "{").replace(/%7D/gi, "}");
  return withSecretsNamed(path, secrets).replace(/\/+$/, "");
}

/**
 * Builds a transport. Throws TransportConfigError when the base URL is unusable (configuration time);
 * `call` itself never throws — every failure is an error object in the outcome, scrubbed of credentials.
 */
export function createTransport(settings: TransportSettings): Transport {
  const secrets = serverSecrets(settings);
  const template = resolveBaseUrl(settings.toolset, settings.baseUrl);
  const base = resolveBaseUrl(settings.toolset, settings.baseUrl, {}, secrets);
  const now = settings.now ?? Date.now;
  const auth = createAuthenticator({
    toolset: settings.toolset,
    credentials: settings.credentials,
    fetch: settings.onAttempt === undefined ? settings.fetch : tokenFetch(settings.fetch, settings.onAttempt),
    baseUrl: base,
    maxResponseBytes: settings.maxResponseBytes,
    now,
    ...(settings.signing === undefined ? {} : { signing: settings.signing }),
  });
  const ctx: Context = {
    settings,
    base,
    basePath: templatePath(template, secrets),
    auth,
    now,
    policy: { ...DEFAULT_RETRY, ...settings.retry },
    redact: cachedRedactor(auth),
  };
  const baseUrl = withSecretsNamed(template.href, secrets);
  return {
    baseUrl,
    redact: ctx.redact,
    call: (request, signal) => call(ctx, request, signal),
    unsendable: (step) => ctx.auth.missing(step),
  };
}
