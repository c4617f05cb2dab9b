// Turns a JSON Schema `format` into a string predicate (code nodes), following the RFCs as the test oracle reads them.
import { arrow, atom, block, type Code, ifThen, method, operands, regex, seq, statement } from "../code.js";
import { flat } from "../print.js";
import { roundedHelpers } from "./number.js";

const IPV4 = regex(String.raw`^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$`);
const IPV6 = regex(
  String.raw`^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$`,
  "i",
);
const URI = regex(
  String.raw`^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$`,
  "i",
);

const test = (pattern: Code, subject: string): Code => method(pattern, "test", atom(subject));

/** RFC 3339 §5.6 full-date, with the day checked against the month (Feb 29 only in leap years). */
const DATE_BODY: readonly Code[] = [
  statement("const m = ", method(regex(String.raw`^(\d\d\d\d)-(\d\d)-(\d\d)$`), "exec", atom("d"))),
  atom("if (!m) return false;"),
  statement("const y = Number(m[1])"),
  statement("const mo = Number(m[2])"),
  statement("const da = Number(m[3])"),
  statement("const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)"),
  statement(
    "return ",
    operands("&&", [
      atom("mo >= 1"),
      atom("mo <= 12"),
      atom("da >= 1"),
      atom("da <= (mo === 2 && leap ? 29 : ([0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo] ?? 0))"),
    ]),
  ),
];

/** RFC 3339 §5.6 full-time: a `Z` or `±hh:mm` offset is required; `:60` only where it is 23:59:60 UTC. */
const TIME_BODY: readonly Code[] = [
  statement(
    "const m = ",
    method(regex(String.raw`^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d):(\d\d))$`, "i"), "exec", atom("t")),
  ),
  atom("if (!m) return false;"),
  statement("const hr = Number(m[1])"),
  statement("const min = Number(m[2])"),
  statement("const sec = Number(m[3])"),
  statement('const sign = m[5] === "-" ? -1 : 1'),
  statement("const tzH = Number(m[6] ?? 0)"),
  statement("const tzM = Number(m[7] ?? 0)"),
  atom("if (tzH > 23 || tzM > 59) return false;"),
  atom("if (hr <= 23 && min <= 59 && sec < 60) return true;"),
  statement("const utcMin = min - tzM * sign"),
  statement("const utcHr = hr - tzH * sign - (utcMin < 0 ? 1 : 0)"),
  statement(
    "return ",
    operands("&&", [
      atom("(utcHr === 23 || utcHr === -1)"),
      atom("(utcMin === 59 || utcMin === -1)"),
      atom("sec < 61"),
    ]),
  ),
];

const DATE_TIME_BODY: readonly Code[] = [
  statement("const p = ", method(regex(String.raw`^(\d\d\d\d-\d\d-\d\d)[Tt](.*)$`, "su"), "exec", atom("s"))),
  atom("if (!p) return false;"),
  statement('const d = p[1] ?? ""'),
  statement('const t = p[2] ?? ""'),
  statement("const isDate = ", arrow("()", block(DATE_BODY))),
  statement("const isTime = ", arrow("()", block(TIME_BODY))),
  statement("return isDate() && isTime()"),
];

/** RFC 5321 §4.1.2 Mailbox: dot-string or quoted local part; a domain or an IPv4 / `IPv6:` address literal. */
const EMAIL_BODY: readonly Code[] = [
  statement('const at = s.lastIndexOf("@")'),
  atom("if (at <= 0) return false;"),
  statement("const local = s.slice(0, at)"),
  statement("const domain = s.slice(at + 1)"),
  ifThen(
    operands("&&", [
      seq("!", test(regex("^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$", "u"), "local")),
      seq("!", test(regex(String.raw`^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$`, "u"), "local")),
    ]),
    "return false;",
  ),
  ifThen(
    test(
      regex(String.raw`^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$`, "u"),
      "domain",
    ),
    "return true;",
  ),
  statement("const lit = ", method(regex(String.raw`^\[(.*)\]$`, "su"), "exec", atom("domain")), "?.[1]"),
  atom("if (lit === undefined) return false;"),
  statement("const v6 = ", method(regex("^IPv6:(.*)$", "isu"), "exec", atom("lit")), "?.[1]"),
  ifThen(atom("v6 === undefined"), statement("return ", test(IPV4, "lit"))),
  statement("return ", test(IPV6, "v6")),
];

type Predicate = (param: (name: string) => string) => Code;

/**
 * Each format's predicate over a string, self-contained (only regular expressions), valid as both JavaScript and
 * strict TypeScript when passed to `.refine`. `param` writes the parameter list. Formats not listed are annotations.
 */
const PREDICATES: Readonly<Record<string, Predicate>> = {
  date: (param) => arrow(param("d"), block(DATE_BODY)),
  time: (param) => arrow(param("t"), block(TIME_BODY)),
  "date-time": (param) => arrow(param("s"), block(DATE_TIME_BODY)),
  email: (param) => arrow(param("s"), block(EMAIL_BODY)),
  uri: (param) => arrow(param("s"), operands("&&", [test(regex(String.raw`\/|:`), "s"), test(URI, "s")])),
  uuid: (param) => arrow(param("s"), test(regex("^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$", "i"), "s")),
  ipv4: (param) => arrow(param("s"), test(IPV4, "s")),
  ipv6: (param) => arrow(param("s"), test(IPV6, "s")),
  hostname: (param) =>
    arrow(
      param("s"),
      test(
        regex(
          String.raw`^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$`,
          "i",
        ),
        "s",
      ),
    ),
};

/** Predicate source per format, `(s) => boolean`, on one line: what a schema inlines without `formatHelpers: "import"`. */
export const FORMAT_PREDICATES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PREDICATES).map(([format, predicate]) => [format, flat(predicate((p) => `(${p})`))]),
);

/** The generated package's name for the predicate of `format` (`date-time` → `formatDateTime`), for `formatHelpers: "import"`. */
export function formatHelperName(format: string): string {
  return `format${format
    .split(/[^A-Za-z0-9]+/u)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("")}`;
}

/**
 * The helpers of `formats.ts` as plain JavaScript (`const name = …;` each), for evaluating a plan's source compiled
 * with `formatHelpers: "import"` in process.
 */
export function formatHelpersScript(): string {
  return [
    ...Object.entries(FORMAT_PREDICATES).map(
      ([format, predicate]) => `const ${formatHelperName(format)} = ${predicate};`,
    ),
    ...roundedHelpers(false).map((h) => `const ${h.name} = ${flat(h.code)};`),
  ].join("\n");
}

let helpers: readonly { readonly name: string; readonly code: Code }[] | undefined;

/**
 * The exports of the generated package's `formats.ts`: each predicate once, typed, in a fixed order, instead of
 * inlined at every string that has the format (the email and URI checks are 1–3 KB each); then the refusal of a
 * rounded integer (number.ts), instead of ten lines at every integer that may pass 2^53 − 1.
 */
export function formatHelpersModule(): readonly { readonly name: string; readonly code: Code }[] {
  helpers ??= [
    ...Object.entries(PREDICATES).map(([format, predicate]) => ({
      name: formatHelperName(format),
      code: predicate((p) => `(${p}: string): boolean`),
    })),
    ...roundedHelpers(),
  ];
  return helpers;
}
