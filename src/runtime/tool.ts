// A tool spec + Zod schemas → a Tool whose `run` validates, gates, executes, projects and caps, and never throws.
import { Buffer } from "node:buffer";
import { z } from "zod";
import { callOrigin } from "./approval/origin.js";
import { gate, requestOutcome, targetChanged, targetLost, type GateCall } from "./approval/gate.js";
import type { AuditLog } from "./audit.js";
import { errorEnvelope } from "./errors.js";
import { nothingToAdd, nothingToChange } from "./nothing-to-change.js";
import { changedReads, targetReadIds, type ResolvedReads } from "./approval/target-reads.js";
import { compileTool, executeTool, type ExecutionScope, type Sleep, type StepEnv } from "./execute/index.js";
import { transportFailure } from "./execute/failure.js";
import { seededKeys } from "./execute/step.js";
import { argumentLimitBreach, DEFAULT_ARGUMENT_LIMITS, limitVariables, type ArgumentLimits } from "./limits.js";
import type { Redactor } from "./redact.js";
import type { StateStore } from "./state/types.js";
import { capResult, DEFAULT_MAX_RETURN_BYTES, projectResult } from "./returns/index.js";
import { shortenToBytes } from "./returns/cut.js";
import { withSpecDefaults, type WrittenToolSpec } from "./spec-defaults.js";
import type { PendingNotice } from "./notify/webhook.js";
import { previewApproval } from "./approval/preview.js";
import { previewLines } from "./approval/preview-lines.js";
import type { ApprovalRecord } from "./state/types.js";
import { withMedia } from "./media.js";
import { pagingOfTool, runPaged } from "./paged.js";
import { traceToolCall } from "./telemetry/index.js";
import type { CallTransport } from "./transport.js";
import { keysTaken, nearestName, pathText, takesOnly, unknownKeysOf, valueAtPath } from "./unknown-keys.js";
import {
  isPendingAnswer,
  type ApprovalMode,
  type ErrorEnvelope,
  type RunContext,
  type Tool,
  type ToolResult,
  type ToolSpec,
  type ToolsetSpec,
} from "./types.js";

/** Everything bound tools share, resolved once (see `createRuntime`). */
export interface Runtime {
  readonly toolset: ToolsetSpec;
  readonly transport: CallTransport;
  readonly approval: ApprovalMode;
  /** The file store's folder (also where a PostgreSQL-backed runtime would keep files, were there any). */
  readonly stateDir: string;
  /** Approval queue and audit log: the file store under `stateDir`, or PostgreSQL (`PREFIX_STATE_URL`). */
  readonly state: StateStore;
  readonly maxReturnBytes: number;
  /** Bounds on every argument, whatever the schema says; default 1 MiB per string, 4 MiB per call. */
  readonly limits?: ArgumentLimits;
  readonly redact: Redactor;
  readonly audit: AuditLog;
  readonly sleep: Sleep;
  /** Upper bound of one Arazzo retry wait. */
  readonly maxRetryWaitMs: number;
  /** The configured values the goals bind (`$config.NAME`), resolved at start-up. */
  readonly config?: Readonly<Record<string, string | number>>;
  /** `PREFIX_APPROVAL_WEBHOOK`: told of each new pending request; returns at once (delivery runs in the background). */
  readonly notifyPending?: (notice: PendingNotice) => unknown;
  /**
   * `PREFIX_TRACE_ARGS=redacted`: tool spans carry the redacted arguments; otherwise no argument value reaches a span.
   */
  readonly traceArguments?: boolean;
}

/** An unbound tool: its spec and schemas. */
export interface ToolDefinition {
  readonly spec: ToolSpec;
  /** What the model sees: the real inputs as a strict object, plus an optional `request_id` for gated tools. */
  readonly inputSchema: z.ZodType;
  /** The real inputs, strict (unknown keys such as `approved: true` are rejected). */
  readonly argumentsSchema: z.ZodType;
  readonly outputSchema?: z.ZodType;
}

/** Runs a bound tool's call without the approval gate (the operator's `approve` path). */
export const EXECUTE_APPROVED: unique symbol = Symbol.for("aci.executeApproved");

/** The spec a bound tool runs (what the approvals command shows an operator before approving). */
export const TOOL_SPEC: unique symbol = Symbol.for("aci.toolSpec");

