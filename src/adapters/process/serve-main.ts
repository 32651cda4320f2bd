import { loadAdapterModule } from '../module.js';
import { referenceAdapter } from '../reference.js';
import { serveAdapter } from './serve.js';

/**
 * `node dist/src/adapters/process/serve-main.js <reference | ./adapter-module>`: serves an in-process
 * adapter over stdin/stdout with the `uaix-adapter/1` protocol, so that it can be driven with
 * `--adapter-cmd`. Exits when stdin closes.
 */
const spec = process.argv[2] ?? 'reference';
try {
  const adapter = spec === 'reference' ? referenceAdapter : await loadAdapterModule(spec);
  await serveAdapter(adapter);
} catch (e) {
  process.stderr.write(`serve: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
}
