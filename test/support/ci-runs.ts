// Which tests run in this vitest run: the heavy real-spec tests once per CI run (not again on Node 22/24), the slowest only on request.

/** Set by .ci/node-matrix.sh for the repeat runs on Node 22 and 24. */
export const REPEAT_RUN = process.env.ACI_REPEAT_RUN === "1";

/** `ACI_SLOW_TESTS=1` runs the tests that take minutes (whole Kubernetes toolsets); bench/ measures the same at scale. */
export const SLOW_TESTS = process.env.ACI_SLOW_TESTS === "1";
