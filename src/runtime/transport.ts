// The boundary between the step executor and the HTTP layer: one operation request in, one outcome out.
import type { BodySpec, ErrorEnvelope, ParamSpec, StepSpec } from "./types.js";

/** One parameter with its evaluated value; `undefined` means the parameter is omitted. */
export interface BoundParam {
  readonly spec: ParamSpec;
  readonly value: unknown;
}

/** The evaluated request body of a step. */
export interface BoundBody {
  readonly spec: BodySpec;
  readonly value: unknown;
}

/** Everything the transport needs to send one step's request. */
export interface OperationRequest {
  readonly step: StepSpec;
  readonly params: readonly BoundParam[];
  readonly body?: BoundBody;
}

/** The transport-level error: an error envelope's body without the fields only the executor knows. */
export type TransportError = Omit<ErrorEnvelope["error"], "step" | "completed_steps" | "side_effects_committed">;

/** A response was received (any status), or the request could not complete. */
export type HttpOutcome =
  | { readonly ok: true; readonly status: number; readonly headers: Headers; readonly body: unknown; readonly url: string }
  | { readonly ok: false; readonly error: TransportError };

/** Sends one operation request; resolves with an outcome and never rejects for network or HTTP errors. */
export interface Transport {
  call(request: OperationRequest, signal?: AbortSignal): Promise<HttpOutcome>;
}
