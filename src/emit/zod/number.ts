// Turns the numeric keywords of a schema (bounds, multipleOf, integer) into a Zod number chain.
import type { JsonSchemaObject } from "../../model/api-model.js";
import { boundedSafe, mayPassSafeInteger } from "../../schema/exact-integer.js";
import {
  array,
  arrow,
  atom,
  block,
  type Code,
  call,
  chain,
  commented,
  type Link,
  link,
  object,
  operands,
  seq,
  statement,
  zod,
} from "../code.js";
import { lit, regexLit, text } from "./literal.js";

type Step = (schema: JsonSchemaObject) => Link | undefined;

const finite = (schema: JsonSchemaObject, key: string): number | undefined =>
  typeof schema[key] === "number" && Number.isFinite(schema[key]) ? (schema[key] as number) : undefined;

/** Zod's `.min`/`.max` are inclusive like `minimum`/`maximum`; `.gt`/`.lt` exclusive like their `exclusive*` forms. */
const bound =
  (key: string, method: string): Step =>
  (schema) => {
    const n = finite(schema, key);
    return n === undefined ? undefined : link(method, lit(n));
  };

const DECIMAL = arrow(
  "(x = 0)",
  block([
    statement("const r = /^(-?)(\\d+)(?:\\.(\\d+))?(?:e([+-]?\\d+))?$/.exec(String(x))"),
    statement('const f = r?.[3] ?? ""'),
    statement('return { d: BigInt((r?.[1] ?? "") + (r?.[2] ?? "0") + f), e: Number(r?.[4] ?? 0) - f.length }'),
  ]),
);

/**
 * `multipleOf` on the decimal values the JSON text denotes (JSON Schema §6.2.1), so 0.3 is a multiple
 * of 0.1; Zod's float tolerance also accepts 1e20 as a multiple of 3, hence a refinement with BigInt.
 */
const multipleOf: Step = (schema) => {
  const m = finite(schema, "multipleOf");
  if (m === undefined || m <= 0) return undefined;
  const check = arrow(
    "(n)",
    block([
      statement("const dec = ", DECIMAL),
      statement("const a = dec(n)"),
      statement("const b = dec(", lit(m), ")"),
      statement("const e = Math.min(a.e, b.e)"),
      statement("return (a.d * 10n ** BigInt(a.e - e)) % (b.d * 10n ** BigInt(b.e - e)) === 0n"),
    ]),
  );
  return link("refine", check, object([["message", text(`must be a multiple of ${m}`)]]));
};

const STEPS: readonly Step[] = [
  bound("minimum", "min"),
  bound("exclusiveMinimum", "gt"),
  bound("maximum", "max"),
  bound("exclusiveMaximum", "lt"),
  multipleOf,
];

function metaFor(schema: JsonSchemaObject, integer: boolean): Link | undefined {
  const shown: Record<string, unknown> = {};
  if (integer) shown["type"] = "integer";
  if (finite(schema, "multipleOf") !== undefined) shown["multipleOf"] = finite(schema, "multipleOf");
  return Object.keys(shown).length === 0 ? undefined : link("meta", lit(shown));
}

/** The `type: number` branch: `z.number()` (finite only, as JSON numbers are) plus bounds and multipleOf. */
export function numberToZod(schema: JsonSchemaObject): Code {
  return chain(zod("number"), [...STEPS.map((step) => step(schema)), metaFor(schema, false)]);
}

const IS_INTEGER = link("refine", atom("Number.isInteger"), object([["message", text("must be an integer")]]));

/** The names the generated package's `formats.ts` gives the refusal's parts (`formatHelpers: "import"`). */
const UNROUNDED = "integerUnrounded";
const REFUSAL = "refuseRounded";
type Rounded = "digits" | "unsendable";

const unrounded = (param: string): Code =>
  arrow(
    param,
    operands("||", [atom('typeof v !== "number"'), atom("!Number.isInteger(v)"), atom("Number.isSafeInteger(v)")]),
  );

const refusal = (rounded: Code, issueParam: string): Code =>
  object([
    ["error", arrow(issueParam, seq("String(issue.input) + ", text(` ${ROUNDED_MESSAGE}`)))],
    ["params", object([["rounded", rounded]])],
  ]);

/**
 * The refusal of an integral number past 2^53 − 1, quoting the value received: the JSON text it came in was rounded
 * when it was parsed. `params.rounded` tells the runtime what to suggest: give the digits as a string where the input
 * takes them ("digits"), else tell the user ("unsendable"); the words are the same for both. Shared, it names the
 * package's helpers instead of repeating ten lines at every integer.
 */
