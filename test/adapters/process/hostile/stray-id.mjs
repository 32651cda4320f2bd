// Answers its first toKeyless correctly and, in the same write, answers an id never sent: nothing is
// pending when the stray answer is read, and the pack must still say so (never restart silently).
import { answers, serve } from './lib.mjs';

serve({
  misbehave: (req, count) => {
    if (req.method !== 'toKeyless' || count !== 1) return false;
    const right = JSON.stringify({ jsonrpc: '2.0', id: req.id, result: answers.toKeyless(...req.params) });
    const stray = JSON.stringify({ jsonrpc: '2.0', id: req.id + 1000, result: 'nobody asked' });
    process.stdout.write(`${right}\n${stray}\n`);
    return true;
  },
});
