// A task's success criteria + what one run sent and answered → each check passed or failed, with the evidence.
import { describeMatcher, requestMatches, type SentRequest } from "./matching.js";
import type { EvalTask } from "./tasks.js";

/** One success criterion, judged. */
export interface Check {
  readonly kind: "must_send" | "must_not_send" | "answer_contains";
  /** The criterion as written (`POST /store/order {"petId":10}`, or the fact). */
  readonly expected: string;
  readonly ok: boolean;
  /** Why it passed or failed, in words. */
  readonly detail: string;
}

const answered = (r: SentRequest): boolean => r.status !== undefined && r.status >= 200 && r.status < 300;
const requestLine = (r: SentRequest): string => `${r.method} ${r.path} → ${r.status ?? "no answer"}`;

/**
 * Judges a run: every `must_send` request was sent and answered 2xx, no `must_not_send` request was sent at all
 * (whatever the answer), and the final answer contains every fact (case-insensitive, spaces normalised).
 */
export function judge(task: EvalTask, sent: readonly SentRequest[], answer: string): Check[] {
  const must = task.mustSend.map((matcher): Check => {
    const matching = sent.filter((r) => requestMatches(matcher, r));
    const good = matching.find(answered);
    return {
      kind: "must_send",
      expected: describeMatcher(matcher),
      ok: good !== undefined,
      detail:
        good !== undefined
          ? `sent: ${requestLine(good)}`
          : matching.length > 0
            ? `sent but not answered 2xx: ${matching.map(requestLine).join("; ")}`
            : "never sent",
    };
  });
  const mustNot = task.mustNotSend.map((matcher): Check => {
    const matching = sent.filter((r) => requestMatches(matcher, r));
    return {
      kind: "must_not_send",
      expected: describeMatcher(matcher),
      ok: matching.length === 0,
      detail: matching.length === 0 ? "not sent" : `sent: ${matching.map(requestLine).join("; ")}`,
    };
  });
  const flat = (text: string): string => text.replace(/\s+/g, " ").trim().toLowerCase();
  const facts = task.answerContains.map(
    (fact): Check => ({
      kind: "answer_contains",
      expected: fact,
      ok: flat(answer).includes(flat(fact)),
      detail: flat(answer).includes(flat(fact)) ? "in the final answer" : "not in the final answer",
    }),
  );
  return [...must, ...mustNot, ...facts];
}
