// The eval's HTML report in Chromium: the petstore eval (scripted fake Anthropic, prism mock) rendered from a file with no
// request beyond the page itself, totals and transcripts readable, and hostile task, model and tool strings shown as
// text, never run. The screenshot (test-artifacts/eval-report.png) is the one in docs/eval-report.png.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import type { EvalReport } from "../../src/eval/index.js";
import { reportToHtml } from "../../src/eval/report/html.js";
import { CHROMIUM_SKIP, launchChromium } from "../support/chromium.js";
import { ROOT } from "../support/e2e-harness.js";
import { PETSTORE_TASKS, scriptOf } from "../support/eval-scripts.js";
import { startFakeAnthropic } from "../support/fake-models.js";

const WORK = join(ROOT, ".tmp/e2e-eval-browser");
const ARTIFACTS = join(ROOT, "test-artifacts");
const HOSTILE = `<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">`;

describe.skipIf(CHROMIUM_SKIP)("the eval report in Chromium", () => {
  let browser: Browser;
  let report: EvalReport;
  beforeAll(async () => {
    rmSync(WORK, { recursive: true, force: true });
    const fake = await startFakeAnthropic(scriptOf(PETSTORE_TASKS, "adopt_pet"));
    vi.stubEnv("ANTHROPIC_API_KEY", "test-anthropic-key");
    vi.stubEnv("ANTHROPIC_BASE_URL", fake.url);
    const launched = launchChromium();
    try {
      const code = await main(
        [
          "node",
          "aci-gen",
          "eval",
          ...["--goals", join(ROOT, "examples/goals/petstore.goals.yaml")],
          ...["--tasks", join(ROOT, "examples/tasks/petstore.tasks.yaml")],
          ...["--model", "anthropic:scripted-fake", "--report-dir", WORK, "--quiet"],
        ],
        { out: () => undefined, err: () => undefined },
      );
      expect(code).toBe(0);
    } finally {
      vi.unstubAllEnvs();
      await fake.stop();
      browser = await launched;
    }
    report = JSON.parse(readFileSync(join(WORK, "report.json"), "utf8")) as EvalReport;
  }, 180_000);
  afterAll(() => browser?.close());

  it("renders the report from a file, requesting nothing else; totals and a transcript readable", async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on("request", (r) => void requested.push(r.url()));
    await page.setViewport({ width: 1360, height: 1700 });
    const url = pathToFileURL(join(WORK, "report.html")).href;
    await page.goto(url, { waitUntil: "load" });
    expect(requested).toEqual([url]);
    const totals = await page.$$eval("#totals tbody tr", (rows) =>
      rows.map((r) => [...r.querySelectorAll("td")].map((c) => c.textContent ?? "")),
    );
    expect(totals).toContainEqual(["tasks passed", "4 / 4", "4 / 4"]);
    expect(totals).toContainEqual(["tool calls", "7", "9"]);
    expect(totals).toContainEqual(["wrong-argument errors", "1", "1"]);
    const firstTask = await page.$eval(
      "#task-adopt_pet_for_ada",
      (s) => (s as unknown as { innerText: string }).innerText,
    );
    expect(firstTask).toContain("goal toolset · pass");
    expect(firstTask).toContain("baseline (all operations) · pass");
    await page.$eval("#task-adopt_pet_for_ada .run-goal details", (d) => d.setAttribute("open", ""));
    const transcript = await page.$eval(
      "#task-adopt_pet_for_ada .run-goal details",
      (d) => (d as unknown as { innerText: string }).innerText,
    );
    expect(transcript).toContain("ADOPT_PET → WRONG ARGUMENT");
    expect(transcript).toContain("INVALID_ARGUMENT");
    expect(transcript).toContain("APPROVED BY THE EVAL (OPERATOR)");
    expect(transcript).toContain("POST /store/order → 201");
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "eval-report.png"), fullPage: false });
    await page.close();
  });

  it("shows hostile task, answer and tool strings as text; no script runs", async () => {
    const first = report.tasks[0] as EvalReport["tasks"][number];
    const hostile: EvalReport = {
      ...report,
      model: HOSTILE,
      spec: HOSTILE,
      tasks: [
        {
          ...first,
          id: `x"><b>${HOSTILE}`,
          message: HOSTILE,
          goal: {
            ...first.goal,
            answer: HOSTILE,
            transcript: [
              { kind: "user", text: HOSTILE },
              {
                kind: "tool",
                id: "1",
                name: HOSTILE,
                arguments: JSON.stringify({ q: HOSTILE }),
                result: JSON.stringify({ name: HOSTILE }),
                outcome: "ok",
                requests: [{ method: "GET", path: `/x/${HOSTILE}`, status: 200 }],
              },
            ],
          },
        },
      ],
    };
    const file = join(WORK, "hostile.html");
    writeFileSync(file, reportToHtml(hostile));
    const page = await browser.newPage();
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.$$("script")).toHaveLength(0);
    expect(await page.$$("img")).toHaveLength(0);
    expect(await page.title()).toBe(`aci-gen eval · anthropic:${HOSTILE}`);
    const text = await page.$eval("body", (b) => (b as unknown as { innerText: string }).innerText);
    expect(text).toContain(HOSTILE);
    await page.close();
  });
});
