// Prints a log line on stdout, where only protocol messages may go.
import { serve, write } from './lib.mjs';

serve({
  misbehave: (req) => {
    if (req.method !== 'toKeyless') return false;
    write('converting packet to keyless form...');
    return true;
  },
});
