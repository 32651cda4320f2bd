/** The strict form of an absolute https URL: the scheme, `//`, a host without userinfo, then no whitespace. */
const STRICT = /^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/;
const STRICT_ANY_CASE = new RegExp(STRICT.source, 'i');

/**
 * True for an absolute `https:` URL with a host and no userinfo (D-ERR-06). WHATWG parsing is
 * lenient (it trims spaces, lower-cases the scheme and accepts `https:host`), so the raw text is
 * held to the strict form too. The scheme is spelled `https` in lower case unless `caseSensitive`
 * is false (D-ERR-14: RFC 3986 §3.1 lets a consumer read `HTTPS` as `https`).
 */
export function isAbsoluteHttpsUrl(value: unknown, caseSensitive = true): boolean {
  if (typeof value !== 'string' || !(caseSensitive ? STRICT : STRICT_ANY_CASE).test(value)) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}
