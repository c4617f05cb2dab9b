// A parsed goals document → which format it is (`aci` or `arazzo`), by its first key, with version checks.
import { escapeToken } from "../util/pointer.js";
import { report, type LoadContext } from "./context.js";

/** The two goals formats. */
export type GoalsFormat = "aci" | "arazzo";

const ARAZZO_VERSION = /^1\.0\.\d+$/;

/** Reads the first key; anything but `aci: 1` or `arazzo: 1.0.x` is reported and yields undefined. */
export function detectFormat(ctx: LoadContext, value: unknown): GoalsFormat | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    report(ctx, "GOALS_NOT_GOALS_FILE", "", {
      message: "the goals file must be a mapping that starts with `aci` or `arazzo`",
    });
    return undefined;
  }
  const keys = Object.keys(value);
  const first = keys[0];
  const version = first === undefined ? undefined : (value as Record<string, unknown>)[first];
  if (first === "aci")
    return version === 1
      ? "aci"
      : unsupported(ctx, "/aci", `aci: ${JSON.stringify(version)} is not a version aci-gen reads`, "write `aci: 1`");
  if (first === "arazzo") {
    if (typeof version === "string" && ARAZZO_VERSION.test(version)) return "arazzo";
    return unsupported(
      ctx,
      "/arazzo",
      `Arazzo ${JSON.stringify(version)} is not supported; aci-gen reads Arazzo 1.0.x`,
      "write `arazzo: 1.0.1` and use only 1.0 features",
    );
  }
  report(ctx, "GOALS_NOT_GOALS_FILE", first === undefined ? "" : `/${escapeToken(first)}`, {
    message: notGoalsMessage(first, keys),
    hint: notGoalsHint(first, keys),
  });
  return undefined;
}

function unsupported(ctx: LoadContext, pointer: string, message: string, hint: string): undefined {
  report(ctx, "GOALS_UNSUPPORTED_VERSION", pointer, { message, hint });
  return undefined;
}

function notGoalsMessage(first: string | undefined, keys: readonly string[]): string {
  if (first === undefined) return "the goals file is empty";
  if (first === "openapi" || first === "swagger") return `this is an API description (${first}), not a goals file`;
  if (keys.includes("aci") || keys.includes("arazzo")) return "`aci` / `arazzo` must be the first key of a goals file";
  return `a goals file starts with \`aci\` or \`arazzo\`, not \`${first}\``;
}

function notGoalsHint(first: string | undefined, keys: readonly string[]): string {
  if (first === "openapi" || first === "swagger")
    return "pass it with --spec, and give a goals file (or --all-operations) with --goals";
  if (keys.includes("aci") || keys.includes("arazzo"))
    return "move the `aci: 1` / `arazzo: 1.0.1` line to the top of the file";
  return "start the file with `aci: 1` (our format) or `arazzo: 1.0.1` (an Arazzo document)";
}
