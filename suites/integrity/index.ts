import type { CheckDefinition } from '../../src/engine/check.js';
import { intChecksum } from './checksum.js';
import { intTamperDetected } from './tamper-detected.js';

/** The integrity suite: the checksum as the pinned rule computes it, and tampering detected. */
export const integritySuite: CheckDefinition[] = [intChecksum, intTamperDetected];
