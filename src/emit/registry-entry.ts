// A publishable package's settings and client variables → server.json, its entry in the official MCP registry.
import type { ClientVariable } from "./client-setup.js";
import type { PackageSettings } from "./package-settings.js";

/** The registry schema the entry is written against. */
export const REGISTRY_SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/** The registry's limit on `description`. */
const DESCRIPTION_MAX = 100;

export interface RegistryEntryInput {
  readonly apiTitle: string;
  readonly settings: PackageSettings & { readonly mcpName: string };
  readonly variables: readonly ClientVariable[];
}

/** The entry: the npm package run over stdio, each variable with whether it is required and whether it is a secret. */
export function registryEntry(input: RegistryEntryInput): object {
  return {
    $schema: REGISTRY_SCHEMA,
    name: input.settings.mcpName,
    description: shorten(`Goal-shaped tools for ${input.apiTitle}`, DESCRIPTION_MAX),
    version: input.settings.version,
    packages: [
      {
        registryType: "npm",
        registryBaseUrl: "https://registry.npmjs.org",
        identifier: input.settings.name,
        version: input.settings.version,
        transport: { type: "stdio" },
        environmentVariables: input.variables.map((v) => ({
          name: v.name,
          description: v.description,
          isRequired: v.required,
          isSecret: v.secret,
          format: "string",
          ...(v.default === undefined ? {} : { default: v.default }),
        })),
      },
    ],
  };
}

/** `text` in at most `max` characters, cut at a word with an ellipsis when longer. */
function shorten(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join("");
  const space = head.lastIndexOf(" ");
  return `${space > 0 ? head.slice(0, space) : head}…`;
}
