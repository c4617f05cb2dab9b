// The GitHub example end to end on the real GitHub spec: every one of its 16 tools called through the MCP SDK's Client
// over stdio against `prism mock` of @octokit/openapi, which answers from the spec's examples and rejects any request
// that breaks the spec — so each request our runtime builds (path, query, headers, body) is checked.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { callTool, connectMcp, ROOT, startPrismMock, type McpSession, type Prism } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const SPEC = join(ROOT, "node_modules/@octokit/openapi/generated/api.github.com.json");
const WORK = join(ROOT, ".tmp/e2e-github");
const GITHUB = { spec: SPEC, goals: join(ROOT, "examples/goals/github.goals.yaml") };
const PKG = packageDir(GITHUB);
const TOKEN = "ghp_e2e_secret_token_0123456789";
const REPO = { owner: "octocat", repo: "hello-world" };

const HEX40 = expect.stringMatching(/^[0-9a-f]{40}$/);

/** Each tool, realistic arguments, and what its result must hold (answers come from the spec's examples; lists projected with `each`). */
const CALLS: [string, Record<string, unknown>, Record<string, unknown>][] = [
  [
    "pull_request_review_status",
    { ...REPO, pull_number: 1347 },
    {
      state: "open",
      head_sha: HEX40,
      reviews: [
        { reviewer: "octocat", state: "APPROVED", submitted_at: "2019-11-17T17:43:43Z", body: expect.any(String) },
      ],
    },
  ],
  [
    "find_user_open_pull_requests",
    { author: "octocat", ...REPO, per_page: 5 },
    {
      total: 280,
      pull_requests: [
        {
          number: 132,
          title: expect.any(String),
          url: expect.stringMatching(/^https:\/\/github\.com\//),
          updated_at: expect.any(String),
        },
      ],
    },
  ],
  [
    "triage_issue",
    { ...REPO, issue_number: 1347, labels: ["bug"], comment: "Confirmed; labelled as a bug." },
    { comment_url: expect.stringContaining("/issues/1347#issuecomment-") },
  ],
  ["list_labeled_issues", { ...REPO, label: "bug", per_page: 5 }, { items: expect.any(Array) }],
  [
    "close_issue_with_comment",
    { ...REPO, issue_number: 1347, comment: "Fixed in #1348.", reason: "completed" },
    { comment_url: expect.any(String) },
  ],
  [
    "create_assigned_issue",
    { ...REPO, title: "Crash on start", body: "Steps to reproduce: start it.", assignees: ["octocat"] },
    { number: 1347 },
  ],
  [
    "latest_release_assets",
    REPO,
    {
      tag: "v1.0.0",
      assets: [
        { name: "example.zip", size: 1024, download_count: 42, url: expect.stringContaining("/releases/download/") },
      ],
    },
  ],
  [
    "create_release_from_branch",
    { ...REPO, branch: "main", tag: "v1.0.0", draft: true },
    { release_id: 1, commit_sha: HEX40 },
  ],
  [
    "repository_overview",
    REPO,
    { full_name: "octocat/Hello-World", default_branch: "master", languages: { C: 78769, Python: 7769 } },
  ],
  [
    "open_pull_request",
    { ...REPO, title: "Fix the crash", head: "fix-crash", body: "Fixes #1347.", draft: false },
    { number: 1347, base: "master" },
  ],
  ["merge_pull_request", { ...REPO, pull_number: 1347 }, { merged: true, sha: HEX40 }],
  ["request_pull_request_reviewers", { ...REPO, pull_number: 1347, reviewers: ["hubot"] }, { id: 1 }],
  [
    "pull_request_checks",
    { ...REPO, pull_number: 1347 },
    {
      head_sha: HEX40,
      combined_state: "success",
      check_runs: [
        {
          name: "mighty_readme",
          status: "completed",
          conclusion: "neutral",
          url: expect.any(String),
          summary: expect.any(String),
        },
      ],
    },
  ],
  // Step 2 reads the run id step 1 found: the jobs request goes to /actions/runs/30433642/jobs (checked in the log below).
  [
    "latest_failed_workflow_run_jobs",
    { ...REPO, branch: "main" },
    {
      run_id: 30433642,
      jobs: [{ name: "build", conclusion: "success", url: expect.any(String), steps: expect.any(Array) }],
    },
  ],
  [
    "update_file_on_branch",
    {
      ...REPO,
      path: "docs/README.md",
      branch: "main",
      message: "Update the docs",
      content_base64: "SGVsbG8sIHdvcmxkIQ==",
    },
    { commit_sha: HEX40 },
  ],
  [
    "user_profile_and_repositories",
    { username: "octocat", per_page: 5 },
    {
      name: "monalisa octocat",
      repositories: [
        {
          name: "octocat/Hello-World",
          language: null,
          stars: 80,
          pushed_at: expect.any(String),
          description: expect.any(String),
        },
      ],
    },
  ],
];

let prism: Prism | undefined;
let session: McpSession | undefined;

/**
 * The requests the runtime builds are checked against Prism on every Node by petstore's e2e; this is the same at
 * GitHub's size (Prism reading its 10 MB spec), so once per CI run.
 */
describe.skipIf(REPEAT_RUN)("the GitHub example against prism mock of the GitHub spec", () => {
  beforeAll(async () => {
    rmSync(WORK, { recursive: true, force: true });
    mkdirSync(WORK, { recursive: true });
    [prism] = await Promise.all([startPrismMock(SPEC), builtPackage(GITHUB)]);
    session = await connectMcp(join(PKG, "dist/server.js"), {
      PATH: process.env.PATH ?? "",
      GITHUB_BASE_URL: `http://127.0.0.1:${prism.port}`,
      GITHUB_TOKEN: TOKEN,
      GITHUB_APPROVAL: "auto",
      GITHUB_STATE_DIR: join(WORK, "state"),
    });
  }, 180_000);

  afterAll(async () => {
    await session?.close();
    await prism?.stop();
  });

  it("lists the 16 tools", async () => {
    const listed = (await session!.client.listTools()).tools.map((t) => t.name).sort();
    expect(listed).toEqual(CALLS.map(([name]) => name).sort());
  });

  it.each(CALLS)(
    "%s: a result, not an error, within the cap, without the token",
    async (name, args, expected) => {
      const result = await callTool(session!, name, args);
      expect(result.isError, result.text).toBe(false);
      expect(result.json).not.toHaveProperty("error");
      expect(result.json).toMatchObject(expected);
      expect(result.structured).toEqual(result.json);
      expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(4096);
      expect(result.text).not.toContain(TOKEN);
    },
    60_000,
  );

  it("a list returned with `each` holds only the fields the goals file names", async () => {
    const status = await callTool(session!, "pull_request_review_status", { ...REPO, pull_number: 1347 });
    const reviews = status.json["reviews"] as Record<string, unknown>[];
    expect(reviews.map((r) => Object.keys(r))).toEqual([["reviewer", "state", "submitted_at", "body"]]);
  });

  it("every request the tools sent passed Prism's validation against the GitHub spec", () => {
    const log = prism!.log();
    const received = log.match(/Request received/g) ?? [];
    expect(received.length).toBeGreaterThanOrEqual(33);
    expect(log.match(/The request passed the validation rules/g) ?? []).toHaveLength(received.length);
    expect(log).not.toMatch(/did not pass the validation rules|UNPROCESSABLE_ENTITY|NO_PATH_MATCHED|Response \(422\)/);
    expect(log).toContain("get /repos/octocat/hello-world/actions/runs/30433642/jobs");
    expect(log).toContain("put /repos/octocat/hello-world/contents/docs%2FREADME.md");
  });

  it("every action was approved (auto) and audited, and no audit line holds the token", () => {
    const audit = join(WORK, "state/audit.jsonl");
    expect(existsSync(audit)).toBe(true);
    const text = readFileSync(audit, "utf8");
    expect(text).not.toContain(TOKEN);
    const tools = new Set(
      text
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as { tool: string }).tool),
    );
    for (const action of [
      "triage_issue",
      "close_issue_with_comment",
      "create_assigned_issue",
      "create_release_from_branch",
      "open_pull_request",
      "merge_pull_request",
      "request_pull_request_reviewers",
      "update_file_on_branch",
    ])
      expect(tools).toContain(action);
  });
});
