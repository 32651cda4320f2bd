import * as fc from 'fast-check';
import {
  declaredMembers,
  isUrlKey,
  membersOpen,
  type ErrorLevel,
  type ErrorPayload,
  type ErrorSpec,
} from '../../src/spec/error.js';
import {
  fakeCredentialMember,
  fakeCredentialValue,
  fakeSecret,
  fakeSecretInProse,
  SECRET_FAMILIES,
  type SecretFamily,
} from '../common/secrets.js';
import { copy, optionAt, type AdversarialError } from './adversarial.js';
import { acceptsExtras, parameterSchema } from './executable-parameters.js';
import { payloadWithOption, usableActions } from './payload-with-option.js';

/** A fake secret and its shape (a family of `spec/secrets.json`), as drawn for one position. */
type Secret = { shape: SecretFamily; text: string };

/** Shapes that stay one URL token when written raw in a query or a path (no white space, no quote). */
const URL_SAFE: readonly SecretFamily[] = [
  'aws-access-key-id',
  'github-token',
  'slack-token',
  'sk-api-key',
  'jwt',
  'dsn-credentials',
  'credential-assignment',
];

/** Shapes that percent-encoding changes (white space, `=`, `:`, `/`, `@`): the others read the same encoded. */
const ENCODABLE: readonly SecretFamily[] = [
  'bearer-token',
  'pem-private-key',
  'credential-assignment',
  'dsn-credentials',
];

/** Credential-named query parameters spelled as URLs spell them. */
const QUERY_KEYS = ['access_token', 'api_key', 'client_secret', 'password'];

const secretOf = (shapes: readonly SecretFamily[]): fc.Arbitrary<Secret> =>
  fc.constantFrom(...shapes).chain((shape) => fakeSecret(shape).map((text) => ({ shape, text })));

/** A secret written raw into a URL: a credential-named query parameter, a token in the query, or one in the path. */
const rawInUrl: fc.Arbitrary<Secret & { url: string }> = fc.oneof(
  fc.tuple(fc.constantFrom(...QUERY_KEYS), fakeCredentialValue).map(([k, v]) => ({
    shape: 'credential-assignment' as SecretFamily,
    text: `${k}=${v}`,
    url: `https://review.example.com/login?${k}=${v}`,
  })),
  secretOf(URL_SAFE.filter((s) => s !== 'credential-assignment')).chain((s) =>
    fc
      .constantFrom(`https://review.example.com/login?ref=${s.text}`, `https://review.example.com/v1/${s.text}/status`)
      .map((url) => ({ ...s, url })),
  ),
);

/** How a secret is encoded into a URL's query (each encoding a family of its own). */
const ENCODINGS: Readonly<Record<string, { shapes: readonly SecretFamily[]; encode: (s: string) => string }>> = {
  'percent-encoded': { shapes: ENCODABLE, encode: (s) => encodeURIComponent(s) },
  'percent-twice': { shapes: ENCODABLE, encode: (s) => encodeURIComponent(encodeURIComponent(s)) },
  base64url: { shapes: SECRET_FAMILIES, encode: (s) => Buffer.from(s, 'utf8').toString('base64url') },
};

/** Names no level of the published schema declares, none credential-named. */
const UNDECLARED = ['x-vendor-trace', 'vendor', 'debug', '説明'];

/** The object at `level` of `p` where the planted option sits. */
function levelObject(level: ErrorLevel, p: ErrorPayload, se: number, op: number): Record<string, unknown> {
  if (level === 'payload') return p as unknown as Record<string, unknown>;
  if (level === 'body') return p.body as unknown as Record<string, unknown>;
  if (level === 'subError') return p.body.sub_errors![se] as unknown as Record<string, unknown>;
  return optionAt(p, se, op) as unknown as Record<string, unknown>;
}

/** Where a plant lands: the planted option's parameters (`extras`: they admit members they do not declare) and its URL members. */
interface Spot {
  p: ErrorPayload;
  se: number;
  op: number;
  params: Record<string, unknown>;
  /** The URL members of the option the plant may write (human_review_url, and each URL parameter its action declares). */
  urlMembers: string[];
}

/** A plant: the shape of the secret, a variant tag of where it went, and the edit. */
type Plant = fc.Arbitrary<{ shape: SecretFamily; variant?: string; edit: (s: Spot) => void }>;

/** Writes `url` into the URL member `member` of the spot's option. */
function writeUrl(s: Spot, member: string, url: string): void {
  if (member === 'human_review_url') optionAt(s.p, s.se, s.op).human_review_url = url;
  else s.params[member] = url;
}

/**
 * The families of ERR-NO-SECRETS, each a position or an encoding a scan may miss (D-ERR-07):
 * `detail` (in the prose), `message-id`, `param-member` (a credential-named parameter), `param-value`
 * (a secret-shaped value under a neutral name), `param-nested` (deep in an object or array of a
 * parameter), `param-key` (a secret as a member name), `url` (raw in a URL's query or path),
 * `percent-encoded`, `percent-twice` and `base64url` (in a URL's query, encoded), and, while members
 * are open (D-ERR-10), `undeclared-member` (a vendor member of the payload, the body, a sub-error or an option).
 */
