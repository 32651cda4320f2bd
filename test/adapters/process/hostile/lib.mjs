// A tiny uaix-adapter/1 server for the hostile gallery: correct answers by default, and a hook
// through which each adapter of the gallery misbehaves. Plain JavaScript so that it runs without a
// build; every gallery file is `node test/adapters/process/hostile/<name>.mjs`.
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, readlinkSync } from 'node:fs';
import { createInterface } from 'node:readline';

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** The correct answers the probe checks (test/adapters/process/probes.ts) expect. */
export const answers = {
  computeChecksum: (value) => `sha256:${sha256(JSON.stringify(value))}`,
  toKeyless: (value) => value,
  fromKeyless: () => {
    throw new Error('cannot map this');
  },
  verifyUas: (bytes, artifact) => ({
    valid: true,
    findings: [{ checkId: 'PROBE', message: `${sha256(Buffer.from(bytes.$base64, 'base64'))}:${artifact.length}` }],
  }),
};

/**
 * This process's pid as the tests see it: the adapter may run in a PID namespace of its own (D-REL-03),
 * where `process.pid` is small and names another process outside; /proc/self is the host's.
 */
export function hostPid() {
  try {
    return Number(readlinkSync('/proc/self'));
  } catch {
    return process.pid;
  }
}

/**
 * Waits (blocking, at most 10 s) until `file` holds one line more than it held when `before` was
 * taken: a child that records its pid has done so before the adapter answers anything, so a quick
 * run cannot end before the child is there to be counted.
 */
export function waitForRecord(file, before) {
  const lines = () => readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < 500 && lines() <= before; i++) Atomics.wait(pause, 0, 0, 20);
}

/** The lines `file` holds now (0 when it does not exist). */
export function recordCount(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

export const write = (msg) => process.stdout.write(`${typeof msg === 'string' ? msg : JSON.stringify(msg)}\n`);

/**
 * Serves requests. `misbehave(req, count)` runs first for every request but describe; `count` is
 * how many requests of that method this process has seen (1 for the first). Returning true means
 * it handled the request (or chose never to answer it).
 */
export function serve({ misbehave = () => false, methods = Object.keys(answers), describe = {} } = {}) {
  if (process.env.HOSTILE_PID_FILE) appendFileSync(process.env.HOSTILE_PID_FILE, `${hostPid()}\n`);
  const counts = {};
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', async (line) => {
    const req = JSON.parse(line);
    if (process.env.HOSTILE_LOG_FILE) appendFileSync(process.env.HOSTILE_LOG_FILE, `${req.method}\n`);
    if (req.method === 'describe') {
      // HOSTILE_IN_FLIGHT: the same adapter, saying it takes that many requests at once (the pipelined gallery).
      const inFlight = process.env.HOSTILE_IN_FLIGHT ? { inFlight: Number(process.env.HOSTILE_IN_FLIGHT) } : {};
      write({
        jsonrpc: '2.0',
        id: req.id,
        result: { name: 'hostile', version: '1', protocol: 'uaix-adapter/1', methods, ...inFlight, ...describe },
      });
      return;
    }
    counts[req.method] = (counts[req.method] ?? 0) + 1;
    if (await misbehave(req, counts[req.method])) return;
    try {
      write({ jsonrpc: '2.0', id: req.id, result: answers[req.method](...req.params) });
    } catch (e) {
      write({ jsonrpc: '2.0', id: req.id, error: { code: -32000, message: e.message } });
    }
  });
}
