// The environment each construct receives: the shared context, the recursive compiler and the current pointer.
import type { CompileContext, Compile } from "./context.js";

export interface Env {
  readonly ctx: CompileContext;
  readonly compile: Compile;
  /** RFC 6901 pointer of the schema being compiled, for diagnostics. */
  readonly pointer: string;
  /** This schema is (or may be) an operand of `z.intersection`; see `Compile`. */
  readonly operand: boolean;
}