function plants(spec: ErrorSpec): Record<string, Plant> {
  const anySecret = secretOf(SECRET_FAMILIES);
  const out: Record<string, Plant> = {
    detail: fakeSecretInProse().map((leak) => ({
      shape: leak.family,
      edit: (s: Spot) => void (s.p.body.detail = `${s.p.body.detail} ${leak.text}`),
    })),
    'message-id': anySecret.map((x) => ({ shape: x.shape, edit: (s: Spot) => void (s.p.message_id = x.text) })),
    'param-member': fakeCredentialMember().map((m) => ({
      shape: 'credential-assignment' as SecretFamily,
      edit: (s: Spot) => void (s.params[m.key] = m.value),
    })),
    'param-value': anySecret.map((x) => ({ shape: x.shape, edit: (s: Spot) => void (s.params.note = x.text) })),
    'param-nested': fc.tuple(anySecret, fc.boolean()).map(([x, inArray]) => ({
      shape: x.shape,
      edit: (s: Spot) =>
        void (s.params.context = inArray
          ? { headers: [{ name: 'X-Debug', value: x.text }] }
          : { trace: { upstream: { said: x.text } } }),
    })),
    'param-key': anySecret.map((x) => ({ shape: x.shape, edit: (s: Spot) => void (s.params[x.text] = true) })),
    url: fc.tuple(rawInUrl, fc.nat()).map(([x, i]) => ({
      shape: x.shape,
      edit: (s: Spot) => writeUrl(s, s.urlMembers[i % s.urlMembers.length]!, x.url),
    })),
  };
  for (const [family, { shapes, encode }] of Object.entries(ENCODINGS)) {
    out[family] = fc.tuple(secretOf(shapes), fc.nat()).map(([x, i]) => ({
      shape: x.shape,
      edit: (s: Spot) =>
        writeUrl(s, s.urlMembers[i % s.urlMembers.length]!, `https://review.example.com/login?state=${encode(x.text)}`),
    }));
  }
  if (membersOpen(spec)) {
    const declared = declaredMembers(spec);
    const spots = (['payload', 'body', 'subError', 'option'] as ErrorLevel[]).flatMap((level) =>
      UNDECLARED.filter((n) => !declared[level].includes(n)).map((name) => ({ level, name })),
    );
    if (spots.length > 0) {
      out['undeclared-member'] = fc
        .tuple(anySecret, fc.constantFrom(...spots), fc.boolean())
        .map(([x, { level, name }, nested]) => ({
          shape: x.shape,
          variant: `level:${level}`,
          edit: (s: Spot) =>
            void (levelObject(level, s.p, s.se, s.op)[name] = nested ? { trace: { auth: x.text } } : x.text),
        }));
    }
  }
  return out;
}

/** The families of ERR-NO-SECRETS under `spec`. */
export function secretFamilies(spec: ErrorSpec): string[] {
  return Object.keys(plants(spec));
}

/** The shapes every default run shows (`shape:<name>`): every family of `spec/secrets.json`. */
export const SECRET_SHAPES: readonly string[] = SECRET_FAMILIES.map((f) => `shape:${f}`);

/**
 * A valid payload that ships a (fake) credential (ERR-NO-SECRETS): the family (where, or how
 * encoded) drawn first, every family alike, then the shape of the secret. The planted option's
 * action admits undeclared parameters, so a parameter plant breaks nothing else; the added names
 * are neither URL keys nor retry keys; a URL stays an absolute https URI.
 */
export function secretLeak(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  const carriers = usableActions(spec).filter((a) => acceptsExtras(parameterSchema(a, spec)));
  if (carriers.length === 0)
    throw new Error('spec/error.json leaves no action with open parameters: ERR-NO-SECRETS has nowhere to plant');
  const all = plants(spec);
  return fc
    .tuple(fc.constantFrom(...Object.keys(all)), fc.constantFrom(...carriers))
    .chain(([family, action]) =>
      fc.tuple(fc.constant(family), fc.constant(action), all[family]!, payloadWithOption(spec, action)),
    )
    .map(([family, action, plant, t]) => {
      const p = copy(t.payload);
      const o = optionAt(p, t.subError, t.option);
      o.executable_parameters = { ...o.executable_parameters };
      const urlParams = Object.keys(parameterSchema(action, spec).properties ?? {}).filter((k) => isUrlKey(k, spec));
      plant.edit({
        p,
        se: t.subError,
        op: t.option,
        params: o.executable_parameters,
        urlMembers: ['human_review_url', ...urlParams],
      });
      return {
        family,
        where: action,
        variants: [`shape:${plant.shape}`, ...(plant.variant ? [plant.variant] : [])],
        payload: p as unknown,
      };
    });
}
