// What every Arazzo transform shares: the load context, the validated document and its workflows by id.
import { join } from "../../util/pointer.js";
import type { LoadContext } from "../context.js";
import type { ArazzoDocument, ArazzoWorkflow } from "./schema.js";

/** A workflow and where it is written. */
export interface WorkflowAt {
  readonly workflow: ArazzoWorkflow;
  readonly pointer: string;
}

/** The document-wide environment of the Arazzo transforms. */
export interface ArazzoEnv {
  readonly ctx: LoadContext;
  readonly doc: ArazzoDocument;
  readonly workflows: ReadonlyMap<string, WorkflowAt>;
  readonly sourceNames: readonly string[];
}

/** Indexes the document's workflows (first definition wins; duplicates are reported elsewhere). */
export function createEnv(ctx: LoadContext, doc: ArazzoDocument): ArazzoEnv {
  const workflows = new Map<string, WorkflowAt>();
  doc.workflows.forEach((workflow, i) => {
    if (!workflows.has(workflow.workflowId))
      workflows.set(workflow.workflowId, { workflow, pointer: join("/workflows", i) });
  });
  return { ctx, doc, workflows, sourceNames: doc.sourceDescriptions.map((s) => s.name) };
}

/** Splits `$sourceDescriptions.NAME.rest` into NAME and rest; undefined for other text. */
export function sourceQualified(text: string): { source: string; rest: string } | undefined {
  const match = /^\$sourceDescriptions\.([A-Za-z0-9_-]+)\.(.+)$/.exec(text);
  return match ? { source: match[1]!, rest: match[2]! } : undefined;
}