/** A queued request as its execution needs it: its id fixes the idempotency keys, its reads are checked again. */
export interface QueuedRequest {
  readonly id: string;
  readonly resolved?: ResolvedReads;
}

/**
 * A bound tool, with its ungated execution path (given the reads recorded when the request was queued, it reads them
 * again and answers CONFLICT when the target changed; the request's id fixes its idempotency keys, so executing it
 * again never sends a second, different write) and its spec for the approvals command.
 */
export type BoundTool = Tool & {
  readonly [EXECUTE_APPROVED]: (
    args: Record<string, unknown>,
    ctx?: RunContext,
    queued?: QueuedRequest,
  ) => Promise<ToolResult>;
  readonly [TOOL_SPEC]: ToolSpec;
};

export const REQUEST_ID_DESCRIPTION =
  "Only to fetch the outcome of an earlier call that answered status pending_approval: that answer's request_id " +
  "(never a request_id from the API's own result). Nothing is executed when it is given.";

function strictObject(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodObject ? schema.strict() : schema;
}

/**
 * Defines a tool. The input schema is made strict at the top level; for a tool with `approval: "required"`
 * it gains an optional `request_id` (the real arguments are validated without it).
 */
export function defineTool(init: {
  spec: WrittenToolSpec;
  inputSchema: z.ZodType;
  outputSchema?: z.ZodType;
}): ToolDefinition {
  const spec = withSpecDefaults(init.spec);
  const argumentsSchema = strictObject(init.inputSchema);
  const gated = spec.approval === "required";
  if (gated && !(argumentsSchema instanceof z.ZodObject))
    throw new Error(`tool ${spec.name}: a gated tool needs an object input schema`);
  if (gated && Object.hasOwn((argumentsSchema as z.ZodObject).shape, "request_id"))
    throw new Error(`tool ${spec.name}: a gated tool cannot take an input named request_id (the approval input)`);
  const inputSchema = gated
    ? (argumentsSchema as z.ZodObject)
        .extend({ request_id: z.string().optional().describe(REQUEST_ID_DESCRIPTION) })
        .strict()
    : argumentsSchema;
  return {
    spec,
    inputSchema,
    argumentsSchema,
    ...(init.outputSchema === undefined ? {} : { outputSchema: init.outputSchema }),
  };
}

function unwrap(schema: z.ZodType): z.ZodType {
  const inner = (schema as { _zod?: { def?: { innerType?: z.ZodType } } })._zod?.def?.innerType;
  return inner !== undefined && schema.description === undefined ? unwrap(inner) : schema;
}

/** The `.description` of the field at `path`, walking object shapes and array elements. */
export function fieldDescription(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  let node: z.ZodType | undefined = schema;
  for (const key of path) {
    const current: z.ZodType | undefined = node === undefined ? undefined : unwrap(node);
    if (current instanceof z.ZodObject) node = (current.shape as Record<string, z.ZodType>)[String(key)];
    if (current instanceof z.ZodArray) node = current.element as z.ZodType;
    if (!(current instanceof z.ZodObject) && !(current instanceof z.ZodArray)) return undefined;
  }
  return node?.description ?? (node === undefined ? undefined : unwrap(node).description);
}

function allowedKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** Every wrapper (optional, nullable, default, described) taken off. */
function bare(schema: z.ZodType): z.ZodType {
  const inner = (schema as { _zod?: { def?: { innerType?: z.ZodType } } })._zod?.def?.innerType;
  return inner === undefined ? schema : bare(inner);
}

/** The fixed values a member allows (an enum's, a literal's), or undefined for a free one. */
function fixedValues(member: z.ZodType | undefined): readonly string[] | undefined {
  const node = member === undefined ? undefined : bare(member);
  if (node instanceof z.ZodEnum) return node.options.map(String);
  if (node instanceof z.ZodLiteral) return [...node.values].map(String);
  return undefined;
}

/**
 * For a value that fits several alternatives of a `oneOf` (InfluxDB's query body: a Flux `Query` or an `InfluxQLQuery`,
 * both requiring only `query`), the member each of them fixes to other values: `` `type` (flux or influxql) ``.
 */
