import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../../src/api/catalog.js';
import { runChecks } from '../../../src/api/run.js';
import type { JsonObject } from '../../../src/contract/recovery.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { createRecoveryPolicy, RecoverySession } from '../../../src/reference/recovery/index.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { MUTATION_RUN } from '../../mutation/reference-checks.js';

/**
 * REC-CORRECT-FIELD holds the resend's new message_id to D-ENV-01 (an identifier: the resend is a
 * fresh envelope, D-REC-08). The survivor `src/reference/recovery/session.ts:397:35`
 * (`msg-${this.id}` => ``) names the resend `-<n>`: new, but no identifier.
 */
const check = packCatalog().get('REC-CORRECT-FIELD')!;

/** The reference, but its corrected message takes the next id of an empty prefix, as the mutant does. */
class EmptyPrefixId extends RecoverySession {
  protected override corrected(message: JsonObject, steps: (string | number)[], value: string): JsonObject {
    return { ...super.corrected(message, steps, value), message_id: this.nextId('') };
  }
}

describe('REC-CORRECT-FIELD judges the resend message id as an identifier', () => {
  it('fails, at the default run, an agent whose resend id is "-<n>" (session.ts:397:35)', async () => {
    const adapter = {
      describe: () => ({ name: 'broken: resend id without a prefix', version: '0', capabilityLevel: 'L7' as const }),
      recovery: createRecoveryPolicy(bundledSpec(), EmptyPrefixId),
    };
    const [r] = (
      await runChecks({ checks: [check], adapter, ...MUTATION_RUN, adapterSpec: './broken', verdictOnly: true })
    ).checks;
    expect(r!.status).toBe('failed');
    expect(r!.status === 'failed' && r!.failure.message).toMatch(
      /^the resend of \S+ has the message id "-\d+", which is no identifier \(D-ENV-01\)$/,
    );
  });

  it('passes the reference at the default run', async () => {
    const [r] = (
      await runChecks({
        checks: [check],
        adapter: referenceAdapter,
        ...MUTATION_RUN,
        adapterSpec: 'reference',
        verdictOnly: true,
      })
    ).checks;
    expect(r!.status).toBe('passed');
  });
});
