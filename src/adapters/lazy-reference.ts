import type { Adapter, AdapterMember } from '../contract/adapter.js';
import { once } from '../contract/dependency.js';
import type { RecoveryPolicy } from '../contract/recovery.js';
import { TOOL } from '../io/package.js';
import { REFERENCE_DOMAINS } from '../reference/domains.js';
import { referenceInfo } from '../reference/info.js';
import type { SpecData } from '../spec/index.js';

/**
 * The reference implementation for `spec`, each domain's code loaded on the first call that needs
 * it (`REFERENCE_DOMAINS`: a run of the envelope checks loads neither the UAS verifier nor the
 * recovery policy). It answers as `createReferenceAdapter` does, every member asynchronously; the
 * command line and the reference's adapter process use it, the library keeps the eager
 * `referenceAdapter`.
 */
export function lazyReference(spec: SpecData): Adapter {
  const adapter: Record<string, unknown> = { describe: () => referenceInfo(TOOL.version) };
  for (const d of Object.values(REFERENCE_DOMAINS)) {
    const part = once(() => d.load(spec) as Promise<Partial<Adapter>>);
    for (const member of d.members as readonly AdapterMember[]) {
      adapter[member] =
        member === 'recovery'
          ? ({
              start: async (scenario) => ((await part()).recovery as RecoveryPolicy).start(scenario),
              observe: async (sessionId, observation) =>
                ((await part()).recovery as RecoveryPolicy).observe(sessionId, observation),
            } satisfies RecoveryPolicy)
          : async (...args: unknown[]) => ((await part())[member] as (...a: unknown[]) => unknown)(...args);
    }
  }
  return adapter as unknown as Adapter;
}
