import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './cli.js';

/** True when the openssl command line is there to make the test CA with. */
export const HAVE_OPENSSL = spawnSync('openssl', ['version']).status === 0;

/** A test CA and a server certificate it signed for 127.0.0.1 and localhost: made now, valid two days, for tests only. */
export interface TestPki {
  /** The CA's certificate file (what NODE_EXTRA_CA_CERTS names). */
  caFile: string;
  key: string;
  cert: string;
}

function openssl(dir: string, args: string[]): void {
  const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl ${args[0]} failed: ${r.stderr}`);
}

/** Makes a throwaway CA and a server certificate with the openssl command line (P-256 keys: fast). */
export function makeTestPki(): TestPki {
  const dir = tempDir();
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(dir, [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=uaix-conformance test CA (tests only)',
  ]);
  openssl(dir, ['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  ]);
  return {
    caFile: join(dir, 'ca.pem'),
    key: readFileSync(join(dir, 'server.key'), 'utf8'),
    cert: readFileSync(join(dir, 'server.pem'), 'utf8'),
  };
}
