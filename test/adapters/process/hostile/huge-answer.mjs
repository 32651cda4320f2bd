// Answers the first call of each method with an answer over one of the default budgets (D-REL-02),
// as one well-formed line, then answers correctly: computeChecksum a string of 1 MiB + 1 characters
// (answer-string), toKeyless an object of 100 001 members (answer-values), verifyUas a verdict of
// 10 001 findings (findings).
import { answers, serve, write } from './lib.mjs';

const huge = {
  computeChecksum: () => `sha256:${'0'.repeat(1024 * 1024 - 6)}`,
  toKeyless: () => Object.fromEntries(Array.from({ length: 100_001 }, (_, i) => [`k${i}`, i])),
  verifyUas: () => ({ valid: true, findings: Array.from({ length: 10_001 }, () => ({ checkId: 'X' })) }),
};

serve({
  misbehave: (req, count) => {
    if (count !== 1 || !(req.method in huge)) return false;
    write({ jsonrpc: '2.0', id: req.id, result: huge[req.method](...req.params) });
    return true;
  },
  methods: Object.keys(answers),
});
