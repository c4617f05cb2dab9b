// A check outcome → GitHub Actions workflow commands: one annotation per change on the goals file (error, warning, notice).
import type { Diagnostic } from "../diagnostics/types.js";
import type { CheckOutcome } from "./markdown.js";
import type { ContractChange, Impact, SourceAt, ToolDiff } from "./types.js";

/** Breaking changes fail a review, compatible ones are worth a look, documentation changes are for information. */
const LEVEL: Readonly<Record<Impact, "error" | "warning" | "notice">> = {
  breaking: "error",
  compatible: "warning",
  docs: "notice",
};

/** One `::level file=…,line=…,title=…::message` line per change and per error diagnostic. */
export function reportToGithub(outcome: CheckOutcome): string {
  const lines = [
    ...(outcome.report?.tools ?? []).flatMap((t) => t.changes.map((c) => changeCommand(t, c))),
    ...outcome.diagnostics.filter((d) => d.severity === "error").map(diagnosticCommand),
  ];
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

function changeCommand(tool: ToolDiff, change: ContractChange): string {
  const at = change.at ?? tool.at;
  const impact = change.impact === "docs" ? "docs-only" : change.impact;
  const fix = change.fix === undefined ? "" : `\nfix: ${change.fix}`;
  return command(LEVEL[change.impact], at, `${tool.tool}: ${impact}`, `${change.message}${fix}`);
}

function diagnosticCommand(d: Diagnostic): string {
  const at =
    d.file === undefined
      ? undefined
      : {
          file: d.file,
          ...(d.line === undefined ? {} : { line: d.line, ...(d.column === undefined ? {} : { column: d.column }) }),
        };
  return command("error", at, `aci-gen check could not judge: ${d.code}`, `${d.message}\nhint: ${d.hint}`);
}

function command(level: string, at: SourceAt | undefined, title: string, message: string): string {
  const props = [
    ...(at === undefined ? [] : [`file=${property(at.file)}`]),
    ...(at?.line === undefined ? [] : [`line=${at.line}`]),
    ...(at?.column === undefined ? [] : [`col=${at.column}`]),
    `title=${property(title)}`,
  ];
  return `::${level} ${props.join(",")}::${data(message)}`;
}

/** Workflow-command escaping of the message (GitHub's toolkit `escapeData`). */
function data(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Workflow-command escaping of a property value (`escapeProperty`): also `:` and `,`. */
function property(text: string): string {
  return data(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
