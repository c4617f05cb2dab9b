// Small hand-built Tool objects for the adapter tests: Zod-validated run, envelopes, a gated tool.
import { z } from "zod";
import type { Annotations, RunContext, Tool, ToolResult } from "../../src/runtime/types.js";

const readOnly: Annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
const destructive: Annotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

function invalid(error: z.ZodError): ToolResult {
  const issue = error.issues[0];
  return {
    error: {
      code: "INVALID_ARGUMENT",
      message: issue?.message ?? "invalid arguments",
      suggestion: "Fix the field and call again.",
      field: issue?.path.join(".") ?? "",
      retryable: false,
    },
  };
}

const getPetInput = z.object({
  pet_id: z.string().min(1).describe("The pet's id"),
  fields: z
    .array(z.enum(["name", "tag"]))
    .max(2)
    .optional()
    .describe("Fields to return"),
});
const getPetOutput = z.object({ id: z.string(), name: z.string() });

/** A read-only tool with an output schema; pet_id "missing" gives NOT_FOUND. */
export const getPet: Tool = {
  name: "get_pet",
  title: "Get a pet",
  description: "Fetch one pet by id.",
  inputSchema: getPetInput,
  outputSchema: getPetOutput,
  risk: "low",
  category: "data",
  annotations: readOnly,
  approval: "none",
  async run(input) {
    const parsed = getPetInput.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    if (parsed.data.pet_id === "missing") {
      return {
        error: {
          code: "NOT_FOUND",
          message: "No pet missing",
          suggestion: "List pets first.",
          status: 404,
          retryable: false,
        },
      };
    }
    return { id: parsed.data.pet_id, name: "Rex" };
  },
};

const deletePetInput = z.object({ pet_id: z.string(), request_id: z.string().optional() });

/** Records of what the gated tool did, so tests can see whether it executed. */
export const deleted: string[] = [];

/** A high-risk gated tool: asks ctx.elicitApproval, else returns pending_approval. */
export const deletePet: Tool = {
  name: "delete_pet",
  title: "Delete a pet",
  description: "Delete a pet for good.",
  inputSchema: deletePetInput,
  outputSchema: z.object({ deleted: z.string() }),
  risk: "high",
  category: "action",
  annotations: destructive,
  approval: "required",
  async run(input, ctx?: RunContext) {
    const parsed = deletePetInput.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const request = { id: "req-1", tool: "delete_pet", arguments: parsed.data, createdAt: "2026-01-01T00:00:00Z" };
    const approved = await ctx?.elicitApproval?.(request, "Delete this pet?");
    if (approved === false) {
      return {
        error: {
          code: "APPROVAL_REJECTED",
          message: "The operator rejected the call.",
          suggestion: "Do not retry.",
          retryable: false,
        },
      };
    }
    if (approved === true) {
      deleted.push(parsed.data.pet_id);
      return { deleted: parsed.data.pet_id };
    }
    return { status: "pending_approval", request_id: "req-1", message: "Waiting for an operator." };
  },
};

export const fakeTools: Record<string, Tool> = { get_pet: getPet, delete_pet: deletePet };
