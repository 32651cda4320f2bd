import type { Adapter } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { seedFixtures } from '../../../src/spec/seed-fixtures.js';
import type { BrokenRegistry } from '../../helpers/broken.js';

/**
 * Deliberately broken keyless codecs, one per check of the wire suite: each models a mistake an
 * implementer makes, and must fail its check (and, but for the overlap `alsoFails` lists, only it).
 */
const ref = referenceAdapter;
type Wire = unknown[];

/** The identity arrays of an earlier draft of the seeds: keyed order, no reserved slot. */
function draftIdentities(keyless: Wire): Wire {
  const wire = structuredClone(keyless);
  for (const i of [3, 4]) {
    const [type, id, label, uri, , role, implementation, project] = wire[i] as unknown[];
    wire[i] = [type, id, label, uri, role, project, implementation];
  }
  return wire;
}

/** Answers the seeds' published examples from a table copied from an earlier draft of the seeds. */
const staleExamples: Adapter = (() => {
  const table = new Map(seedFixtures().map((f) => [f.keyed.message_id, draftIdentities(f.keyless)]));
  return {
    ...ref,
    describe: () => ({ name: 'stale published examples', version: '0' }),
    toKeyless(packet) {
      const hit = table.get((packet as { message_id?: unknown }).message_id);
      return hit ? structuredClone(hit) : ref.toKeyless!(packet);
    },
  };
})();

const BODY = 8;
const nonAgent = new Set(
  Object.entries(bundledSpec().envelope.profiles)
    .filter(([, p]) => !p.agent)
    .map(([name]) => name),
);

/**
 * Reads D-WIRE-03 as "only `uai.agent.*` bodies become arrays": the body of every other profile
 * travels keyed, both ways. Its decoder is strict about its own form (an array body there is refused).
 */
const keyedNonAgentBody: Adapter = {
  ...ref,
  describe: () => ({ name: 'keyed non-agent bodies', version: '0' }),
  async toKeyless(packet) {
    const wire = (await ref.toKeyless!(packet)) as Wire;
    if (nonAgent.has((packet as { profile: string }).profile)) wire[BODY] = (packet as { body: unknown }).body;
    return wire;
  },
  async fromKeyless(w) {
    if (!Array.isArray(w) || !nonAgent.has(w[1] as string)) return ref.fromKeyless!(w);
    const body = w[BODY];
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new TypeError('body: expected a keyed object');
    const slots = ((await ref.toKeyless!({ profile: w[1], body })) as Wire)[BODY];
    return ref.fromKeyless!(w.map((v, i) => (i === BODY ? slots : v)));
  },
};

/** Decodes absent optional slots as explicit nulls in the keyed form. */
const nullsKept: Adapter = {
  ...ref,
  describe: () => ({ name: 'keeps nulls', version: '0' }),
  async fromKeyless(w) {
    const keyed = (await ref.fromKeyless!(w)) as Record<string, Record<string, unknown>>;
    if (Array.isArray(w) && Array.isArray(w[5]) && w[5][2] === null) keyed.conversation!.parent_message_id = null;
    if (Array.isArray(w) && Array.isArray(w[5]) && w[5][3] === null) keyed.conversation!.traceparent = null;
    if (Array.isArray(w) && Array.isArray(w[6]) && w[6][5] === null) keyed.delivery!.task_ref = null;
    return keyed;
  },
};

/** A lenient decoder: takes a keyless envelope sent as a JSON string, and drops extra top-level slots. */
const lenientDecoder: Adapter = {
  ...ref,
  describe: () => ({ name: 'lenient decoder', version: '0' }),
  fromKeyless(w) {
    const wire = typeof w === 'string' ? JSON.parse(w) : w;
    return ref.fromKeyless!(Array.isArray(wire) ? wire.slice(0, bundledSpec().envelope.envelopeFields.length) : wire);
  },
};

/** Every wire check id, mapped to the adapter that must fail it. */
export const broken: BrokenRegistry = {
  'WIRE-SEED-FIXTURES': staleExamples,
  'WIRE-LAYOUT': keyedNonAgentBody,
  'WIRE-ROUNDTRIP': nullsKept,
  'WIRE-MALFORMED-REJECTED': lenientDecoder,
};

/**
 * Checks an adapter of `broken` fails besides its own. WIRE-LAYOUT decodes the pinned form of the
 * same envelopes a round trip decodes, and compares with the same packet: a decoder that changes
 * what it decodes fails both, whatever its slip.
 */
export const alsoFails: Record<string, readonly string[]> = {
  'WIRE-ROUNDTRIP': ['WIRE-LAYOUT'],
};

export { byFamily } from './by-family.js';
