// An API whose `info.title` is blank → a name for it: its server's host, else its spec file's name.
import type { Server } from "../model/api-model.js";

/** Host labels that name a part of a service, not the service: `app.drchrono.com`, `api.ote-godaddy.com`. */
const GENERIC =
  /^(api|apis|app|apps|www|rest|gateway|developer|developers|dev|sandbox|staging|stage|test|prod|production|v\d+)$/;

/** Second-level labels of two-part public suffixes (`co.uk`, `com.au`): never the service's name. */
const SECOND_LEVEL = /^(co|com|org|net|gov|ac|edu|ne|or|go)$/;

/** The service's own label of a host name (`app.drchrono.com` → `drchrono`), none for an address or a placeholder. */
function hostName(host: string): string | undefined {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  if (labels.length < 2 || labels.every((l) => /^\d+$/.test(l)) || host.includes(":")) return undefined;
  const rest = labels.slice(0, -1);
  if (rest.length > 1 && SECOND_LEVEL.test(rest.at(-1) ?? "") && (labels.at(-1) ?? "").length === 2) rest.pop();
  const name = rest.filter((l) => !GENERIC.test(l)).at(-1);
  return name === undefined || /^(example|localhost|local)$/.test(name) || /[{}]/.test(name) ? undefined : name;
}

/** A server URL's host, its variables at their defaults (`//api.example.com` and `{scheme}://…` read too). */
function hostOf(server: Server): string | undefined {
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables[name]?.default ?? whole);
  try {
    return new URL(url.startsWith("//") ? `https:${url}` : url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** A spec file's name without its extensions, when it says more than "openapi" (`drchrono.com.json` → `drchrono.com`). */
function fileName(file: string): string | undefined {
  const base = (file.split(/[/\\]/).at(-1) ?? "").replace(/\.(json|ya?ml)$/i, "");
  return base === "" || /^(openapi|swagger|spec|api|index|<[^>]*>)$/i.test(base) ? undefined : base;
}

/**
 * What to call an API whose `info.title` is blank (DrChrono's `""`, which named its package `api`, its variables
 * `API_*` and left its README "an LLM agent over , with"): the service's label of its first server's host
 * (`https://app.drchrono.com` → `drchrono`), else of its spec file's name (`ipinfodb.com.json` → `ipinfodb`), else that
 * file name; undefined when nothing names it.
 */
export function untitledName(servers: readonly Server[], file: string): string | undefined {
  const fromHost = servers
    .map(hostOf)
    .map((host) => (host === undefined ? undefined : hostName(host)))
    .find((name) => name !== undefined);
  if (fromHost !== undefined) return fromHost;
  const base = fileName(file);
  return base === undefined ? undefined : (hostName(base) ?? base);
}
