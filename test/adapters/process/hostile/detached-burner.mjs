// Starts a child in a session of its own, detached from every pipe of ours, that burns a CPU for
// ever (and records its host pid in HOSTILE_GRANDCHILD_FILE), then serves normally: nothing the pack
// kills by process group reaches it.
import { spawn } from 'node:child_process';
import { recordCount, serve, waitForRecord } from './lib.mjs';

const burn = `require('node:fs').appendFileSync(process.argv[1], require('node:fs').readlinkSync('/proc/self') + '\\n'); for (;;) {}`;
const file = process.env.HOSTILE_GRANDCHILD_FILE;
const before = file ? recordCount(file) : 0;
spawn('setsid', [process.execPath, '-e', burn, file ?? '/dev/null'], { stdio: 'ignore', detached: true }).unref();
if (file) waitForRecord(file, before);
serve();
