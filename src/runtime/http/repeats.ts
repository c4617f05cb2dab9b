// What the planner knows of a step's effect (a read, idempotent, repeating) → whether it may be sent again safely.

/** RFC 9110 §9.2.2: methods a client may repeat without changing the outcome (deciding for an unclassified step). */
const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Whether a method may be sent again without risk of a second side effect. */
export function isIdempotent(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/** What the planner knows of a step's effect (see `StepSpec.readOnly`, `repeats`, `idempotent`). */
export interface StepEffect {
  readonly method: string;
  /** The step reads; undefined when nobody classified it (the method alone then decides). */
  readonly readOnly?: boolean;
  /** The step's words say each call does it again (ShipEngine's `PUT …/add_funds`). */
  readonly repeats?: boolean;
  /** The step's words say a repeat changes nothing more (EC2's TerminateInstances, SpaceTraders' dock). */
  readonly idempotent?: boolean;
}

/**
 * Whether a step may be sent again without a second side effect, by what the planner knows of it, not by its method:
 * a read (a GET, a read made by POST), a PUT/DELETE whose words do not say each call does it again, or a write whose
 * words say it is idempotent. A GET whose words act (`GET /apps.uninstall`, AWS's `GET /?Action=RunInstances`) is no
 * read and never repeats safely.
 */
export function repeatsSafely(step: StepEffect): boolean {
  if (step.repeats === true) return false;
  if (step.readOnly === true || step.idempotent === true) return true;
  const method = step.method.toUpperCase();
  return step.readOnly === undefined ? isIdempotent(method) : method === "PUT" || method === "DELETE";
}

/**
 * Whether an answer says the API did not carry a request out, so a step that does not {@link repeatsSafely} may be
 * sent again (a goal's `retry`): it refused it (a 4xx: 429, 409, 422 …) or said it was unavailable (503). A 2xx did
 * it; a 500, 502 or 504 leaves it unknown (see `unknownOutcomeWrite` in errors.ts), as does any other answer.
 */
export function saysNotDone(status: number): boolean {
  return (status >= 400 && status < 500) || status === 503;
}
