// An update called with no field to change: refused as INVALID_ARGUMENT naming the changes, nothing sent or queued.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { nothingToChange } from "../../src/runtime/nothing-to-change.js";
import { createToolset, defineTool } from "../../src/runtime/index.js";
import type { CallTransport, OperationRequest } from "../../src/runtime/transport.js";
import type { ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";

const letters = (n: number) => Array.from({ length: n }, (_, i) => `f${i + 1}`);

describe("nothingToChange", () => {
  it.each<[string, readonly string[] | undefined, Record<string, unknown>, string | undefined]>([
    ["no change inputs: nothing to judge", undefined, { id: "1" }, undefined],
    ["one change given", ["name", "note"], { id: "1", note: "x" }, undefined],
    ["null clears a field: a change", ["name", "note"], { id: "1", name: null }, undefined],
    ["false is a change", ["closed"], { id: "1", closed: false }, undefined],
    [
      "only the id",
      ["name", "note"],
      { id: "1", note: undefined },
      "nothing to change: the call gives only id and no field to change, so it would send an empty change; nothing was sent.|" +
        "Give at least one of name, note: the value it should have after the update.",
    ],
    [
      "no argument at all",
      ["name"],
      {},
      "nothing to change: the call gives no argument and no field to change, so it would send an empty change; nothing was sent.|" +
        "Give at least one of name: the value it should have after the update.",
    ],
    [
      "more changes than are named",
      letters(11),
      { owner: "o", repo: "r" },
      "nothing to change: the call gives only owner, repo and no field to change, so it would send an empty change; nothing was sent.|" +
        "Give at least one of f1, f2, f3, f4, f5, f6, f7, f8 (or one of 3 more): the value it should have after the update.",
    ],
  ])("%s", (_name, changeInputs, args, want) => {
    const got = nothingToChange(changeInputs === undefined ? {} : { changeInputs }, args);
    expect(got === undefined ? undefined : `${got.error.message}|${got.error.suggestion}`).toBe(want);
    if (got !== undefined) expect(got.error).toMatchObject({ code: "INVALID_ARGUMENT", retryable: false });
  });
});

const toolset: ToolsetSpec = {
  name: "things",
  version: "1.0.0",
  envPrefix: "THINGS",
  servers: [{ url: "https://api.test", variables: {} }],
  securitySchemes: {},
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};

const update: ToolSpec = {
  name: "update_thing",
  title: "Update thing",
  description: "Update a thing. Give at least one field to change.",
  risk: "medium",
  category: "action",
  approval: "required",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  inputs: [
    { name: "id", required: true },
    { name: "name", required: false },
  ],
  changeInputs: ["name"],
  steps: [
    {
      id: "call",
      operationId: "updateThing",
      method: "patch",
      path: "/things/{id}",
      readOnly: false,
      security: [],
      successStatus: "200",
      responseDescriptions: {},
      errorHints: {},
      successCriteria: [],
      onSuccess: [],
      onFailure: [],
      dependsOn: [],
      outputs: {},
      params: [
        {
          name: "id",
          in: "path",
          style: "simple",
          explode: false,
          allowReserved: false,
          required: true,
          value: { kind: "expr", text: "$inputs.id" },
        },
      ],
      body: {
        mediaType: "application/json",
        kind: "json",
        value: { kind: "object", entries: [["name", { kind: "expr", text: "$inputs.name" }]] },
      },
    },
  ],
  returns: { narrowingInputs: [] },
};

describe("a gated update called with only its id", () => {
  const bind = (approval: "auto" | "queue") => {
    const calls: OperationRequest[] = [];
    const transport: CallTransport = {
      async call(request) {
        calls.push(request);
        return {
          ok: true,
          status: 200,
          headers: new Headers(),
          body: { id: "1", name: "old" },
          url: "https://api.test",
        };
      },
    };
    const inputSchema = z.object({ id: z.string(), name: z.string().optional() });
    const tools = createToolset(
      [defineTool({ spec: update, inputSchema })],
      toolset,
      { stateDir: mkdtempSync(join(tmpdir(), "aci-unchanged-")), env: {}, credentials: {}, approval },
      { transport },
    );
    return { tool: tools.update_thing, calls };
  };

  it.each(["auto", "queue"] as const)("approval %s: refused, nothing sent, nothing queued", async (approval) => {
    const { tool, calls } = bind(approval);
    const result = await tool?.run({ id: "1" });
    expect(result).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    expect((result as { error: { message: string } }).error.message).toMatch(/^nothing to change: /);
    expect(calls).toEqual([]);
  });

  it("with a change it is sent as before", async () => {
    const { tool, calls } = bind("auto");
    expect(await tool?.run({ id: "1", name: "new" })).toMatchObject({ name: "old" });
    expect(calls.map((c) => c.body?.value)).toEqual([{ name: "new" }]);
  });
});
