// A tasks file (YAML or JSON) → validated eval tasks, every problem a located EVAL_TASKS_* diagnostic.
import { z } from "zod";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { parseSource, type SourceDoc } from "../source/source.js";
import { join, resolve } from "../util/pointer.js";
import { readText } from "../util/read-text.js";
import { didYouMean } from "../util/suggest.js";

const METHODS = ["GET", "PUT", "POST", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE"] as const;

const requestMatcher = z.strictObject({
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .pipe(z.enum(METHODS)),
  path: z.string().regex(/^\//, "a path starts with /"),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  body: z.unknown().optional(),
});

const task = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "letters, digits, _ . - (at most 64)"),
  message: z.string().min(1),
  setup: z
    .strictObject({
      system: z.string().min(1).optional(),
      requests: z.array(requestMatcher).optional(),
    })
    .optional(),
  success: z
    .strictObject({
      must_send: z.array(requestMatcher).optional(),
      must_not_send: z.array(requestMatcher).optional(),
      answer_contains: z.array(z.string().min(1)).optional(),
    })
    .refine((s) => (s.must_send?.length ?? 0) + (s.answer_contains?.length ?? 0) > 0, {
      message: "success needs must_send or answer_contains",
    }),
  max_turns: z.int().min(1).max(50).optional(),
});

const tasksDocument = z.strictObject({
  eval: z.literal(1),
  system: z.string().min(1).optional(),
  max_turns: z.int().min(1).max(50).optional(),
  tasks: z.array(task).min(1),
});

/** An API request a task expects (or forbids): method, path (template or concrete), and optional query/body subsets. */
export interface RequestMatcher {
  readonly method: (typeof METHODS)[number];
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | boolean>>;
  readonly body?: unknown;
}

/** One eval task: the user's message, what to set up, what success means. */
export interface EvalTask {
  readonly id: string;
  readonly message: string;
  /** System prompt: the task's `setup.system`, else the file's `system`. */
  readonly system?: string;
  /** Sent to the upstream before each run of the task (not counted). */
  readonly setupRequests: readonly RequestMatcher[];
  readonly mustSend: readonly RequestMatcher[];
  readonly mustNotSend: readonly RequestMatcher[];
  readonly answerContains: readonly string[];
  readonly maxTurns: number;
  /** Where each matcher sits in the tasks file, for diagnostics. */
  readonly pointer: string;
}

export interface TasksFile {
  readonly file: string;
  readonly tasks: readonly EvalTask[];
  /** Line and column of a pointer in the file. */
  locate(pointer: string): { line: number; column: number } | undefined;
}

export const DEFAULT_MAX_TURNS = 12;

/** Reads and validates a tasks file; `tasks` only when no error was found. */
export async function loadTasks(file: string): Promise<{ tasks?: TasksFile; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    text = await readText(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { diagnostics: [diagnostic("EVAL_TASKS_UNREADABLE", { file, message: `cannot read ${file} (${reason})` })] };
  }
  const parsed = parseSource(file, text);
  if (!parsed.ok) return { diagnostics: [...parsed.diagnostics] };
  return parseTasks(parsed.doc);
}

/** Validates a parsed tasks document. */
export function parseTasks(doc: SourceDoc): { tasks?: TasksFile; diagnostics: Diagnostic[] } {
  const result = tasksDocument.safeParse(doc.value);
  const located = (
    code: "EVAL_TASKS_INVALID" | "EVAL_TASK_DUPLICATE_ID",
    pointer: string,
    message: string,
    hint?: string,
  ): Diagnostic => {
    const position = doc.locate(pointer);
    return diagnostic(code, {
      file: doc.file,
      pointer,
      message,
      ...(hint ? { hint } : {}),
      ...(position ? { position } : {}),
    });
  };
  const diagnostics = [
    ...(result.success ? [] : result.error.issues.flatMap((issue) => issueDiagnostics(issue, doc.value, located))),
    ...duplicateIds(doc.value).map((i) =>
      located(
        "EVAL_TASK_DUPLICATE_ID",
        `/tasks/${i}/id`,
        `task id ${JSON.stringify(idAt(doc.value, i))} is used twice`,
      ),
    ),
  ].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  if (!result.success || diagnostics.length > 0) return { diagnostics };
  const data = result.data;
  const tasks = data.tasks.map((t, i): EvalTask => {
    const system = t.setup?.system ?? data.system;
    return {
      id: t.id,
      message: t.message,
      ...(system === undefined ? {} : { system }),
      setupRequests: t.setup?.requests ?? [],
      mustSend: t.success.must_send ?? [],
      mustNotSend: t.success.must_not_send ?? [],
      answerContains: t.success.answer_contains ?? [],
      maxTurns: t.max_turns ?? data.max_turns ?? DEFAULT_MAX_TURNS,
      pointer: `/tasks/${i}`,
    };
  });
  return { tasks: { file: doc.file, tasks, locate: (p) => doc.locate(p) }, diagnostics: [] };
}

