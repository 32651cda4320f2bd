// Correct but slow, and strictly one request at a time: each request blocks the process for
// HOSTILE_COST_MS (default 200) and is answered before the next is read, so requests sent together
// are answered one after another.
import { createInterface } from 'node:readline';
import { answers, write } from './lib.mjs';

const cost = Number(process.env.HOSTILE_COST_MS ?? 200);
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const inFlight = process.env.HOSTILE_IN_FLIGHT ? { inFlight: Number(process.env.HOSTILE_IN_FLIGHT) } : {};

createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line) => {
  const req = JSON.parse(line);
  if (req.method === 'describe') {
    write({
      jsonrpc: '2.0',
      id: req.id,
      result: { name: 'slow', version: '1', protocol: 'uaix-adapter/1', methods: Object.keys(answers), ...inFlight },
    });
    return;
  }
  Atomics.wait(sleeper, 0, 0, cost); // a blocking sleep: nothing else runs meanwhile
  write({ jsonrpc: '2.0', id: req.id, result: answers[req.method](...req.params) });
});
