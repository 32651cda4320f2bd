// Answers toKeyless with an array nested 100 000 levels deep.
import { serve, write } from './lib.mjs';

const depth = 100_000;
serve({
  misbehave: (req) => {
    if (req.method !== 'toKeyless') return false;
    write(`{"jsonrpc":"2.0","id":${req.id},"result":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    return true;
  },
});
