// textConfigNames (the memo of the $config names an expression or template reads) against parsing the text each time.
import { describe, expect, it } from "vitest";
import { textConfigNames } from "../../src/planner/config.js";
import { parseExpression, parseTemplate, referencesOf } from "../../src/runtime/expressions/index.js";

const parsedEachTime = (kind: "expr" | "template", text: string): string[] => {
  const parsed = kind === "expr" ? parseExpression(text) : parseTemplate(text);
  return parsed.ok ? [...referencesOf("expr" in parsed ? parsed.expr : parsed.template).config] : [];
};

const TEXTS = [
  "$config.account_sid",
  "$config.a",
  "$inputs.owner",
  "$steps.find.outputs.id",
  "$response.body#/items/0/id",
  "$config.",
  "$config.a.b",
  "$inputs.owner + $config.x",
  "{$config.host}/v1/{$inputs.id}",
  "{$config.b}{$config.a}{$config.b}",
  "{{$config.escaped}} {$config.kept}",
  "Bearer {$config.token}",
  "{$config.unclosed",
  "plain text",
  "",
  "$",
  "{$inputs.id}",
  "$config.__proto__",
  "$config.constructor",
];

describe("textConfigNames", () => {
  it.each(TEXTS.flatMap((text) => [["expr", text] as const, ["template", text] as const]))(
    "%s %j: the names parsing finds, asked again and again",
    (kind, text) => {
      const expected = parsedEachTime(kind, text);
      for (let i = 0; i < 3; i++) expect(textConfigNames(kind, text)).toEqual(expected);
    },
  );

  it("an expression and a template of the same text are kept apart", () => {
    expect(textConfigNames("expr", "{$config.a}")).toEqual(parsedEachTime("expr", "{$config.a}"));
    expect(textConfigNames("template", "{$config.a}")).toEqual(["a"]);
    expect(textConfigNames("expr", "$config.a")).toEqual(["a"]);
    expect(textConfigNames("template", "$config.a")).toEqual(parsedEachTime("template", "$config.a"));
  });

  it("past the memo's size (it is cleared) every text still reads as parsed", () => {
    for (let i = 0; i < 10_050; i++) {
      const text = i % 2 === 0 ? `$config.v${i}` : `{$config.v${i}}/{$inputs.x}`;
      const kind = i % 2 === 0 ? "expr" : "template";
      expect(textConfigNames(kind, text)).toEqual([`v${i}`]);
    }
    for (const text of TEXTS) expect(textConfigNames("template", text)).toEqual(parsedEachTime("template", text));
  });
});
