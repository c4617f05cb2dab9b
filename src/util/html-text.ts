// Turns the HTML markup some specs write in descriptions (Stripe's `<p>…<a href>…</a>`) into the plain text a model reads.

/**
 * Elements a description's markup uses. Only these are read as tags: `<project>` or `<id>` in "Format: <project>/<id>"
 * is a placeholder the reader needs, not markup.
 */
const ELEMENTS =
  "a|abbr|b|blockquote|br|code|dd|div|dl|dt|em|h[1-6]|hr|i|kbd|li|ol|p|pre|s|samp|small|span|strong|sub|sup|table|tbody|td|th|thead|tr|tt|u|ul|var";
const TAG = new RegExp(`<(/?)(${ELEMENTS})(?:\\s[^<>]*)?/?>`, "gi");
const ANY_TAG = new RegExp(`<(?:/?)(?:${ELEMENTS})(?:\\s[^<>]*)?/?>`, "i");

const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
};

/**
 * The text with its HTML elements read as text (code as `code`, list items on their own lines) and its character
 * references decoded (Trello's "It isn&#39;t required", with no element around it); other text unchanged.
 */
export function htmlToText(text: string): string {
  if (!ANY_TAG.test(text)) return ENTITY.test(text) ? decodeEntities(text) : text;
  const read = text.replace(TAG, (_tag, closing: string, element: string) => tagText(element.toLowerCase(), closing));
  return decodeEntities(read)
    .replace(/[ \t]*\n[ \t]*/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}

function tagText(element: string, closing: string): string {
  if (element === "code" || element === "tt" || element === "kbd" || element === "samp") return "`";
  if (element === "br" || element === "tr" || element === "dt" || element === "dd") return "\n";
  if (element === "li") return closing ? "" : "\n- ";
  if (element === "ul" || element === "ol") return closing ? "\n" : "";
  if (/^(p|div|pre|blockquote|dl|table|h[1-6]|hr)$/.test(element)) return "\n\n";
  if (element === "td" || element === "th") return closing ? " " : "";
  return "";
}

const ENTITY = /&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/i;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      const char = Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      return char === "" || /[\p{Cc}\p{Cf}\p{Cs}]/u.test(char) ? entity : char;
    }
    return NAMED[body.toLowerCase()] ?? entity;
  });
}
