#!/usr/bin/env node
import { endQuietlyOnBrokenPipe, guardExitCode } from '../dist/cli/io.js';
import { main } from '../dist/cli/main.js';

// The exit code is the command's: never 0 from an adapter's leftover timer, never a bare 13 (D-REL-01).
const exit = guardExitCode();
const quietly = (c) => {
  exit.settle(c);
  process.exit(c);
};
endQuietlyOnBrokenPipe(process.stdout, quietly);
endQuietlyOnBrokenPipe(process.stderr, quietly);
const code = await main(process.argv.slice(2));
exit.settle(code);
process.exitCode = code;
// Timers an in-process adapter left behind must not keep the CLI alive: once our own output is
// flushed, the run is over.
let pending = 2;
const flushed = () => {
  if (--pending === 0) process.exit(code);
};
process.stdout.write('', flushed);
process.stderr.write('', flushed);
