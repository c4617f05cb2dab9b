// A read that must find exactly one item (`exactlyOne`): one → the action runs on it; several → INVALID_ARGUMENT naming
// them (count, identifying fields of up to five), nothing queued or sent — unless exactly one of them is named by the
// search itself; none → NOT_FOUND; several at approval →
// CONFLICT with nothing changed. Without it, the first item listed is taken, as before.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { bindToolset, createRuntime, defineTool, runApprovalsCli } from "../../src/runtime/index.js";
import type { CallTransport, OperationRequest } from "../../src/runtime/transport.js";
import type { ApprovalMode, PendingApproval, StepSpec, ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";

type Member = { _id: string; email: string; firstName?: string; role?: string };

const lookup: StepSpec = {
  id: "member",
  operationId: "getMembers",
  method: "get",
  path: "/members",
  params: [
    {
      name: "filter",
      in: "query",
      required: false,
      value: { kind: "expr", text: "$inputs.member_filter" },
      style: "form",
      explode: true,
      allowReserved: false,
    },
  ],
  outputs: { id: "$response.body#/items/0/_id" },
  dependsOn: [],
  readOnly: true,
  security: [],
  successStatus: "200",
  responseDescriptions: {},
  errorHints: {},
  successCriteria: [],
  onSuccess: [],
  onFailure: [],
  exactlyOne: {
    list: "/items",
    identify: ["/_id", "/email", "/firstName"],
    searchedBy: [{ parameter: "filter", input: "member_filter" }],
  },
};

const patch: StepSpec = {
  ...lookup,
  id: "patch",
  operationId: "patchMember",
  method: "patch",
  path: "/members/{memberId}",
  params: [
    {
      name: "memberId",
      in: "path",
      required: true,
      value: { kind: "expr", text: "$steps.member.outputs.id" },
      style: "simple",
      explode: false,
      allowReserved: false,
    },
  ],
  body: { mediaType: "application/json", kind: "json", value: { kind: "expr", text: "$inputs.body" } },
  outputs: {},
  dependsOn: ["member"],
  readOnly: false,
  exactlyOne: undefined,
};

const modifyMember: ToolSpec = {
  name: "modify_member_by_search",
  title: "Modify member by search",
  description: "Find a member by a filter, then patch it.",
  risk: "high",
  category: "action",
  approval: "required",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  inputs: [
    { name: "member_filter", required: true },
    { name: "body", required: true },
  ],
  returns: { narrowingInputs: [] },
  steps: [lookup, patch],
};

const toolset: ToolsetSpec = {
  name: "launchdarkly",
  version: "1.0.0",
  envPrefix: "LAUNCHDARKLY",
  servers: [{ url: "https://ld.test/api/v2", variables: {} }],
  securitySchemes: {},
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The members API: the list answers `members`, every request is recorded. */
function setup(
  members: Member[],
  { approval = "auto", spec = modifyMember, nextToken } = {} as {
    approval?: ApprovalMode;
    spec?: ToolSpec;
    nextToken?: string | null;
  },
) {
  const seen: string[] = [];
  const transport: CallTransport = {
    async call(request: OperationRequest) {
      const id = request.params.find((p) => p.spec.name === "memberId")?.value;
      seen.push(`${request.step.method.toUpperCase()} ${request.step.path}${id === undefined ? "" : ` ${id}`}`);
      const page = nextToken === undefined ? {} : { nextToken };
      const body = request.step.id === "member" ? { items: members, totalCount: members.length, ...page } : { _id: id };
      return { ok: true, status: 200, headers: new Headers(), body, url: `https://ld.test${request.step.path}` };
    },
  };
  const stateDir = mkdtempSync(join(tmpdir(), "aci-exactly-one-"));
  dirs.push(stateDir);
  const runtime = createRuntime(toolset, { env: {}, stateDir, approval }, { transport });
  const schema = z.object({ member_filter: z.string(), body: z.unknown() });
  const tools = bindToolset([defineTool({ spec, inputSchema: schema })], runtime);
  return { seen, runtime, tools, run: (filter: string) => tools[spec.name]?.run({ member_filter: filter, body: [] }) };
}

const ada: Member = { _id: "5f0a1", email: "ada@example.com", firstName: "Ada", role: "admin" };
const adam: Member = { _id: "5f0a2", email: "adam@example.com", firstName: "Adam" };
const adele: Member = { _id: "5f0a3", email: "adele@example.com" };

describe("exactlyOne at call time", () => {
  it("one item: the action runs on it", async () => {
    const { seen, run } = setup([ada]);
    expect(await run("query:ada")).toEqual({ _id: "5f0a1" });
    expect(seen).toEqual(["GET /members", "PATCH /members/{memberId} 5f0a1"]);
  });

  it("several: INVALID_ARGUMENT with the count and each item's identifying fields; nothing is changed", async () => {
    const { seen, run } = setup([ada, adam, adele]);
    const result = await run("query:ad");
    expect(result).toEqual({
      error: {
        code: "INVALID_ARGUMENT",
        message:
          'step "member" (GET /members): 3 items match filter "query:ad", and this tool acts on exactly one, so it ' +
          'did not choose: 1. _id "5f0a1", email "ada@example.com", firstName "Ada"; 2. _id "5f0a2", email ' +
          '"adam@example.com", firstName "Adam"; 3. _id "5f0a3", email "adele@example.com"',
        suggestion:
          "Ask the user which one they mean (show them the items above), then call again with `member_filter` " +
          "narrowed so it matches only that one (a full email, an exact name, an id).",
        step: "member",
        retryable: false,
      },
    });
    expect(seen).toEqual(["GET /members"]);
  });

  it("several, of which one is named exactly by the search (a typeahead's prefix matches): that one is meant", async () => {
    const { seen, run } = setup([adam, ada, adele]);
    expect(await run("ada@example.com")).toEqual({ _id: "5f0a1" });
    expect(seen).toEqual(["GET /members", "PATCH /members/{memberId} 5f0a1"]);
    const twice = setup([ada, { ...adam, firstName: "ada@example.com" }]);
    expect(await twice.run("ada@example.com")).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
  });

  it("more than five: five are named and the rest counted; a long name is shortened, an output never", async () => {
    const long = "x".repeat(120);
    const many = Array.from({ length: 7 }, (_, i) => ({ _id: `${"9".repeat(90)}${i}`, email: `${long}${i}@x.io` }));
    const { run } = setup(many);
    const message = ((await run("query:x")) as { error: { message: string } }).error.message;
    expect(message).toContain("7 items match");
    expect(message).toContain(`5. _id "${"9".repeat(90)}4"`);
    expect(message).not.toContain(`"${"9".repeat(90)}5"`);
    expect(message).toMatch(/; and 2 more$/);
    expect(message).toContain(`email "${"x".repeat(77)}…"`);
  });

  it("none: NOT_FOUND naming the search, nothing is changed", async () => {
    const { seen, run } = setup([]);
    expect(await run("email:nobody@example.com")).toMatchObject({
      error: {
        code: "NOT_FOUND",
        message: 'step "member" (GET /members): no item matches filter "email:nobody@example.com"',
        suggestion: expect.stringContaining("call again with `member_filter` written another way"),
        step: "member",
      },
    });
    expect(seen).toEqual(["GET /members"]);
  });

  const paged = {
    ...modifyMember,
    steps: [{ ...lookup, exactlyOne: { ...lookup.exactlyOne!, next: "/nextToken" } }, patch],
  };
  const onPage: [string, Member[], string | null, string, unknown][] = [
    [
      "one item on a page that names a next one: others may match, nothing chosen",
      [ada],
      "tok2",
      "query:ada",
      {
        code: "INVALID_ARGUMENT",
        message:
          'step "member" (GET /members): 1 item matches filter "query:ada" on the first page, and the API says more ' +
          "pages follow, which this tool does not read, so more may match, and this tool acts on exactly one, so it " +
          'did not choose: 1. _id "5f0a1", email "ada@example.com", firstName "Ada"',
      },
    ],
    [
      "none on a page that names a next one: not said not to exist",
      [],
      "tok2",
      "query:ada",
      {
        code: "NOT_FOUND",
        message: expect.stringContaining("which this tool does not read, so one may match there"),
        suggestion: expect.stringContaining("Do not tell the user it does not exist"),
      },
    ],
    ["one item on the last page (no next token): that one", [ada], null, "query:ada", undefined],
    ["one item named exactly by the search, more pages: that one", [ada], "tok2", "ada@example.com", undefined],
  ];
  it.each(onPage)("%s", async (_name, members, nextToken, filter, error) => {
    const { seen, run } = setup(members, { spec: paged, nextToken });
    const result = await run(filter);
    if (error === undefined) {
      expect(result).toEqual({ _id: "5f0a1" });
      return expect(seen).toEqual(["GET /members", "PATCH /members/{memberId} 5f0a1"]);
    }
    expect(result).toMatchObject({ error });
    expect(seen).toEqual(["GET /members"]);
  });

  it("without exactlyOne the first item listed is taken, as a goal meaning 'any one' or 'the newest' wants", async () => {
    const spec = { ...modifyMember, steps: [{ ...lookup, exactlyOne: undefined }, patch] };
    const { seen, run } = setup([ada, adam], { spec });
    expect(await run("query:ad")).toEqual({ _id: "5f0a1" });
    expect(seen).toEqual(["GET /members", "PATCH /members/{memberId} 5f0a1"]);
  });
});

describe("exactlyOne through the approval queue", () => {
  it("several when called: answered at once, nothing queued", async () => {
    const { seen, runtime, run } = setup([ada, adam], { approval: "queue" });
    expect(await run("query:ad")).toMatchObject({ error: { code: "INVALID_ARGUMENT", step: "member" } });
    expect(seen).toEqual(["GET /members"]);
    expect(await runtime.state.list()).toEqual([]);
  });

  it("one when queued, several at approval: CONFLICT naming them, and the PATCH is never sent", async () => {
    const members = [ada];
    const { seen, runtime, tools, run } = setup(members, { approval: "queue" });
    const pending = (await run("query:ad")) as PendingApproval;
    expect(pending.status).toBe("pending_approval");
    members.push(adam);
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runApprovalsCli(["approve", pending.request_id], tools, runtime, io)).toBe(1);
    expect(seen).toEqual(["GET /members", "GET /members"]);
    expect(await tools.modify_member_by_search?.run({ request_id: pending.request_id })).toMatchObject({
      error: {
        code: "CONFLICT",
        message: expect.stringContaining('2 items match filter "query:ad"'),
        suggestion: expect.stringMatching(/^Tell the user the target changed; Ask the user which one they mean/),
      },
    });
  });
});
