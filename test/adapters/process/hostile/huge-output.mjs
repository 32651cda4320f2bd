// Answers toKeyless with one line of 20 MB (the test allows 1 MiB).
import { serve } from './lib.mjs';

serve({
  misbehave: (req) => {
    if (req.method !== 'toKeyless') return false;
    process.stdout.write(`{"jsonrpc":"2.0","id":${req.id},"result":"${'x'.repeat(20 * 1024 * 1024)}"}\n`);
    return true;
  },
});
