// scratch: read a drafted package's tools as the model sees them (never committed)
import { join } from "node:path";
import { test } from "vitest";
import { buildPackage, callTool, connectMcp, startPrismMock } from "../support/e2e-harness.js";

const SPEC = process.env.SPEC as string;
const GOALS = process.env.GOALS as string;
const PREFIX = process.env.PREFIX as string;
const CALLS = JSON.parse(process.env.CALLS ?? "{}") as Record<string, Record<string, unknown>>;

test("read", async () => {
  const out = join(import.meta.dirname, "../../.tmp/scratch-pkg");
  await buildPackage({ spec: SPEC, goals: GOALS, outDir: out });
  const prism = await startPrismMock(SPEC);
  const session = await connectMcp(join(out, "dist/server.js"), {
    PATH: process.env.PATH ?? "",
    [`${PREFIX}_BASE_URL`]: `http://127.0.0.1:${prism.port}`,
    [`${PREFIX}_BEARER_TOKEN`]: "t",
  });
  try {
    const tools = await session.client.listTools();
    for (const t of tools.tools) console.log(JSON.stringify({ name: t.name, description: t.description, input: t.inputSchema }, null, 1));
    for (const [name, args] of Object.entries(CALLS)) {
      const r = await callTool(session, name, args);
      console.log("CALL", name, JSON.stringify(args), r.isError, r.text.slice(0, 1500));
    }
  } finally {
    await session.close();
    await prism.stop();
  }
}, 300_000);
