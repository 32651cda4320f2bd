import { UsageError } from '../../contract/errors.js';

/** One request header a user gives (`--header "Name: value"`): its name as written, and its value. */
export type Header = readonly [name: string, value: string];

/** A header name: an HTTP token (RFC 9110, section 5.6.2). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Headers the pack sets itself, or that belong to the connection rather than to the request: a
 * user's value would break the framing of the binding (D-HTTP-01) or the connection reuse.
 */
const RESERVED = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  'expect',
]);

/**
 * Reads one `--header` value. A usage error never echoes the value (it is usually a secret), and
 * names the header only once the text has been split into a name and a value.
 */
export function parseHeader(raw: string): Header {
  const colon = raw.indexOf(':');
  if (colon <= 0)
    throw new UsageError(
      '--header takes "Name: value" (this one has no name before a colon; it is not shown here: it may hold a secret)',
    );
  const name = raw.slice(0, colon).trim();
  const value = raw.slice(colon + 1).trim();
  if (!TOKEN.test(name))
    throw new UsageError(
      '--header takes "Name: value", and this name is not an HTTP header name (not shown: the text may hold a secret)',
    );
  if (RESERVED.has(name.toLowerCase()))
    throw new UsageError(`--header ${name}: the pack sets this header itself (or it belongs to the connection)`);
  if (/[\r\n\0]/.test(value)) throw new UsageError(`--header ${name}: the value holds a line break or a NUL`);
  return [name, value];
}

/** Every `--header`, read; a name given twice is a usage error (which value was meant?). */
export function parseHeaders(raws: readonly string[]): Header[] {
  const headers = raws.map(parseHeader);
  const seen = new Set<string>();
  for (const [name] of headers) {
    const key = name.toLowerCase();
    if (seen.has(key)) throw new UsageError(`--header ${name} is given twice`);
    seen.add(key);
  }
  return headers;
}
