import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseHeader, parseHeaders } from '../../../src/adapters/http/headers.js';
import { createRedactor, headerSecrets, REDACTED, redactingStream } from '../../../src/adapters/http/redact.js';
import { parseServiceUrl, shownLocation } from '../../../src/adapters/http/url.js';
import { UsageError } from '../../../src/contract/errors.js';

/** The message of the usage error `f` throws. */
function usage(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('no usage error');
}

describe('a service URL', () => {
  it('is shown without user info, fragment or query values; its secrets are kept apart', () => {
    const u = parseServiceUrl('https://al%69ce:p%40ss-word@api.example:8443/v1/uaix?key=s3cret-key&mode=strict#frag');
    expect(u.target).toBe('https://api.example:8443/v1/uaix?key=s3cret-key&mode=strict');
    expect(u.shown).toBe('https://api.example:8443/v1/uaix?key=REDACTED&mode=REDACTED');
    expect(u.authorization).toBe(`Basic ${Buffer.from('alice:p@ss-word').toString('base64')}`);
    expect(u.secrets).toEqual(
      expect.arrayContaining(['al%69ce', 'alice', 'p%40ss-word', 'p@ss-word', 's3cret-key', 'strict']),
    );
    expect(parseServiceUrl('http://127.0.0.1:8080/uaix')).toEqual({
      target: 'http://127.0.0.1:8080/uaix',
      shown: 'http://127.0.0.1:8080/uaix',
      secrets: [],
    });
  });

  it('a bad URL is a usage error that never echoes the text', () => {
    expect(usage(() => parseServiceUrl('http://[token-abc'))).toBe(
      '--adapter-url is not a URL (it is not shown here: it may hold a secret)',
    );
    expect(usage(() => parseServiceUrl('file:///etc/passwd'))).toMatch(
      /takes an http:\/\/ or https:\/\/ URL, got one with file:/,
    );
  });

  it("a redirect's location is shown relative to the service, without its secrets", () => {
    expect(shownLocation('/login?next=/uaix&sid=abc', 'https://a.example/uaix')).toBe(
      'https://a.example/login?next=REDACTED&sid=REDACTED',
    );
    expect(shownLocation('http://u:p@b.example/x', 'https://a.example/')).toBe('http://b.example/x');
  });
});

describe('--header', () => {
  it('reads "Name: value", trimmed', () => {
    expect(parseHeader('Authorization:  Bearer abc ')).toEqual(['Authorization', 'Bearer abc']);
    expect(parseHeader('X-Empty:')).toEqual(['X-Empty', '']);
  });

  it('refuses what it cannot send, naming at most the header, never its value', () => {
    const messages = [
      usage(() => parseHeader('Bearer hunter2-value')),
      usage(() => parseHeader('Bad Name: hunter2-value')),
      usage(() => parseHeader('Host: hunter2-value')),
      usage(() => parseHeader('X-A: hunter2\r\nvalue')),
      usage(() => parseHeaders(['X-A: hunter2-value', 'x-a: hunter2-value'])),
    ];
    expect(messages.join('\n')).not.toContain('hunter2');
    expect(messages[2]).toBe('--header Host: the pack sets this header itself (or it belongs to the connection)');
    expect(messages[4]).toBe('--header x-a is given twice');
  });
});

describe('the redactor', () => {
  const r = createRedactor([...headerSecrets([['Authorization', 'Bearer tok-1234567890']]), 'q"uo\\te', 'ab']);

  it('hides each value, its long words, and their JSON-escaped forms; too short a value is not searched for', () => {
    expect(r.text('got Bearer tok-1234567890 and tok-1234567890')).toBe(`got ${REDACTED} and ${REDACTED}`);
    expect(r.text(JSON.stringify({ v: 'q"uo\\te' }))).toBe(`{"v":"${REDACTED}"}`);
    expect(r.text('Bearer ab')).toBe('Bearer ab');
  });

  it('copies a value only where a string or a key holds a secret', () => {
    const clean = { a: [1, 'x'], b: { c: null } };
    expect(r.value(clean)).toBe(clean);
    expect(r.value({ a: ['x', 'tok-1234567890'], 'tok-1234567890': true, n: 3 })).toEqual({
      a: ['x', REDACTED],
      [REDACTED]: true,
      n: 3,
    });
    expect(createRedactor([]).active).toBe(false);
  });

  it("a redacting stream hides secrets in what is written, and keeps the stream's own properties", () => {
    const sink = new PassThrough();
    Object.assign(sink, { isTTY: true, columns: 77 });
    const out = redactingStream(sink, r);
    out.write('token tok-1234567890\n');
    expect((out as unknown as { isTTY: boolean }).isTTY).toBe(true);
    expect((out as unknown as { columns: number }).columns).toBe(77);
    expect(sink.read().toString()).toBe(`token ${REDACTED}\n`);
  });
});
