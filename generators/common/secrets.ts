import fc from 'fast-check';
import { alphabetString } from './lazy.js';

/**
 * Synthetic, obviously fake secrets, one family per family of `spec/secrets.json` (the family name is
 * the name a detector reports). Every value carries `FAKE` and `EXAMPLE` markers and its variable
 * part is drawn by fast-check: nothing here is, or was derived from, a real credential.
 */
export const SECRET_FAMILIES = [
  'pem-private-key',
  'aws-access-key-id',
  'github-token',
  'slack-token',
  'sk-api-key',
  'bearer-token',
  'jwt',
  'dsn-credentials',
  'credential-assignment',
] as const;

export type SecretFamily = (typeof SECRET_FAMILIES)[number];

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_DIGIT = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const chars = alphabetString;

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

const pem = fc
  .tuple(fc.constantFrom('', 'RSA ', 'EC ', 'OPENSSH ', 'ENCRYPTED ', 'DSA '), fc.constantFrom('\n', '\r\n'), fc.nat(9999))
  .map(([kind, eol, n]) => {
    const body = Buffer.from(`FAKE EXAMPLE KEY ${n} - NOT A REAL KEY`, 'utf8').toString('base64');
    return `-----BEGIN ${kind}PRIVATE KEY-----${eol}${body}${eol}-----END ${kind}PRIVATE KEY-----`;
  });

const aws = fc
  .tuple(fc.constantFrom('AKIA', 'ASIA'), chars(UPPER_DIGIT, 5, 5))
  .map(([prefix, mid]) => `${prefix}FAKE${mid}EXAMPLE`);

const github = fc.oneof(
  fc.tuple(fc.constantFrom('ghp', 'gho', 'ghs'), chars(ALNUM, 25, 30)).map(([p, tail]) => `${p}_FAKEEXAMPLE${tail}`),
  chars(`${ALNUM}_`, 10, 30).map((tail) => `github_pat_FAKE_EXAMPLE_0000${tail}`),
);

const slack = fc
  .tuple(fc.constantFrom('xoxb', 'xoxp', 'xoxa'), fc.nat(999_999), chars(ALNUM, 8, 24))
  .map(([p, n, tail]) => `${p}-FAKE-${n}-EXAMPLE-${tail}`);

const sk = fc
  .tuple(fc.constantFrom('sk-', 'sk-proj-', 'sk_test_', 'sk_live_', 'rk_test_'), chars(ALNUM, 10, 30))
  .map(([p, tail]) => `${p}FAKE0EXAMPLE0${tail}`);

const bearer = fc
  .tuple(fc.constantFrom('Bearer', 'bearer', 'BEARER'), fc.constantFrom(' ', '  ', '\t'), chars(ALNUM, 8, 40))
  .map(([word, gap, tail]) => `${word}${gap}FAKEexampleToken0${tail}`);

const jwt = fc.tuple(fc.nat(1_000_000), chars(ALNUM, 0, 12)).map(([n, salt]) => {
  const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT', kid: 'FAKE-EXAMPLE' }));
  const payload = b64url(JSON.stringify({ sub: `FAKE-EXAMPLE-${n}`, note: 'not a real token' }));
  return `${header}.${payload}.${b64url(`FAKE-SIGNATURE-EXAMPLE-${salt}`)}`;
});

const dsn = fc
  .tuple(
    fc.constantFrom('postgres', 'mysql', 'mongodb+srv', 'redis', 'amqp', 'https'),
    fc.constantFrom('admin', 'svc_fake', 'example.user'),
    chars(ALNUM, 1, 12),
    fc.constantFrom('db.example.invalid', 'localhost:5432', 'cache.example.test'),
  )
  .map(([scheme, user, pw, host]) => `${scheme}://${user}:FAKE-EXAMPLE-${pw}@${host}/fake`);

/** A credential-named key, as people spell them in config files, headers and JSON. */
export const credentialKey = fc.constantFrom(
  'password',
  'db_password',
  'PASSWORD',
  'passphrase',
  'client_secret',
  'secret',
  'api_key',
  'API Key',
  'apiKey',
  'access_token',
  'refresh_token',
  'token',
);

/** A long, mixed-case fake credential value (what a credential-named key would carry). */
export const fakeCredentialValue = chars(ALNUM, 0, 16).map((tail) => `FAKEexample0${tail}`);

const assignment = fc
  .tuple(credentialKey, fc.constantFrom('=', ': ', ' = ', '":"', "='"), fakeCredentialValue)
  .map(([key, sep, value]) => `${key}${sep}${value}`);

const BY_FAMILY: Record<SecretFamily, fc.Arbitrary<string>> = {
  'pem-private-key': pem,
  'aws-access-key-id': aws,
  'github-token': github,
  'slack-token': slack,
  'sk-api-key': sk,
  'bearer-token': bearer,
  jwt,
  'dsn-credentials': dsn,
  'credential-assignment': assignment,
};

/** Fake secrets of one family. */
export function fakeSecret(family: SecretFamily): fc.Arbitrary<string> {
  return BY_FAMILY[family];
}

/** A fake secret of any family, with the family it belongs to. */
export function anyFakeSecret(): fc.Arbitrary<{ family: SecretFamily; secret: string }> {
  return fc.constantFrom(...SECRET_FAMILIES).chain((family) => BY_FAMILY[family].map((secret) => ({ family, secret })));
}

/** Prose around an embedded secret: multi-byte and astral text, CRLF, XML specials. */
const prose = fc.constantFrom(
  '',
  'Échec de l’appel',
  'see <config> & "notes"',
  '重试失败',
  'retry 🚀 later',
  'line one\r\nline two',
  'upstream said',
);

/** A fake secret inside free text (a `detail`, a memory fact...), with its family. */
export function fakeSecretInProse(): fc.Arbitrary<{ family: SecretFamily; secret: string; text: string }> {
  return fc
    .tuple(anyFakeSecret(), prose, fc.constantFrom(' ', '\n', '\r\n', ' (', ' "'), fc.constantFrom('', ' ', '.', ')', '"', '\r\n'), prose)
    .map(([{ family, secret }, before, open, close, after]) => ({
      family,
      secret,
      text: `${before}${open}${secret}${close}${close === '' ? '' : after}`,
    }));
}

/** A credential carried as a JSON member (`{ "client_secret": "FAKEexample0..." }`): key and value. */
export function fakeCredentialMember(): fc.Arbitrary<{ key: string; value: string }> {
  return fc.tuple(credentialKey, fakeCredentialValue).map(([key, value]) => ({ key, value }));
}
