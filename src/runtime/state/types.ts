// The state-store interface behind approvals and audit: records, compare-and-set leased transitions, audit records.
import type { ResolvedReads } from "../approval/target-reads.js";
import type { ToolResult } from "../types.js";

/** What happened. */
export type AuditEvent = "call" | "approval_requested" | "approved" | "rejected" | "executed" | "resolved";

/** One line of the audit log. */
export interface AuditRecord {
  readonly ts: string;
  readonly event: AuditEvent;
  readonly tool: string;
  readonly request_id?: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** `ok`, an error code, `pending`, `approved`, `rejected`, … */
  readonly outcome: string;
  /** HTTP status of a failed call, when there was one. */
  readonly status?: number;
  readonly reason?: string;
  /** Who decided: `operator`, `auto`, `elicitation` or `callback`. */
  readonly by?: string;
  /** The replica (`host:pid`) that wrote the record. */
  readonly replica?: string;
}

/**
 * A record before the store stamps its time: the time is taken when the record is written, so the log's order and its
 * times agree.
 */
export type AuditEntry = Omit<AuditRecord, "ts">;

/**
 * pending → approved → executing → done | failed, or pending → rejected. `executing` with a dead claimant reads as
 * interrupted.
 */
export type ApprovalState = "pending" | "approved" | "executing" | "done" | "failed" | "rejected";

/** Every state, in the order of the lifecycle. */
export const APPROVAL_STATES: readonly ApprovalState[] = [
  "pending",
  "approved",
  "executing",
  "done",
  "failed",
  "rejected",
];

/** The W3C trace context of the span that queued a request: its execution's span links to it. */
export interface QueuedTraceContext {
  readonly traceparent: string;
  readonly tracestate?: string;
}

/** One queued request (arguments redacted; the real ones are kept apart and only a lease reads them). */
export interface ApprovalRecord {
  readonly id: string;
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /**
   * What the reads that choose the call's target resolved when it was queued (step id → outputs, redacted); approval
   * reads them again and refuses with CONFLICT when they changed.
   */
  readonly resolved?: ResolvedReads;
  readonly createdAt: string;
  readonly state: ApprovalState;
  readonly updatedAt: string;
  readonly reason?: string;
  readonly result?: ToolResult;
  /** Who approved or rejected it: `operator`, … */
  readonly decidedBy?: string;
  /** The replica (`host:pid`) that started executing it, and when. */
  readonly claimedBy?: string;
  readonly claimedAt?: string;
  /** How many times execution started: 1 once executing; never more, since nothing re-runs an execution. */
  readonly attempt?: number;
  /** Set when an operator recorded the outcome of an interrupted execution. */
  readonly resolvedBy?: string;
  /** The `execute_tool` span that queued it, when a tracer was recording. */
  readonly traceContext?: QueuedTraceContext;
  /**
   * What the call that queued it reaches and sends (`callOrigin`): a package whose tool of the same name has another
   * origin neither approves it nor reads its outcome. Absent on requests queued before origins were kept.
   */
  readonly origin?: string;
  /**
   * Derived on read, never stored: `executing`, and the replica that claimed it is gone without recording an outcome.
   */
  readonly interrupted?: boolean;
}

/** A gated call to record; nothing is executed. */
export interface NewApproval {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly redacted: Record<string, unknown>;
  readonly resolved?: ResolvedReads;
  readonly traceContext?: QueuedTraceContext;
  /** See `ApprovalRecord.origin`. */
  readonly origin?: string;
}

/** What a lease holder is about to do; decides which stale holders may be taken over. */
export type LeaseIntent = "approve" | "reject" | "resolve";

/**
 * The fields a transition may set besides the state (entering `executing` also sets claimedBy, claimedAt and attempt +
 * 1).
 */
export interface Change {
  readonly state: ApprovalState;
  readonly reason?: string;
  readonly result?: ToolResult;
  readonly decidedBy?: string;
  readonly resolvedBy?: string;
}

/**
 * The exclusive right to move one request now. Transitions are compare-and-set on the stored state, so a request
 * leaves `approved` for `executing` exactly once even if two leases existed; the lease adds liveness: while its holder
 * lives, nobody else may act on the request, and when the holder dies an `executing` request reads as interrupted.
 */
export interface Lease {
  /** The request as it stood once the lease was held. */
  readonly record: ApprovalRecord;
  /**
   * Moves the request from one of `from` to `change.state`; undefined when it was in none of them (nothing changed).
   */
  transition(from: readonly ApprovalState[], change: Change): Promise<ApprovalRecord | undefined>;
  /** The real (unredacted) arguments; a secret. */
  arguments(): Promise<Record<string, unknown>>;
  /** Gives the lease up; idempotent. */
  release(): Promise<void>;
}

/** A signed-in console operator, kept server-side under the SHA-256 of the session cookie (never the cookie itself). */
export interface ConsoleSession {
  /** Hex SHA-256 of the cookie value. */
  readonly idHash: string;
  /** The operator's name, from the operator token they signed in with. */
  readonly operator: string;
  /** ISO time after which the session is gone. */
  readonly expiresAt: string;
}

/** Where approvals and audit records live: a folder (one host) or PostgreSQL (any number of replicas). */
export interface StateStore {
  readonly kind: "file" | "postgres";
  /** For messages: the folder, or the database URL without its password. */
  readonly location: string;
  /** This process as `claimedBy` names it: `host:pid`. */
  readonly replica: string;
  /**
   * Connects and migrates the schema (PostgreSQL) or creates the folder (file); idempotent, throws a readable error.
   */
  ready(): Promise<void>;
  create(init: NewApproval): Promise<ApprovalRecord>;
  /** One request by id; undefined for an unknown or malformed id. */
  get(id: string): Promise<ApprovalRecord | undefined>;
  /** Every request, oldest first. */
  list(): Promise<ApprovalRecord[]>;
  /** The lease on request `id`, or undefined when another live process holds it (or, for `resolve`, still runs it). */
  acquire(id: string, intent: LeaseIntent): Promise<Lease | undefined>;
  /**
   * Appends one (already redacted) audit record, stamped with the time it is written: the log's order and its times
   * agree.
   */
  appendAudit(entry: AuditEntry): Promise<AuditRecord>;
  /** The audit log, oldest first. */
  readAudit(): Promise<AuditRecord[]>;
  /** Stores a console session (every replica sharing the store then accepts its cookie). */
  createSession(session: ConsoleSession): Promise<void>;
  /** The session with this hash, unless it expired (`now`, ms) or was deleted. */
  getSession(idHash: string, now: number): Promise<ConsoleSession | undefined>;
  /** Revokes a session (sign-out); idempotent. */
  deleteSession(idHash: string): Promise<void>;
  /** Ends connections; the store is unusable afterwards. */
  close(): Promise<void>;
}
