// Which tests run in this vitest run: the heavy real-spec tests once per CI run (not again on Node 22/24), the slowest only on request.
//
// The repeat runs on Node 22 and 24 run only the folders and files vitest.config.ts lists in EVERY_NODE (generated
// packages, servers, runtime, adapters, CLI, the swap of --out, the goldens' tools, Zod's verdicts); the generator's
// own tests run once per CI run. Inside the files that do run again, `describe.skipIf(REPEAT_RUN)` skips what checks
// generator work there too, or takes too long to repeat: the all-operations slices of GitHub, Stripe and Kubernetes in
// zod-json, output-cut-bound and input-json-schema; zod-differential's 30,000 random verdicts per dialect (its formats
// and tricky cases run on every Node); tool search over whole real toolsets; the corpus slice; the same runs at a
// larger API's size where a small one runs on every Node (GitHub's grouped package beside petstore's, eval on GitHub
// beside eval on petstore, the GitHub e2e against Prism beside petstore's); a variant of an option where the default
// runs on every Node (grouped builds in batches of one, DigitalOcean's pages read on inside one call); the goldens'
// generation and strict typecheck (generator work; TypeScript 7's compiler is a native binary); consumer install,
// bundles, --publishable, the Kubernetes e2e, truthful results on Slack and Jira.

/** Set by .ci/node-matrix.sh for the repeat runs on Node 22 and 24. */
export const REPEAT_RUN = process.env.ACI_REPEAT_RUN === "1";

/** `ACI_SLOW_TESTS=1` runs the tests that take minutes (whole Kubernetes toolsets); bench/ measures the same at scale. */
export const SLOW_TESTS = process.env.ACI_SLOW_TESTS === "1";
