// An operation's responses → the statuses that answer a yes/no question (GitHub's "204 if the gist is starred, 404 if
// it is not"), and a write's statuses that say nothing needed changing (Docker's "304: container already started").
import type { Operation, ResponseModel } from "../model/api-model.js";

/** A description that states a condition: "Response if gist is starred", "…, if it exists". */
const CONDITIONAL = /\b(if|whether)\b|\bexists?\b/i;

/** A description that negates one: "Not Found if gist is not starred", "The Pool does not exist", "can not be". */
const NEGATION = /\bnot\b|n't\b|\bno longer\b/i;

/** The status's own name, which negates nothing: "Not Found", "Resource not found". */
const NOT_FOUND = /\bnot\s+found\b/gi;

const negated = (description: string): boolean => NEGATION.test(description.replace(NOT_FOUND, ""));

/** The 2xx the spec documents without a body: its status alone answers. */
function bodilessSuccess(operation: Pick<Operation, "success">): ResponseModel | undefined {
  const success = operation.success;
  return success !== undefined && /^2\d\d$/.test(success.status) && success.contents.length === 0 ? success : undefined;
}

/**
 * The statuses of a read that answers yes or no by its status alone, and which answer each gives: the success is
 * documented without a body under a condition ("204: Response if pull request has been merged"), or the operation's
 * summary asks it ("Check if a pull request has been merged", 204 "pull request has been merged": Gitea), and the 404
 * under its negation ("404: Not Found if pull request has not been merged"). Such a 404 is the answer no, not a
 * missing record. Undefined for any other operation (a 404 described as "Not Found", a success with a body, a write).
 */
export function statusAnswers(
  operation: Pick<Operation, "method" | "success" | "responses"> & { readonly summary?: string | undefined },
): Readonly<Record<string, boolean>> | undefined {
  if (operation.method !== "get" && operation.method !== "head") return undefined;
  const yes = bodilessSuccess(operation);
  const asked = CONDITIONAL.test(yes?.description ?? "") || CONDITIONAL.test(operation.summary ?? "");
  if (yes === undefined || !asked || negated(yes.description)) return undefined;
  const no = operation.responses.find((r) => r.status === "404");
  if (no === undefined || !negated(no.description)) return undefined;
  return { [yes.status]: true, "404": false };
}

/** A description saying the call changed nothing because the state asked for already holds. */
const UNCHANGED =
  /\bnot modified\b|\balready\b|\bunchanged\b|\bnothing (?:was |has been )?changed\b|\bno changes? (?:were |was |have been |has been )?made\b/i;

/**
 * The statuses of a write that the spec documents as the state asked for already holding: a 304 described as "Not
 * modified", "container already started" (Docker's start and stop), "Successful, but nothing changed". Such an answer
 * is the call's outcome, nothing changed, not a refusal. A 304 described otherwise ("User can only subscribe itself if
 * he is no admin") stays an error; a read's 304 answers a conditional request, which the tools never send.
 */
export function unchangedStatuses(operation: Pick<Operation, "method" | "responses">): readonly string[] | undefined {
  if (operation.method === "get" || operation.method === "head" || operation.method === "options") return undefined;
  const statuses = operation.responses
    .filter((r) => r.status === "304" && UNCHANGED.test(r.description))
    .map((r) => r.status);
  return statuses.length === 0 ? undefined : statuses;
}

/** A description that opens by calling the answer a failure: "Unsuccessfull response", "Error", "Failed request". */
const FAILURE_OPENING = /^\s*(?:an?\s+)?(?:unsuccess?full?y?|fail(?:ed|ure)?|errors?)\b/i;

/**
 * The 2xx statuses the spec documents as failures beside its real success: Interactive Brokers' 202 and 204
 * "Unsuccessfull response" beside 200 "An array of accounts". Such an answer is an error, never `{ok: true}`. Only a
 * description that opens with the failure counts ("Import job complete with either FAILURE or SUCCESS" does not), and
 * never the operation's own success status.
 */
export function failedStatuses(operation: Pick<Operation, "success" | "responses">): readonly string[] | undefined {
  const success = operation.success;
  if (success === undefined || !/^2\d\d$/.test(success.status) || FAILURE_OPENING.test(success.description))
    return undefined;
  const statuses = operation.responses
    .filter((r) => /^2\d\d$/.test(r.status) && r.status !== success.status && FAILURE_OPENING.test(r.description))
    .map((r) => r.status);
  return statuses.length === 0 ? undefined : statuses;
}

/** A Markdown table row whose first cell is an HTTP status: "| `420` | Account Limit Exceeded - *list count, …* |". */
const STATUS_ROW = /^\s*\|\s*`?([1-5]\d\d)`?\s*\|\s*([^|\n]*?)\s*\|?\s*$/gm;

/** A Markdown heading line, and one that heads the API's statuses ("# Status Codes", "## HTTP status codes"). */
const HEADING = /^#{1,6}\s+(.*)$/gm;
const STATUS_HEADING = /\b(status(es)?|errors?|response codes?)\b/i;

/** The fewest status rows that make a table of the API's statuses, not a status met in passing. */
const TABLE_ROWS = 3;

/**
 * The error statuses an API describes once for all its operations, in a Markdown table of its own description (Trakt's
 * "| `420` | Account Limit Exceeded - *list count, item count, etc* |", "| `423` | Locked User Account - *have the user
 * contact support* |", "| `426` | VIP Only - *user must upgrade to VIP* |"), by status, emphasis and code marks
 * dropped. Empty when the description has no such table: fewer than three status rows, or rows under a heading that
 * is not about statuses or errors (biapi.pro's return codes of one call, under the heading of its connections).
 */
export function apiStatusTable(description: string | undefined): Readonly<Record<string, string>> {
  const text = description ?? "";
  const rows = [...text.matchAll(STATUS_ROW)];
  if (rows.length < TABLE_ROWS) return {};
  const heading = [...text.slice(0, rows[0]?.index ?? 0).matchAll(HEADING)].at(-1)?.[1] ?? "";
  if (!STATUS_HEADING.test(heading)) return {};
  const table: Record<string, string> = {};
  for (const [, status, text] of rows) {
    const said = (text ?? "")
      .replace(/[*_`]+/g, "")
      .replace(/\s+/g, " ")
      .trim();
    if (/^[45]/.test(status ?? "") && said !== "" && !Object.hasOwn(table, status as string))
      table[status as string] = said;
  }
  return table;
}
