// What every adapter shares: a tool's advertised JSON Schemas, result classification, and the text a model reads.
import { z } from "zod";
import type { ErrorEnvelope, PendingApproval, Tool, ToolResult } from "../types.js";

/** A JSON Schema document as plain data. */
export type JsonSchema = Record<string, unknown>;

/**
 * The input JSON Schema every adapter advertises: `z.toJSONSchema` of the tool's input schema in its *input* view
 * (a field with a default is optional to the caller; a plain `z.object` does not forbid extra keys), draft 2020-12.
 */
export function toolInputJsonSchema(tool: Tool): JsonSchema {
  return z.toJSONSchema(tool.inputSchema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** The output JSON Schema of a tool with an `outputSchema` (its output view), else undefined. */
export function toolOutputJsonSchema(tool: Tool): JsonSchema | undefined {
  if (tool.outputSchema === undefined) return undefined;
  return z.toJSONSchema(tool.outputSchema, { io: "output", unrepresentable: "any" }) as JsonSchema;
}

/** True for the error envelope `{ error: { code, message, … } }`. */
export function isErrorEnvelope(result: ToolResult): result is ErrorEnvelope {
  const error = (result as { error?: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "string";
}

/** True for `{ status: "pending_approval", request_id, message }`. */
export function isPendingApproval(result: ToolResult): result is PendingApproval {
  return (result as { status?: unknown }).status === "pending_approval";
}

/** The JSON text of a result, exactly what the model reads. */
export function resultText(result: ToolResult): string {
  return JSON.stringify(result);
}

/** An INVALID_ARGUMENT envelope for failures an adapter detects before `run` (unparseable JSON, unknown tool name). */
export function invalidArgument(message: string, suggestion: string): ErrorEnvelope {
  return { error: { code: "INVALID_ARGUMENT", message, suggestion, retryable: false } };
}

/** Runs a tool and turns an unexpected throw (a bug: `run` must never throw) into an UPSTREAM_ERROR envelope. */
export async function runSafely(tool: Tool, input: unknown, ctx?: Parameters<Tool["run"]>[1]): Promise<ToolResult> {
  try {
    return await tool.run(input, ctx);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      error: {
        code: "UPSTREAM_ERROR",
        message: `Tool ${tool.name} failed unexpectedly: ${message}`,
        suggestion: "Report this; retrying is unlikely to help.",
        retryable: false,
      },
    };
  }
}
