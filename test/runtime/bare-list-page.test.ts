// A lookup step that finds its item in a page's list (`/collection`): the API's bare list (the deprecated other shape
// of SoundCloud's searches) is read as that page, so the action runs on the item found, never fails as "missing".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { bindToolset, createRuntime, defineTool } from "../../src/runtime/index.js";
import type { CallTransport, OperationRequest } from "../../src/runtime/transport.js";
import type { StepSpec, ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";
import { stepSpec } from "../support/step-spec.js";

const track = (id: number, title: string) => ({ id, title, user_id: 9 });
const tracks = [track(11, "Dawn"), track(12, "Dusk")];

const bySearch: StepSpec = stepSpec({
  id: "track",
  operationId: "searchTracks",
  method: "get",
  path: "/tracks",
  params: [
    {
      name: "q",
      in: "query",
      required: true,
      value: { kind: "expr", text: "$inputs.track_q" },
      style: "form",
      explode: true,
      allowReserved: false,
    },
  ],
  outputs: { id: "$response.body#/collection/0/id" },
  exactlyOne: { list: "/collection", identify: ["/id", "/title"], searchedBy: [{ parameter: "q", input: "track_q" }] },
});

const byTitle: StepSpec = stepSpec({
  id: "track",
  operationId: "searchTracks",
  method: "get",
  path: "/tracks",
  outputs: { id: "$response.body#/id" },
  pick: { from: "/collection", where: [["/title", { kind: "expr", text: "$inputs.track_q" }]], paged: false },
});

const like: StepSpec = stepSpec({
  id: "like",
  operationId: "likeTrack",
  method: "post",
  path: "/likes/tracks/{track_id}",
  params: [
    {
      name: "track_id",
      in: "path",
      required: true,
      value: { kind: "expr", text: "$steps.track.outputs.id" },
      style: "simple",
      explode: false,
      allowReserved: false,
    },
  ],
  dependsOn: ["track"],
});

const tool = (lookup: StepSpec): ToolSpec => ({
  name: "like_track",
  title: "Like track",
  description: "Find a track, then like it.",
  risk: "low",
  category: "action",
  approval: "none",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  inputs: [{ name: "track_q", required: true }],
  returns: { narrowingInputs: [] },
  steps: [lookup, like],
});

const toolset: ToolsetSpec = {
  name: "soundcloud",
  version: "1.0.0",
  envPrefix: "SOUNDCLOUD",
  servers: [{ url: "https://sc.test", variables: {} }],
  securitySchemes: {},
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function likeFound(lookup: StepSpec, listed: unknown, q: string) {
  const sent: string[] = [];
  const transport: CallTransport = {
    async call(request: OperationRequest) {
      const id = request.params.find((p) => p.spec.name === "track_id")?.value;
      sent.push(`${request.step.method.toUpperCase()} ${request.step.path}${id === undefined ? "" : ` ${id}`}`);
      const body = request.step.id === "track" ? listed : { liked: id };
      return { ok: true, status: 200, headers: new Headers(), body, url: `https://sc.test${request.step.path}` };
    },
  };
  const stateDir = mkdtempSync(join(tmpdir(), "aci-bare-list-"));
  dirs.push(stateDir);
  const runtime = createRuntime(toolset, { env: {}, stateDir, approval: "auto" }, { transport });
  const spec = tool(lookup);
  const tools = bindToolset([defineTool({ spec, inputSchema: z.object({ track_q: z.string() }) })], runtime);
  return { result: await tools[spec.name]?.run({ track_q: q }), sent };
}

describe("a bare list where the lookup reads a page's list", () => {
  const page = { collection: tracks, next_href: null };
  it.each([
    ["exactly one, page", bySearch, { collection: [track(12, "Dusk")] }, "Dusk"],
    ["exactly one, bare list", bySearch, [track(12, "Dusk")], "Dusk"],
    ["pick, page", byTitle, page, "Dusk"],
    ["pick, bare list", byTitle, tracks, "Dusk"],
  ])("%s: the action runs on the item found", async (_, lookup, listed, q) => {
    const { result, sent } = await likeFound(lookup, listed, q);
    expect(result).toEqual({ liked: 12 });
    expect(sent).toEqual(["GET /tracks", "POST /likes/tracks/{track_id} 12"]);
  });

  it("a bare list of several still stops the search and names them", async () => {
    const { result, sent } = await likeFound(bySearch, tracks, "D");
    expect(result).toMatchObject({ error: { code: "INVALID_ARGUMENT", message: expect.stringContaining("2 items") } });
    expect(sent).toEqual(["GET /tracks"]);
  });

  it("an object without the list is not taken for it", async () => {
    const { result, sent } = await likeFound(byTitle, { tracks }, "Dusk");
    expect(result).toMatchObject({ error: { message: expect.stringContaining("nothing is there") } });
    expect(sent).toEqual(["GET /tracks"]);
  });
});

describe("a search whose answer holds no list where the lookup reads one", () => {
  it.each([
    ["one object", { collection: track(12, "Dusk") }, "it holds an object"],
    ["a string", { collection: "Dusk" }, "it holds a string"],
  ])("%s: said as an answer the tool cannot read, never as nothing found", async (_, listed, holds) => {
    const { result, sent } = await likeFound(bySearch, listed, "Dusk");
    expect(result).toMatchObject({
      error: { code: "UPSTREAM_ERROR", message: expect.stringContaining(`no list at /collection (${holds})`) },
    });
    expect(sent).toEqual(["GET /tracks"]);
  });

  it("null (a Go server's empty list): no item matches", async () => {
    const { result, sent } = await likeFound(bySearch, { collection: null }, "Dusk");
    expect(result).toMatchObject({ error: { code: "NOT_FOUND", message: expect.stringContaining("no item matches") } });
    expect(sent).toEqual(["GET /tracks"]);
  });
});
