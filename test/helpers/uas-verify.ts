import { Writable } from 'node:stream';
import { uasVerifyMain } from '../../src/cli/uas-verify.js';

/** A stream that keeps what is written to it, and how: the number of writes and the largest one. */
export class Collect extends Writable {
  text = '';
  writes = 0;
  largest = 0;
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    const s = chunk.toString();
    this.text += s;
    this.writes += 1;
    this.largest = Math.max(this.largest, s.length);
    done();
  }
}

/** `uas-verify` with these arguments, in this process (`bin/uas-verify.js` only calls `uasVerifyMain`). */
export async function verify(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new Collect();
  const err = new Collect();
  const code = await uasVerifyMain(args, out, err);
  return { code, stdout: out.text, stderr: err.text };
}
