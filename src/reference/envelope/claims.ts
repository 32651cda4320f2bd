import type { EnvelopeSpec } from '../../spec/envelope.js';

/**
 * Finds an unsupported claim (D-ENV-09): a sentence that names UAIX, names one of the services
 * UAIX does not provide (001 §Límite de soporte), and is not negated. The seeds' own boundary
 * statement lists every topic in the negative, so negation is what separates a claim from a disclaimer.
 */
interface ClaimPatterns {
  subject: RegExp;
  negation: RegExp;
  topics: [string, RegExp][];
}

/** The claim patterns of each spec object, compiled once. */
const compiled = new WeakMap<EnvelopeSpec, ClaimPatterns>();

function patterns(spec: EnvelopeSpec): ClaimPatterns {
  let c = compiled.get(spec);
  if (!c) {
    const p = spec.policy;
    c = {
      subject: new RegExp(p.claimSubject, 'iu'),
      negation: new RegExp(p.claimNegation, 'iu'),
      topics: Object.entries(p.claimTopics).map(([name, re]) => [name, new RegExp(re, 'iu')]),
    };
    compiled.set(spec, c);
  }
  return c;
}

/** The topic of the first unsupported claim in `text` under the policy of `spec`, or null. */
export function findUnsupportedClaim(spec: EnvelopeSpec, text: string): string | null {
  const { subject, negation, topics } = patterns(spec);
  if (!subject.test(text)) return null;
  for (const sentence of text.split(/(?<=[.!?;])\s+|[\n\r]+/u)) {
    if (!subject.test(sentence) || negation.test(sentence)) continue;
    for (const [name, re] of topics) if (re.test(sentence)) return name;
  }
  return null;
}
