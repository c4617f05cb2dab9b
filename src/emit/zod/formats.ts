// Turns a JSON Schema `format` into the source of a string predicate, following the RFCs as the test oracle reads them.

const IPV4 = String.raw`/^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/`;
const IPV6 = String.raw`/^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i`;
const URI = String.raw`/^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i`;

/** RFC 3339 §5.6 full-date, with the day checked against the month (Feb 29 only in leap years). */
const DATE_BODY = String.raw`const m = /^(\d\d\d\d)-(\d\d)-(\d\d)$/.exec(d); if (!m) return false; const y = Number(m[1]); const mo = Number(m[2]); const da = Number(m[3]); const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0); return mo >= 1 && mo <= 12 && da >= 1 && da <= (mo === 2 && leap ? 29 : ([0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo] ?? 0));`;

/** RFC 3339 §5.6 full-time: a `Z` or `±hh:mm` offset is required; `:60` only where it is 23:59:60 UTC. */
const TIME_BODY = String.raw`const m = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d):(\d\d))$/i.exec(t); if (!m) return false; const hr = Number(m[1]); const min = Number(m[2]); const sec = Number(m[3]); const sign = m[5] === "-" ? -1 : 1; const tzH = Number(m[6] ?? 0); const tzM = Number(m[7] ?? 0); if (tzH > 23 || tzM > 59) return false; if (hr <= 23 && min <= 59 && sec < 60) return true; const utcMin = min - tzM * sign; const utcHr = hr - tzH * sign - (utcMin < 0 ? 1 : 0); return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;`;

/** RFC 5321 §4.1.2 Mailbox: dot-string or quoted local part; a domain or an IPv4 / `IPv6:` address literal. */
const EMAIL = String.raw`(s) => { const at = s.lastIndexOf("@"); if (at <= 0) return false; const local = s.slice(0, at); const domain = s.slice(at + 1); if (!/^[A-Za-z0-9!#$%&'*+/=?^_${"`"}{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_${"`"}{|}~-]+)*$/u.test(local) && !/^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/u.test(local)) return false; if (/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/u.test(domain)) return true; const lit = /^\[(.*)\]$/su.exec(domain)?.[1]; if (lit === undefined) return false; const v6 = /^IPv6:(.*)$/isu.exec(lit)?.[1]; return v6 === undefined ? ${IPV4}.test(lit) : ${IPV6}.test(v6); }`;

/**
 * Predicate source per format, each `(s) => boolean` over a string, self-contained (only regex literals),
 * valid as both JavaScript and strict TypeScript when passed to `.refine`. Formats not listed are annotations.
 */
export const FORMAT_PREDICATES: Readonly<Record<string, string>> = {
  date: `(d) => { ${DATE_BODY} }`,
  time: `(t) => { ${TIME_BODY} }`,
  "date-time": String.raw`(s) => { const p = /^(\d\d\d\d-\d\d-\d\d)[Tt](.*)$/su.exec(s); if (!p) return false; const d = p[1] ?? ""; const t = p[2] ?? ""; const isDate = () => { ${DATE_BODY} }; const isTime = () => { ${TIME_BODY} }; return isDate() && isTime(); }`,
  email: EMAIL,
  uri: `(s) => /\\/|:/.test(s) && ${URI}.test(s)`,
  uuid: String.raw`(s) => /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(s)`,
  ipv4: `(s) => ${IPV4}.test(s)`,
  ipv6: `(s) => ${IPV6}.test(s)`,
  hostname: String.raw`(s) => /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i.test(s)`,
};

/** The generated package's name for the predicate of `format` (`date-time` → `formatDateTime`), for `formatHelpers: "import"`. */
export function formatHelperName(format: string): string {
  return `format${format
    .split(/[^A-Za-z0-9]+/u)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("")}`;
}

/**
 * Source of the generated package's `formats.ts`: each predicate once, as a typed exported const, in a fixed
 * order, instead of inlined at every string that has the format (the email and URI checks are 1–3 KB each).
 */
export function formatHelpersModule(): { readonly name: string; readonly source: string }[] {
  return Object.entries(FORMAT_PREDICATES).map(([format, predicate]) => ({
    name: formatHelperName(format),
    source: predicate.replace(/^\((\w+)\) =>/u, "($1: string): boolean =>"),
  }));
}
