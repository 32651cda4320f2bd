import fc from 'fast-check';

/** Percent-encoded non-ASCII path segments: a valid URI must not carry raw multi-byte text. */
const segment = fc.constantFrom('v1', 'schemas', 'renew', 'status', 'wp-json', 'uaix', 'review', encodeURIComponent('重试'), encodeURIComponent('été'), encodeURIComponent('🚀'), 'a.b-c_d~e');

const host = fc.constantFrom('api.example.com', 'auth.example.com', 'repo.example.com', 'target.agent', 'xn--bcher-kva.example', 'review.example.org:8443');

/**
 * Absolute https URLs (D-ERR-06): curated hosts with encoded unicode paths and queries, and
 * fast-check's own web URLs restricted to https.
 */
export function httpsUrl(): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .tuple(host, fc.array(segment, { maxLength: 4 }), fc.option(fc.constantFrom('?idempotency_key=req-abc-123', '?lang=zh-Hant&v=2', `?q=${encodeURIComponent('<a & "b">')}`), { nil: undefined }))
      .map(([h, segs, q]) => `https://${h}/${segs.join('/')}${q ?? ''}`),
    fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true }),
  );
}

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
  return fc.constantFrom('/v1/renew', 'v1/commits/status?id=1', '//auth.example.com/v1/renew', 'auth.example.com/v1/renew', '../schemas/intent.v2');
}

/** Raw (not percent-encoded) unicode path segments and hosts: IRIs, not RFC 3986 URIs. */
const rawSegment = fc.constantFrom('重试', 'été', 'レビュー', 'überprüfung', 'revisión');
const rawHost = fc.constantFrom('review.example.org', 'bücher.example', '例え.example');

/**
 * Absolute https IRIs with raw unicode (D-ERR-06 absolute https, no whitespace, no userinfo) that
 * the `uri` format rejects: valid review URLs only when D-ERR-01 leaves `uri` an annotation.
 */
export function httpsIri(): fc.Arbitrary<string> {
  return fc.tuple(rawHost, fc.array(rawSegment, { minLength: 1, maxLength: 3 })).map(([h, segs]) => `https://${h}/${segs.join('/')}`);
}
