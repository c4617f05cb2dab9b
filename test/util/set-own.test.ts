// setOwn against Object.defineProperty, the slow path it replaces: every key of Object.prototype, `__proto__` included.
import { describe, expect, it } from "vitest";
import { setOwn } from "../../src/util/set-own.js";

const KEYS = [...Object.getOwnPropertyNames(Object.prototype), "__proto__", "0", "10", "-1", "", "type", "x-y"];

describe("setOwn", () => {
  it("makes the same own property as Object.defineProperty for every key, and never a prototype", () => {
    const fast: Record<string, unknown> = {};
    const slow: Record<string, unknown> = {};
    for (const [i, key] of KEYS.entries()) {
      setOwn(fast, key, { i });
      Object.defineProperty(slow, key, { value: { i }, enumerable: true, writable: true, configurable: true });
    }
    expect(Object.getPrototypeOf(fast)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(fast)).toEqual(Object.getOwnPropertyNames(slow));
    for (const key of KEYS)
      expect(Object.getOwnPropertyDescriptor(fast, key), key).toEqual(Object.getOwnPropertyDescriptor(slow, key));
    expect(JSON.stringify(fast)).toBe(JSON.stringify(slow));
  });
});
