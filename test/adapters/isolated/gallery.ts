/**
 * The in-process hostile gallery: JavaScript adapter modules, built on the reference, each of which
 * misbehaves in `computeChecksum` (the member INT-CHECKSUM calls) in one way an in-process adapter
 * can. Run isolated (the default), each must error INT-CHECKSUM only, with the evidence named here,
 * while ENV-EXPIRED (validateEnvelope, in the restarted process) still passes. Under `--in-process`
 * the same modules prove the in-process hardening.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How each module misbehaves, as the body of `computeChecksum(packet)` (`ref` is the reference). */
export const MISBEHAVIOURS = {
  /** A synchronous infinite loop: the event loop never turns again. */
  block: 'for (;;) {}',
  /** process.exit(0) in the middle of a call. */
  exit: 'process.exit(0);',
  /** An exception thrown outside any call (a timer callback): the process dies. */
  crash: "setImmediate(() => { throw new Error('boom outside any call'); }); return new Promise(() => {});",
  /** A promise that never settles. */
  never: 'return new Promise(() => {});',
  /** An answer whose getter throws. */
  getter: "return { get value() { throw new Error('getter refuses'); } };",
  /** An answer that is a Proxy whose ownKeys trap throws. */
  proxy: "return new Proxy({}, { ownKeys() { throw new Error('trap refuses'); } });",
  /** Throws a value whose toString, toJSON and Symbol.toPrimitive all throw. */
  unshowable:
    "throw { toString() { throw new Error('x'); }, toJSON() { throw new Error('x'); }, [Symbol.toPrimitive]() { throw new Error('x'); } };",
  /** Throws a Symbol. */
  symbol: "throw Symbol('not an error');",
  /** Throws a function. */
  fn: 'throw function culprit() {};',
  /** Patches Object.prototype.toJSON, then answers correctly. */
  proto:
    "Object.prototype.toJSON = function () { return 'patched by the adapter'; }; return ref.computeChecksum(packet);",
  /** Allocates without bound. */
  alloc: 'const keep = []; for (;;) keep.push(new Array(1e6).fill(keep.length));',
} as const;

export type Misbehaviour = keyof typeof MISBEHAVIOURS;

/**
 * The module source: the reference, with `computeChecksum` misbehaving on its first call in each
 * process (and on every call with `always`). Each process appends its pid to `pids` when given.
 */
export function hostileModuleSource(
  kind: Misbehaviour,
  referenceEntry: string,
  opts: { always?: boolean; pids?: string } = {},
): string {
  // The host's pid (read from /proc/self): in a PID namespace of its own (D-REL-03) process.pid names another process.
  return `import { appendFileSync, readlinkSync } from 'node:fs';
import { referenceAdapter as ref } from ${JSON.stringify(referenceEntry)};
${opts.pids ? `appendFileSync(${JSON.stringify(opts.pids)}, readlinkSync('/proc/self') + '\\n');` : ''}
let calls = 0;
export default {
  ...ref,
  describe: () => ({ name: 'hostile ${kind}', version: '1' }),
  computeChecksum(packet) {
    calls += 1;
    if (${opts.always ? 'true' : 'calls === 1'}) { ${MISBEHAVIOURS[kind]} }
    return ref.computeChecksum(packet);
  },
};
`;
}

/** Writes the module into `dir` as `<kind>.mjs`; returns its file name. */
export function writeHostileModule(
  dir: string,
  kind: Misbehaviour,
  referenceEntry: string,
  opts: { always?: boolean; pids?: string } = {},
): string {
  const file = `${kind}.mjs`;
  writeFileSync(join(dir, file), hostileModuleSource(kind, referenceEntry, opts));
  return file;
}

/** True while a process of that pid exists and is not a zombie. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return true;
  }
}
