import type { CheckDefinition } from '../../src/engine/check.js';
import { wireLayout } from './layout.js';
import { wireMalformedRejected } from './malformed-rejected.js';
import { wireRoundtrip } from './roundtrip.js';
import { wireSeedFixtures } from './seed-fixtures.js';

export { ROUNDTRIP_FEATURES } from './roundtrip.js';

/** The wire suite: the keyless transfer format, both ways. */
export const wireSuite: CheckDefinition[] = [wireSeedFixtures, wireLayout, wireRoundtrip, wireMalformedRejected];
