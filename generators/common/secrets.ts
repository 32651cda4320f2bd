import * as fc from 'fast-check';
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
  .tuple(
    fc.constantFrom('', 'RSA ', 'EC ', 'OPENSSH ', 'ENCRYPTED ', 'DSA '),
    fc.constantFrom('\n', '\r\n'),
    fc.nat(9999),
  )
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

/** The families that have harder spellings besides their common ones (`edgeSecret`). */
export const EDGE_FAMILIES = ['jwt', 'dsn-credentials', 'credential-assignment'] as const;

export type EdgeFamily = (typeof EDGE_FAMILIES)[number];

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGIT = '0123456789';

/** An unsigned JWT (alg none): header, payload and an empty signature part, `ey….ey….`. */
const unsignedJwt = fc.nat(1_000_000).map((n) => {
  const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT', kid: 'FAKE-EXAMPLE' }));
  return `${header}.${b64url(JSON.stringify({ sub: `FAKE-EXAMPLE-${n}`, note: 'unsigned' }))}.`;
});

/**
 * A DSN with a one-letter scheme (RFC 3986 allows one) and a password that starts and ends with x
 * or X: a password, not a mask (a mask is x's, X's or *'s only).
 */
const xEdgedDsn = fc
  .tuple(
    chars(LOWER, 1, 1),
    fc.constantFrom('admin', 'svc_fake'),
    fc.constantFrom('x', 'X', 'xx'),
    chars(ALNUM, 1, 8),
    fc.constantFrom('x', 'X'),
    fc.constantFrom('db.example.invalid', 'cache.example.test'),
  )
  .map(([scheme, user, lead, pw, trail, host]) => `${scheme}://${user}:${lead}FAKE-EXAMPLE-${pw}${trail}@${host}/fake`);

/** The shortest DSN there is, nine characters (`s://u:p@h`), one letter each; the password is never a mask letter. */
const shortestDsn = fc
  .tuple(chars(LOWER, 1, 1), chars(LOWER, 1, 1), chars(LOWER.replace('x', ''), 1, 1), chars(LOWER, 1, 1))
  .map(([scheme, user, pw, host]) => `${scheme}://${user}:${pw}@${host}`);

/** A fake credential value of 12 characters or more mixing exactly two character classes. */
const twoClassValue = fc.oneof(
  chars(UPPER + DIGIT, 0, 12).map((tail) => `FAKE0EXAMPLE0${tail}`),
  chars(UPPER + LOWER, 0, 12).map((tail) => `FAKEexampleValue${tail}`),
  chars(LOWER + DIGIT, 0, 12).map((tail) => `fake0example0${tail}`),
);

const EDGES: Record<EdgeFamily, Record<string, fc.Arbitrary<string>>> = {
  jwt: { unsigned: unsignedJwt },
  'dsn-credentials': { 'x-edged-password': xEdgedDsn, shortest: shortestDsn },
  'credential-assignment': {
    'two-class-value': fc
      .tuple(credentialKey, fc.constantFrom('=', ': ', ' = ', '":"', "='"), twoClassValue)
      .map(([key, sep, value]) => `${key}${sep}${value}`),
  },
};

/**
 * The harder spellings of a family, each still its family's shape in `spec/secrets.json`, with the
 * variant's name, what a detector tuned on the common spellings may miss:
 * - `jwt`: `unsigned`, an alg-none token whose signature part is empty;
 * - `dsn-credentials`: `x-edged-password`, a one-letter scheme and a password starting and ending
 *   with x or X; `shortest`, a whole DSN in nine characters, too short for a FAKE marker (one
 *   letter each: no credential of anything);
 * - `credential-assignment`: `two-class-value`, a value mixing exactly two of upper case, lower
 *   case and digits.
 * Drawn by the envelope suite's shape families only, so that a slip on one shows in that family.
 */
export function edgeSecret(family: EdgeFamily): fc.Arbitrary<{ variant: string; secret: string }> {
  const variants = Object.entries(EDGES[family]);
  return fc.oneof(...variants.map(([variant, arb]) => arb.map((secret) => ({ variant, secret }))));
}

/** The names of the variants of `edgeSecret(family)`. */
export function edgeVariants(family: EdgeFamily): string[] {
  return Object.keys(EDGES[family]);
}

/**
 * Credential-named keys a detector may not take for one, grouped by the spelling it may miss, each
 * group drawn as often as the others:
 * - names that end in an access key or a private key, with and without a separator (`_`, `-`, a
 *   space) between the words (the names a list of `password`, `secret`, `token`... forgets), the
 *   word starting the name or after a separator (`aws_accesskey`, as `db_password`);
 * - `quote-ended`: a credential word and one quote ending the name (a name quoted twice,
 *   `"api_key"`, or a quote left over, `password'`): its assignment `name=value` is the text
 *   `"api_key"=value`, a credential assignment as `spec/secrets.json` writes one (D-ENV-08), but a
 *   reader that wants the word at the very end of the name misses it.
 */
