// Text that may hold URLs → the same text with every URL's userinfo (`user:password@`) replaced by `***@`.

/** `scheme://` or `//`, then userinfo up to the last `@` before the host: any text a URL's authority may start with. */
const USERINFO = /((?:\b[a-z][a-z0-9+.-]*:)?\/\/)[^\s/?#@"'`<>]*@/giu;

/** Credentials in a URL never reach any output: diagnostics, reports and generated files print URLs through this. */
export function redactUserinfo(text: string): string {
  return text.includes("@") ? text.replace(USERINFO, "$1***@") : text;
}

/** A bare `host[:port]` (Swagger 2 `host`) with any `user:password@` before it replaced by `***@`. */
export function redactHost(host: string): string {
  const at = host.lastIndexOf("@");
  return at === -1 ? host : `***@${host.slice(at + 1)}`;
}
