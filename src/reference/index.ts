import type { Adapter } from '../contract/adapter.js';
import type { SpecData } from '../spec/index.js';
import { envelopeReference } from './envelope/index.js';
import { errorReference } from './error/index.js';
import { referenceInfo } from './info.js';
import { recoveryReference } from './recovery/index.js';
import { uasReference } from './uas/index.js';

/**
 * The bundled reference implementation: an implementation of everything the pack tests, written
 * from the seeds and the spec data, that passes every check. It is not the pack's oracle: the
 * checks judge with code of their own (suites/ and generators/ import nothing from here, and a test
 * holds them to that), so a bug in the reference shows up as a failing check, never as a check
 * that agrees with it. It imports only the adapter contract and the spec data it is given, and
 * honours that data exactly as the generators and the checks do (a user's `--spec-dir` included).
 */
export function createReferenceAdapter(spec: SpecData, options: { version: string }): Adapter {
  return {
    describe: () => referenceInfo(options.version),
    ...envelopeReference(spec),
    ...errorReference(spec),
    ...recoveryReference(spec),
    ...uasReference(spec),
  };
}
