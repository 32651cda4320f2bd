import { UsageError } from '../../contract/errors.js';

/**
 * A live service's address (`--adapter-url`, or `--adapter` with an `http://` or `https://` URL):
 * where the requests go, and how everything the pack writes names it. A URL may hold secrets (a
 * user name and password, an API key in the query); reports, replay lines and the terminal only
 * ever see `shown`, which holds none (D-HTTP-05).
 */
export interface ServiceUrl {
  /** Where requests go: the URL without its user info (sent as a header instead) and without a fragment. */
  target: string;
  /** How reports and messages name the service: no user info, every query value replaced by `REDACTED`. */
  shown: string;
  /** The `Authorization` header the URL's user info stands for (`Basic`), when it has some. */
  authorization?: string;
  /** The secret parts of the URL: user name, password and query values, as written and decoded. */
  secrets: string[];
}

/** What replaces each query value in a shown URL. */
export const QUERY_PLACEHOLDER = 'REDACTED';

/** Decodes a percent-encoded URL part; a malformed escape is kept as written. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** `url` as reports show it: no user info, no fragment, each query value replaced (names kept). */
function shownOf(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  copy.hash = '';
  const names = [...copy.searchParams.keys()];
  copy.search = '';
  const query = names.map((n) => `${encodeURIComponent(n)}=${QUERY_PLACEHOLDER}`).join('&');
  return query === '' ? copy.href : `${copy.href}?${query}`;
}

/**
 * Reads a service URL. A usage error names what is wrong without echoing the text, which may hold
 * a secret.
 */
export function parseServiceUrl(raw: string, option = '--adapter-url'): ServiceUrl {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UsageError(`${option} is not a URL (it is not shown here: it may hold a secret)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${option} takes an http:// or https:// URL, got one with ${url.protocol}`);
  const secrets: string[] = [];
  const keep = (s: string) => {
    if (s !== '') secrets.push(s, decoded(s));
  };
  keep(url.username);
  keep(url.password);
  for (const part of url.search.replace(/^\?/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq >= 0) keep(part.slice(eq + 1));
  }
  for (const value of url.searchParams.values()) keep(value);
  const authorization =
    url.username !== '' || url.password !== ''
      ? `Basic ${Buffer.from(`${decoded(url.username)}:${decoded(url.password)}`).toString('base64')}`
      : undefined;
  const target = new URL(url.href);
  target.username = '';
  target.password = '';
  target.hash = '';
  if (authorization !== undefined) secrets.push(authorization, authorization.slice('Basic '.length));
  return {
    target: target.href,
    shown: shownOf(url),
    ...(authorization !== undefined ? { authorization } : {}),
    secrets: [...new Set(secrets)],
  };
}

/**
 * Any URL a service names (a redirect's `Location`), as the pack may show it: relative to the
 * service's own URL, with no user info and no query values. Text that is no URL is not shown.
 */
export function shownLocation(location: string, base: string): string {
  try {
    return shownOf(new URL(location, base));
  } catch {
    return '(not a URL)';
  }
}
