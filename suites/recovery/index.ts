import type { CheckDefinition } from '../../src/engine/check.js';
import { recAnchorConflict } from './anchor-conflict.js';
import { recConfigEscalate } from './config-escalate.js';
import { recCorrectField } from './correct-field.js';
import { recExactlyOnce } from './exactly-once.js';
import { recIsolatedNoop } from './isolated-noop.js';
import { recLegacyHalt } from './legacy-halt.js';
import { recNegotiate } from './negotiate.js';
import { recNoCredentialSynthesis } from './no-credential-synthesis.js';
import { recReadbackBeforeReplay } from './readback-before-replay.js';
import { recRenewGrant } from './renew-grant.js';
import { recWaitDependency } from './wait-dependency.js';

/** The recovery-behaviour suite (seed 000's five scenarios, played against the adapter's `recovery` policy). */
export const recoverySuite: CheckDefinition[] = [
  recIsolatedNoop,
  recCorrectField,
  recWaitDependency,
  recRenewGrant,
  recNoCredentialSynthesis,
  recNegotiate,
  recReadbackBeforeReplay,
  recExactlyOnce,
  recConfigEscalate,
  recAnchorConflict,
  recLegacyHalt,
];
