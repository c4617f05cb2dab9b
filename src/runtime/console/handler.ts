// Requests under /approvals → the approvals console: sign-in, list, detail, approve / reject / resolve (CSRF), audit.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { approveAudited, rejectAudited, resolveAudited } from "../approval/decide.js";
import { queuingSpec } from "../approval/origin.js";
import { previewApproval } from "../approval/preview.js";
import { requestSummary } from "../approval/preview-lines.js";
import { listApprovals, showApproval, type ApprovalRecord, type Decision } from "../approval/queue.js";
import { TOOL_SPEC, type BoundTool, type Runtime } from "../tool.js";
import type { ToolSpec } from "../types.js";
import { CONSOLE_CSS, CONSOLE_JS } from "./assets.js";
import {
  bearerOf,
  cookieValue,
  csrfMatches,
  csrfToken,
  findSession,
  operatorOf,
  SESSION_COOKIE,
  SESSION_MS,
  sessionHash,
  startSession,
  type Session,
} from "./auth.js";
import type { ConsoleSettings } from "./settings.js";
import type { Html } from "./html.js";
import {
  auditPage,
  CONSOLE_PATH,
  detailPage,
  FLASH,
  listPage,
  loginPage,
  messagePage,
  outcomePage,
  requestPath,
  type AuditFilter,
  type PageFrame,
  type RequestView,
} from "./pages.js";

/** What the console serves and whom it lets in. */
export interface ConsoleInit {
  readonly tools: Readonly<Record<string, BoundTool>>;
  readonly runtime: Runtime;
  /** The operators and their tokens (`PREFIX_OPERATOR_TOKENS`, `PREFIX_OPERATOR_TOKEN`), and the cookie policy. */
  readonly settings: ConsoleSettings;
  readonly now?: () => number;
}

/** Handles a request when its path is the console's; false otherwise. */
export type ConsoleRoute = (req: IncomingMessage, res: ServerResponse, path: string) => boolean;

const MAX_FORM_BYTES = 64 * 1024;

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
};

function send(
  res: ServerResponse,
  status: number,
  body: Html | string,
  headers: Record<string, string | string[]> = {},
): void {
  const type = typeof body === "string" ? {} : { "content-type": "text/html; charset=utf-8" };
  res.writeHead(status, { ...SECURITY_HEADERS, ...type, ...headers });
  res.end(typeof body === "string" ? body : body.text);
}

const redirect = (res: ServerResponse, location: string, headers: Record<string, string> = {}): void =>
  send(res, 303, "", { location, ...headers });

async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

const cookieHeader = (value: string, maxAgeSeconds: number, secure: boolean): string =>
  `${SESSION_COOKIE}=${value}; Path=${CONSOLE_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}` +
  (secure ? "; Secure" : "");

/** Whether the browser reached us over https: a TLS socket, or a TLS proxy's `X-Forwarded-Proto` / `Forwarded`. */
function overHttps(req: IncomingMessage): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted === true) return true;
  const forwarded = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    ?.trim()
    .toLowerCase();
  return forwarded === "https" || /(?:^|[;,\s])proto=https(?:$|[;,\s])/i.test(String(req.headers.forwarded ?? ""));
}
/** The flash after an approval says what came of it: done, failed, or refused because the target changed. */
function flashKey(did: string, record: ApprovalRecord): string {
  if (did !== "approved" || record.state !== "failed") return did;
  const error = (record.result as { error?: { code?: string } } | undefined)?.error;
  return error?.code === "CONFLICT" ? "conflict" : "failed";
}

