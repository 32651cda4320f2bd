// Starts a grandchild in a session of its own (setsid) that holds our stdout and stderr for 30 s,
// then serves normally: the grandchild is out of the process group the pack kills.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { serve } from './lib.mjs';

const grandchild = spawn('setsid', ['sleep', '30'], { stdio: ['ignore', 'inherit', 'inherit'] });
if (process.env.HOSTILE_GRANDCHILD_FILE) appendFileSync(process.env.HOSTILE_GRANDCHILD_FILE, `${grandchild.pid}\n`);
grandchild.unref();
serve();
