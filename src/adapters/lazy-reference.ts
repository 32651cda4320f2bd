import type { Adapter } from '../contract/adapter.js';
import { once } from '../contract/dependency.js';
import type { RecoveryPolicy } from '../contract/recovery.js';
import { TOOL } from '../io/package.js';
import { referenceInfo } from '../reference/info.js';
import type { SpecData } from '../spec/index.js';

/**
 * The reference implementation for `spec`, each domain's code loaded on the first call that needs
 * it (issue 16: a run of the envelope checks loads neither the UAS verifier nor the recovery
 * policy). It answers as `createReferenceAdapter` does, every member asynchronously; the command
 * line and the reference's adapter process use it, the library keeps the eager `referenceAdapter`.
 */
export function lazyReference(spec: SpecData): Adapter {
  const envelope = once(async () => (await import('../reference/envelope/index.js')).envelopeReference(spec));
  const error = once(async () => (await import('../reference/error/index.js')).errorReference(spec));
  const uas = once(async () => (await import('../reference/uas/verify.js')).verifyUas);
  const recovery = once(
    async (): Promise<RecoveryPolicy> =>
      (await import('../reference/recovery/index.js')).recoveryReference(spec).recovery,
  );
  return {
    describe: () => referenceInfo(TOOL.version),
    validateEnvelope: async (packet, context) => (await envelope()).validateEnvelope(packet, context),
    computeChecksum: async (packet) => (await envelope()).computeChecksum(packet),
    toKeyless: async (packet) => (await envelope()).toKeyless(packet),
    fromKeyless: async (wire) => (await envelope()).fromKeyless(wire),
    validateError: async (payload, context) => (await error()).validateError(payload, context),
    verifyUas: async (source, artifact) => (await uas())(source, artifact, spec.uas),
    recovery: {
      start: async (scenario) => (await recovery()).start(scenario),
      observe: async (sessionId, observation) => (await recovery()).observe(sessionId, observation),
    },
  };
}
