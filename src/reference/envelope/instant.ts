/**
 * Exact instants of RFC 3339 UTC date-times (D-ENV-04, D-ENV-07). `Date.parse` is not enough for
 * the expiry rule: it keeps milliseconds only (an expiry at `.1234` would already be "reached" at
 * `.123`), it answers `NaN` for a leap second (`23:59:60`, which RFC 3339 allows and would then
 * never expire), and its legacy parser reads two-digit years as 19xx.
 */
const UTC = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?[Zz]$/;

/**
 * Nanoseconds since the epoch of an RFC 3339 date-time in UTC (`Z`, either case: the schema judges
 * the case), or null when `text` is not one. A leap second `23:59:60` is the instant after
 * `23:59:59`, i.e. the next day's midnight, with its fraction.
 */
export function utcInstant(text: string): bigint | null {
  const m = UTC.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, Math.min(second, 59), 0);
  const ms = date.getTime() + (second === 60 ? 1000 : 0);
  if (!Number.isFinite(ms)) return null;
  const nanos = BigInt((m[7] ?? '').padEnd(9, '0'));
  return BigInt(ms) * 1_000_000n + nanos;
}

/**
 * The instant of a clock reading (`context.now`): an RFC 3339 UTC date-time exactly, else whatever
 * `Date.parse` makes of it (to the millisecond), else null.
 */
export function clockInstant(text: string): bigint | null {
  const exact = utcInstant(text);
  if (exact !== null) return exact;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? BigInt(ms) * 1_000_000n : null;
}
