import * as fc from 'fast-check';
import { defineCheck, fail, PASS, type CheckDefinition } from '../../src/engine/check.js';
import type { EnvelopeSpec } from '../../src/spec/envelope.js';
import { seedFixtures } from '../../src/spec/seed-fixtures.js';
import { validEnvelope } from '../../generators/envelope/envelope.js';
import { tamperedEnvelope } from '../../generators/envelope/mutators/integrity.js';
import { generatorChecksum, seal } from '../../generators/envelope/seal.js';
import {
  CANONICAL_FEATURES,
  canonicalFeaturePlaces,
  canonicalFeatures,
  withFeature,
  type CanonicalFeature,
} from '../../generators/envelope/features.js';
import type { SpecData } from '../../src/spec/index.js';
import { rejectionCheck } from '../envelope/reject.js';
import { checksumFixture } from '../envelope/fixtures.js';

/** The checksum rule of `spec` in words (D-INT-01), for failure messages. */
function checksumRule(spec: EnvelopeSpec): string {
  const without = spec.checksumScope === 'integrity-object' ? 'the integrity member' : 'integrity.checksum';
  return `sha256: + lowercase hex SHA-256 of the RFC 8785 canonical UTF-8 bytes of the envelope without ${without}`;
}

/** A valid envelope whose free-form `expected_output_schema` holds members with `feature`. */
function withPlanted(
  spec: SpecData,
  feature: CanonicalFeature,
): fc.Arbitrary<{ origin: string; packet: Record<string, unknown> }> {
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
 * drawn as often as another; every case is tagged with all the features it holds.
 */
export const intChecksum = defineCheck<{ origin: string; packet: Record<string, unknown> }>({
  id: 'INT-CHECKSUM',
  title: 'The integrity checksum follows the pinned rule (RFC 8785 JCS + SHA-256, checksum member removed)',
  suite: 'integrity',
  severity: 'MUST',
  statement:
    '`computeChecksum` returns `sha256:` followed by the lowercase hex SHA-256 of the RFC 8785 (JCS) canonical UTF-8 bytes of the keyed envelope with its `integrity.checksum` member left out and the rest of `integrity` kept (001 §Ejemplo de dispositivo JSON válido, integrity `sha256` / `jcs-compatible-sorted-json`; D-INT-01).',
  specRef:
    '001 §Ejemplo de dispositivo JSON válido (integrity: sha256, jcs-compatible-sorted-json); 001 §Expectativas de confianza y procedencia',
  requires: ['computeChecksum'],
  decisions: ['D-INT-01', 'D-INT-02'],
  arbitrary: (spec) =>
    fc.oneof(
      {
        weight: 1,
        arbitrary: fc.constantFrom(...seedFixtures()).map((f) => ({ origin: `fixture:${f.name}`, packet: f.keyed })),
      },
      { weight: 3, arbitrary: validEnvelope(spec).map((c) => ({ origin: `profile:${c.profile}`, packet: c.packet })) },
      ...CANONICAL_FEATURES.map((feature) => ({ weight: 1, arbitrary: withPlanted(spec, feature) })),
    ),
  async run(c, h) {
    const got = await h.invoke<string>('computeChecksum', [c.packet], 'checksum');
    const want = generatorChecksum(h.spec.envelope, c.packet);
    if (got === want) return PASS;
    const places = canonicalFeaturePlaces(c.packet);
    const listed = places
      .slice(0, 5)
      .map((p) => `/packet${p.at} (${p.feature})`)
      .join(', ');
    // The places first: a terminal cuts a long line, and they are what the implementer looks for.
    const rule = checksumRule(h.spec.envelope);
    if (places.length === 0) return fail(`checksum differs from the pinned rule (${rule})`, want, got);
    const more = places.length > 5 ? ` and ${places.length - 5} more` : '';
    return fail(
      `checksum differs; values a canonicalizer may write otherwise: ${listed}${more} (the pinned rule: ${rule})`,
      want,
      got,
    );
  },
  show: (c) => ({ origin: c.origin, packet: c.packet }),
  tags: (c) => ['valid', c.origin, ...canonicalFeatures(c.packet).map((f) => `family:${f}`)],
  reach: () => CANONICAL_FEATURES.map((f) => `family:${f}`),
  fixture: checksumFixture,
});

/** INT-TAMPER-DETECTED: a recorded checksum that does not match the content makes the envelope invalid. */
export const intTamperDetected = rejectionCheck({
  id: 'INT-TAMPER-DETECTED',
  title: 'An envelope whose recorded checksum does not match its content is rejected',
  statement:
    "An envelope whose `integrity.checksum` is neither the seeds' placeholder `sha256:fixture-hash-recorded-by-validator` nor exactly the checksum of its own content (an edit after sealing, even one a normalizing hash would not see: NFD text, padding white space, a null or `__proto__` member, reordered items; a hash of non-canonical JSON or of the other scope; the right digest without its `sha256:` prefix, padded, cut short; the case of the hex digits is not tested) is invalid (001 §Expectativas de confianza y procedencia; notes §No-op trigger catalog, provenance_mismatch; D-INT-01, D-INT-02).",
  specRef:
    '001 §Expectativas de confianza y procedencia (integrity preserves what was reviewed); notes §No-op trigger catalog (provenance_mismatch)',
  decisions: ['D-INT-01', 'D-INT-02'],
  suite: 'integrity',
  cases: tamperedEnvelope,
});

export const integritySuite: CheckDefinition[] = [intChecksum, intTamperDetected];