export const KEY_NAME_GROUPS: Readonly<Record<string, readonly string[]>> = {
  accesskey: ['accesskey', 'AccessKey', 'aws_accesskey'],
  'access-key': ['access_key', 'access-key', 'AWS_SECRET_ACCESS_KEY', 'access key'],
  privatekey: ['privatekey', 'PrivateKey', 'ssh_privatekey'],
  'private-key': ['private_key', 'private-key', 'SIGNING_PRIVATE_KEY', 'Private Key'],
  'quote-ended': ['"api_key"', "'token'", 'password"', "client_secret'"],
};

/** A JSON member whose name is one of `KEY_NAME_GROUPS`, its value a fake credential that is no secret shape alone. */
export function keyNamedMember(): fc.Arbitrary<{ key: string; value: string; group: string }> {
  return fc
    .constantFrom(...Object.keys(KEY_NAME_GROUPS))
    .chain((group) =>
      fc
        .tuple(fc.constantFrom(...KEY_NAME_GROUPS[group]!), fakeCredentialValue)
        .map(([key, value]) => ({ key, value, group })),
    );
}

/** Every example `spec/secrets.json` lists under `notSecrets`, verbatim, in its order: what a valid memory proposal may carry. */
export const NOT_SECRET_EXAMPLES: readonly string[] = [
  'idem_0123456789abcdef',
  'idem_rs-3_task-1',
  'idem_7Hq2mZ9xLp4Rt8Vw',
  'msg_01HZY3K5N8Q2W4E6R7T9V0XBCD',
  'err-9982-abcf',
  'req-42-0a1b2c',
  '1a79a4d60de6718e8e5b326e338ae533',
  'c3499c2729730a7f807efb8676a92dcb6f8a3f8f',
  '50d858e0985ecc7f60418aaf0cc5ab587f42c2570a884095a9e8ccacd0f6545c',
  '50D858E0985ECC7F60418AAF0CC5AB587F42C2570A884095A9E8CCACD0F6545C',
  'sha256:50d858e0985ecc7f60418aaf0cc5ab587f42c2570a884095a9e8ccacd0f6545c',
  'sha256-UNhY4JhezH9gQYqvDMWrWH9CwlcKiECVqejMrND2VFw=',
  '9b2f5c1e-7d4a-4e8b-a6c3-0f1e2d3c4b5a',
  '00000000-0000-4000-8000-000000000000',
  '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
  '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  '01HZY3K5N8Q2W4E6R7T9V0XBCD',
  'req_a1B2c3',
  'grant_x9Y',
  'run_0042',
  'task-0a1b2c3d4e5f60718293a4b5',
  'risk_test_abcdefghijklmnopqrstu1',
  'desk-ABCDEFGHIJKLMNOPQRST12',
  'token_count=4096',
  'eyes.on.the.road',
  'password=********************',
  'token: REDACTEDREDACTED',
  'password=REDACTED_VALUE',
  'secret=<redacted>',
  'postgres://app:****@db.example.invalid/app',
  'secret=${DB_SECRET_FROM_ENVIRONMENT}',
  'postgres://app:${PGPASSWORD}@db.example.invalid/app',
  'password: {{ db_password }}',
  'grant_type=refresh_token',
  'Verifiable credential or session token has expired.',
  'The bearer of this message is the orchestrator',
  'token: refresh_token_required_for_grant',
  'No credential is included in this error; renew through the refresh route.',
  'https://user@example.com/path',
  'https://example.com?to=a:b@c',
  'https://example.com/p#x:y@z',
  'https://auth.example.com/v1/renew',
  'https://repo.example.com/v1/commits/status?idempotency_key=req-abc-123',
];

/**
 * The not-secret examples of `spec/secrets.json` that are assignments (`name=value`, `name: value`),
 * as the JSON members they read as: a credential-named member whose value is a mask, a template or
 * plain words is no more a secret than the assignment (D-ENV-08).
 */
export const NOT_SECRET_MEMBERS: readonly { key: string; value: string }[] = NOT_SECRET_EXAMPLES.flatMap((e) => {
  const m = /^([A-Za-z_]+)(?:=|: )(.+)$/.exec(e);
  return m ? [{ key: m[1]!, value: m[2]! }] : [];
});

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
    .tuple(
      anyFakeSecret(),
      prose,
      fc.constantFrom(' ', '\n', '\r\n', ' (', ' "'),
      fc.constantFrom('', ' ', '.', ')', '"', '\r\n'),
      prose,
    )
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
