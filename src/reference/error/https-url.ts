/**
 * True for an absolute `https:` URL with a host and no userinfo (D-ERR-06). WHATWG parsing is
 * lenient (it trims spaces and accepts `https:host`), so the raw text is held to the strict form too.
 */
export function isAbsoluteHttpsUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !/^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/.test(value)) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}
