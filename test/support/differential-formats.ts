// fast-check arbitraries of valid and near-valid strings for each `format` the differential tests compare.
import fc from "fast-check";
import type { Format } from "./oracle.js";

const pad = (n: number, width: number): string => String(n).padStart(width, "0");
const join = (parts: fc.Arbitrary<string>[]): fc.Arbitrary<string> => fc.tuple(...parts).map((p) => p.join(""));

const year = fc.oneof(fc.constantFrom(0, 1900, 2000, 2023, 2024, 2100, 9999), fc.integer({ min: 0, max: 9999 }));
const month = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, 13));
const day = fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constantFrom(0, 29, 30, 31, 32));
const twoDigits = (arb: fc.Arbitrary<number>): fc.Arbitrary<string> =>
  fc.tuple(arb, fc.nat(19)).map(([n, odd]) => (odd === 0 ? String(n) : pad(n, 2)));

const dateString = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(year, twoDigits(month), twoDigits(day)).map(([y, m, d]) => `${pad(y, 4)}-${m}-${d}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "2024-02-29",
      "2023-02-29",
      "1900-02-29",
      "2000-02-29",
      "2021-04-31",
      "20210101",
      "2021-1-01",
      "+2021-01-01",
      "2021-01-01 ",
    ),
  },
);

const offset = fc.constantFrom(
  "Z",
  "z",
  "+00:00",
  "-00:00",
  "+05:30",
  "-08:00",
  "+23:59",
  "+24:00",
  "-00:60",
  "+0100",
  "+01",
  "",
  " Z",
  "+1:00",
);
const fraction = fc.constantFrom("", "", "", ".5", ".123456789", ".", ".0");
const timeString = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        twoDigits(fc.integer({ min: 0, max: 25 })),
        twoDigits(fc.integer({ min: 0, max: 60 })),
        twoDigits(fc.integer({ min: 0, max: 61 })),
        fraction,
        offset,
      )
      .map(([h, m, s, f, o]) => `${h}:${m}:${s}${f}${o}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "23:59:60Z",
      "23:59:60+00:00",
      "22:59:60Z",
      "01:29:60+01:30",
      "18:59:60-05:00",
      "23:59:60.5Z",
      "24:00:00Z",
      "12:00:00",
      "12:00Z",
      "1:00:00Z",
    ),
  },
);

const dateTimeString = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(dateString, fc.constantFrom("T", "T", "t", " ", "_", "\n"), timeString)
      .map(([d, s, t]) => `${d}${s}${t}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "2024-02-29T12:00:00Z",
      "2023-02-29T12:00:00Z",
      "2021-12-31t23:59:60z",
      "1985-04-12T23:20:50.52Z",
      "1996-12-19T16:39:57-08:00",
      "2021-01-01T00:00:00",
    ),
  },
);

const atext = fc.constantFrom("a", "Z", "0", "first", "last", "+", "_", "!", "#$%", "{x}", "~", "ü", " ", "(", ",");
const localPart = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.array(atext, { minLength: 0, maxLength: 3 }).map((a) => a.join("")),
        { minLength: 1, maxLength: 3 },
      )
      .map((a) => a.join(".")),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('"quoted local"', '"a\\"b"', '"a@b"', '""', '"\\\\"', '"unterminated', 'a"b"c'),
  },
);
const label = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom("example", "com", "a", "x1", "co-op", "xn--bcher-kva", "io", "localhost") },
  { weight: 1, arbitrary: fc.constantFrom("-bad", "bad-", "ex_ample", "ä", "", "a".repeat(63), "b".repeat(64)) },
);
const domainName = fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join("."));
const emailDomain = fc.oneof(
  { weight: 6, arbitrary: domainName },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "[127.0.0.1]",
      "[IPv6:::1]",
      "[IPv6:2001:db8::1]",
      "[ipv6:::1]",
      "[300.0.0.1]",
      "[::1]",
      "[example.com]",
    ),
  },
);
const emailString = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(localPart, emailDomain).map(([l, d]) => `${l}@${d}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "plainaddress",
      "@example.com",
      "a@",
      "a@@b.com",
      "a@b@c.com",
      "a.@b.com",
      ".a@b.com",
      "a..b@c.com",
      "joe.bloggs@example.com",
    ),
  },
);

const octet = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 255 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom("256", "01", "001", "00", "1e1", " 1", "-1", "0x1", "٣") },
);
const ipv4String = fc.oneof(
  { weight: 8, arbitrary: fc.array(octet, { minLength: 4, maxLength: 4 }).map((o) => o.join(".")) },
  { weight: 1, arbitrary: fc.array(octet, { minLength: 1, maxLength: 6 }).map((o) => o.join(".")) },
);

