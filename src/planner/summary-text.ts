// An operation's summary as words a reader can use: a summary that is only a code identifier becomes a sentence.
import type { OperationSummary } from "../model/api-model.js";
import { pluralPhrase } from "../runtime/adapters/search.js";
import { isPlural } from "../runtime/adapters/search-words.js";
import type { OperationProfile } from "../runtime/types.js";
import { htmlToText } from "../util/html-text.js";

/**
 * Whether a summary is one identifier of code and no words (Trello's `addCards()`, Azure's `Projects_Get`,
 * `getUsers`, `pets.list`): one token, camelCase, snake_case, dotted or ending in `()`. A single plain word (`Login`)
 * is a summary.
 */
export function isIdentifierSummary(text: string): boolean {
  const token = text.trim();
  if (!/^[A-Za-z_$][\w$.]*(\(\))?$/.test(token)) return false;
  return /\(\)$/.test(token) || token.includes("_") || /[a-z][A-Z]/.test(token) || /[A-Za-z]\.[A-Za-z]/.test(token);
}

/** The summary as plain text, unless it is empty or only an identifier (see `isIdentifierSummary`). */
export function summaryInWords(operation: Pick<OperationSummary, "summary">): string | undefined {
  const text = operation.summary === undefined ? "" : htmlToText(operation.summary).trim();
  return text === "" || isIdentifierSummary(text) ? undefined : text;
}

/**
 * A sentence said from the profile, for an operation whose summary is only an identifier and that has no description:
 * `Adds a check item of a checklist.`, `Lists the cards of a board.`, `Gets an action.`
 */
export function profileSentence(profile: OperationProfile): string {
  const [verb = "", ...rest] = profile.action.split(" ");
  const lists = profile.action === "list" || profile.action === "search";
  const object = lists && profile.object !== "" ? pluralPhrase(profile.object) : profile.object;
  const many = lists || isPlural(object.split(" ").at(-1) ?? "");
  const thing = object === "" ? "" : ` ${many ? `the ${object}` : withArticle(object)}`;
  const parent = profile.parents?.at(-1);
  const owner = parent === undefined || parent === object ? "" : ` of ${withArticle(parent)}`;
  const said = [thirdPerson(verb), ...rest].join(" ");
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}${thing}${owner}.`;
}

/** `add` → adds, `search` → searches, `copy` → copies. */
function thirdPerson(verb: string): string {
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** A phrase that opens with its own determiner takes no other: "one HDFS directory", never "an one …". */
const DETERMINER = /^(a|an|the|one|each|every|any|some|all|this|that|these|those)\s/i;

/**
 * `an order`, `a user`, `an unused volume`: a word opening with the prefix `un` is said with a vowel (but `unit`,
 * `union`, `unique` and their kin, said "you-"). A phrase with its own determiner ("one HDFS directory") keeps it.
 */
export function withArticle(words: string): string {
  if (DETERMINER.test(words)) return words;
  const vowel = /^([aeio]|u[^aeiou]{2}|u$|un(?!i(?:t|on|que|vers|form|cod|x|f[iy]))[a-z])/i.test(words);
  return `${vowel ? "an" : "a"} ${words}`;
}

/** `pet records`, never `… record records`: an object named from "Get ClassificationInclusion records" has the word. */
export function recordsOf(words: string): string {
  const object = words.replace(/(?:^|\s+)records?$/i, "");
  return object === "" ? "records" : `${object} records`;
}

/**
 * A Markdown heading line whose text carries an emoji (Trakt's badge rows: "#### 📄 Pagination ✨ Extended Info 😁
 * Emojis", "#### 🔒 OAuth Required"): tags for the spec's reader, which promise inputs the tool does not have.
 */
const BADGE_HEADING = /^[ \t]*#{1,6}[ \t]+[^\n]*(?![\u00a9\u00ae\u2122])\p{Extended_Pictographic}[^\n]*(?:\n|$)/gmu;

/** The text without its badge headings (see `BADGE_HEADING`), blank lines they leave closed up. */
export function withoutBadgeHeadings(text: string): string {
  const kept = text.replace(BADGE_HEADING, "");
  return kept === text ? text : kept.replace(/\n{3,}/g, "\n\n").trim();
}