export function tellingMember(
  schema: z.ZodType,
  path: readonly PropertyKey[],
  matches: readonly number[] | undefined,
): string | undefined {
  if (matches === undefined || matches.length < 2) return undefined;
  let node: z.ZodType | undefined = schema;
  for (const key of path) {
    const current: z.ZodType | undefined = node === undefined ? undefined : bare(node);
    node = current instanceof z.ZodObject ? (current.shape as Record<string, z.ZodType>)[String(key)] : undefined;
    if (current instanceof z.ZodArray) node = current.element as z.ZodType;
  }
  const union = node === undefined ? undefined : bare(node);
  if (!(union instanceof z.ZodUnion)) return undefined;
  const options = matches.map((i) => bare(union.options[i] as z.ZodType));
  if (!options.every((o) => o instanceof z.ZodObject)) return undefined;
  const shapes = options.map((o) => (o as z.ZodObject).shape as Record<string, z.ZodType>);
  for (const name of Object.keys(shapes[0] ?? {})) {
    const values = shapes.map((shape) => fixedValues(shape[name]));
    if (values.some((v) => v === undefined)) continue;
    const all = values.flat() as string[];
    if (new Set(all).size === all.length) return `\`${name}\` (${all.join(" or ")})`;
  }
  return undefined;
}

const BRIEF_CHARS = 200;

/**
 * A field's description as a repair hint: its first sentence and its closing `E.g. …` (the example), at most 200
 * characters, without closing punctuation (the hint adds its own): the model already has the whole description.
 */
