import { envelopeSpec } from '../../spec/envelope.js';

/**
 * Finds an unsupported claim (D-ENV-09): a sentence that names UAIX, names one of the services
 * UAIX does not provide (001 §Límite de soporte), and is not negated. The seeds' own boundary
 * statement lists every topic in the negative, so negation is what separates a claim from a disclaimer.
 */
let compiled: { spec: unknown; subject: RegExp; negation: RegExp; topics: [string, RegExp][] } | undefined;

function patterns() {
  const spec = envelopeSpec();
  if (!compiled || compiled.spec !== spec) {
    const p = spec.policy;
    compiled = {
      spec,
      subject: new RegExp(p.claimSubject, 'iu'),
      negation: new RegExp(p.claimNegation, 'iu'),
      topics: Object.entries(p.claimTopics).map(([name, re]) => [name, new RegExp(re, 'iu')]),
    };
  }
  return compiled;
}

/** The topic of the first unsupported claim in `text`, or null. */
export function findUnsupportedClaim(text: string): string | null {
  const { subject, negation, topics } = patterns();
  if (!subject.test(text)) return null;
  for (const sentence of text.split(/(?<=[.!?;])\s+|[\n\r]+/u)) {
    if (!subject.test(sentence) || negation.test(sentence)) continue;
    for (const [name, re] of topics) if (re.test(sentence)) return name;
  }
  return null;
}
