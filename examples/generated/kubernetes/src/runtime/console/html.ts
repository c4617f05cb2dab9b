// Values → escaped HTML: a tagged template that escapes every interpolation unless it is already-built markup.
const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/** Markup built by {@link html}: interpolated as is. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Escapes text for an element's content or a quoted attribute value. */
export const escapeHtml = (value: unknown): string => String(value ?? "").replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c);

function part(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(part).join("");
  if (value === undefined || value === null || value === false) return "";
  return escapeHtml(value);
}

/** `html\`<td>${value}</td>\``: every value escaped, arrays joined, nested `html` kept. */
export function html(strings: TemplateStringsArray, ...values: readonly unknown[]): Html {
  return new Html(strings.reduce((out, text, i) => out + text + (i < values.length ? part(values[i]) : ""), ""));
}
