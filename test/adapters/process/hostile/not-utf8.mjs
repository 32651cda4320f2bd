// Answers toKeyless with bytes that are not UTF-8.
import { serve } from './lib.mjs';

serve({
  misbehave: (req) => {
    if (req.method !== 'toKeyless') return false;
    process.stdout.write(
      Buffer.concat([
        Buffer.from(`{"jsonrpc":"2.0","id":${req.id},"result":"`),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}\n'),
      ]),
    );
    return true;
  },
});
