// `aci-gen generate`: writes the tool package into --out (only there), or reports why not with exit 2.
import { Command } from "commander";
import { hasErrors } from "../../diagnostics/diagnostic.js";
import {
  addCommonOptions,
  addPackageOptions,
  reportBadOptions,
  toPackageOptions,
  toPlanOptions,
  type CommonFlags,
  type PackageFlags,
} from "../common.js";
import { EXIT, type CliIo, type ExitCode } from "../io.js";
import { diagnosticsToJson, formatDiagnostics } from "../report.js";

interface GenerateFlags extends CommonFlags, PackageFlags {
  readonly out: string;
}

export function generateCommand(io: CliIo, done: (code: ExitCode) => void): Command {
  return addPackageOptions(
    addCommonOptions(new Command("generate").description("generate the tool package into --out")),
  )
    .requiredOption(
      "--out <dir>",
      "folder of the generated package (created when missing; only files aci-gen wrote are ever replaced)",
    )
    .action(async (flags: GenerateFlags) => done(await runGenerate(flags, io)));
}

async function runGenerate(flags: GenerateFlags, io: CliIo): Promise<ExitCode> {
  const options = await toPlanOptions(flags);
  if (Array.isArray(options)) return reportBadOptions(io, flags, options);
  const { generate } = await import("../../api/generate.js");
  const result = await generate({ ...options, ...toPackageOptions(flags), outDir: flags.out });
  const failed = hasErrors(result.diagnostics);
  const written = result.written;
  if (flags.json) {
    io.out(
      `${JSON.stringify({ ok: !failed, out: flags.out, tools: result.plan?.tools.map((t) => t.name) ?? [], written: written?.written ?? [], removed: written?.removed ?? [], unchanged: written?.unchanged.length ?? 0, diagnostics: diagnosticsToJson(result.diagnostics) }, null, 2)}\n`,
    );
    return failed ? EXIT.badInput : EXIT.ok;
  }
  io.err(
    formatDiagnostics(flags.quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics),
  );
  if (failed || !written) return EXIT.badInput;
  if (!flags.quiet) {
    const tools = result.plan?.tools.length ?? 0;
    io.out(
      `${flags.out}: ${tools} tool${tools === 1 ? "" : "s"}; ${written.written.length} file(s) written, ${written.removed.length} removed, ${written.unchanged.length} unchanged\n`,
    );
  }
  return EXIT.ok;
}
