// Diagnostic codes for reading a goals file (ours or Arazzo) into a GoalSpec.
import type { CatalogEntry } from "../types.js";

export const goalsCodes = {
  GOALS_UNREADABLE: {
    severity: "error",
    title: "the goals file cannot be read",
    hint: "check the path passed to --goals and that the file is readable",
  },
  GOALS_NOT_GOALS_FILE: {
    severity: "error",
    title: "not a goals file",
    hint: "start the file with `aci: 1` (our format) or `arazzo: 1.0.1` (an Arazzo document)",
  },
  GOALS_UNSUPPORTED_VERSION: {
    severity: "error",
    title: "unsupported goals format version",
    hint: "write `aci: 1`, or an Arazzo 1.0.x document (`arazzo: 1.0.1`)",
  },
  GOALS_UNKNOWN_KEY: {
    severity: "error",
    title: "unknown key",
    hint: "remove the key or fix its spelling",
  },
  GOALS_MISSING_FIELD: {
    severity: "error",
    title: "a required field is missing",
    hint: "add the field",
  },
  GOALS_INVALID_TYPE: {
    severity: "error",
    title: "a value has the wrong type",
    hint: "write a value of the expected type",
  },
  GOALS_INVALID_VALUE: {
    severity: "error",
    title: "a value is not allowed here",
    hint: "use one of the allowed values",
  },
  GOALS_INVALID_NAME: {
    severity: "error",
    title: "a name breaks its naming rule",
    hint: "goal names are snake_case, 3–64 characters, starting with a letter (e.g. adopt_pet)",
  },
  GOALS_DUPLICATE_NAME: {
    severity: "error",
    title: "two goals have the same name",
    hint: "rename one of them; tool names must be unique",
  },
  GOALS_DUPLICATE_STEP_ID: {
    severity: "error",
    title: "two steps of one goal have the same id",
    hint: "rename one of them; step ids must be unique within a goal",
  },
  GOALS_INVALID_OPERATION: {
    severity: "error",
    title: "the operation reference cannot be read",
    hint: 'write an operationId (e.g. "placeOrder") or "METHOD /path" (e.g. "POST /store/order")',
  },
  GOALS_UNKNOWN_STEP: {
    severity: "error",
    title: "a step id that the goal does not have",
    hint: "name a step of the same goal",
  },
  GOALS_UNKNOWN_WORKFLOW: {
    severity: "error",
    title: "a workflowId that the document does not define",
    hint: "name a workflow of this Arazzo document",
  },
  GOALS_UNKNOWN_SOURCE: {
    severity: "error",
    title: "a source description name that the document does not define",
    hint: "name one of the document's sourceDescriptions",
  },
  GOALS_UNKNOWN_COMPONENT: {
    severity: "error",
    title: "a reference to a component that does not exist",
    hint: "define the component under `components`, or fix the reference",
  },
  GOALS_UNKNOWN_INPUT: {
    severity: "error",
    title: "a parameter of a workflow call that the called workflow does not take",
    hint: "name one of the called workflow's inputs",
  },
  GOALS_WORKFLOW_CYCLE: {
    severity: "error",
    title: "workflows call or depend on each other in a cycle",
    hint: "break the cycle; a workflow cannot (indirectly) call or depend on itself",
  },
  GOALS_TOO_MANY_STEPS: {
    severity: "error",
    title: "a goal makes more API calls than one tool may",
    hint: "split the goal into tools that each do one part (a goal's calls are checked as chains that read one another)",
  },
  GOALS_ARAZZO_UNSUPPORTED: {
    severity: "error",
    title: "an Arazzo construct that aci-gen cannot turn into a tool",
    hint: "rewrite the construct in a supported form (see docs/goals.md#arazzo-10x), or remove it",
  },
  GOALS_SPEC_REMOTE: {
    severity: "error",
    title: "the goals file names a remote spec, and aci-gen never fetches over the network",
    hint: "download the spec and pass --spec FILE",
  },
  GOALS_WITH_ALL_OPERATIONS: {
    severity: "warning",
    title: "goals not planned with --all-operations",
    hint: "with --all-operations the goals file sets only the toolset (toolset, spec, server, defaults, lint, securitySchemes, security, config) and may leave out `goals:`; drop --all-operations to plan the goals",
  },
  GOALS_SPEC_MISSING: {
    severity: "error",
    title: "no spec given",
    hint: "pass --spec FILE, or set `spec:` in the goals file",
  },
} as const satisfies Record<string, CatalogEntry>;
