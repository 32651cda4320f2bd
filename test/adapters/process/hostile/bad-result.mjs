// Answers verifyUas with a result that is not a uas-verdict; the process itself stays healthy.
import { serve, write } from './lib.mjs';

serve({
  misbehave: (req) => {
    if (req.method !== 'verifyUas') return false;
    write({ jsonrpc: '2.0', id: req.id, result: { valid: 'yes' } });
    return true;
  },
});
