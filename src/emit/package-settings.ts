// The package options (npm name, version, publishable, registry name) + the toolset → the settings every package file reads, or diagnostics.
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { PackageOptions } from "../options.js";

/** How the generated package is named and published; package.json, manifest.json, server.json and the README read it. */
export interface PackageSettings {
  /** The npm package name (`@scope/name` or `name`). */
  readonly name: string;
  /** The version of the package, its MCP Bundle and its registry entry. */
  readonly version: string;
  /** Not private: publishable to npm, with a registry entry. */
  readonly publishable: boolean;
  /** The server's name in the MCP registry, `io.github.owner/name` (publishable packages only). */
  readonly mcpName?: string;
}

/** npm's rule for new package names: lowercase, URL-safe, at most 214 characters, an optional scope. */
const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const NPM_NAME_MAX = 214;
/** Semantic Versioning 2.0.0, as npm publishes it. */
const SEMVER =
  /^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;
/** The MCP registry's server name: a reverse-DNS namespace, one slash, a name (server.schema.json `name`). */
const MCP_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

export type PackageSettingsResult =
  | { readonly settings: PackageSettings; readonly diagnostics?: undefined }
  | { readonly diagnostics: readonly Diagnostic[]; readonly settings?: undefined };

/** Resolves the package options against the toolset name and the API's version; a bad option is a usage error. */
export function resolvePackageSettings(
  options: PackageOptions,
  defaults: { readonly toolset: string; readonly apiVersion: string },
): PackageSettingsResult {
  const name = options.packageName ?? defaults.toolset;
  const publishable = options.publishable ?? false;
  const problems = [
    ...packageNameProblems(name),
    ...(options.mcpName !== undefined && !publishable
      ? [
          diagnostic("USAGE", {
            message: "--mcp-name names the MCP registry entry, which only a --publishable package has",
            hint: "add --publishable, or leave out --mcp-name",
          }),
        ]
      : []),
  ];
  const version = packageVersion(options.packageVersion, defaults.apiVersion, publishable);
  const mcpName = publishable ? registryName(options.mcpName, name) : undefined;
  const diagnostics = [
    ...problems,
    ...("problem" in version ? [version.problem] : []),
    ...(mcpName !== undefined && "problem" in mcpName ? [mcpName.problem] : []),
  ];
  if (diagnostics.length > 0 || "problem" in version) return { diagnostics };
  return {
    settings: {
      name,
      version: version.value,
      publishable,
      ...(mcpName === undefined || "problem" in mcpName ? {} : { mcpName: mcpName.value }),
    },
  };
}

function packageNameProblems(name: string): Diagnostic[] {
  if (NPM_NAME.test(name) && name.length <= NPM_NAME_MAX) return [];
  return [
    diagnostic("PACKAGE_NAME_INVALID", {
      message: `"${name}" is not a valid npm package name (lowercase letters, digits, "-", ".", "_", "~", an optional @scope/, at most ${NPM_NAME_MAX} characters)`,
    }),
  ];
}

type Checked = { readonly value: string } | { readonly problem: Diagnostic };

/** The given version (semver), else the API's: as it is for a private package, without a leading `v` for a published one. */
function packageVersion(given: string | undefined, apiVersion: string, publishable: boolean): Checked {
  if (given !== undefined)
    return SEMVER.test(given)
      ? { value: given }
      : {
          problem: diagnostic("PACKAGE_VERSION_INVALID", {
            message: `--package-version "${given}" is not a semantic version`,
          }),
        };
  if (!publishable) return { value: apiVersion };
  const bare = apiVersion.replace(/^v(?=\d)/, "");
  if (SEMVER.test(bare)) return { value: bare };
  return {
    problem: diagnostic("PACKAGE_VERSION_INVALID", {
      message: `the API's version "${apiVersion}" is not a semantic version, which npm needs to publish the package`,
    }),
  };
}

/** The registry name given, else `io.github.<scope>/<name>` from a scoped package name; an unscoped one needs it given. */
function registryName(given: string | undefined, packageName: string): Checked {
  if (given !== undefined)
    return MCP_NAME.test(given) && given.length >= 3 && given.length <= 200
      ? { value: given }
      : {
          problem: diagnostic("PACKAGE_MCP_NAME_INVALID", {
            message: `--mcp-name "${given}" is not a registry server name`,
          }),
        };
  const scoped = /^@([^/]+)\/(.+)$/.exec(packageName);
  if (scoped) return { value: `io.github.${scoped[1]}/${scoped[2]}` };
  return {
    problem: diagnostic("PACKAGE_MCP_NAME_INVALID", {
      message: `a publishable package needs its MCP registry name, and "${packageName}" has no scope to derive it from`,
    }),
  };
}
