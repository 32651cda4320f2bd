// Starts a grandchild in a session of its own (setsid) that holds our stdout and stderr for 30 s,
// then serves normally: the grandchild is out of the process group the pack kills.
import { spawn } from 'node:child_process';
import { recordCount, serve, waitForRecord } from './lib.mjs';

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
const file = process.env.HOSTILE_GRANDCHILD_FILE;
const before = file ? recordCount(file) : 0;
grandchild(file).unref();
if (file) waitForRecord(file, before);
serve();
