// A new pending approval → a Slack-compatible POST to PREFIX_APPROVAL_WEBHOOK (with its preview), retried off the call.
import { envVariable } from "../auth/env.js";
import { TransportConfigError } from "../http/server-url.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Where notifications go, and the console's public address for the link. */
export interface WebhookSettings {
  readonly url: URL;
  /** `PREFIX_CONSOLE_URL`: the console's origin as operators reach it; the link is relative without it. */
  readonly consoleUrl?: URL;
}

/** What a notification says about a request: what approving it runs, with the (redacted) values it sends. */
export interface PendingNotice {
  readonly id: string;
  readonly tool: string;
  readonly risk: string;
  readonly createdAt: string;
  /** The lines `approvals show` prints under the request: every value each step sends, read targets filled in. */
  readonly preview?: readonly string[];
}

/** How deliveries are made: attempts in all, backoff base (doubling), the clock to wait with. */
export interface NotifierOptions {
  readonly fetch?: typeof fetch;
  readonly attempts?: number;
  readonly baseDelayMs?: number;
  readonly timeoutMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly warn?: (line: string) => void;
}

const LOOPBACK: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/** An https URL, or http to loopback only (a webhook is a secret endpoint; plain http elsewhere would expose it). */
function webhookUrl(prefix: string, raw: string): URL {
  const url = parseUrl(raw);
  const ok =
    url !== undefined &&
    (url.protocol === "https:" ||
      (url.protocol === "http:" && (LOOPBACK.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname))));
  if (!ok)
    throw new TransportConfigError(
      `${prefix}_APPROVAL_WEBHOOK must be an https:// URL (http:// only to localhost, 127.0.0.1 or [::1]), got ` +
        `\`${url === undefined ? raw : url.origin}\``,
    );
  return url;
}

/**
 * `PREFIX_APPROVAL_WEBHOOK` (+ `PREFIX_CONSOLE_URL`), or undefined when no webhook is set. Malformed values are
 * one-line configuration errors.
 */
export function resolveWebhook(prefix: string, env: Env): WebhookSettings | undefined {
  const raw = env[envVariable(prefix, "approvalWebhook")]?.trim();
  if (raw === undefined || raw === "") return undefined;
  const url = webhookUrl(prefix, raw);
  const consoleRaw = env[envVariable(prefix, "consoleUrl")]?.trim();
  if (consoleRaw === undefined || consoleRaw === "") return { url };
  const consoleUrl = parseUrl(consoleRaw);
  if (consoleUrl === undefined || !["http:", "https:"].includes(consoleUrl.protocol))
    throw new TransportConfigError(
      `${prefix}_CONSOLE_URL must be the console's http(s) address such as https://ops.example.com, ` +
        `got \`${consoleRaw}\``,
    );
  return { url, consoleUrl };
}

/** The console page of a request: absolute under `consoleUrl`, else the path. */
export function consoleLink(notice: PendingNotice, consoleUrl: URL | undefined): string {
  const path = `/approvals/requests/${encodeURIComponent(notice.id)}`;
  return consoleUrl === undefined ? path : new URL(path, consoleUrl).href;
}

/** Slack's mrkdwn escapes (`&`, `<`, `>`), and no run of backticks that would close the code block. */
const slackCode = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/`/g, "'");

/** The JSON posted: Slack's `text` (with a `<link|label>` and the preview as a code block), and the same as fields. */
export function webhookBody(notice: PendingNotice, consoleUrl: URL | undefined): Record<string, string | string[]> {
  const link = consoleLink(notice, consoleUrl);
  const label = consoleUrl === undefined ? link : `<${link}|open in the approvals console>`;
  const preview = notice.preview ?? [];
  const fence = "```";
  const block = preview.length === 0 ? "" : `\n${fence}\n${slackCode(preview.join("\n"))}\n${fence}`;
  return {
    text: `Approval needed: ${notice.tool} (${notice.risk} risk), request ${notice.id}: ${label}${block}`,
    ...(preview.length === 0 ? {} : { preview: [...preview] }),
    event: "approval_requested",
    id: notice.id,
    tool: notice.tool,
    risk: notice.risk,
    created_at: notice.createdAt,
    console_url: link,
  };
}

const retryable = (status: number): boolean => status === 408 || status === 429 || status >= 500;
const defaultSleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms).unref());

/**
 * Delivers one notice: up to `attempts` POSTs, waiting base × 2^n between them, retrying network errors, 408, 429 and
 * 5xx; resolves whether it was delivered and never rejects. Callers do not await it: a tool call never waits for it.
 */
export async function deliver(
  settings: WebhookSettings,
  notice: PendingNotice,
  options: NotifierOptions = {},
): Promise<boolean> {
  const attempts = options.attempts ?? 5;
  const body = JSON.stringify(webhookBody(notice, settings.consoleUrl));
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await (options.sleep ?? defaultSleep)((options.baseDelayMs ?? 1000) * 2 ** (attempt - 1));
    const status = await (options.fetch ?? fetch)(settings.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      redirect: "error",
    }).then(
      async (response) => (await response.body?.cancel(), response.status),
      () => 0,
    );
    if (status >= 200 && status < 300) return true;
    if (status !== 0 && !retryable(status)) break;
  }
  options.warn?.(`approval webhook: request ${notice.id} could not be delivered to ${settings.url.origin}`);
  return false;
}

/** A fire-and-forget notifier for the runtime: `notify(notice)` starts a delivery and returns at once. */
export function createNotifier(
  settings: WebhookSettings,
  options: NotifierOptions = {},
): (notice: PendingNotice) => Promise<boolean> {
  return (notice) => deliver(settings, notice, options).catch(() => false);
}
