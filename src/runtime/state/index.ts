// Settings → the state store: PostgreSQL when a state URL is set (`PREFIX_STATE_URL`), else files under the state dir.
import { ConfigError } from "../config.js";
import { createFileStore } from "./file.js";
import { createPostgresStore } from "./postgres.js";
import type { StateStore } from "./types.js";

export { createFileStore, replicaName } from "./file.js";
export { createPostgresStore, MIGRATIONS, redactUrl, type PostgresStoreOptions } from "./postgres.js";
export {
  APPROVAL_STATES,
  type ApprovalRecord,
  type ApprovalState,
  type AuditRecord,
  type Change,
  type Lease,
  type LeaseIntent,
  type NewApproval,
  type QueuedTraceContext,
  type StateStore,
} from "./types.js";

/** Where a toolset keeps its approvals and audit log. */
export interface StateStoreOptions {
  readonly toolset: string;
  readonly stateDir: string;
  /** `postgres://…` or `postgresql://…`; absent → the file store. */
  readonly url?: string;
}

/**
 * The store these settings name; a URL of another scheme is a configuration error. Nothing connects until first use.
 */
export function createStateStore(options: StateStoreOptions): StateStore {
  if (options.url === undefined) return createFileStore(options.stateDir);
  if (!/^postgres(ql)?:\/\//i.test(options.url))
    throw new ConfigError("the state URL must start with postgres:// or postgresql://");
  return createPostgresStore({ url: options.url, toolset: options.toolset });
}

/** A state dir path means its file store (the signature the queue functions had before stores existed). */
export const storeOf = (target: StateStore | string): StateStore =>
  typeof target === "string" ? createFileStore(target) : target;