export function briefDescription(description: string): string {
  // Google's field behaviour label ("Required. A field mask to …") says nothing of the value; the next sentence does.
  const said = description.trim().replace(/^(?:required|optional|mandatory)\.\s+(?=\S)/i, "");
  const sentences = said.split(/(?<=[.!?])(?<!\b[Ee]\.g\.|\bi\.e\.)\s+(?=[A-Z`"'(])/);
  const first = sentences[0] ?? "";
  const last = sentences.at(-1) ?? "";
  const parts = sentences.length > 1 && /^E\.g\./.test(last) ? [first, last] : [first];
  const text = parts.map((p) => p.replace(/[\s.!?]+$/, "")).join(". ");
  if (text.length <= BRIEF_CHARS) return text;
  const cut = text.slice(0, BRIEF_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), BRIEF_CHARS / 2))}…`;
}

/**
 * What to do about an integral number past 2^53 − 1 (emit/zod/number.ts marks its refusal `params.rounded`): the
 * JSON text it came in was rounded when parsed, so no fix of the number helps; give the digits as a string where the
 * input takes them, else tell the user (the tool cannot send that value exactly).
 */
export function roundedSuggestion(issue: z.core.$ZodIssue, field: string): string | undefined {
  const rounded = issue.code === "custom" ? issue.params?.["rounded"] : undefined;
  if (rounded === "digits")
    return `Give "${field}" as a string of all its digits, as they were given to you, and call again.`;
  if (rounded !== "unsendable") return undefined;
  const why = `"${field}" takes only a number, so this tool cannot send that value exactly`;
  return `${why}: do not call again with it changed; tell the user.`;
}

/** A string input's description saying it is written in digits: `4 digits`, a digits-only pattern `^[0-9]+$`. */
const SAYS_DIGITS = /\bdigits?\b|`\^(?:\[0-9\]|\\d)[+*{]/i;

/**
 * A number given where a string of digits is taken (TBA's `year`, "Must be 4 digits", sent as `2016`): the refusal
 * says to send the digits in quotes, as given (a leading zero kept), not only what the input is. It is refused, not
 * sent as its digits: a number has already lost a leading zero (a two-digit year `05` sent as 5).
 */
export function quotedSuggestion(
  issue: z.core.$ZodIssue,
  field: string,
  input: unknown,
  description: string | undefined,
): string | undefined {
  if (issue.code !== "invalid_type" || issue.expected !== "string") return undefined;
  if (description === undefined || !SAYS_DIGITS.test(description)) return undefined;
  let value = input;
  for (const key of issue.path) value = value !== null && typeof value === "object" ? (value as never)[key] : undefined;
  if (typeof value !== "number" || !Number.isInteger(value)) return undefined;
  return (
    `"${field}" takes its digits as a string, not a number: send "${String(value)}" in quotes (the digits as they ` +
    `were given to you, a leading zero kept), and call again. "${field}" is: ${briefDescription(description)}.`
  );
}

/**
 * Unknown keys → INVALID_ARGUMENT naming each by its full path (`info.description`, not `description`) and the keys
 * its object takes (`info takes only: documentTitle, title`), so a model does not look for a top-level argument; a
 * near miss (`info.descripton`, `due_date` for `dueDate`) with the name it meant. Answered when the first problem is
 * an unknown key (`first`) or when a key has a name meant, as renaming it may settle the other problems too.
 */
function unknownArguments(
  error: z.ZodError,
  schema: z.ZodType,
  input: unknown,
  first: boolean,
): ErrorEnvelope | undefined {
  const found = unknownKeysOf(error.issues);
  if (found.length === 0) return undefined;
  const levels = found.map((f) =>
    f.path.length === 0 ? [allowedKeys(schema)] : keysTaken(schema, input, f.path, f.keys),
  );
  const said = found.map((f, i) =>
    f.path.length === 0
      ? allowedKeys(schema).length === 0
        ? "this tool takes no arguments"
        : `this tool takes only: ${allowedKeys(schema).join(", ")}`
      : takesOnly(pathText(f.path), levels[i] ?? [], f.patterns),
  );
  // Each key with the name it was likely meant for, among the names taken at its level not already sent.
  const keys = found.flatMap((f, i) => {
    const sent = valueAtPath(input, f.path);
    const open = [...new Set((levels[i] ?? []).flat())].filter((name) => valueAtPath(sent, [name]) === undefined);
    return f.keys.map((key) => {
      const meant = nearestName(key, open);
      return {
        path: pathText([...f.path, key]),
        meant: meant === undefined ? undefined : pathText([...f.path, meant]),
      };
    });
  });
  const names = keys.map((k) => (k.meant === undefined ? k.path : `${k.path} (did you mean ${k.meant}?)`)).join(", ");
  const renamed = keys.filter((k) => k.meant !== undefined).map((k) => `${k.path} to ${k.meant}`);
  const removed = keys.filter((k) => k.meant === undefined).map((k) => k.path);
  const fixes = [
    ...(renamed.length === 0 ? [] : [`Rename ${renamed.join(", ")}`]),
    ...(removed.length === 0 ? [] : [`${renamed.length === 0 ? "Remove" : "remove"} ${removed.join(", ")}`]),
  ];
  const levelsSaid = [...new Set(said.filter((l) => l !== undefined))];
  if (!first && renamed.length === 0) return undefined;
  // A key the rename fills in is not another problem ("dimensions.length: expected number, received undefined").
  const filled = new Set(keys.map((k) => k.meant));
  const others = error.issues.filter((i) => unknownKeysOf([i]).length === 0 && !filled.has(pathText(i.path))).length;
  const more = others === 0 ? "" : ` (${others} more problem${others === 1 ? "" : "s"} after fixing this one)`;
  return errorEnvelope({
    code: "INVALID_ARGUMENT",
    field: keys[0]?.path ?? "",
    message: `Unknown argument${keys.length === 1 ? "" : "s"} ${names}${more}.`,
    suggestion: `${[...fixes, ...levelsSaid].join("; ")}.`,
  });
}

/** A Zod failure → INVALID_ARGUMENT naming the field, with the start of its description as the hint. */
export function invalidArgument(error: z.ZodError, schema: z.ZodType, input?: unknown): ErrorEnvelope {
  const issue = error.issues[0];
  if (issue === undefined) return errorEnvelope({ code: "INVALID_ARGUMENT", message: "Invalid arguments." });
  // Unknown keys first when the call's first problem is one, or when one is a near miss of a name taken (`lenght`).
  const unknown = unknownArguments(error, schema, input, unknownKeysOf([issue]).length > 0);
  if (unknown !== undefined) return unknown;
  const field = pathText(issue.path);
  const matches = issue.code === "invalid_union" && "matches" in issue ? (issue.matches as number[]) : undefined;
  const telling = tellingMember(schema, issue.path, matches);
  if (telling !== undefined)
    return errorEnvelope({
      code: "INVALID_ARGUMENT",
      field,
      message: `${field || "arguments"}: ${issue.message}`,
      suggestion: `"${field}" fits more than one of its alternatives: set ${telling} to say which, and call again.`,
    });
  const description = fieldDescription(schema, issue.path);
  const more =
    error.issues.length > 1
      ? ` (${error.issues.length - 1} more problem${error.issues.length === 2 ? "" : "s"} after fixing this one)`
      : "";
  const suggestion =
    roundedSuggestion(issue, field) ??
    quotedSuggestion(issue, field, input, description) ??
    (description === undefined
      ? `Fix "${field || "the arguments"}" and call again.`
      : `"${field}" is: ${briefDescription(description)}. Fix it and call again.`);
  return errorEnvelope({
    code: "INVALID_ARGUMENT",
    field,
    message: `${field || "arguments"}: ${issue.message}${more}`,
    suggestion,
  });
}

function internalError(error: unknown): ErrorEnvelope {
  const reason = error instanceof Error ? error.message : String(error);
  return errorEnvelope({
    code: "UPSTREAM_ERROR",
    message: `The tool failed unexpectedly: ${reason}`,
    suggestion: "This is a fault in the tool itself; do not retry, tell the user.",
    retryable: false,
  });
}

/** Keeps an error envelope within the cap by shortening its message, then its suggestion. */
function capError(envelope: ErrorEnvelope, maxBytes: number): ErrorEnvelope {
  const size = (e: ErrorEnvelope): number => Buffer.byteLength(JSON.stringify(e), "utf8");
  if (size(envelope) <= maxBytes) return envelope;
  const over = size(envelope) - maxBytes;
  const error = envelope.error;
  const message =
    shortenToBytes(error.message, Math.max(16, Buffer.byteLength(JSON.stringify(error.message)) - over)) ?? "…";
  const shorter = { error: { ...error, message } };
  if (size(shorter) <= maxBytes) return shorter;
  return {
    error: {
      ...shorter.error,
      suggestion:
        shortenToBytes(
          error.suggestion,
          Math.max(16, Buffer.byteLength(JSON.stringify(error.suggestion)) - (size(shorter) - maxBytes)),
        ) ?? "…",
    },
  };
}

/** Whether a result is an error envelope. */
export const isErrorResult = (result: ToolResult): result is ErrorEnvelope => Object.hasOwn(result, "error");

function auditOutcome(result: ToolResult): { outcome: string; status?: number } {
  if (!isErrorResult(result))
    return {
      outcome: isPendingAnswer(result) ? "pending" : "ok",
    };
  return { outcome: result.error.code, ...(result.error.status === undefined ? {} : { status: result.error.status }) };
}

function requestIdOf(input: unknown): string | undefined {
  if (input === null || typeof input !== "object" || !Object.hasOwn(input, "request_id")) return undefined;
  const value = (input as { request_id: unknown }).request_id;
  return value === undefined ? undefined : String(value);
}

function withoutRequestId(data: Record<string, unknown>): Record<string, unknown> {
  const { request_id: _, ...args } = data;
  return args;
}

function traceOf(
  spec: ToolSpec,
  runtime: Runtime,
  input: unknown,
  ctx: RunContext | undefined,
): Parameters<typeof traceToolCall>[0] {
  const args =
    runtime.traceArguments === true && input !== null && typeof input === "object"
      ? () => JSON.stringify(runtime.redact(input as Record<string, unknown>))
      : undefined;
  return {
    tool: spec.name,
    risk: spec.risk,
    ...(ctx?.toolCallId === undefined ? {} : { callId: ctx.toolCallId }),
    ...(ctx?.traceContext === undefined ? {} : { carrier: ctx.traceContext }),
    ...(args === undefined ? {} : { arguments: args }),
  };
}

/** What a tool shows before it runs: everything but `run`, from its definition alone. */
export function toolFields(def: ToolDefinition): Omit<Tool, "run"> {
  const { spec } = def;
  const { name, title, description, ...rest } = specFields(spec);
  return {
    name,
    title,
    description,
    inputSchema: def.inputSchema,
    ...(def.outputSchema === undefined ? {} : { outputSchema: def.outputSchema }),
    ...rest,
  };
}

/** What a tool shows of its spec, its schemas aside. */
export function specFields(spec: ToolSpec): Omit<Tool, "run" | "inputSchema" | "outputSchema"> {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    risk: spec.risk,
    category: spec.category,
    annotations: spec.annotations,
    approval: spec.approval,
    ...optionalSpecFields(spec),
  };
}

/** Binds a definition to a runtime. */
export function bindTool(def: ToolDefinition, runtime: Runtime): BoundTool {
  const { spec } = def;
  const compiled = compileTool(spec);
  const paging = pagingOfTool(compiled);
  const maxBytes = runtime.maxReturnBytes || DEFAULT_MAX_RETURN_BYTES;
  const capOptions = { maxBytes, narrowingInputs: spec.returns.narrowingInputs };
  const gated = spec.approval === "required";
  const audited = gated || spec.risk === "high";
  const origin = callOrigin(spec, runtime.toolset);
  const notifyPending = runtime.notifyPending;
  const notify =
    notifyPending === undefined
      ? undefined
      : (record: ApprovalRecord) =>
          void notifyPending({
            id: record.id,
            tool: spec.name,
            risk: spec.risk,
            createdAt: record.createdAt,
            preview: previewLines(previewApproval(record, spec, runtime.config)),
          });
  const limits = runtime.limits ?? DEFAULT_ARGUMENT_LIMITS;
  const variables = limitVariables(runtime.toolset.envPrefix);

  const targetReads: ReadonlySet<string> = new Set(targetReadIds(spec.steps));
  const stepEnv = (ctx?: RunContext, queuedAs?: string): StepEnv => ({
    transport: runtime.transport,
    sleep: runtime.sleep,
    maxRetryWaitMs: runtime.maxRetryWaitMs,
    redact: runtime.redact,
    ...(runtime.config === undefined ? {} : { config: runtime.config }),
    ...(ctx?.signal === undefined ? {} : { signal: ctx.signal }),
    ...(queuedAs === undefined ? {} : { idempotencyKey: seededKeys(queuedAs) }),
  });

  /** Runs the target reads alone: what they resolved (every output, unredacted), or the error the model gets now. */
  async function readTargets(
    args: Record<string, unknown>,
    ctx?: RunContext,
  ): Promise<{ ok: true; resolved: ResolvedReads } | { ok: false; error: ErrorEnvelope["error"] }> {
    const execution = await executeTool(compiled, args, stepEnv(ctx), { only: targetReads });
    if (!execution.ok) return execution;
    const steps = execution.context.steps ?? {};
    const resolved = Object.fromEntries(
      [...targetReads].map((id) => [id, (steps[id]?.outputs ?? {}) as Record<string, unknown>]),
    );
    return { ok: true, resolved };
  }

  async function execute(
    args: Record<string, unknown>,
    ctx?: RunContext,
    scope?: ExecutionScope,
    queuedAs?: string,
  ): Promise<ToolResult> {
    if (paging !== undefined) {
      const paged = await runPaged(compiled, paging, { args, env: stepEnv(ctx), cap: capOptions });
      return paged.ok ? runtime.redact(paged.result) : capError(runtime.redact({ error: paged.error }), maxBytes);
    }
    const execution = await executeTool(compiled, args, stepEnv(ctx, queuedAs), scope);
    if (!execution.ok) return capError(runtime.redact({ error: execution.error }), maxBytes);
    const projected = projectResult({
      context: execution.context,
      ...(compiled.projection === undefined ? {} : { projection: compiled.projection }),
      ...(execution.last === undefined ? {} : { last: execution.last }),
    });
    // Serialised once: the redactor searches this text for secrets, and the cap measures it when nothing was redacted.
    const json = JSON.stringify(projected);
    const redacted = runtime.redact(projected, json);
    const capped = capResult(redacted, capOptions, redacted === projected ? json : undefined);
    // The bytes of an image or audio answer ride beside the note they answer, outside the JSON (see media.ts).
    return withMedia(capped, execution.last?.media);
  }

  async function executeApproved(
    args: Record<string, unknown>,
    ctx?: RunContext,
    queued?: QueuedRequest,
  ): Promise<ToolResult> {
    const parsed = def.argumentsSchema.safeParse(args);
    if (!parsed.success) return invalidArgument(parsed.error, def.argumentsSchema, args);
    const data = parsed.data as Record<string, unknown>;
    if (targetReads.size === 0 || queued?.resolved === undefined) return execute(data, ctx, undefined, queued?.id);
    const reads = await readTargets(data, ctx);
    if (!reads.ok) return capError(runtime.redact({ error: targetLost(spec.name, reads.error) }), maxBytes);
    const shown = runtime.redact(reads.resolved as Record<string, unknown>) as ResolvedReads;
    const changes = changedReads(queued.resolved, shown);
    if (changes.length > 0) return capError(runtime.redact(targetChanged(spec.name, changes)), maxBytes);
    return execute(data, ctx, { seeded: reads.resolved }, queued.id);
  }

  async function call(input: unknown, ctx?: RunContext): Promise<ToolResult> {
    const requestId = gated ? requestIdOf(input) : undefined;
    if (requestId !== undefined) return requestOutcome(runtime.state, spec.name, requestId, origin);
    const parsed = def.inputSchema.safeParse(input ?? {});
    if (!parsed.success) return invalidArgument(parsed.error, def.inputSchema, input ?? {});
    const data = parsed.data as Record<string, unknown>;
    const args = gated ? withoutRequestId(data) : data;
    const unchanged = nothingToChange(spec, args) ?? nothingToAdd(spec, args);
    if (unchanged !== undefined) return unchanged;
    if (!audited) return execute(args, ctx);
    const redacted = runtime.redact(args);
    const refused = gated ? unsendableWrite() : undefined;
    if (refused !== undefined) {
      await runtime.audit.append({ event: "call", tool: spec.name, arguments: redacted, ...auditOutcome(refused) });
      return capError(runtime.redact(refused), maxBytes);
    }
    if (gated && runtime.approval === "auto") return gate(gateCall(args, redacted, ctx));
    if (gated) {
      const reads = targetReads.size === 0 ? undefined : await readTargets(args, ctx);
      if (reads?.ok === false) return capError(runtime.redact({ error: reads.error }), maxBytes);
      return gate(gateCall(args, redacted, ctx, reads?.resolved));
    }
    const result = await execute(args, ctx);
    await runtime.audit.append({ event: "call", tool: spec.name, arguments: redacted, ...auditOutcome(result) });
    return result;
  }

  /**
   * The first write of the tool that cannot be sent for want of a credential: asking a human to approve it would
   * queue a call that can only fail (`UNAUTHORIZED`, nothing sent), so the model is told at once.
   */
  function unsendableWrite(): ErrorEnvelope | undefined {
    for (const step of spec.steps) {
      if (step.readOnly) continue;
      const error = runtime.transport.unsendable?.(step);
      if (error !== undefined) return { error: transportFailure(step, error) };
    }
    return undefined;
  }

  function gateCall(
    args: Record<string, unknown>,
    redacted: Record<string, unknown>,
    ctx: RunContext | undefined,
    resolved?: ResolvedReads,
  ): GateCall {
    const shownReads =
      resolved === undefined ? undefined : (runtime.redact(resolved as Record<string, unknown>) as ResolvedReads);
    return {
      tool: spec.name,
      arguments: args,
      redacted,
      ...(shownReads === undefined ? {} : { resolved: shownReads }),
      preview: previewLines(
        previewApproval({ tool: spec.name, arguments: redacted, resolved: shownReads ?? {} }, spec, runtime.config),
      ),
      mode: runtime.approval,
      store: runtime.state,
      audit: runtime.audit,
      execute: () => execute(args, ctx, resolved === undefined ? undefined : { seeded: resolved }),
      ...(ctx === undefined ? {} : { ctx }),
      ...(notify === undefined ? {} : { onPending: notify }),
      origin,
    };
  }

  return {
    ...toolFields(def),
    run(input, ctx) {
      // Checked before anything walks the arguments (the span's redacted copy recurses once per level).
      const breach = argumentLimitBreach(input, limits, variables);
      return traceToolCall(traceOf(spec, runtime, breach === undefined ? input : undefined, ctx), async () => {
        if (breach !== undefined) return capError(breach, maxBytes);
        try {
          return await call(input, ctx);
        } catch (error) {
          return capError(runtime.redact(internalError(error)), maxBytes);
        }
      });
    },
    [TOOL_SPEC]: spec,
    [EXECUTE_APPROVED]: async (args, ctx, queued) => {
      try {
        return await executeApproved(args, ctx, queued);
      } catch (error) {
        return runtime.redact(internalError(error));
      }
    },
  };
}

/** The optional search, example and size fields of a spec, as the tool object carries them. */
function optionalSpecFields(
  spec: ToolSpec,
): Pick<
  Tool,
  | "tags"
  | "profile"
  | "examples"
  | "deferLoading"
  | "programmatic"
  | "definitionDepth"
  | "definitionBrief"
  | "definitionOutline"
  | "definitionOpen"
  | "definitionOutlined"
> {
  const { tags, profile, examples, deferLoading, programmatic } = spec;
  const { definitionDepth, definitionBrief, definitionOutline, definitionOpen, definitionOutlined } = spec;
  const fields = {
    tags,
    profile,
    examples,
    deferLoading,
    programmatic,
    definitionDepth,
    definitionBrief,
    definitionOutline,
    definitionOpen,
    definitionOutlined,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}
