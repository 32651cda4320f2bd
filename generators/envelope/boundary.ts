import * as fc from 'fast-check';

/**
 * Support-boundary text (001/004 §Límite de soporte). Valid text names the services UAIX does not
 * provide in the negative, the way the seeds' own boundary statement does, so a naive keyword
 * filter rejects it. Every sentence here that names UAIX and a service is negated.
 */
export const SEED_BOUNDARY =
  'Agent runtimes execute. UAIX records the reviewed communication, memory, trust, evidence, and handoff boundary.';

export const SEED_NEGATED_BOUNDARY =
  'UAIX does not provide automatic sync, hosted messaging, runtime orchestration, official adapters, repository write execution, certification authority, or hosted import mechanisms.';

/** Sentences that name UAIX and the services it does not provide, in the negative (each a disclaimer, none a claim). */
export const NEGATED = [
  SEED_NEGATED_BOUNDARY,
  'UAIX does not provide hosted messaging.',
  'UAIX never performs repository writes; the runtime does.',
  "UAIX doesn't orchestrate agent runtimes.",
  'No official adapters are offered by UAIX.',
  'UAIX is not a certification authority and does not certify implementations.',
  'Neither hosted import nor automatic sync is part of UAIX.',
  'UAIX.org cannot synchronize records automatically.',
  'Hosted messaging is not something UAIX offers',
  'UAIX records evidence without runtime orchestration!',
];

/** Hosts and runtimes other than UAIX may claim what UAIX does not (the claim rule is about UAIX). */
const OTHERS = [
  'Carcinus.org provides runtime orchestration for its own workflows.',
  'The example runtime writes to its repository after human review.',
  'Our hosted messaging service is run by the implementer, not the standard.',
];

/** A valid support boundary: the seed's sentence, negated service lists, and others' claims. */
export function supportBoundary(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(SEED_BOUNDARY),
    fc.constantFrom(...NEGATED),
    fc.tuple(fc.constant(SEED_BOUNDARY), fc.constantFrom(...NEGATED, ...OTHERS)).map(([a, b]) => `${a} ${b}`),
    fc
      .subarray([SEED_BOUNDARY, ...NEGATED, ...OTHERS], { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join('\r\n')),
  );
}

/** Affirmative claims about UAIX, one per unsupported topic (001 §Expectativas de validación, rule 7). */
export const CLAIMS: Record<string, string[]> = {
  'hosted messaging': [
    'UAIX provides hosted messaging for this workflow.',
    'Messages are delivered through UAIX hosted messaging.',
  ],
  'automatic sync': [
    'UAIX automatically syncs these records to every runtime.',
    'UAIX offers automatic sync of agent memory.',
  ],
  'runtime orchestration': [
    'UAIX performs runtime orchestration of the delegated task.',
    'UAIX orchestrates the agent runtimes in this project.',
  ],
  'repository writes': [
    'UAIX executes repository writes on behalf of the agent.',
    'UAIX writes to your repository when the task completes.',
  ],
  'official adapters': [
    'UAIX ships official adapters for this runtime.',
    'Install the official adapter published by UAIX.',
  ],
  certification: ['UAIX certifies this implementation as conformant.', 'This runtime holds a UAIX certification.'],
  'hosted import': [
    'UAIX hosted import ingests the memory folder.',
    'Use UAIX.org hosted import to load these packets.',
  ],
};

/** One affirmative claim sentence, with its topic. */
export function unsupportedClaim(): fc.Arbitrary<{ topic: string; sentence: string }> {
  return fc.constantFrom(...Object.entries(CLAIMS).flatMap(([topic, s]) => s.map((sentence) => ({ topic, sentence }))));
}
