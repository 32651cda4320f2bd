// Lists fromKeyless but answers it with "method not found": a protocol fault, never a rejection.
import { serve, write } from './lib.mjs';

serve({
  misbehave: (req) => {
    if (req.method !== 'fromKeyless') return false;
    write({ jsonrpc: '2.0', id: req.id, error: { code: -32601, message: 'Method not found' } });
    return true;
  },
});
