// Closes its stdout on toKeyless and keeps running.
import { closeSync } from 'node:fs';
import { serve } from './lib.mjs';

serve({
  misbehave: (req) => {
    if (req.method !== 'toKeyless') return false;
    closeSync(1);
    setInterval(() => {}, 1000);
    return true;
  },
});
