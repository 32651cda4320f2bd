// Closes its stdout on toKeyless and keeps running.
import { closeSync } from 'node:fs';
import { serve } from './lib.mjs';

let closed = false;
serve({
  misbehave: (req) => {
    if (req.method !== 'toKeyless') return false;
    if (closed) return true; // a request sent behind the first (pipelined): stdout is gone already
    closed = true;
    closeSync(1);
    setInterval(() => {}, 1000);
    return true;
  },
});
