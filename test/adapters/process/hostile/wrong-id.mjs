// Answers toKeyless with an id no request carries.
import { answers, serve, write } from './lib.mjs';

serve({
  misbehave: (req) => {
    if (req.method !== 'toKeyless') return false;
    write({ jsonrpc: '2.0', id: req.id + 1000, result: answers.toKeyless(...req.params) });
    return true;
  },
});
