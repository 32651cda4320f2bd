import * as fc from 'fast-check';
import { lazy } from '../common/lazy.js';
import { schemeCaseSensitive, type ErrorSpec } from '../../src/spec/error.js';

/** Percent-encoded non-ASCII path segments: a valid URI must not carry raw multi-byte text. */
const segment = fc.constantFrom(
  'v1',
  'schemas',
  'renew',
  'status',
  'wp-json',
  'uaix',
  'review',
  encodeURIComponent('重试'),
  encodeURIComponent('été'),
  encodeURIComponent('🚀'),
  'a.b-c_d~e',
);

/** Curated hosts: a punycode one, one with a port, and a one-letter single label (`x`, as an internal name): a host is one character or more. */
const host = fc.constantFrom(
  'api.example.com',
  'auth.example.com',
  'repo.example.com',
  'target.agent',
  'xn--bcher-kva.example',
  'review.example.org:8443',
  'x',
);

/**
 * Absolute https URLs (D-ERR-06): curated hosts with encoded unicode paths and queries, and
 * fast-check's own web URLs restricted to https.
 */
export function httpsUrl(): fc.Arbitrary<string> {
  // Built once: generators call this for every case they draw, and building fast-check's web URL
  // arbitrary costs far more than drawing from it (an arbitrary is immutable, so one serves all);
  // that one is built on the first draw of its branch (`lazy`).
  return (builtHttpsUrl ??= fc.oneof(
    fc
      .tuple(
        host,
        fc.array(segment, { maxLength: 4 }),
        fc.option(
          fc.constantFrom('?idempotency_key=req-abc-123', '?lang=zh-Hant&v=2', `?q=${encodeURIComponent('<a & "b">')}`),
          { nil: undefined },
        ),
      )
      .map(([h, segs, q]) => `https://${h}/${segs.join('/')}${q ?? ''}`),
    lazy(() => fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true })),
  ));
}
let builtHttpsUrl: fc.Arbitrary<string> | undefined;

/** URLs that are valid URIs but not absolute https: the D-ERR-06 violations that ERR-SCHEMA still accepts. */
export function nonHttpsUri(): fc.Arbitrary<string> {
  return fc.oneof(
    httpsUrl().map((u) => u.replace(/^https:/, 'http:')),
    httpsUrl().map((u) => u.replace(/^https:/, 'ftp:')),
    fc.constantFrom('urn:uaix:review:0001', 'mailto:review@example.com', 'file:///etc/uaix/review'),
  );
}

/** URL-ish strings that are not absolute URLs at all (relative or scheme-relative references). */
export function relativeReference(): fc.Arbitrary<string> {
  return fc.constantFrom(
    '/v1/renew',
    'v1/commits/status?id=1',
    '//auth.example.com/v1/renew',
    'auth.example.com/v1/renew',
    '../schemas/intent.v2',
  );
}

/** Raw (not percent-encoded) unicode path segments and hosts: IRIs, not RFC 3986 URIs. */
const rawSegment = fc.constantFrom('重试', 'été', 'レビュー', 'überprüfung', 'revisión');
const rawHost = fc.constantFrom('review.example.org', 'bücher.example', '例え.example');

/**
 * Absolute https IRIs with raw unicode (D-ERR-06 absolute https, no whitespace, no userinfo) that
 * the `uri` format rejects: valid review URLs only when D-ERR-01 leaves `uri` an annotation.
 */
export function httpsIri(): fc.Arbitrary<string> {
  return fc
    .tuple(rawHost, fc.array(rawSegment, { minLength: 1, maxLength: 3 }))
    .map(([h, segs]) => `https://${h}/${segs.join('/')}`);
}

/**
 * Absolute https URLs with the scheme in another case (`HTTPS://`, `Https://`): the same URL to a
 * reader of RFC 3986 §3.1, a broken one where the scheme must be spelled in lower case (D-ERR-14).
 */
export function upperSchemeUrl(): fc.Arbitrary<string> {
  return fc
    .tuple(httpsUrl(), fc.constantFrom('HTTPS', 'Https', 'hTTPs'))
    .map(([u, scheme]) => `${scheme}${u.slice('https'.length)}`);
}

/**
 * https URLs that WHATWG parsing repairs into absolute ones but that are not written as one: no
 * `//` (`https:host`), one slash, backslashes, and white space around or inside (D-ERR-06).
 */
export function repairedHttpsUrl(): fc.Arbitrary<string> {
  const rest = httpsUrl().map((u) => u.slice('https://'.length));
  return fc.oneof(
    rest.map((r) => `https:${r}`),
    rest.map((r) => `https:/${r}`),
    rest.map((r) => `https:\\\\${r.replace(/\//g, '\\')}`),
    fc.tuple(httpsUrl(), fc.constantFrom(' ', '\t', '\n', '\u00a0')).map(([u, ws]) => `${ws}${u}`),
    fc.tuple(httpsUrl(), fc.constantFrom(' ', '\t', '\r\n', '\u00a0')).map(([u, ws]) => `${u}${ws}`),
    fc.tuple(host, fc.constantFrom('a b', 'v1/re new', 'x\ty')).map(([h, p]) => `https://${h}/${p}`),
  );
}

/**
 * Text written like an absolute https URL (`https://`, a host, no white space, no userinfo) whose
 * host no URL parser accepts: an unclosed IPv6 bracket, a code point RFC 3986 and WHATWG both forbid
 * in a host (`<`, `^`, `|`), a broken percent escape. A validator that matches the text and never
 * parses it takes them for URLs (D-ERR-06).
 */
export function unparsableHostUrl(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(
        'https://[::1',
        'https://[fe80::1',
        'https://exa<mple.com',
        'https://exa^mple.com',
        'https://exa|mple.com',
        'https://exa%zzmple.com',
      ),
      fc.constantFrom('/v1/renew', '/review', '?id=1', ''),
    )
    .map(([h, rest]) => `${h}${rest}`);
}

/**
 * Absolute https URLs with userinfo before the host: a user name, or a masked or templated password
 * (none of them a credential, so only D-ERR-06 is broken).
 */
export function userinfoUrl(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('svc@', 'agent.user@', 'user:****@', 'user:${PASSWORD}@'), httpsUrl())
    .map(([info, u]) => `https://${info}${u.slice('https://'.length)}`);
}

/** The absolute https URLs valid payloads hand out under `spec`: with the scheme in any case too where D-ERR-14 reads it case-insensitively. */
export function validHttpsUrl(spec: ErrorSpec): fc.Arbitrary<string> {
  return schemeCaseSensitive(spec) ? httpsUrl() : fc.oneof(httpsUrl(), upperSchemeUrl());
}
