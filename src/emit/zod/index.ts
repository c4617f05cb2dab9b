// Public face of the schema → Zod emitter.
export { schemaToZod, compileSchema, componentsToZod, compiledToCode } from "./schema-to-zod.js";
export type { CompileOptions, CompiledSchema, ZodDeclaration } from "./schema-to-zod.js";
export type { Local } from "./context.js";
