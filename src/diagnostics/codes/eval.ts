// Diagnostic codes for `aci-gen eval`: the tasks file, the model and its key, the mock upstream, the report.
import type { CatalogEntry } from "../types.js";

export const evalCodes = {
  EVAL_TASKS_UNREADABLE: {
    severity: "error",
    title: "the tasks file cannot be read",
    hint: "check the --tasks path; `aci-gen init --tasks-out FILE` writes a starter tasks file",
  },
  EVAL_TASKS_INVALID: {
    severity: "error",
    title: "the tasks file does not follow the tasks format",
    hint: "see docs/eval.md for the tasks format",
  },
  EVAL_TASK_DUPLICATE_ID: {
    severity: "error",
    title: "two tasks have the same id",
    hint: "give every task its own id",
  },
  EVAL_TASK_UNKNOWN_OPERATION: {
    severity: "error",
    title: "a request in the tasks file matches no operation of the spec",
    hint: "write the method and a path of the spec (a template such as /pets/{petId} or a concrete path)",
  },
  EVAL_MODEL_INVALID: {
    severity: "error",
    title: "--model is not provider:model",
    hint: "write anthropic:MODEL or openai:MODEL, e.g. --model anthropic:claude-sonnet-4-5",
  },
  EVAL_API_KEY_MISSING: {
    severity: "error",
    title: "the model provider's API key is not set",
    hint: "export ANTHROPIC_API_KEY (anthropic:…) or OPENAI_API_KEY (openai:…)",
  },
  EVAL_PROVIDER_REJECTED: {
    severity: "error",
    title: "the model provider refused the key or the model",
    hint: "check the API key and the model name after provider: in --model, and the *_BASE_URL if you set one",
  },
  EVAL_PROVIDER_SDK_MISSING: {
    severity: "error",
    title: "the Anthropic adapter needs @anthropic-ai/sdk, which is not installed",
    hint: "npm install @anthropic-ai/sdk (the generated package's peer dependency for Anthropic)",
  },
  EVAL_PRISM_MISSING: {
    severity: "error",
    title: "Prism, the default mock upstream, is not installed",
    hint: "npm install -D @stoplight/prism-cli, or pass --upstream URL of a test server",
  },
  EVAL_UPSTREAM_FAILED: {
    severity: "error",
    title: "the mock upstream did not start",
    hint: "run `npx prism mock SPEC` to see why, or pass --upstream URL",
  },
  EVAL_REPORT_WRITE_FAILED: {
    severity: "error",
    title: "the eval report could not be written",
    hint: "check that --report-dir is a writable folder",
  },
} as const satisfies Record<string, CatalogEntry>;
