// Answers two toKeyless requests, then dies on the third with a message on stderr.
import { serve } from './lib.mjs';

serve({
  misbehave: (req, n) => {
    if (req.method !== 'toKeyless' || n < 3) return false;
    process.stderr.write('fatal: keyless table corrupted\n');
    process.exit(70);
  },
});
