// `aci-gen plan`: prints the tools that would be generated, or the whole plan as JSON; writes nothing.
import { Command } from "commander";
import { hasErrors } from "../../diagnostics/diagnostic.js";
import type { ToolDefinitionView } from "../../emit/definitions.js";
import { addCommonOptions, reportBadOptions, toPlanOptions, type CommonFlags } from "../common.js";
import { EXIT, type CliIo, type ExitCode } from "../io.js";
import { diagnosticsToJson, formatDiagnostics } from "../report.js";

export function planCommand(io: CliIo, done: (code: ExitCode) => void): Command {
  return addCommonOptions(
    new Command("plan").description("show the tools that would be generated; writes nothing"),
  ).action(async (flags: CommonFlags) => done(await runPlan(flags, io)));
}

async function runPlan(flags: CommonFlags, io: CliIo): Promise<ExitCode> {
  const options = await toPlanOptions(flags);
  if (Array.isArray(options)) return reportBadOptions(io, flags, options);
  const [
    { plan },
    { sizePlan, sizingOptions },
    { budgetReport, budgetToText },
    { toolToMermaid },
    { planToText },
    { planSavings, savingsToText },
  ] = await Promise.all([
    import("../../api/plan.js"),
    import("../../emit/definitions.js"),
    import("../../lint/budget.js"),
    import("../../report/mermaid.js"),
    import("../../report/plan-text.js"),
    import("../../eval/savings.js"),
  ]);
  const result = await plan(options);
  const sizing = sizingOptions(
    options,
    result.goals?.lint?.budget,
    result.goals !== undefined && options.allOperations !== true,
  );
  const sized = result.plan ? sizePlan(result.plan, undefined, { ...sizing, countWhole: true }) : undefined;
  const definitions = sized?.definitions ?? [];
  const diagnostics = [...result.diagnostics, ...(sized?.diagnostics ?? [])];
  const failed = hasErrors(diagnostics);
  const budget = budgetReport(definitions, sizing.budget, sized?.search);
  const savings =
    flags.allOperations || failed || result.plan === undefined || result.api === undefined
      ? []
      : planSavings(result.api, result.plan);
  if (flags.json) {
    const tokens = new Map(definitions.map((d) => [d.name, d]));
    const tools = (result.plan?.tools ?? []).map((t) => ({
      ...t,
      definition: tokens.get(t.name),
      ...(t.steps.length > 1 ? { mermaid: toolToMermaid(t) } : {}),
    }));
    const totalTokens = definitions.reduce((n, d) => n + d.tokens, 0);
    const search = sized?.search === undefined ? {} : { toolSearch: sized.search };
    io.out(
      `${JSON.stringify({ ...(result.plan ?? {}), tools, totalTokens, budget, ...search, ...(savings.length === 0 ? {} : { savings }), diagnostics: diagnosticsToJson(diagnostics) }, null, 2)}\n`,
    );
    return failed ? EXIT.badInput : EXIT.ok;
  }
  const shown = flags.quiet ? diagnostics.filter((d) => d.severity === "error") : diagnostics;
  io.err(formatDiagnostics(shown));
  if (failed || !result.plan) return EXIT.badInput;
  if (!flags.quiet)
    io.out(
      `${planToText(result.plan, flags.allOperations ? "all operations" : "goals", definitions)}\n${budgetToText(budget)}${servingToText(definitions, sized?.search)}${savingsToText(savings)}`,
    );
  return EXIT.ok;
}

/** What a shortened tool's descriptions lost, in plan's words. */
function briefWords(brief: readonly string[] | undefined): string {
  if (brief === undefined) return "";
  const which = brief.length <= 3 ? brief.join(", ") : `${brief.slice(0, 3).join(", ")} and ${brief.length - 3} more`;
  return `, the description${brief.length === 1 ? "" : "s"} of ${which} cut to the first sentence`;
}

/** Which tools were shortened and by how much, and what a toolset served with search shows upfront. */
function servingToText(
  definitions: readonly ToolDefinitionView[],
  search: { core: readonly string[]; upfrontTokens: number } | undefined,
): string {
  const shortened = definitions.filter((d) => d.shortened !== undefined);
  const lines = shortened.map(
    (d) =>
      `  ${d.name}: ${d.shortened?.fromTokensOver ? "more than " : ""}${d.shortened?.fromTokens} → ${d.tokens} tokens (input described ${d.shortened?.depth} level${d.shortened?.depth === 1 ? "" : "s"} deep${d.shortened?.outline ? ", unions cut away outlined by their alternatives' fields" : ""}${briefWords(d.shortened?.brief)}; the whole schema is still checked)`,
  );
  const cut =
    shortened.length === 0
      ? []
      : [`shortened to fit the per-tool cap: ${shortened.length} tool${shortened.length === 1 ? "" : "s"}`, ...lines];
  const core =
    search === undefined || search.core.length === 0
      ? ""
      : ` (${search.core.slice(0, 6).join(", ")}${search.core.length > 6 ? ", …" : ""})`;
  const served =
    search === undefined
      ? []
      : [
          `tool search: ${search.upfrontTokens} tokens upfront: ${search.core.length} core tool${search.core.length === 1 ? "" : "s"}${core} plus search_tools and call_tool; the other ${definitions.length - search.core.length} are found by search`,
        ];
  return [...cut, ...served].map((l) => `${l}\n`).join("");
}
