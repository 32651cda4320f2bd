import { badFallbackDirective } from '../../generators/envelope/mutators/format.js';
import { mutated } from '../../generators/envelope/mutators/mutation.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ENVELOPE_VERDICTS, envelopeRejections, rule } from './verdicts.js';

/** ENV-FALLBACK-DIRECTIVE: A missing or blank fallback directive is rejected. */
export const envFallbackDirective = verdictCheck({
  id: 'ENV-FALLBACK-DIRECTIVE',
  suite: 'envelope',
  severity: 'MUST',
  statement:
    'An envelope whose `delivery.fallback_directive` is missing, blank (whitespace only) or not a string is invalid (001 §Expectativas de validación #6; D-ENV-02).',
  title: 'A missing or blank fallback directive is rejected',
  specRef: rule(6),
  decisions: ['D-ENV-02'],
  verdicts: ENVELOPE_VERDICTS,
  ...envelopeRejections((spec) => mutated(spec, badFallbackDirective)),
});