const hexGroup = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .integer({ min: 0, max: 0xffff })
      .chain((n) => fc.constantFrom(n.toString(16), n.toString(16).toUpperCase(), pad(n, 4).slice(-4))),
  },
  { weight: 1, arbitrary: fc.constantFrom("12345", "g", "", "0000", "ffff") },
);
const ipv6String = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.array(hexGroup, { minLength: 0, maxLength: 9 }), fc.nat(9), fc.nat(4), ipv4String)
      .map(([groups, gap, tail, v4]) => {
        const g = [...groups];
        if (gap < g.length + 1 && gap < 8) g.splice(gap, 0, "");
        const text = g.join(":").replace(/^:/u, "::").replace(/:$/u, "::");
        return tail === 0 ? `${text}:${v4}` : text;
      }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "::",
      "1::",
      "::1",
      "::ffff:192.0.2.1",
      "1:2:3:4:5:6:7:8",
      "1:2:3:4:5:6:7::",
      "1:::2",
      "fe80::1%eth0",
      "[::1]",
      "::1 ",
      "1:2:3:4:5:6:1.2.3.4",
    ),
  },
);

const hex = (n: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(..."0123456789abcdefABCDEF"), { minLength: n, maxLength: n }).map((c) => c.join(""));
const uuidString = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(hex(8), hex(4), hex(4), hex(4), hex(12)).map((p) => p.join("-")) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(hex(8), hex(4), hex(4), hex(4), hex(12), fc.constantFrom("urn:uuid:", "{", "", "x", " "), fc.nat(3))
      .map(
        ([a, b, c, d, e, pre, how]) =>
          [
            `${pre}${a}-${b}-${c}-${d}-${e}`,
            `${a}${b}${c}${d}${e}`,
            `${a}-${b}-${c}-${d}${e}`,
            `${a}-${b}-${c}-${d}-${e}g`,
          ][how] ?? "",
      ),
  },
);

const scheme = fc.constantFrom(
  "http",
  "https",
  "urn",
  "mailto",
  "tel",
  "ftp",
  "a+b.c-d",
  "HTTP",
  "1http",
  "ht tp",
  "",
  "bar,baz",
);
const authority = fc.constantFrom(
  "//example.com",
  "//user:pw@example.com:8080",
  "//[::1]",
  "//[v1.x]",
  "//127.0.0.1",
  "//ex ample",
  "//",
  "",
  "//a%2Fb",
  "//[::1",
);
const path = fc.constantFrom(
  "",
  "/",
  "/a/b",
  "/%20",
  "/%zz",
  "/ä",
  "/a b",
  "example:animal:ferret:nose",
  "+1-816-555-1212",
  "joe@example.com",
  "/a?b",
);
const query = fc.constantFrom("", "", "?q=1", "?%", "?a=b&c=d", "?x#");
const fragment = fc.constantFrom("", "", "#f", "#a#b", "#(x)", "#%41");
const uriString = fc.oneof(
  { weight: 6, arbitrary: join([scheme.map((s) => `${s}:`), authority, path, query, fragment]) },
  { weight: 2, arbitrary: join([authority, path, query, fragment]) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "//foo.bar/?baz=qux#quux",
      "/abc",
      "abc",
      "#frag",
      "?q",
      "\\\\WINDOWS\\fileshare",
      ":// should fail",
      "http://example.com/\u{1F600}",
    ),
  },
);

const hostLabel = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(fc.constantFrom(..."abcxyz0189-"), { minLength: 1, maxLength: 8 }).map((c) => c.join("")),
  },
  { weight: 1, arbitrary: fc.constantFrom("a".repeat(63), "a".repeat(64), "", "_x", "ü", "xn--bcher-kva", "A") },
);
const hostnameString = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.array(hostLabel, { minLength: 1, maxLength: 4 }), fc.nat(5))
      .map(([l, dot]) => l.join(".") + (dot === 0 ? "." : "")),
  },
  {
    weight: 1,
    arbitrary: fc
      .nat(4)
      .map((extra) => `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(59 + extra)}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ".",
      "",
      "a..b",
      ".a",
      "a.",
      "-a",
      "a-",
      "localhost",
      "1.2.3.4",
      "example.com.",
      "example.com..",
    ),
  },
);

/** Strings around what `format` accepts: mostly well-formed, many just outside (bad day, bad octet, …). */
export const FORMAT_STRINGS: Readonly<Record<Format, fc.Arbitrary<string>>> = {
  "date-time": dateTimeString,
  date: dateString,
  time: timeString,
  email: emailString,
  uri: uriString,
  uuid: uuidString,
  ipv4: ipv4String,
  ipv6: ipv6String,
  hostname: hostnameString,
};
