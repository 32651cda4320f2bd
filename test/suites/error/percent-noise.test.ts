import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../../src/api/catalog.js';
import { runChecks } from '../../../src/api/run.js';
import type { Adapter, Verdict } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { caseAt } from '../../../src/engine/replay.js';
import { findSecret } from '../../../src/reference/secrets.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { BINARY_BASE64, PERCENT_NOISE } from '../../../generators/error/valid-payload.js';
import { MUTATION_RUN } from '../../mutation/reference-checks.js';

/**
 * ERR-VALID-ACCEPTED's `edge:percent-noise` and `edge:binary-base64` kill survivors of the error
 * domain's mutation run in `src/reference/error/no-secrets.ts`: 25:23 (escapes decoded one by one,
 * `/(?:%XX)/g`, so a multi-byte run stays escaped and reads as a long value), 28:13 (a malformed
 * run's catch returns undefined, read as the text "undefined") and the two 40:10 mutants that read
 * every base64 decoding, printable or not. Each adapter below is the reference plus that mutant's
 * extra reading of every string, written by hand from the mutated line.
 */
const spec = bundledSpec();
const check = packCatalog().get('ERR-VALID-ACCEPTED')!;

/** Every string of a JSON value (member names and values, at any depth). */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (v === null || typeof v !== 'object') return [];
  return Object.entries(v).flatMap(([k, x]) => (Array.isArray(v) ? strings(x) : [k, ...strings(x)]));
}

/** The reference, but also rejecting a payload one of whose strings, percent-decoded by `decode`, holds a secret. */
function decodingBy(name: string, decode: (text: string) => string): Adapter {
  return {
    ...referenceAdapter,
    describe: () => ({ name, version: '0' }),
    validateError(payload, context) {
      const v = referenceAdapter.validateError!(payload, context) as Verdict;
      const leak = strings(payload).find((s) => decode(s) !== s && findSecret(decode(s)) !== null);
      return leak === undefined
        ? v
        : {
            valid: false,
            findings: [{ checkId: 'ERR-NO-SECRETS', message: `looks like a credential once decoded: ${leak}` }],
          };
    },
  };
}

const decodeRun = (run: string, failed: (run: string) => string) => {
  try {
    return decodeURIComponent(run);
  } catch {
    return failed(run);
  }
};
/** Every base64 run of `text` (16 characters or more) decoded, printable or not, joined. */
const everyDecoding = (text: string) =>
  [...text.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)]
    .map(([run]) => Buffer.from(run, 'base64').toString('utf8'))
    .join(' ') || text;

const SLIPS: readonly [string, string, Adapter][] = [
  [
    'no-secrets.ts:25:23 escapes decoded one by one',
    'edge:percent-noise',
    decodingBy('escapes decoded one by one', (t) =>
      t.replace(/(?:%[0-9A-Fa-f]{2})/g, (run) => decodeRun(run, (r) => r)),
    ),
  ],
  [
    'no-secrets.ts:28:13 a malformed run read as undefined',
    'edge:percent-noise',
    decodingBy('a malformed run read as undefined', (t) =>
      t.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => decodeRun(run, () => String(undefined))),
    ),
  ],
  [
    'no-secrets.ts:40:10 (both: every decoding read, printable or not)',
    'edge:binary-base64',
    decodingBy('every base64 decoding read', everyDecoding),
  ],
];

describe('ERR-VALID-ACCEPTED accepts details whose escapes and encodings hold no credential (D-ERR-07)', () => {
  it('the reference accepts every planted detail', () => {
    for (const detail of [...PERCENT_NOISE, BINARY_BASE64]) {
      const payload = {
        uai_version: '1.0',
        profile: 'uai.error.v1',
        message_id: 'err-1',
        body: { status: 'error', code: 'invalid_message', origin: 'endpoint', detail },
      };
      expect(referenceAdapter.validateError!(payload, { now: '2026-01-01T00:00:00Z' }), detail).toMatchObject({
        valid: true,
      });
    }
  });

  for (const [mutant, edge, adapter] of SLIPS) {
    it(`fails, at the default run, on a case of ${edge}, a validator with the slip of ${mutant}`, async () => {
      const [r] = (
        await runChecks({ checks: [check], adapter, ...MUTATION_RUN, adapterSpec: './broken', verdictOnly: true })
      ).checks;
      expect(r!.status).toBe('failed');
      if (r!.status !== 'failed') return;
      expect(check.tags!(caseAt(check, spec, MUTATION_RUN.seed, MUTATION_RUN.runs, r!.failure.path))).toContain(edge);
    });
  }
});
