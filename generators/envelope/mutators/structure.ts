import fc from 'fast-check';
import { profileNames, type EnvelopeSpec, type FieldSpec } from '../../../src/spec/envelope.js';
import { freeJson, freeKey } from '../../common/text.js';
import { pointerToken, publishedObjects, setAt } from '../walk.js';
import { presentFields, type EnvelopeMutator } from './mutation.js';

const WORD = fc.stringMatching(/^[a-z]{3,12}$/);

/** ENV-PROFILE-KNOWN: a profile name the registry of `spec` does not hold; the body stays as it was. */
export function unknownProfile(spec: EnvelopeSpec): EnvelopeMutator {
  const known = profileNames(spec);
  return {
    breaks: 'ENV-PROFILE-KNOWN',
    families: ['unknown-version', 'unregistered-name', 'not-a-name'],
    mutate: (c) =>
      fc
        .oneof(
          fc.constant({ value: c.profile.replace(/\.v1$/, '.v2'), family: 'unknown-version' }),
          WORD.map((w) => ({ value: `uai.agent.${w}-x.v1`, family: 'unregistered-name' })),
          fc.constantFrom('uai.made.up.v1', 'uaix.agent.ack.v1', 'uai.agent.ack').map((value) => ({ value, family: 'unregistered-name' })),
          fc.constantFrom<unknown>('', 7, null).map((value) => ({ value, family: 'not-a-name' })),
        )
        .filter(({ value }) => typeof value !== 'string' || !known.includes(value))
        .map(({ value, family }) => {
          const packet = structuredClone(c.packet);
          packet.profile = value;
          return { packet, family, note: `profile set to ${JSON.stringify(value)}` };
        }),
  };
}

/** Pointers of the present fields whose requiredness a seed or the public notes state (D-ENV-05). */
export function requiredPointers(spec: EnvelopeSpec, packet: Record<string, any>, profile: string): string[] {
  return presentFields(spec, packet, profile)
    .filter(({ field }) => field.required && field.basis !== 'pinned')
    .map(({ pointer }) => pointer);
}

/**
 * ENV-REQUIRED-FIELDS: one seed- or notes-required field removed. The correlation id, the
 * idempotency key and the fallback directive have rules of their own, which a validator may name.
 */
export function missingRequired(spec: EnvelopeSpec): EnvelopeMutator {
  return {
    breaks: 'ENV-REQUIRED-FIELDS',
    alsoAllowed: ['ENV-CORRELATION-ID', 'ENV-IDEMPOTENCY-KEY', 'ENV-FALLBACK-DIRECTIVE'],
    families: ['body', 'nested', 'top-level'],
    mutate: (c) =>
      fc.constantFrom(...requiredPointers(spec, c.packet, c.profile)).map((pointer) => {
        const packet = structuredClone(c.packet);
        setAt(packet, pointer, undefined);
        return { packet, family: pointer.startsWith('/body') ? 'body' : pointer.split('/').length > 2 ? 'nested' : 'top-level', note: `removed ${pointer}` };
      }),
  };
}

/** The top-level members of `spec` that hold published objects: where an undeclared member can go. */
function objectMembers(spec: EnvelopeSpec): string[] {
  return Object.entries(spec.topLevel)
    .filter(([, f]) => f.type === 'object' || f.type === 'body' || (f.type === 'array' && f.items.type === 'object'))
    .map(([name]) => name);
}

/**
 * ENV-UNDECLARED-FIELD: a member no schema declares, at the top level or inside any published
 * object; at the top level only where the spec closes only the top level (D-ENV-14).
 */
export function undeclaredField(spec: EnvelopeSpec): EnvelopeMutator {
  const everywhere = spec.undeclaredMembers !== 'top-level';
  return {
    breaks: 'ENV-UNDECLARED-FIELD',
    families: ['top-level', ...(everywhere ? objectMembers(spec).map((name) => `in-${name}`) : [])],
    mutate: (c) =>
      fc
        .tuple(
          fc.constantFrom(...publishedObjects(spec, c.packet, c.profile).filter((o) => everywhere || o.pointer === '')),
          fc.oneof(fc.constantFrom('x_custom', 'debug', 'note', 'rejectionReason', 'credential_ref', 'checksum2', 'extensions_v2'), freeKey()),
          freeJson(2),
        )
        .filter(([o, key]) => !o.declared.includes(key))
        .map(([o, key, value]) => {
          const packet = structuredClone(c.packet);
          setAt(packet, `${o.pointer}/${pointerToken(key)}`, value === undefined ? null : value);
          return { packet, family: o.pointer === '' ? 'top-level' : `in-${o.pointer.split('/')[1]}`, note: `added ${JSON.stringify(key)} at ${o.pointer || '/'}` };
        }),
  };
}
