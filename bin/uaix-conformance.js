#!/usr/bin/env node
import { endQuietlyOnBrokenPipe } from '../dist/cli/io.js';
import { main } from '../dist/cli/main.js';

endQuietlyOnBrokenPipe(process.stdout);
endQuietlyOnBrokenPipe(process.stderr);
const code = await main(process.argv.slice(2));
process.exitCode = code;
// Timers an in-process adapter left behind must not keep the CLI alive: once our own output is
// flushed, the run is over.
let pending = 2;
const flushed = () => {
  if (--pending === 0) process.exit(code);
};
process.stdout.write('', flushed);
process.stderr.write('', flushed);
