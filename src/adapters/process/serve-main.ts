import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { UsageError } from '../../contract/errors.js';
import { bundledSpec, type SpecData } from '../../spec/index.js';
import { loadAdapterModule } from '../module.js';
import { lazyReference } from '../lazy-reference.js';
import { serveAdapter, serveLoadFailure } from './serve.js';
import { DEFAULT_TIMEOUT_MS, describeAdapter, describeThrown } from '../../engine/harness.js';

/**
 * `node dist/src/adapters/process/serve-main.js [--spec-file <json>] <reference | ./adapter-module>`:
 * serves an in-process adapter over stdin/stdout with the `uaix-adapter/1` protocol. The pack runs
 * every JavaScript and TypeScript adapter this way by default (isolation, `src/adapters/isolated.ts`),
 * and anyone can drive it with `--adapter-cmd`. `--spec-file` names the run's spec data (a
 * `--spec-dir` with overrides) for `reference`. Exits when stdin closes.
 *
 * Whatever the adapter writes to stdout (console.log) goes to stderr: stdout carries the protocol.
 */
const args = process.argv.slice(2);
const specAt = args.indexOf('--spec-file');
const specFile = specAt >= 0 ? args[specAt + 1] : undefined;
const target = (specAt >= 0 ? args.filter((_, i) => i !== specAt && i !== specAt + 1) : args)[0] ?? 'reference';

const protocolOut = process.stdout;
const protocolWrite = protocolOut.write.bind(protocolOut);
const output = new Writable({
  write(chunk: Buffer | string, _enc, done) {
    protocolWrite(chunk, done);
  },
});
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

/** The adapter this process serves: the reference (of the given spec data) or the user's module. */
async function load(): Promise<import('../../contract/adapter.js').Adapter> {
  if (target !== 'reference') return loadAdapterModule(target);
  // The reference's code loads domain by domain, on the first request that needs it.
  return lazyReference(
    specFile === undefined ? bundledSpec() : (JSON.parse(readFileSync(specFile, 'utf8')) as SpecData),
  );
}

try {
  const adapter = await load();
  // describe() is judged here as in process (the same usage errors), before the first request is served.
  await describeAdapter(adapter, DEFAULT_TIMEOUT_MS);
  await serveAdapter(adapter, process.stdin, output);
} catch (e) {
  // A module that cannot be loaded still answers describe, with the reason the pack shows as a usage error.
  const message = e instanceof UsageError ? e.message : `cannot load adapter ${target}: ${describeThrown(e)}`;
  process.stderr.write(`serve: ${message}\n`);
  await serveLoadFailure(message, process.stdin, output);
  process.exitCode = 2;
}
// Done: stdin closed and every answer written. Exit even if the adapter left timers or sockets open.
process.exit();
