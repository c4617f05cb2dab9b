// A path parameter's description copied from another operation's, naming that operation's resource → dropped.
import type { Parameter } from "../model/api-model.js";
import { singular } from "../lint/similarity.js";
import { join } from "../util/pointer.js";
import { deref, type IngestContext } from "./context.js";
import type { JsonRecord } from "./walk.js";
import { isRecord } from "./walk.js";

const METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"] as const;

/** "The ID of the user to unpublish." → user: the thing an identifier description says it names. */
const NAMED_THING = /\b(?:id|identifier|uuid|key|slug|name|number)\s+of\s+(?:the|a|an)\s+([A-Za-z]+)/i;

/** The singular noun of the literal segment right before `{name}` in `path`: `/api/articles/{id}` → article. */
function ownThing(path: string, name: string): string | undefined {
  const segments = path.split("/");
  const at = segments.indexOf(`{${name}}`);
  const before = at > 0 ? segments[at - 1] : undefined;
  if (before === undefined || before === "" || before.includes("{")) return undefined;
  return singular(before.toLowerCase().replace(/[^a-z]/g, ""));
}

/** A path where a parameter is declared, and the thing its segment before the parameter names. */
interface Place {
  readonly path: string;
  readonly thing: string;
}

const indexByDocument = new WeakMap<JsonRecord, ReadonlyMap<string, readonly Place[]>>();

/** `name description` of each path parameter of the document → the paths declaring it so, with their things. */
function pathParameterPlaces(ctx: IngestContext): ReadonlyMap<string, readonly Place[]> {
  const known = indexByDocument.get(ctx.document);
  if (known !== undefined) return known;
  const index = new Map<string, Place[]>();
  const paths = ctx.document["paths"];
  for (const [path, item] of Object.entries(isRecord(paths) ? paths : {})) {
    if (!isRecord(item)) continue;
    const at = join("#/paths", path);
    const lists: [unknown, string][] = [[item["parameters"], at]];
    for (const method of METHODS) {
      const operation = item[method];
      if (isRecord(operation)) lists.push([operation["parameters"], join(at, method)]);
    }
    for (const [list, pointer] of lists) {
      if (!Array.isArray(list)) continue;
      list.forEach((raw, i) => {
        const node = deref(ctx, raw, join(join(pointer, "parameters"), i))?.node;
        const { name, description } = node ?? {};
        if (node?.["in"] !== "path" || typeof name !== "string" || typeof description !== "string") return;
        const thing = ownThing(path, name);
        if (thing === undefined) return;
        const key = `${name} ${description.trim()}`;
        index.set(key, [...(index.get(key) ?? []), { path, thing }]);
      });
    }
  }
  indexByDocument.set(ctx.document, index);
  return index;
}

/** "… of the user to unpublish." → unpublish: the action a description says its value is for. */
const FOR_ACTION = /\bto\s+([A-Za-z]+)/;

/**
 * Path parameters without a description the spec copied from another operation's: "The ID of the user to
 * unpublish." on dev.to's `PUT /api/articles/{id}`, word for word the description of `id` on `PUT
 * /api/users/{id}/unpublish`. Such a description names a thing (user) that neither the segment before the parameter
 * (`articles`) nor any word of the path names, and an action (unpublish) the path does not name, while another path
 * declaring the same parameter with the same words names both: it tells the model to give a user's id where an
 * article's is meant. Without it, the input says where it is bound. A description that names a parent
 * (`/api/Values/{id}`, "The ID of the device") stays: no action of another path is in it.
 */
export function withoutBorrowedDescriptions(
  ctx: IngestContext,
  path: string,
  parameters: readonly Parameter[],
): Parameter[] {
  return parameters.map((parameter) => {
    if (parameter.in !== "path" || parameter.description === undefined) return parameter;
    const named = NAMED_THING.exec(parameter.description)?.[1];
    const own = ownThing(path, parameter.name);
    if (named === undefined || own === undefined) return parameter;
    const thing = singular(named.toLowerCase());
    const action = FOR_ACTION.exec(parameter.description)?.[1]?.toLowerCase();
    const letters = (text: string): string => text.toLowerCase().replace(/[^a-z]/g, "");
    if (thing === own || action === undefined || letters(path).includes(thing) || letters(path).includes(action))
      return parameter;
    const elsewhere = pathParameterPlaces(ctx).get(`${parameter.name} ${parameter.description.trim()}`) ?? [];
    if (!elsewhere.some((place) => place.thing === thing && letters(place.path).includes(action))) return parameter;
    const { description: _, ...rest } = parameter;
    return rest;
  });
}
