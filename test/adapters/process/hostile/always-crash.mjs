// Dies on every computeChecksum: restarted three times, then given up on.
import { serve } from './lib.mjs';

serve({
  misbehave: (req) => {
    if (req.method !== 'computeChecksum') return false;
    process.stderr.write(`segfault in checksum (pid hidden)\n`);
    process.kill(process.pid, 'SIGSEGV');
    return true;
  },
});