const idAt = (doc: unknown, i: number): unknown => resolve(doc, `/tasks/${i}/id`);

/** Indexes of tasks whose `id` an earlier task already has (read from the raw document, so they show with other errors). */
function duplicateIds(doc: unknown): number[] {
  const list = resolve(doc, "/tasks");
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  return list.flatMap((_, i) => {
    const id = idAt(doc, i);
    if (typeof id !== "string") return [];
    if (seen.has(id)) return [i];
    seen.add(id);
    return [];
  });
}

type Located = (code: "EVAL_TASKS_INVALID", pointer: string, message: string, hint?: string) => Diagnostic;

const KEYS: Readonly<Record<string, readonly string[]>> = {
  root: ["eval", "system", "max_turns", "tasks"],
  task: ["id", "message", "setup", "success", "max_turns"],
  setup: ["system", "requests"],
  success: ["must_send", "must_not_send", "answer_contains"],
  request: ["method", "path", "query", "body"],
};

/** Which object a path inside the document names, for the keys it allows. */
function objectKind(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "root";
  if (path.length === 2) return "task";
  const last = String(path.at(-1));
  if (/^\d+$/.test(last)) return "request";
  return last === "setup" ? "setup" : "success";
}

function issueDiagnostics(issue: z.core.$ZodIssue, doc: unknown, located: Located): Diagnostic[] {
  const pointer = join("", ...issue.path.map(String));
  const label = pointer === "" ? "the tasks file" : pointer;
  const raw = resolve(doc, pointer);
  if (issue.code === "unrecognized_keys")
    return issue.keys.map((key) =>
      located(
        "EVAL_TASKS_INVALID",
        join(pointer, key),
        `unknown key ${JSON.stringify(key)} in ${label}`,
        didYouMean(key, KEYS[objectKind(issue.path)] ?? []) ??
          `allowed keys: ${(KEYS[objectKind(issue.path)] ?? []).join(", ")}`,
      ),
    );
  if (raw === undefined && (issue.code === "invalid_type" || issue.code === "invalid_value"))
    return [
      located(
        "EVAL_TASKS_INVALID",
        pointer,
        `${label} is missing`,
        pointer === "/eval"
          ? "write `eval: 1` as the first line"
          : `add ${JSON.stringify(String(issue.path.at(-1) ?? ""))}${issue.code === "invalid_type" ? ` (${issue.expected})` : ""}`,
      ),
    ];
  if (issue.code === "too_small" && issue.origin === "array")
    return [located("EVAL_TASKS_INVALID", pointer, `${label} is empty`, `add at least one entry to ${label}`)];
  if (issue.code === "invalid_value" && pointer === "/eval")
    return [
      located(
        "EVAL_TASKS_INVALID",
        pointer,
        `eval: ${JSON.stringify(raw)} is not a tasks format version`,
        "write `eval: 1` as the first line",
      ),
    ];
  if (issue.code === "invalid_value")
    return [
      located(
        "EVAL_TASKS_INVALID",
        pointer,
        `${label}: ${JSON.stringify(raw)} is not allowed`,
        didYouMean(String(raw).toUpperCase(), issue.values.map(String)) ?? `use one of ${issue.values.join(", ")}`,
      ),
    ];
  return [located("EVAL_TASKS_INVALID", pointer, `${label}: ${issue.message}`)];
}
