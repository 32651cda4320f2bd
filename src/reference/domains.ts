import type { Adapter, AdapterMember } from '../contract/adapter.js';
import type { SpecData } from '../spec/index.js';

/**
 * The reference's domains, each loaded on the first call that needs it: the members it answers and
 * how to make its part of the adapter for some spec data. The one table of them: the command line's
 * lazy reference (`src/adapters/lazy-reference.ts`) answers each member through it, and the
 * compiler holds it to cover every member of the contract, each member named by its domain's part.
 */
interface Domain<P extends Partial<Adapter>> {
  members: readonly (keyof P & AdapterMember)[];
  load(spec: SpecData): Promise<P>;
}

const domain = <P extends Partial<Adapter>>(d: Domain<P>): Domain<P> => d;

export const REFERENCE_DOMAINS = {
  envelope: domain({
    members: ['validateEnvelope', 'computeChecksum', 'toKeyless', 'fromKeyless'],
    load: async (spec) => (await import('./envelope/index.js')).envelopeReference(spec),
  }),
  error: domain({
    members: ['validateError'],
    load: async (spec) => (await import('./error/index.js')).errorReference(spec),
  }),
  uas: domain({
    members: ['verifyUas'],
    // The verifier alone: the file reader of `uas-verify` stays unloaded.
    load: async (spec) => {
      const { verifyUas } = await import('./uas/verify.js');
      return { verifyUas: (source: Uint8Array, artifact: string) => verifyUas(source, artifact, spec.uas) };
    },
  }),
  recovery: domain({
    members: ['recovery'],
    load: async (spec) => (await import('./recovery/index.js')).recoveryReference(spec),
  }),
};

/** Every member some domain answers; the line below fails to compile when a member of the contract has none. */
type Covered = (typeof REFERENCE_DOMAINS)[keyof typeof REFERENCE_DOMAINS]['members'][number];
const everyMemberCovered: [Exclude<AdapterMember, Covered>] extends [never] ? true : never = true;
void everyMemberCovered;
