// Formats generated TypeScript, JSON and Markdown with Prettier under pinned options, so output is byte-for-byte stable.
import { format, type Options } from "prettier";

/** Pinned: changing any of these changes every generated file. */
export const PRETTIER_OPTIONS: Options = Object.freeze({
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: "as-needed",
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
  proseWrap: "preserve",
});

const PARSERS: Record<string, string> = { ".ts": "typescript", ".json": "json", ".md": "markdown" };

/** The file formatted by its extension; files of other kinds come back unchanged (with a final newline). */
export async function formatFile(path: string, text: string): Promise<string> {
  const extension = path.slice(path.lastIndexOf("."));
  const parser = PARSERS[extension];
  if (parser === undefined) return text.endsWith("\n") ? text : `${text}\n`;
  return format(text, { ...PRETTIER_OPTIONS, parser });
}
