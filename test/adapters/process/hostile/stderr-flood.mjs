// Writes 8 MB to stderr before each answer: the pack must keep draining it and still get the answers.
import { serve } from './lib.mjs';

const chunk = `${'debug: '.padEnd(1024, '.')}\n`;
serve({
  misbehave: (req) => {
    if (req.method === 'toKeyless') process.stderr.write(chunk.repeat(8 * 1024));
    return false;
  },
});
