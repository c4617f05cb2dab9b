// componentName: the name a `#/components/schemas/…` ref points at, decoded as a URI fragment and a pointer token.
import { describe, expect, it } from "vitest";
import { componentName } from "../../src/planner/schemas.js";
import { unescapeToken } from "../../src/util/pointer.js";

const P = "#/components/schemas/";

describe("componentName", () => {
  it.each<[string, unknown, string | undefined]>([
    ["a plain name", `${P}Pet`, "Pet"],
    ["dots and dashes", `${P}issue-event.for_issue`, "issue-event.for_issue"],
    ["a percent escape", `${P}Pet%20Store`, "Pet Store"],
    ["a pointer escape", `${P}a~1b~0c`, "a/b~c"],
    ["both, in the order a fragment is read", `${P}a%7E1b`, "a/b"],
    ["`~01` stays `~1`", `${P}x~01`, "x~1"],
    ["a deeper pointer", `${P}Pet/properties/id`, undefined],
    ["another place", "#/definitions/Pet", undefined],
    ["not a string", 42, undefined],
    ["the empty name", P, ""],
  ])("%s", (_name, ref, want) => {
    expect(componentName(ref)).toBe(want);
  });

  it("equals decoding every token the long way", () => {
    const pieces = ["a", "~", "0", "1", "%", "20", "7E", "/", "é", "%C3%A9", "_"];
    let seed = 3;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 3000; i++) {
      const token = Array.from({ length: next() % 7 }, () => pieces[next() % pieces.length]).join("");
      const slow = (): string | undefined =>
        token.includes("/") ? undefined : unescapeToken(decodeURIComponent(token));
      let want: string | undefined | Error;
      try {
        want = slow();
      } catch (error) {
        want = error as Error;
      }
      if (want instanceof Error) expect(() => componentName(P + token)).toThrow(URIError);
      else expect(componentName(P + token)).toBe(want);
    }
  });
});
