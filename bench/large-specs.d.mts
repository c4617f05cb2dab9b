// Types of bench/large-specs.mjs for the tests that import it.
type Doc = Record<string, unknown>;
export function allOfChain(depth: number): Doc;
export function inlineAllOf(depth: number): Doc;
export function manyOperations(count: number): Doc;
export function largeEnum(count: number, length: number): Doc;
