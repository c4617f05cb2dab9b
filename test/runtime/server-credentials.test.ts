// A credential in the server URL (`https://api.bots.test/bot{token}`): filled from its variable into every request,
// never sent unset, never shown in a result, an error, the audit log or a trace.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTransport, resolveBaseUrl, resolveTransportSettings } from "../../src/runtime/http/index.js";
import { bindToolset, createRuntime, defineTool } from "../../src/runtime/index.js";
import { redactedUrlFull } from "../../src/runtime/telemetry/url-full.js";
import type { ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";
import { stepSpec } from "../support/step-spec.js";

const TOKEN = "987654:AAH-secret_bot_token";

const toolset: ToolsetSpec = {
  name: "bots",
  version: "1.0.0",
  envPrefix: "BOTS",
  servers: [{ url: "https://api.bots.test/bot{token}", variables: { token: { default: "" } } }],
  securitySchemes: { token: { type: "apiKey", name: "token", in: "server", fromParameter: true } },
  maxReturnBytes: 4096,
  timeoutMs: 5000,
};

const step = stepSpec({
  id: "send",
  operationId: "sendMessage",
  method: "post",
  path: "/sendMessage",
  security: [{ token: [] }],
});

const tool: ToolSpec = {
  name: "send_message",
  title: "Send message",
  description: "Send a message.",
  risk: "high",
  category: "action",
  approval: "required",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  inputs: [],
  returns: { narrowingInputs: [] },
  steps: [step],
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Answer = (url: URL) => Response | Promise<Response>;

function served(env: Record<string, string>, answer: Answer) {
  const stateDir = mkdtempSync(join(tmpdir(), "aci-server-credentials-"));
  dirs.push(stateDir);
  const sent: string[] = [];
  const fetch = async (input: URL | Request | string): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    sent.push(url.href);
    return answer(url);
  };
  const runtime = createRuntime(toolset, { env: { BOTS_APPROVAL: "auto", ...env }, stateDir, fetch });
  const tools = bindToolset([defineTool({ spec: tool, inputSchema: z.object({}) })], runtime);
  return {
    run: () => tools["send_message"]!.run({}),
    sent,
    audit: () => readFileSync(join(stateDir, "audit.jsonl"), "utf8"),
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("a credential variable of the server URL", () => {
  it("unset: UNAUTHORIZED naming the variable, and nothing is sent (never the spec's example)", async () => {
    const api = served({}, () => json(200, { ok: true }));
    expect(await api.run()).toEqual({
      error: {
        code: "UNAUTHORIZED",
        message:
          'step "send" (POST /sendMessage): sendMessage needs credentials (security scheme `token`) and none are configured; nothing was sent.',
        suggestion: "Do not retry; tell the user the operator must set BOTS_TOKEN in the tool server's environment.",
        retryable: false,
        step: "send",
      },
    });
    expect(api.sent).toEqual([]);
  });

  it("set: filled into the URL of the request, its colon kept", async () => {
    const api = served({ BOTS_TOKEN: TOKEN }, () => json(200, { ok: true, result: { message_id: 1 } }));
    expect(await api.run()).toEqual({ ok: true, result: { message_id: 1 } });
    expect(api.sent).toEqual([`https://api.bots.test/bot${TOKEN}/sendMessage`]);
  });

  const echoes: [string, Answer][] = [
    [
      "an error that echoes the path",
      (url) => json(404, { ok: false, error_code: 404, description: `Not Found: ${url.pathname}` }),
    ],
    ["a result that echoes the URL", (url) => json(200, { ok: true, result: { seen: url.href } })],
    ["a Location header", (url) => new Response(null, { status: 201, headers: { location: `${url.pathname}/1` } })],
    [
      "a network error naming the URL",
      (url) => {
        throw new TypeError(`fetch failed for ${url.href}`);
      },
    ],
  ];
  it.each(echoes)("%s: the model and the audit log never see it", async (_, answer) => {
    const api = served({ BOTS_TOKEN: TOKEN }, answer);
    const text = JSON.stringify(await api.run());
    expect(api.sent).toHaveLength(1);
    expect(text).toContain("[REDACTED]");
    for (const seen of [text, api.audit()]) {
      expect(seen).not.toContain(TOKEN);
      expect(seen).not.toContain("AAH-secret_bot_token");
    }
  });
});

describe("the base URL with a credential variable", () => {
  it("the operator's base URL may name `{token}` too (a local Bot API server)", () => {
    const env = { BOTS_BASE_URL: "http://127.0.0.1:8081/bot{token}", BOTS_TOKEN: TOKEN };
    const settings = resolveTransportSettings(toolset, { env });
    expect(settings.baseUrl).toBe("http://127.0.0.1:8081/bot%7Btoken%7D");
    expect(resolveBaseUrl(toolset, settings.baseUrl, {}, { token: TOKEN }).href).toBe(
      `http://127.0.0.1:8081/bot${TOKEN}`,
    );
  });

  it("the transport's base URL and each attempt's template name the variable, and url.full holds no credential", async () => {
    const attempts: { url: URL; template?: string }[] = [];
    const transport = createTransport({
      ...resolveTransportSettings(toolset, { env: { BOTS_TOKEN: TOKEN } }),
      fetch: () => Promise.resolve(json(200, { ok: true })),
      onAttempt: (attempt, send) => {
        attempts.push(attempt);
        return send([]);
      },
    });
    expect(transport.baseUrl).toBe("https://api.bots.test/bot%7Btoken%7D");
    const outcome = await transport.call({ step, params: [] });
    expect(outcome.ok).toBe(true);
    expect(attempts.map((a) => [a.url.href, a.template])).toEqual([
      [`https://api.bots.test/bot${TOKEN}/sendMessage`, "/bot{token}/sendMessage"],
    ]);
    expect(redactedUrlFull(attempts[0]!.url, attempts[0]!.template)).toBe("https://api.bots.test/REDACTED/sendMessage");
  });

  it("a token the operator wrote into the base URL itself is named, not shown, in what traces read", async () => {
    const attempts: { template?: string }[] = [];
    const transport = createTransport({
      ...resolveTransportSettings(toolset, {
        env: { BOTS_TOKEN: TOKEN, BOTS_BASE_URL: `https://proxy.test/bot${TOKEN}` },
      }),
      fetch: () => Promise.resolve(json(200, { ok: true })),
      onAttempt: (attempt, send) => {
        attempts.push(attempt);
        return send([]);
      },
    });
    await transport.call({ step, params: [] });
    expect([transport.baseUrl, attempts[0]?.template]).toEqual([
      "https://proxy.test/bot{token}",
      "/bot{token}/sendMessage",
    ]);
  });

  it("a server variable that is no credential keeps its default", () => {
    const regional: ToolsetSpec = {
      ...toolset,
      servers: [{ url: "https://{region}.bots.test", variables: { region: { default: "eu" } } }],
      securitySchemes: {},
    };
    expect(resolveBaseUrl(regional).href).toBe("https://eu.bots.test/");
  });
});
