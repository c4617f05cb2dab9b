// url.full as the client spans record it: scheme, host, port and the path's literals; every argument value, query
// value and credential replaced by REDACTED; never userinfo or a fragment.
import { describe, expect, it } from "vitest";
import { redactedUrlFull } from "../../src/runtime/telemetry/url-full.js";

const cases: [string, { url: string; template: string | undefined; want: string }][] = [
  [
    "a path parameter",
    {
      url: "http://127.0.0.1:8080/v2/pet/7/coupons",
      template: "/v2/pet/{petId}/coupons",
      want: "http://127.0.0.1:8080/v2/pet/REDACTED/coupons",
    },
  ],
  [
    "every query value, a credential included; names kept",
    {
      url: "https://api.example.com/v1/things?tags=a&tags=b&api_key=sk-live-1&q=x%20y",
      template: "/v1/things",
      want: "https://api.example.com/v1/things?tags=REDACTED&tags=REDACTED&api_key=REDACTED&q=REDACTED",
    },
  ],
  [
    "a parameter inside a segment",
    {
      url: "https://h.example/files/report.json",
      template: "/files/{name}.json",
      want: "https://h.example/files/REDACTED",
    },
  ],
  [
    "userinfo and fragment never",
    { url: "https://user:pw@h.example/a/1#frag", template: "/a/{id}", want: "https://h.example/a/REDACTED" },
  ],
  [
    "a redirect's target: no template, every segment",
    {
      url: "http://h.example:81/v1/new/7?x=1",
      template: undefined,
      want: "http://h.example:81/REDACTED/REDACTED/REDACTED?x=REDACTED",
    },
  ],
  [
    "a segment that differs from its literal",
    {
      url: "https://h.example/v1/other/7",
      template: "/v1/things/{id}",
      want: "https://h.example/v1/REDACTED/REDACTED",
    },
  ],
  [
    "a path of another length than its template",
    {
      url: "https://h.example/v1/things/7/x",
      template: "/v1/things/{id}",
      want: "https://h.example/REDACTED/REDACTED/REDACTED/REDACTED",
    },
  ],
  [
    "a trailing slash",
    { url: "https://h.example/v1/things/", template: "/v1/things/", want: "https://h.example/v1/things/" },
  ],
];

describe("redactedUrlFull", () => {
  it.each(cases)("%s", (_name, { url, template, want }) => {
    expect(redactedUrlFull(new URL(url), template)).toBe(want);
  });
});
