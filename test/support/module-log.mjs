// Registers module-log-hooks.mjs (`node --import …/module-log.mjs`): every module the process loads is appended to
// $MODULE_LOG, so a test can tell which of a server's modules it imported, and when.
import { register } from "node:module";

register("./module-log-hooks.mjs", import.meta.url);
