import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Adapter } from '../../contract/adapter.js';
import { DEFAULT_TIMEOUT_MS, describeAdapter } from '../../engine/harness.js';
import { bundledSpec, type SpecData } from '../../spec/index.js';
import { lazyReference } from '../lazy-reference.js';
import { loadAdapterModule } from '../module.js';
import { serveAdapterHttp } from './serve.js';

/**
 * `node dist/src/adapters/http/serve-main.js [--host h] [--port n] [--path p] [--spec-file f] <reference | ./module>`:
 * serves an in-process adapter over the HTTP binding of `uaix-adapter/1` until it is stopped
 * (SIGINT, SIGTERM), and prints its URL as the one line of stdout once it listens. The bench serves
 * the reference so, beside the stdio binding; anyone can try a JavaScript implementation as a
 * service with it (`--adapter-url <the URL>`).
 */
const { values, positionals } = parseArgs({
  options: {
    host: { type: 'string' },
    port: { type: 'string' },
    path: { type: 'string' },
    'spec-file': { type: 'string' },
  },
  allowPositionals: true,
});
const target = positionals[0] ?? 'reference';

async function load(): Promise<Adapter> {
  if (target !== 'reference') return loadAdapterModule(target);
  const file = values['spec-file'];
  return lazyReference(file === undefined ? bundledSpec() : (JSON.parse(readFileSync(file, 'utf8')) as SpecData));
}

try {
  const adapter = await load();
  await describeAdapter(adapter, DEFAULT_TIMEOUT_MS);
  const service = await serveAdapterHttp(adapter, {
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.port !== undefined ? { port: Number(values.port) } : {}),
    ...(values.path !== undefined ? { path: values.path } : {}),
  });
  process.stdout.write(`${service.url}\n`);
  const stop = () => void service.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (e) {
  process.stderr.write(`serve: ${(e as Error).message}\n`);
  process.exit(2);
}
