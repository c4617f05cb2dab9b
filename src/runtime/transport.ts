// Where the step executor meets the HTTP layer: the HTTP layer's types and the one method the executor uses.
import type { Transport } from "./http/types.js";

export type { HttpOutcome, HttpResponse, OperationRequest, Transport } from "./http/types.js";

/** What the executor needs of a transport: `call` (fakes in tests implement only this), and `unsendable` if it has. */
export type CallTransport = Pick<Transport, "call"> & Partial<Pick<Transport, "unsendable">>;

/** The transport-level error: an error object without the fields only the executor knows. */
export type { ErrorDetail as TransportError } from "./errors.js";
