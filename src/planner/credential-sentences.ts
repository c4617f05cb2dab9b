// An operation's description + the credentials it is sent with → the description without sentences telling the
// caller how to send them (the runtime sends them from the configuration; the model never holds them).
import type { SecurityRequirement, SecurityScheme } from "../model/api-model.js";

/** Where a credential of the operation goes: a header, query parameter or cookie, by name. */
export interface CredentialSlot {
  readonly name: string;
  readonly in: "header" | "query" | "cookie";
}

/** Where each credential of the operation goes (`Authorization` header for http, oauth2 and OpenID schemes). */
export function credentialSlots(
  security: readonly SecurityRequirement[],
  schemes: Readonly<Record<string, SecurityScheme>>,
): CredentialSlot[] {
  const slots = new Map<string, CredentialSlot>();
  const add = (slot: CredentialSlot) => slots.set(`${slot.in} ${slot.name.toLowerCase()}`, slot);
  for (const requirement of security)
    for (const name of Object.keys(requirement)) {
      const scheme = schemes[name];
      if (scheme === undefined) continue;
      if (scheme.type === "apiKey") {
        if (
          scheme.apiVersion === undefined &&
          (scheme.in === "header" || scheme.in === "query" || scheme.in === "cookie")
        )
          add({ name: scheme.name, in: scheme.in });
      } else if (scheme.type === "http" || scheme.type === "oauth2" || scheme.type === "openIdConnect")
        add({ name: "Authorization", in: "header" });
    }
  return [...slots.values()];
}

/** An instruction: a modal (`needs to be`, `must`, `is required`) or a sentence that opens with a verb (`Pass the …`). */
const INSTRUCTS =
  /\b(?:needs?\s+to|must|should|ha(?:s|ve)\s+to|(?:is|are)\s+required)\b|^\s*(?:pass|send|include|provide|specify|set|add|use|put|supply)\b/i;
/** What a credential is called. */
const CREDENTIAL = /\b(?:token|key|api[_ -]?key|apikey|credentials?|bearer|secret|password)\b/i;
/** Words that name where a credential goes, by where it goes. */
const CARRIER: Readonly<Record<CredentialSlot["in"], RegExp>> = {
  header: /\bheaders?\b/i,
  query: /\b(?:query|parameters?)\b/i,
  cookie: /\bcookies?\b/i,
};
/** A sentence saying what not to send ("this header SHOULD NOT be specified") is kept: it is not about the credential. */
const FORBIDS = /\b(?:must|should|need|needs)\s+not\b|\bdo\s+not\b|\bdon't\b|\bnever\b/i;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a sentence tells the caller how to send one of the operation's credentials: it names the credential's slot
 * (GOV.UK Pay's "The Authorisation token needs to be specified in the 'authorization' header as 'authorization: Bearer
 * YOUR_API_KEY_HERE'") with the word for where it goes (header, query parameter, cookie), a credential word, and
 * instructs. A sentence that only reports what the call does with it ("Revokes the token passed in the Authorization
 * header") does not instruct; one that says what not to send is kept.
 */
export function tellsHowToSendCredential(sentence: string, slots: readonly CredentialSlot[]): boolean {
  if (!INSTRUCTS.test(sentence) || FORBIDS.test(sentence) || !CREDENTIAL.test(sentence)) return false;
  return slots.some(
    (slot) =>
      CARRIER[slot.in].test(sentence) &&
      new RegExp(`(?<![\\w-])${escapeRegExp(slot.name)}(?![\\w-])`, "i").test(sentence),
  );
}

/** Where a sentence whose full stop is missing runs on into the next ("… about the payment The Authorisation token …"). */
const RUN_ON = /(?<=[A-Za-z0-9)])\s+(?=(?:The|This|These|Your|You|Each|Every|All|Please|An?)\s)/;

/**
 * The sentence without its parts that tell how to send a credential: a part before a run-on sentence start stays,
 * with a full stop; nothing when every part tells.
 */
function keptOf(sentence: string, slots: readonly CredentialSlot[]): string | undefined {
  if (!tellsHowToSendCredential(sentence, slots)) return sentence;
  const parts = sentence.split(RUN_ON).filter((part) => !tellsHowToSendCredential(part, slots));
  if (parts.length === 0 || parts.length === sentence.split(RUN_ON).length) return undefined;
  return parts.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`)).join(" ");
}

/** The text without the sentences that tell the caller how to send the operation's credentials (see above). */
export function withoutCredentialSentences(text: string, slots: readonly CredentialSlot[]): string {
  if (slots.length === 0) return text;
  const sentences = text.split(/(?<=[.!?])\s+/);
  const kept = sentences.map((sentence) => keptOf(sentence, slots));
  if (kept.every((sentence, i) => sentence === sentences[i])) return text;
  return kept
    .filter((sentence): sentence is string => sentence !== undefined)
    .join(" ")
    .trim();
}
