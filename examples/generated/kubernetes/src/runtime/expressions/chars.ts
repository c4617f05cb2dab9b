// Character classes of the runtime-expression grammar and the delimiters of each embedding context.

/** Decides whether a character ends an expression in the text that embeds it. */
export type StopSet = (ch: string) => boolean;

const ALNUM = /^[A-Za-z0-9]$/;
const TCHAR_PUNCT = "!#$%&'*+-.^_`|~";
const CONDITION_DELIMITERS = "=!<>&|()[]{}',";

/** Step, workflow, source and input names: the spec's recommended `[A-Za-z0-9_-]+`. */
export const isIdChar = (ch: string): boolean => ALNUM.test(ch) || ch === "_" || ch === "-";

/** Output and component keys: `^[a-zA-Z0-9\.\-_]+$` (Arazzo §Workflow Object outputs, §Components Object). */
export const isNameChar = (ch: string): boolean => isIdChar(ch) || ch === ".";

/** Query and path parameter names: unreserved URI characters plus `[]` (`filter[status]`). */
export const isParamChar = (ch: string): boolean => isNameChar(ch) || ch === "~" || ch === "[" || ch === "]";

/** RFC 7230 §3.2.6 `tchar`, the characters of a header field name. */
export const isTokenChar = (ch: string): boolean => ALNUM.test(ch) || TCHAR_PUNCT.includes(ch);

const ALPHA = /^[A-Za-z]$/;

/** Letters of an expression root or source word (`$statusCode`, `header`). */
export const isLetter = (ch: string): boolean => ALPHA.test(ch);

/** Whitespace between the tokens of a condition. */
export const isWhitespace = (ch: string): boolean => ch === " " || ch === "\t" || ch === "\n" || ch === "\r";

/** A whole YAML value is one expression: nothing stops it but the end of the text. */
export const STANDALONE: StopSet = () => false;

/** Inside `{$…}` of a template the expression ends at `}`. */
export const IN_TEMPLATE: StopSet = (ch) => ch === "}";

/** Inside a simple condition the expression ends at whitespace or an operator character. */
export const IN_CONDITION: StopSet = (ch) => isWhitespace(ch) || CONDITION_DELIMITERS.includes(ch);
