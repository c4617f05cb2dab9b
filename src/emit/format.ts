// Final touches of every generated file. The package is emitted already in its final layout (templates written
// formatted, code printed from nodes by print.ts, JSON by json-layout.ts), so no formatter parses and reprints it:
// running Prettier over the GitHub API's 1,300 files took 12 of its 21 seconds and most of its memory.

/** White space (what `trimEnd` removes) other than a newline, at the end of a line or of the text. */
const TRAILING_SPACE = /[^\S\n](?=\n|$)/;

/** The file with exactly one final newline and no trailing spaces on any line; byte-for-byte stable. */
export function formatFile(_path: string, text: string): string {
  if (!TRAILING_SPACE.test(text) && text.endsWith("\n") && !text.endsWith("\n\n")) return text;
  const lines = text.split("\n").map((line) => line.trimEnd());
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return `${lines.join("\n")}\n`;
}
