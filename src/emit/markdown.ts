// Wraps the prose of a generated Markdown file at 120 columns without changing how it renders.
import { PRINT_WIDTH } from "./print.js";

/** A line beginning with one of these would start a list, quote, heading, table or setext underline. */
const BLOCK_START = /^(?:[-+*>#|=]|\d+[.)](?:\s|$)|```|~~~|<)/u;

/** The indentation that continues a line: a list item's text column, else the line's own indentation. */
function continuation(line: string): string {
  const item = /^(\s*)(?:[-+*]|\d+[.)])\s+/u.exec(line);
  return item ? " ".repeat(item[0].length) : (/^\s*/u.exec(line)?.[0] ?? "");
}

/**
 * Whether `text` has more than `width` code points (`[...text].length > width`, without building the array): a text
 * of at most `width` code units has at most that many, one of more than twice as many units has more.
 */
export function longerThan(text: string, width: number): boolean {
  if (text.length <= width) return false;
  if (text.length > 2 * width) return true;
  let points = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        points--;
        i++;
      }
    }
  }
  return points > width;
}

/** One over-long prose line as several, cut at spaces where the next line cannot start a new block. */
function wrapLine(line: string): string[] {
  const indent = continuation(line);
  const out: string[] = [];
  let rest = line;
  while (longerThan(rest, PRINT_WIDTH)) {
    let cut = -1;
    for (let at = rest.lastIndexOf(" ", PRINT_WIDTH); at > indent.length; at = rest.lastIndexOf(" ", at - 1)) {
      const next = rest.slice(at + 1);
      if (next !== "" && !BLOCK_START.test(next) && rest.slice(0, at).trim() !== "") {
        cut = at;
        break;
      }
    }
    if (cut < 0) break;
    out.push(rest.slice(0, cut).trimEnd());
    rest = indent + rest.slice(cut + 1).trimStart();
  }
  out.push(rest);
  return out;
}

/**
 * `text` with every prose line (paragraphs, list items) longer than PRINT_WIDTH cut at spaces; fenced code, tables,
 * headings and HTML stay as they are, so a table row with long cells may still pass the width.
 */
export function wrapMarkdown(text: string): string {
  let fenced = false;
  return text
    .split("\n")
    .flatMap((line) => {
      if (/^\s*(?:```|~~~)/u.test(line)) fenced = !fenced;
      if (line.length <= PRINT_WIDTH || fenced || /^\s*(?:```|~~~|\||#|<)/u.test(line)) return [line];
      if (!longerThan(line, PRINT_WIDTH)) return [line];
      return wrapLine(line);
    })
    .join("\n");
}
