// Types of bench/large-specs.mjs for the tests that import it.
type Doc = Record<string, unknown>;
export function allOfChain(depth: number): Doc;
export function inlineAllOf(depth: number): Doc;
export function manyOperations(count: number): Doc;
export function largeEnum(count: number, length: number): Doc;
export const NESTINGS: Readonly<Record<string, (child: unknown) => unknown>>;
export function bodySpec(schema: unknown): Doc;
export function inlineNesting(kind: string, depth: number): Doc;
export function refChain(kind: string, length: number): Doc;
export function refChainOfDeepInline(length: number, inline: number): Doc;
export function componentRefChains(length: number): Doc;
export function deepExamples(depth: number): Doc;
export function longParameterList(count: number): Doc;
export function swagger2Deep(depth: number, length: number): Doc;
export function hoistedRefChain(length: number): Doc;
export function itemsCycle(length: number): Doc;
export function nestedPattern(depth: number, body?: string, close?: string): Doc;