const refuseRounded = (rounded: Rounded, shared: boolean): Link =>
  shared
    ? link("refine", atom(UNROUNDED), call(REFUSAL, lit(rounded)))
    : link("refine", unrounded("(v)"), refusal(lit(rounded), "(issue)"));

/** The refusal's parts as the exports of the generated package's `formats.ts`, typed (or plain JavaScript). */
export function roundedHelpers(typed = true): readonly { readonly name: string; readonly code: Code }[] {
  const type = (t: string): string => (typed ? t : "");
  return [
    { name: UNROUNDED, code: unrounded(`(v${type(": unknown")})${type(": boolean")}`) },
    {
      name: REFUSAL,
      code: arrow(
        `(rounded${type(": string")})`,
        seq("(", refusal(atom("rounded"), `(issue${type(": { readonly input: unknown }")})${type(": string")}`), ")"),
      ),
    },
  ];
}

/**
 * The `type: integer` branch. JSON Schema integers include 1.0 and 2^60; `z.int()` accepts only safe
 * integers, so it is used only when the bounds keep values inside ±(2^53 − 1), else `Number.isInteger`.
 */
export function integerToZod(schema: JsonSchemaObject, shared = false): Code {
  const safe = boundedSafe(schema);
  const steps = [...STEPS.map((step) => step(schema)), metaFor(schema, !safe)];
  if (safe) return chain(zod("int"), steps);
  if (mayPassSafeInteger(schema))
    return exactIntegerToZod(schema, chain(zod("number"), [IS_INTEGER, ...steps]), shared);
  return commented(
    "A JSON Schema integer may pass 2^53 - 1, but a JSON number past it arrived rounded: it is refused.",
    chain(zod("number"), [IS_INTEGER, refuseRounded("unsendable", shared), ...steps]),
  );
}

/** The words of that refusal, after the value. */
export const ROUNDED_MESSAGE =
  "is past 9007199254740991, where a JSON number is rounded: it lost digits on its way here";

/**
 * The digits a 64-bit integer is given as: 16 or more (2^53 − 1 has 16), no leading zero. A smaller value is a number,
 * so the tool's steps never see "5" for 5 (a page offset added to, a value compared with the current one).
 */
const LONG_DIGITS = "^[1-9][0-9]{15,}$";
const DIGITS_MESSAGE =
  "as a string, give only the digits of a value past 9007199254740991; give a smaller one as a number";

/**
 * A 64-bit integer (schema/exact-integer.ts): a safe integral number, or the string of a long one's digits (a value
 * past 2^53 − 1 only arrives exact that way), its bounds checked on the digits.
 */
function exactIntegerToZod(schema: JsonSchemaObject, number: Code, shared: boolean): Code {
  // Only exact bounds are checked on the digits: one past 2^53 − 1 was itself rounded when the spec was read.
  const exact = (n: number | undefined): number | undefined =>
    n !== undefined && Number.isSafeInteger(n) ? n : undefined;
  const below = (n: number | undefined, exclusive: number | undefined): number | undefined =>
    n !== undefined ? Math.ceil(n) : exclusive !== undefined ? Math.floor(exclusive) + 1 : undefined;
  const above = (n: number | undefined, exclusive: number | undefined): number | undefined =>
    n !== undefined ? Math.floor(n) : exclusive !== undefined ? Math.ceil(exclusive) - 1 : undefined;
  const low = exact(below(finite(schema, "minimum"), finite(schema, "exclusiveMinimum")));
  const high = exact(above(finite(schema, "maximum"), finite(schema, "exclusiveMaximum")));
  const pattern = low !== undefined && low >= 0 ? LONG_DIGITS : `^-?${LONG_DIGITS.slice(1)}`;
  const digits = chain(zod("string"), [link("regex", regexLit(pattern), object([["message", text(DIGITS_MESSAGE)]]))]);
  const words = [
    low === undefined ? undefined : `BigInt(v) >= ${low}n`,
    high === undefined ? undefined : `BigInt(v) <= ${high}n`,
  ].filter((w) => w !== undefined);
  const bounds = [low === undefined ? undefined : `≥ ${low}`, high === undefined ? undefined : `≤ ${high}`].filter(
    (w) => w !== undefined,
  );
  return commented(
    "A 64-bit integer: past 2^53 - 1 a JSON number is rounded, so such a value comes as a string of its digits.",
    chain(zod("union", array([number, digits])), [
      refuseRounded("digits", shared),
      words.length === 0
        ? undefined
        : link(
            "refine",
            arrow("(v)", atom(`typeof v !== "string" || !/^-?\\d+$/.test(v) || (${words.join(" && ")})`)),
            object([["message", text(`must be ${bounds.join(" and ")}`)]]),
          ),
    ]),
  );
}

export const NUMBER_KEYWORDS = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"] as const;
