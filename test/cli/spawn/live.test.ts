import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli, tempDir } from '../../helpers/cli.js';
import { asReference, startService } from '../../helpers/http.js';
import { HAVE_OPENSSL, makeTestPki } from '../../helpers/tls.js';

/** Runs the built CLI to its end, the test's services answering meanwhile (spawnSync would block them). */
function runCli(args: string[], env: Record<string, string> = {}, cwd = tempDir()) {
  const child = startCli(args, cwd, env);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done, stderr: () => stderr };
}

/**
 * A live service reached by a real CLI process: where what is read at the start of a process
 * (NODE_EXTRA_CA_CERTS) or a signal to it is the point. The rest runs in process (test/cli/live.test.ts).
 */
describe('a live service and a real CLI process', () => {
  it.skipIf(!HAVE_OPENSSL)(
    'https: a run started with the test CA in NODE_EXTRA_CA_CERTS reaches the service and judges it',
    async () => {
      const pki = makeTestPki();
      const s = await startService(asReference(), { key: pki.key, cert: pki.cert });
      try {
        const run = runCli(['--adapter-url', s.url, '--check', 'INT-CHECKSUM', '--runs', '5', '--no-reports'], {
          NODE_EXTRA_CA_CERTS: pki.caFile,
        });
        const r = await run.done;
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toMatch(/1 check: 1 passed/);
        expect(s.stats.requests).toBe(6);
      } finally {
        await s.close();
      }
    },
  );

  it('SIGINT while the service is slow: the report of what finished, marked incomplete, exit 1 at once', async () => {
    const s = await startService(async (incoming) => {
      if (incoming.msg?.method === 'toKeyless') await new Promise((r) => setTimeout(r, 60_000));
      await asReference()(incoming);
    });
    try {
      const dir = tempDir();
      const args = ['--adapter-url', s.url, '--check', 'INT-CHECKSUM,WIRE-ROUNDTRIP', '--runs', '3', '--out', 'out'];
      const run = runCli([...args, '--timeout', '60000'], {}, dir);
      const end = Date.now() + 30_000;
      while (!s.stats.methods.includes('toKeyless')) {
        if (Date.now() > end) throw new Error(`toKeyless never came: ${run.stderr()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const t0 = Date.now();
      run.child.kill('SIGINT');
      const r = await run.done;
      expect({ code: r.code, fast: Date.now() - t0 < 5000 }, r.stderr).toEqual({ code: 1, fast: true });
      const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8'));
      expect(report.incomplete).toBe(true);
      expect(report.checks.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
        ['INT-CHECKSUM', 'passed'],
      ]);
    } finally {
      await s.close();
    }
  });
});
