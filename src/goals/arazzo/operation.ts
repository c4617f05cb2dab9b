// An Arazzo step's `operationId` / `operationPath` → an OperationRef, checking the source description it names.
import { join, split } from "../../util/pointer.js";
import { report } from "../context.js";
import { didYouMean } from "../did-you-mean.js";
import type { OperationRef } from "../types.js";
import { sourceQualified, type ArazzoEnv } from "./env.js";
import type { ArazzoStep } from "./schema.js";

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** The operation of an operation step (the caller has checked it has exactly one of the two fields). */
export function operationToSpec(env: ArazzoEnv, step: ArazzoStep, pointer: string): OperationRef | undefined {
  if (step.operationId !== undefined) return operationIdToSpec(env, step.operationId, join(pointer, "operationId"));
  return operationPathToSpec(env, step.operationPath ?? "", join(pointer, "operationPath"));
}

function operationIdToSpec(env: ArazzoEnv, text: string, pointer: string): OperationRef | undefined {
  const qualified = sourceQualified(text);
  if (qualified === undefined) return { kind: "operationId", id: text };
  return knownSource(env, qualified.source, pointer)
    ? { kind: "operationId", id: qualified.rest, source: qualified.source }
    : undefined;
}

/** `{$sourceDescriptions.NAME.url}#/paths/~1pets/get` (braces optional). */
function operationPathToSpec(env: ArazzoEnv, text: string, pointer: string): OperationRef | undefined {
  const match = /^\{?\$sourceDescriptions\.([A-Za-z0-9_-]+)\.url\}?#(\/.*)$/.exec(text.trim());
  if (!match) {
    report(env.ctx, "GOALS_INVALID_OPERATION", pointer, {
      message: `operationPath "${text}" is not {$sourceDescriptions.NAME.url}#/json/pointer`,
      hint: "write e.g. '{$sourceDescriptions.petstore.url}#/paths/~1pets/get'",
    });
    return undefined;
  }
  const [, source, jsonPointer] = match as unknown as [string, string, string];
  if (!knownSource(env, source, pointer)) return undefined;
  const tokens = split(decodeURIComponent(jsonPointer));
  const shaped = tokens.length === 3 && tokens[0] === "paths" && METHODS.has(tokens[2]!);
  return {
    kind: "operationPath",
    source,
    pointer: jsonPointer,
    ...(shaped ? { method: tokens[2]!.toUpperCase(), path: tokens[1]! } : {}),
  };
}

/** Reports a source name the document does not declare. */
function knownSource(env: ArazzoEnv, source: string, pointer: string): boolean {
  if (env.sourceNames.includes(source)) return true;
  report(env.ctx, "GOALS_UNKNOWN_SOURCE", pointer, {
    message: `no source description named "${source}"`,
    hint: didYouMean(source, env.sourceNames, "sourceDescriptions"),
  });
  return false;
}
