// The goals file's `envelope` of a step (`none`, or the pointers of a 2xx body's failure flag and error fields) → EnvelopeSpec.
import { z } from "zod";
import type { EnvelopeSpec } from "../runtime/types.js";

const pointer = z.string().regex(/^\/.*/, { error: 'write a JSON pointer into the response body, e.g. "/ok"' });

/** `none`, or `{ flag: /ok, success: true, code: /error, message: /message }` (success defaults to true). */
export const envelopeSchema = z.union([
  z.literal("none"),
  z.strictObject({
    flag: pointer,
    success: z.boolean().optional(),
    code: pointer.optional(),
    message: pointer.optional(),
  }),
]);

export type WrittenEnvelope = z.infer<typeof envelopeSchema>;

/** The written envelope as the step carries it: `none` → null. */
export function envelopeToSpec(written: WrittenEnvelope): EnvelopeSpec | null {
  if (written === "none") return null;
  return {
    flag: written.flag,
    success: written.success ?? true,
    ...(written.code === undefined ? {} : { code: written.code }),
    ...(written.message === undefined ? {} : { message: written.message }),
  };
}
