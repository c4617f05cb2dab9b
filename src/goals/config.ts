// The goals file's configured values (`config:`, Arazzo `x-aci-config`) → their Zod schema and located declarations.
import { z } from "zod";
import { join } from "../util/pointer.js";
import { at, type LoadContext } from "./context.js";
import { CONFIG_NAME } from "./naming.js";
import { optional } from "./optional.js";
import type { ConfigDeclaration } from "./types.js";

/**
 * Name → what the README says to set and, unset, whether the user name of the http basic credential stands for it.
 */
export const configSection = z.record(
  z.string().regex(CONFIG_NAME, { error: "name a configured value with a letter, then letters, digits or `_`" }),
  z.strictObject({
    description: z.string().optional(),
    default: z
      .literal("basic_auth_user", { error: "the only default is `basic_auth_user` (the http basic user name)" })
      .optional(),
  }),
);

export type ConfigSection = z.infer<typeof configSection>;

/** Each entry located at `<at>/<name>` (`/config/account_sid`, `/x-aci-config/account_sid`) for the planner. */
export function configToSpec(ctx: LoadContext, config: ConfigSection, at_: string): Record<string, ConfigDeclaration> {
  return Object.fromEntries(
    Object.entries(config).map(([name, entry]) => [
      name,
      { ...optional({ description: entry.description, default: entry.default }), ...at(ctx, join(at_, name)) },
    ]),
  );
}
