// Which tests run in this vitest run: the heavy real-spec tests once per CI run (not again on Node 22/24), the slowest only on request.
//
// Skipped on the repeat runs (`describe.skipIf(REPEAT_RUN)`), because they check generator work that is the same on
// every Node: init drafts and the planner on real specs (test/init, init's GitHub draft, Slack and Jira name chains,
// the profile aliases of Kubernetes, GitHub, Slack, Asana and Zoom), the lockfile memo and `check` over real API
// histories, the all-operations slices of GitHub, Stripe and Kubernetes in zod-json, example-check, output-cut-bound
// and input-json-schema, zod-differential's 30,000 random verdicts per dialect, adversarial and large shapes, tool
// search over whole real toolsets, the corpus slice; the same runs at a larger API's size where a small one runs on
// every Node (GitHub's grouped package beside petstore's, eval on GitHub beside eval on petstore); the goldens' strict
// typecheck (TypeScript 7's compiler is a native binary); and the runs too long to repeat: consumer install, bundles,
// --publishable, the Kubernetes e2e, truthful results on Slack and Jira. Every Node still runs the generated packages
// (MCP over stdio and HTTP, Prism, approvals, OAuth2, OTLP, console, grouped modules, the goldens' tools, eval), the
// servers, the runtime, and the formats and tricky cases of the Zod differential.

/** Set by .ci/node-matrix.sh for the repeat runs on Node 22 and 24. */
export const REPEAT_RUN = process.env.ACI_REPEAT_RUN === "1";

/** `ACI_SLOW_TESTS=1` runs the tests that take minutes (whole Kubernetes toolsets); bench/ measures the same at scale. */
export const SLOW_TESTS = process.env.ACI_SLOW_TESTS === "1";
