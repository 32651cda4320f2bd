// A verifier that says "valid" (exit 0) but leaves a grandchild in a session of its own holding its
// stdout and stderr for 30 s: the verdict is the exit status, and must not wait for the pipes.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const grandchild = spawn('setsid', ['sleep', '30'], { stdio: ['ignore', 'inherit', 'inherit'] });
if (process.argv[4]) appendFileSync(process.argv[4], `${grandchild.pid}\n`);
grandchild.unref();
process.exit(0);
