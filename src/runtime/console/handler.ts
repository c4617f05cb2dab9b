// Requests under /approvals → the approvals console: sign-in, list, detail, approve / reject / resolve (CSRF), audit.
import type { IncomingMessage, ServerResponse } from "node:http";
import { approveAudited, rejectAudited, resolveAudited } from "../approval/decide.js";
import { previewApproval } from "../approval/preview.js";
import { listApprovals, showApproval, type Decision } from "../approval/queue.js";
import { TOOL_SPEC, type BoundTool, type Runtime } from "../tool.js";
import { CONSOLE_CSS, CONSOLE_JS } from "./assets.js";
import {
  bearerOf,
  cookieValue,
  csrfMatches,
  csrfToken,
  sameSecret,
  SESSION_COOKIE,
  SESSION_MS,
  sessionCookie,
  verifySession,
  type Session,
} from "./auth.js";
import type { Html } from "./html.js";
import {
  auditPage,
  CONSOLE_PATH,
  detailPage,
  FLASH,
  listPage,
  loginPage,
  messagePage,
  requestPath,
  type AuditFilter,
  type PageFrame,
  type RequestView,
} from "./pages.js";

/** What the console serves and whom it lets in. */
export interface ConsoleInit {
  readonly tools: Readonly<Record<string, BoundTool>>;
  readonly runtime: Runtime;
  /** The operator token (`PREFIX_OPERATOR_TOKEN`); never the MCP server token. */
  readonly token: string;
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

const cookieHeader = (value: string, maxAgeSeconds: number): string =>
  `${SESSION_COOKIE}=${value}; Path=${CONSOLE_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}`;

/** The console's request handler (see {@link ConsoleInit}). */
export function createConsole(init: ConsoleInit): ConsoleRoute {
  const now = init.now ?? Date.now;
  const toolset = init.runtime.toolset.name;
  const frameOf = (session?: Session): PageFrame => ({
    toolset,
    ...(session === undefined ? {} : { csrf: csrfToken(init.token, session), operator: session.name }),
  });
  const riskOf = (tool: string): string => init.tools[tool]?.[TOOL_SPEC].risk ?? "unknown";

  function sessionOf(req: IncomingMessage): Session | undefined {
    const bearer = bearerOf(req.headers.authorization);
    if (bearer !== undefined) return sameSecret(bearer, init.token) ? { name: "api", cookie: "" } : undefined;
    return verifySession(init.token, cookieValue(req.headers.cookie, SESSION_COOKIE), now());
  }

  async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const token = form?.get("token") ?? "";
    const name = (form?.get("name") ?? "").trim().slice(0, 64);
    if (!sameSecret(token, init.token) || name === "")
      return send(res, 401, loginPage(frameOf(), "Wrong operator token, or no name given."));
    redirect(res, CONSOLE_PATH, {
      "set-cookie": cookieHeader(sessionCookie(init.token, name, now()), SESSION_MS / 1000),
    });
  }

  async function list(res: ServerResponse, session: Session): Promise<void> {
    const views: RequestView[] = (await listApprovals(init.runtime.state)).map((record) => ({
      record,
      risk: riskOf(record.tool),
    }));
    send(res, 200, listPage(frameOf(session), views));
  }

  async function detail(res: ServerResponse, session: Session, id: string, flash: string | undefined): Promise<void> {
    const record = await showApproval(init.runtime.state, id);
    if (record === undefined)
      return send(res, 404, messagePage(frameOf(session), "Not found", `No approval request ${id}.`));
    const spec = init.tools[record.tool]?.[TOOL_SPEC];
    const frame = { ...frameOf(session), csrf: csrfToken(init.token, session) };
    send(
      res,
      200,
      detailPage(
        frame,
        { record, risk: riskOf(record.tool) },
        spec === undefined ? undefined : previewApproval(record, spec),
        flash === undefined ? undefined : FLASH[flash],
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
    const state = decision.record.interrupted === true ? "interrupted" : decision.record.state;
    const why =
      decision.outcome === "busy"
        ? `Request ${id} (${state}) is being decided or executed by another process; nothing was done.`
        : `Request ${id} is already ${state}; nothing was done.`;
    send(res, 409, messagePage(frameOf(session), "Nothing was done", why));
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
    if (session.cookie !== "" && !csrfMatches(init.token, session, form.get("csrf") ?? undefined))
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
    return reportDecision(res, session, id, await resolveAudited(init.runtime, id, outcome, reason, by), "resolved");
  }

  async function signedIn(req: IncomingMessage, res: ServerResponse, session: Session, url: URL): Promise<void> {
    const rest = url.pathname.slice(CONSOLE_PATH.length);
    const action = /^\/requests\/([^/]+)\/(approve|reject|resolve)$/.exec(rest);
    const show = /^\/requests\/([^/]+)$/.exec(rest);
    if (req.method === "POST" && rest === "/logout") {
      if (!csrfMatches(init.token, session, (await readForm(req))?.get("csrf") ?? undefined))
        return send(res, 403, messagePage(frameOf(session), "Refused", "The form's CSRF token is missing or wrong."));
      return redirect(res, CONSOLE_PATH, { "set-cookie": cookieHeader("", 0) });
    }
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
    const session = sessionOf(req);
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
