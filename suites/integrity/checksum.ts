import * as fc from 'fast-check';
import {
  CANONICAL_FEATURES,
  type CanonicalFeature,
  canonicalFeaturePlaces,
  canonicalFeatures,
  withFeature,
} from '../../generators/envelope/features.js';
import { validEnvelope } from '../../generators/envelope/envelope.js';
import { generatorChecksum, seal } from '../../generators/envelope/seal.js';
import { exchangeCheck } from '../../src/engine/kinds/exchange.js';
import type { EnvelopeSpec } from '../../src/spec/envelope.js';
import type { SpecData } from '../../src/spec/index.js';
import { seedFixtures } from '../../src/spec/seed-fixtures.js';
import { checksumFixture } from '../envelope/fixtures.js';

type ChecksumCase = { origin: string; packet: Record<string, unknown> };

/** The checksum rule of `spec` in words (D-INT-01), for failure messages. */
function checksumRule(spec: EnvelopeSpec): string {
  const without = spec.checksumScope === 'integrity-object' ? 'the integrity member' : 'integrity.checksum';
  return `sha256: + lowercase hex SHA-256 of the RFC 8785 canonical UTF-8 bytes of the envelope without ${without}`;
}

/** A valid envelope whose free-form `expected_output_schema` holds members with `feature`. */
function withPlanted(spec: SpecData, feature: CanonicalFeature): fc.Arbitrary<ChecksumCase> {
  return validEnvelope(spec).chain((c) =>
    withFeature(feature, c.packet.delivery.expected_output_schema).map((free) => ({
      origin: `profile:${c.profile}`,
      packet: seal(
        spec.envelope,
        {
          ...c.packet,
          delivery: { ...c.packet.delivery, expected_output_schema: free },
          integrity: { ...c.packet.integrity },
        },
        c.sealing,
      ),
    })),
  );
}

/**
 * INT-CHECKSUM: the adapter's checksum equals the pack's own (`generatorChecksum`, on another SHA-256
 * implementation than the reference's) on generated envelopes and the seed fixtures. Most cases
 * carry, in their free-form `expected_output_schema`, content one canonicalization slip writes
 * otherwise (`CANONICAL_FEATURES`: key orders, escapes, number forms, `__proto__`...), one feature
 * drawn as often as another; every case is tagged with all the features it holds. A failure names
 * the places first: a terminal cuts a long line, and they are what the implementer looks for.
 */
export const intChecksum = exchangeCheck<ChecksumCase>({
  id: 'INT-CHECKSUM',
  title: 'The integrity checksum follows the pinned rule (RFC 8785 JCS + SHA-256, checksum member removed)',
  suite: 'integrity',
  severity: 'MUST',
  statement:
    '`computeChecksum` returns `sha256:` followed by the lowercase hex SHA-256 of the RFC 8785 (JCS) canonical UTF-8 bytes of the keyed envelope with its `integrity.checksum` member left out and the rest of `integrity` kept (001 §Ejemplo de dispositivo JSON válido, integrity `sha256` / `jcs-compatible-sorted-json`; D-INT-01).',
  specRef:
    '001 §Ejemplo de dispositivo JSON válido (integrity: sha256, jcs-compatible-sorted-json); 001 §Expectativas de confianza y procedencia',
  decisions: ['D-INT-01', 'D-INT-02'],
  cases: {
    arbitrary: (spec) =>
      fc.oneof(
        {
          weight: 1,
          arbitrary: fc.constantFrom(...seedFixtures()).map((f) => ({ origin: `fixture:${f.name}`, packet: f.keyed })),
        },
        {
          weight: 3,
          arbitrary: validEnvelope(spec).map((c) => ({ origin: `profile:${c.profile}`, packet: c.packet })),
        },
        ...CANONICAL_FEATURES.map((feature) => ({ weight: 1, arbitrary: withPlanted(spec, feature) })),
      ),
    show: (c) => ({ origin: c.origin, packet: c.packet }),
    tags: (c) => ['valid', c.origin, ...canonicalFeatures(c.packet).map((f) => `family:${f}`)],
    reach: () => CANONICAL_FEATURES.map((f) => `family:${f}`),
    fixture: checksumFixture,
  },
  steps: [
    {
      member: 'computeChecksum',
      shape: 'checksum',
      args: (c) => [c.packet],
      judge(answer, c, _before, spec) {
        const got = answer.rejected ? undefined : answer.value;
        const want = generatorChecksum(spec.envelope, c.packet);
        if (got === want) return null;
        const rule = checksumRule(spec.envelope);
        const places = canonicalFeaturePlaces(c.packet).map((p) => `/packet${p.at} (${p.feature})`);
        return places.length === 0
          ? { reason: 'differs', params: { rule }, expected: want, actual: got }
          : { reason: 'differs-at', params: { rule, places }, expected: want, actual: got };
      },
    },
  ],
  messages: {
    differs: (p: { rule: string }) => `checksum differs from the pinned rule (${p.rule})`,
    'differs-at': (p: { rule: string; places: string[] }) =>
      `checksum differs; values a canonicalizer may write otherwise: ${p.places.slice(0, 5).join(', ')}${p.places.length > 5 ? ` and ${p.places.length - 5} more` : ''} (the pinned rule: ${p.rule})`,
  },
});
