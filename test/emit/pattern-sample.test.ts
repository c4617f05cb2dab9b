// patternSample: a JSON Schema `pattern` → a short string it matches, or undefined where it cannot build one.
import { describe, expect, it } from "vitest";
import { patternSample } from "../../src/lint/pattern-sample.js";

describe("patternSample", () => {
  it.each([
    ["^\\d+\\.\\d+\\.\\d+$", "1.1.1"],
    ["^sha256:[a-f0-9]{64}$", `sha256:${"a".repeat(64)}`],
    ["^[a-zA-Z0-9._-]+$", "a"],
    ["^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$", "AA=="],
    ["^ssh-(rsa|dss|ed25519) |^ecdsa-sha2-nistp(256|384|521) ", "ssh-rsa "],
    ["^([0-9a-fA-F]{40}(?:[0-9a-fA-F]{24})?)$", "0".repeat(40)],
    ["^O-[0-9]{4}$", "O-0000"],
    ["^(?<year>\\d{4})-\\d{2}$", "1111-11"],
    ["[A-Z]{2,3}", "AA"],
  ])("%s → %s", (pattern, want) => {
    expect(patternSample(pattern)).toBe(want);
    expect(new RegExp(pattern, "u").test(want)).toBe(true);
  });

  it.each([
    ["a negated class", "^[^a]+$"],
    ["a lookahead", "^(?=.*\\d).+$"],
    ["a backreference", "^(a)\\1$"],
    ["an unbalanced group", "^(ab$"],
  ])("gives up on %s", (_, pattern) => {
    expect(patternSample(pattern)).toBeUndefined();
  });
});
