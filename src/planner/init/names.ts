// Proposes verb_noun goal names from operationIds (`getPetById`, `repos/list-for-org`) and words for hints.
import type { Operation } from "../../model/api-model.js";
import { toSnakeCase } from "../../util/naming.js";
import { singular, staticSegments } from "./operations.js";
import { stem, verbClasses } from "../../runtime/adapters/search-words.js";

const PREPOSITIONS: ReadonlySet<string> = new Set(["for", "by", "in", "on", "from", "with", "to", "of", "as", "at"]);
const SINGULAR_VERBS: ReadonlySet<string> = new Set([
  "get",
  "create",
  "update",
  "delete",
  "add",
  "remove",
  "set",
  "check",
  "replace",
  "patch",
]);

const METHOD_VERBS: Readonly<Record<string, string>> = {
  get: "get",
  post: "create",
  put: "replace",
  patch: "update",
  delete: "delete",
  head: "check",
  options: "describe",
  trace: "trace",
};

const VERBS: ReadonlySet<string> = new Set([
  "get",
  "list",
  "find",
  "search",
  "query",
  "append",
  "read",
  "watch",
  "connect",
  "create",
  "add",
  "update",
  "edit",
  "modify",
  "set",
  "replace",
  "patch",
  "delete",
  "remove",
  "cancel",
  "check",
  "place",
  "upload",
  "download",
  "approve",
  "reject",
  "enable",
  "disable",
  "start",
  "stop",
  "run",
  "rerun",
  "send",
  "move",
  "merge",
  "lock",
  "unlock",
  "star",
  "unstar",
  "follow",
  "unfollow",
  "block",
  "unblock",
  "archive",
  "restore",
  "retrieve",
  "describe",
  "scale",
  "fetch",
  "put",
  "post",
  "login",
  "logout",
  "log",
  "install",
  "uninstall",
  "request",
  "review",
  "submit",
  "dismiss",
  "transfer",
  "rename",
  "sync",
  "test",
  "redeliver",
  "revoke",
  "reset",
  "verify",
  "validate",
  "generate",
  "render",
  "export",
  "import",
  "confirm",
  "capture",
  "refund",
  "pay",
  "lookup",
  "invite",
  "kick",
  "join",
  "leave",
  "open",
  "close",
  "mark",
  "unarchive",
  "schedule",
  "share",
  "publish",
  "pin",
  "unpin",
  "transition",
  "assign",
]);

const ARTICLES: ReadonlySet<string> = new Set(["a", "an", "the"]);

/**
 * `getPetById` → `get_pet_by_id`; `repos/list-for-org` → `list_repos_for_org`; `issues/create` → `create_issue`;
 * a name that does not start with a verb gets `verb` in front (`repo_machines` → `list_repo_machines`).
 */
export function operationGoalName(operation: Operation, verb: string): string {
  const name = baseName(operation)
    .split("_")
    .filter((w) => !/^v\d+((alpha|beta)\d*)?$/.test(w) && !ARTICLES.has(w))
    .join("_");
  const first = name.split("_")[0] ?? "";
  return VERBS.has(first) || (verb === "call" && verbClasses(stem(first)) !== undefined) ? name : `${verb}_${name}`;
}

function baseName(operation: Operation): string {
  const rpc = rpcName(operation.path);
  if (rpc !== undefined) return rpc;
  if (operation.idSynthesized) return synthesizedName(operation);
  const slash = operation.id.lastIndexOf("/");
  if (slash < 0) return toSnakeCase(operation.id);
  const namespace = toSnakeCase(operation.id.slice(0, slash));
  const words = toSnakeCase(operation.id.slice(slash + 1))
    .split("_")
    .filter((w) => w !== "");
  const [verb, next] = words;
  if (verb === undefined) return namespace;
  if (next !== undefined && !PREPOSITIONS.has(next)) return words.join("_");
  const noun = SINGULAR_VERBS.has(verb) ? singularSnake(namespace) : namespace;
  return [verb, noun, ...words.slice(1)].join("_");
}

const PLURAL_VERBS: ReadonlySet<string> = new Set(["list", "search", "find"]);

/**
 * An RPC method read as verb + noun: `chat.postMessage` → `post_message`, `conversations.create` → `create_conversation`,
 * `conversations.list` → `list_conversations`, `users.lookupByEmail` → `lookup_user_by_email`; a method that is not a
 * verb names a part of its namespace (`conversations.history` → `conversation_history`).
 */
export function rpcName(path: string): string | undefined {
  if (!/^\/[A-Za-z]+(\.[A-Za-z]+)+$/.test(path)) return undefined;
  const parts = path.slice(1).split(".").map(toSnakeCase);
  const words = (parts.at(-1) ?? "").split("_").filter((w) => w !== "");
  const namespace = parts.slice(0, -1).join("_");
  const [verb, next] = words;
  if (verb === undefined || !isVerb(verb)) return [singularSnake(namespace), ...words].join("_");
  if (next !== undefined && !PREPOSITIONS.has(next)) return words.join("_");
  const noun = PLURAL_VERBS.has(verb) ? namespace : singularSnake(namespace);
  return [verb, noun, ...words.slice(1)].join("_");
}

function isVerb(word: string): boolean {
  return VERBS.has(word) || (verbClasses(stem(word)) !== undefined && !["info", "all", "new"].includes(word));
}

function singularSnake(name: string): string {
  const words = name.split("_");
  return [...words.slice(0, -1), singular(words.at(-1) ?? "")].join("_");
}

function synthesizedName(operation: Operation): string {
  const nouns = staticSegments(operation.path)
    .map(toSnakeCase)
    .filter((s) => s !== "");
  return [METHOD_VERBS[operation.method] ?? operation.method, ...nouns].join("_");
}

/** A lower-case phrase for the entity a group is about: `pet`, `store`, `git_refs` → `git ref`. */
export function entityWords(group: string): string {
  return singularSnake(toSnakeCase(group)).replaceAll("_", " ");
}
