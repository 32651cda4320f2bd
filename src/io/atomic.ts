import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Writes a file atomically: a temp file beside it, then a rename, so no reader sees half a file. */
export function writeAtomic(file: string, content: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.${process.pid}.${Date.now()}.tmp`);
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}
