import { createHash } from 'node:crypto';
import type { Adapter, Verdict } from '../../src/contract/adapter.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { fromKeyless, toKeyless } from '../../src/reference/keyless.js';

/**
 * Deliberately broken adapters, one per check of the envelope, integrity and wire suites: each
 * models a real mistake an implementer makes, and must fail its check with that check's id.
 */
const ref = referenceAdapter;

/** The reference validator with one validation expectation left out. */
function ignoring(checkId: string): Adapter {
  return {
    ...ref,
    describe: () => ({ name: `ignores ${checkId}`, version: '0' }),
    async validateEnvelope(packet, context) {
      const v = (await ref.validateEnvelope!(packet, context)) as Verdict;
      const findings = (v.findings ?? []).filter((f) => f.checkId !== checkId);
      return findings.length ? { valid: false, findings } : { valid: true };
    },
  };
}

/** A claim filter without negation: rejects every sentence naming UAIX and a service, as naive filters do. */
const keywordClaimFilter: Adapter = {
  ...ref,
  describe: () => ({ name: 'keyword claim filter', version: '0' }),
  async validateEnvelope(packet, context) {
    const text = JSON.stringify(packet);
    if (/UAIX[^"]*(hosted messaging|automatic sync|orchestration|official adapters|certif)/i.test(text)) return { valid: false, findings: [{ message: 'claim' }] };
    return ref.validateEnvelope!(packet, context);
  },
};

/** Reads the body field list of the seeds literally: rejection_reason and revised_payload always required. */
const literalBodyFields: Adapter = {
  ...ref,
  describe: () => ({ name: 'literal body fields', version: '0' }),
  async validateEnvelope(packet, context) {
    const p = packet as { profile?: string; body?: Record<string, unknown> };
    if (p.profile === 'uai.agent.ack.v1' && !('rejection_reason' in (p.body ?? {}))) return { valid: false, findings: [{ path: '/body/rejection_reason' }] };
    if (p.profile === 'uai.agent.correction.v1' && !('revised_payload' in (p.body ?? {}))) return { valid: false, findings: [{ path: '/body/revised_payload' }] };
    return ref.validateEnvelope!(packet, context);
  },
};

/** Hashes the envelope with its checksum member still in it. */
const checksumKeepsMember: Adapter = {
  ...ref,
  describe: () => ({ name: 'checksum keeps member', version: '0' }),
  computeChecksum: (packet) => `sha256:${createHash('sha256').update(JSON.stringify(packet)).digest('hex')}`,
};

/** Encodes source and target in the keyed order with no reserved slot, both ways (round trips fine). */
const keyedOrderIdentity: Adapter = {
  ...ref,
  describe: () => ({ name: 'keyed-order identity', version: '0' }),
  toKeyless(packet) {
    const wire = toKeyless(packet) as unknown[];
    for (const i of [3, 4]) {
      const [type, id, label, uri, , role, implementation, project] = wire[i] as unknown[];
      wire[i] = [type, id, label, uri, role, project, implementation];
    }
    return wire;
  },
  fromKeyless(w) {
    const wire = structuredClone(w) as unknown[];
    for (const i of [3, 4]) {
      const [type, id, label, uri, role, project, implementation] = wire[i] as unknown[];
      wire[i] = [type, id, label, uri, null, role, implementation, project];
    }
    return fromKeyless(wire);
  },
};

/** Decodes absent optional slots as explicit nulls in the keyed form. */
const nullsKept: Adapter = {
  ...ref,
  describe: () => ({ name: 'keeps nulls', version: '0' }),
  fromKeyless(w) {
    const keyed = fromKeyless(w) as Record<string, Record<string, unknown>>;
    if (Array.isArray(w) && Array.isArray(w[5]) && w[5][2] === null) keyed.conversation!.parent_message_id = null;
    if (Array.isArray(w) && Array.isArray(w[5]) && w[5][3] === null) keyed.conversation!.traceparent = null;
    if (Array.isArray(w) && Array.isArray(w[6]) && w[6][5] === null) keyed.delivery!.task_ref = null;
    return keyed;
  },
};

/** A lenient decoder: pads short arrays, drops extra slots, never checks a type. */
const lenientDecoder: Adapter = {
  ...ref,
  describe: () => ({ name: 'lenient decoder', version: '0' }),
  fromKeyless(w) {
    const arr = Array.isArray(w) ? w : [];
    const fields = ['uai_version', 'profile', 'message_id', 'source', 'target', 'conversation', 'delivery', 'trust', 'body', 'provenance', 'integrity', 'extensions'];
    return Object.fromEntries(fields.map((f, i) => [f, arr[i] ?? null]));
  },
};

export const brokenEnvelopeAdapters: Record<string, Adapter> = {
  'ENV-VALID-ACCEPTED': keywordClaimFilter,
  'ENV-SEED-FIXTURES': literalBodyFields,
  'ENV-PROFILE-KNOWN': ignoring('ENV-PROFILE-KNOWN'),
  'ENV-REQUIRED-FIELDS': ignoring('ENV-REQUIRED-FIELDS'),
  'ENV-UNDECLARED-FIELD': ignoring('ENV-UNDECLARED-FIELD'),
  'ENV-UTC-Z': ignoring('ENV-UTC-Z'),
  'ENV-IDENTITY': ignoring('ENV-IDENTITY'),
  'ENV-CORRELATION-ID': ignoring('ENV-CORRELATION-ID'),
  'ENV-IDEMPOTENCY-KEY': ignoring('ENV-IDEMPOTENCY-KEY'),
  'ENV-FALLBACK-DIRECTIVE': ignoring('ENV-FALLBACK-DIRECTIVE'),
  'ENV-EXPIRED': ignoring('ENV-EXPIRED'),
  'ENV-UNSUPPORTED-CLAIM': ignoring('ENV-UNSUPPORTED-CLAIM'),
  'ENV-SECRET-IN-MEMORY': ignoring('ENV-SECRET-IN-MEMORY'),
  'ENV-COLD-MEMORY-PROMOTION': ignoring('ENV-COLD-MEMORY-PROMOTION'),
  'ENV-FINAL-REPORT-EVIDENCE': ignoring('ENV-FINAL-REPORT-EVIDENCE'),
  'ENV-HUMAN-REVIEW-BLOCKER': ignoring('ENV-HUMAN-REVIEW-BLOCKER'),
  'INT-CHECKSUM': checksumKeepsMember,
  'INT-TAMPER-DETECTED': ignoring('INT-TAMPER-DETECTED'),
  'WIRE-SEED-FIXTURES': keyedOrderIdentity,
  'WIRE-LAYOUT': keyedOrderIdentity,
  'WIRE-ROUNDTRIP': nullsKept,
  'WIRE-MALFORMED-REJECTED': lenientDecoder,
};