/** The console's request handler (see {@link ConsoleInit}). */
export function createConsole(init: ConsoleInit): ConsoleRoute {
  const now = init.now ?? Date.now;
  const toolset = init.runtime.toolset.name;
  const { operators, secureCookies } = init.settings;
  const store = init.runtime.state;
  const frameOf = (session?: Session): PageFrame => ({
    toolset,
    ...(session === undefined ? {} : { csrf: session.cookie === "" ? "" : csrfToken(session), operator: session.name }),
  });
  const riskOf = (tool: string): string => init.tools[tool]?.[TOOL_SPEC].risk ?? "unknown";
  const secure = (req: IncomingMessage): boolean =>
    secureCookies === "always" || (secureCookies === "auto" && overHttps(req));
  const specOf = (record: ApprovalRecord): ToolSpec | undefined =>
    queuingSpec(record, init.tools[record.tool]?.[TOOL_SPEC], init.runtime.toolset);
  const viewOf = (record: ApprovalRecord): RequestView => {
    const spec = specOf(record);
    const summary = spec === undefined ? undefined : requestSummary(previewApproval(record, spec, init.runtime.config));
    if (spec === undefined && init.tools[record.tool] !== undefined)
      return { record, risk: "unknown", elsewhere: true };
    return { record, risk: riskOf(record.tool), ...(summary === undefined ? {} : { summary }) };
  };

  async function sessionOf(req: IncomingMessage): Promise<Session | undefined> {
    const bearer = bearerOf(req.headers.authorization);
    if (bearer !== undefined) {
      const operator = operatorOf(operators, bearer);
      return operator === undefined ? undefined : { name: operator.name, cookie: "" };
    }
    return findSession(store, operators, cookieValue(req.headers.cookie, SESSION_COOKIE), now());
  }

  async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const operator = operatorOf(operators, form?.get("token") ?? "");
    if (operator === undefined) return send(res, 401, loginPage(frameOf(), "Wrong operator token."));
    const cookie = await startSession(store, operator, now());
    redirect(res, CONSOLE_PATH, { "set-cookie": cookieHeader(cookie, SESSION_MS / 1000, secure(req)) });
  }

  async function logout(req: IncomingMessage, res: ServerResponse, session: Session): Promise<void> {
    if (!csrfMatches(session, (await readForm(req))?.get("csrf") ?? undefined))
      return send(res, 403, messagePage(frameOf(session), "Refused", "The form's CSRF token is missing or wrong."));
    await store.deleteSession(sessionHash(session.cookie));
    redirect(res, CONSOLE_PATH, { "set-cookie": cookieHeader("", 0, secure(req)) });
  }

  async function list(res: ServerResponse, session: Session): Promise<void> {
    send(res, 200, listPage(frameOf(session), (await listApprovals(store)).map(viewOf)));
  }

  async function detail(res: ServerResponse, session: Session, id: string, flash: string | undefined): Promise<void> {
    const record = await showApproval(init.runtime.state, id);
    if (record === undefined)
      return send(res, 404, messagePage(frameOf(session), "Not found", `No approval request ${id}.`));
    const spec = specOf(record);
    const frame = { ...frameOf(session), csrf: session.cookie === "" ? "" : csrfToken(session) };
    send(
      res,
      200,
      detailPage(
        frame,
        viewOf(record),
        spec === undefined ? undefined : previewApproval(record, spec, init.runtime.config),
        flash === undefined ? undefined : FLASH[flashKey(flash, record)],
      ),
    );
  }

  async function audit(res: ServerResponse, session: Session, query: URLSearchParams): Promise<void> {
    const pick = (name: keyof AuditFilter) => (query.get(name)?.trim() ? { [name]: query.get(name)?.trim() } : {});
    const filter: AuditFilter = { ...pick("tool"), ...pick("event"), ...pick("request_id"), ...pick("outcome") };
    send(
      res,
      200,
      auditPage(frameOf(session), await init.runtime.state.readAudit(), filter, Object.keys(init.tools).sort()),
    );
  }

  function reportDecision(res: ServerResponse, session: Session, id: string, decision: Decision, verb: string): void {
    if (decision.outcome === "decided") return redirect(res, `${requestPath(id)}?did=${verb}`);
    if (decision.outcome === "unknown")
      return send(res, 404, messagePage(frameOf(session), "Not found", `No approval request ${id}.`));
    send(res, 409, outcomePage(frameOf(session), viewOf(decision.record), decision.outcome));
  }

  async function decide(
    req: IncomingMessage,
    res: ServerResponse,
    session: Session,
    id: string,
    verb: string,
  ): Promise<void> {
    const form = await readForm(req);
    if (form === undefined)
      return send(
        res,
        415,
        messagePage(frameOf(session), "Refused", "Send the form as application/x-www-form-urlencoded."),
      );
    if (session.cookie !== "" && !csrfMatches(session, form.get("csrf") ?? undefined))
      return send(
        res,
        403,
        messagePage(
          frameOf(session),
          "Refused",
          "The form's CSRF token is missing or wrong; reload the page and try again.",
        ),
      );
    const by = `console:${session.name}`;
    const reason = form.get("reason")?.trim() || undefined;
    if (verb === "approve")
      return reportDecision(res, session, id, await approveAudited(init.tools, init.runtime, id, by), "approved");
    if (verb === "reject")
      return reportDecision(res, session, id, await rejectAudited(init.runtime, id, reason, by), "rejected");
    const outcome = form.get("outcome");
    if (outcome !== "done" && outcome !== "failed")
      return send(
        res,
        400,
        messagePage(
          frameOf(session),
          "Refused",
          "Choose whether the interrupted call took effect (done) or not (failed).",
        ),
      );
    const before = await showApproval(init.runtime.state, id);
    if (before !== undefined && before.state === "executing" && before.interrupted !== true)
      return send(
        res,
        409,
        messagePage(
          frameOf(session),
          "Nothing was done",
          `Request ${id} is still executing; only an interrupted execution can be resolved.`,
        ),
      );
    return reportDecision(
      res,
      session,
      id,
      await resolveAudited(init.tools, init.runtime, id, outcome, reason, by),
      "resolved",
    );
  }

  async function signedIn(req: IncomingMessage, res: ServerResponse, session: Session, url: URL): Promise<void> {
    const rest = url.pathname.slice(CONSOLE_PATH.length);
    const action = /^\/requests\/([^/]+)\/(approve|reject|resolve)$/.exec(rest);
    const show = /^\/requests\/([^/]+)$/.exec(rest);
    if (req.method === "POST" && rest === "/logout") return logout(req, res, session);
    if (req.method === "POST" && action !== null)
      return decide(req, res, session, decodeURIComponent(action[1] as string), action[2] as string);
    if (req.method !== "GET" && req.method !== "HEAD")
      return send(res, 405, messagePage(frameOf(session), "Method not allowed", "Use the console's forms."), {
        allow: "GET",
      });
    if (rest === "" || rest === "/") return list(res, session);
    if (rest === "/audit") return audit(res, session, url.searchParams);
    if (show !== null)
      return detail(res, session, decodeURIComponent(show[1] as string), url.searchParams.get("did") ?? undefined);
    send(res, 404, messagePage(frameOf(session), "Not found", "No such console page."));
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const rest = url.pathname.slice(CONSOLE_PATH.length);
    if (rest === "/console.js") return send(res, 200, CONSOLE_JS, { "content-type": "text/javascript; charset=utf-8" });
    if (rest === "/console.css") return send(res, 200, CONSOLE_CSS, { "content-type": "text/css; charset=utf-8" });
    if (req.method === "POST" && rest === "/login") return login(req, res);
    const session = await sessionOf(req);
    if (session === undefined) return send(res, 401, loginPage(frameOf()));
    return signedIn(req, res, session, url);
  }

  return (req, res, path) => {
    if (path !== CONSOLE_PATH && !path.startsWith(`${CONSOLE_PATH}/`)) return false;
    handle(req, res, new URL(req.url ?? "/", "http://localhost")).catch((error: unknown) => {
      if (!res.headersSent)
        send(res, 500, `console error: ${error instanceof Error ? error.message : String(error)}`, {
          "content-type": "text/plain; charset=utf-8",
        });
      else res.end();
    });
    return true;
  };
}
