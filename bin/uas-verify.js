#!/usr/bin/env node
import { endQuietlyOnBrokenPipe } from '../dist/cli/io.js';
import { uasVerifyMain } from '../dist/cli/uas-verify.js';

endQuietlyOnBrokenPipe(process.stdout);
endQuietlyOnBrokenPipe(process.stderr);
process.exitCode = await uasVerifyMain(process.argv.slice(2));
