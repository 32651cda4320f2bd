// A verifier that says "valid" (exit 0) but leaves a grandchild in a session of its own holding its
// stdout and stderr for 30 s: the verdict is the exit status, and must not wait for the pipes.
import { spawn } from 'node:child_process';
import { recordCount, waitForRecord } from '../hostile/lib.mjs';

/** Starts `setsid sleep 30` holding our stdout and stderr; it appends its host pid (read from /proc/self/stat by its own shell) to `file`. */
const grandchild = (file) =>
  spawn(
    'setsid',
    [
      'sh',
      '-c',
      'read -r pid rest < /proc/self/stat; [ -n "$1" ] && echo "$pid" >> "$1"; exec sleep 30',
      'sh',
      file ?? '',
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
const file = process.argv[4];
const before = file ? recordCount(file) : 0;
grandchild(file).unref();
if (file) waitForRecord(file, before);
process.exit(0);
