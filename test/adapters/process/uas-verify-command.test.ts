import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/api/run.js';
import type { CheckDefinition } from '../../../src/engine/check.js';
import { createUasVerifyCommandAdapter, processControl } from '../../../src/adapters/process/index.js';
import { uasSuite } from '../../../suites/uas/index.js';
import { ensureBuilt, root } from '../../helpers/built.js';

const verifiers = join(import.meta.dirname, 'verifiers');
const node = process.execPath;
const pick = (...ids: string[]): CheckDefinition[] => ids.map((id) => uasSuite.find((c) => c.id === id)!);

async function run(template: string, checks: CheckDefinition[], runs = 3, timeoutMs = 30_000) {
  const adapter = createUasVerifyCommandAdapter(template, { timeoutMs });
  try {
    const r = await runChecks({ checks, adapter, seed: 11, runs, timeoutMs });
    return r.checks.map((c) => ({ id: c.id, status: c.status, ...(c.error ? { message: c.error.message } : {}) }));
  } finally {
    await processControl(adapter)!.close();
  }
}

beforeAll(() => ensureBuilt(), 180_000);

describe('--uas-verify-cmd: a command-line verifier driven through a template', () => {
  it('a small root-hash-only verifier passes the root hash check and fails the ones it does not do', async () => {
    const template = `${node} ${join(verifiers, 'root-hash-only.mjs')} {source} {artifact}`;
    expect(await run(template, pick('VAL-VALID-ACCEPTED', 'VAL-ROOT-HASH', 'VAL-SPAN-HASH'))).toEqual([
      { id: 'VAL-VALID-ACCEPTED', status: 'passed' },
      { id: 'VAL-ROOT-HASH', status: 'passed' },
      { id: 'VAL-SPAN-HASH', status: 'failed' },
    ]);
  }, 60_000);

  it("the pack's own uas-verify, with --json, passes through the template form", async () => {
    const template = `${node} ${join(root, 'bin', 'uas-verify.js')} --source {source} --artifact {artifact} --json`;
    const r = await run(template, pick('VAL-VALID-ACCEPTED', 'VAL-VERBATIM', 'VAL-MISMATCH-COORDINATES'), 2);
    expect(r).toEqual([
      { id: 'VAL-VALID-ACCEPTED', status: 'passed' },
      { id: 'VAL-VERBATIM', status: 'passed' },
      { id: 'VAL-MISMATCH-COORDINATES', status: 'passed' },
    ]);
  }, 60_000);

  it('maps exit status and output exactly as docs/protocol.md says', async () => {
    const t = (mode: string) => `${node} ${join(verifiers, 'misbehaving.mjs')} ${mode} {source} {artifact}`;
    // A verifier that answers gets all the time a loaded machine needs; only the hanging one is cut at 1.5 s.
    const one = async (mode: string, id = 'VAL-VALID-ACCEPTED') =>
      (await run(t(mode), pick(id), 1, mode === 'hang' ? 1500 : 30_000))[0];
    // Text output is ignored: the exit status alone is the verdict, with no findings.
    expect(await one('text-valid')).toEqual({ id: 'VAL-VALID-ACCEPTED', status: 'passed' });
    expect(await one('text-invalid', 'VAL-ROOT-HASH')).toEqual({ id: 'VAL-ROOT-HASH', status: 'failed' });
    expect(await one('crash')).toEqual({
      id: 'VAL-VALID-ACCEPTED',
      status: 'errored',
      message:
        'verifyUas: the verifier was killed by SIGSEGV (0 means valid, 1 invalid, anything else could not verify)',
    });
    expect(await one('usage')).toMatchObject({
      status: 'errored',
      message: 'verifyUas: the verifier exited with code 2 (0 means valid, 1 invalid, anything else could not verify)',
    });
    expect(await one('disagree')).toEqual({
      id: 'VAL-VALID-ACCEPTED',
      status: 'errored',
      message: 'verifyUas: the exit status (1) says invalid but the JSON output says "valid": true',
    });
    expect(await one('bad-json')).toMatchObject({
      status: 'errored',
      message: 'verifyUas: the verifier wrote output that starts like JSON but is not JSON',
    });
    expect(await one('bad-verdict')).toMatchObject({
      status: 'errored',
      message: "verifyUas: the verifier's JSON output is not a uas-verdict",
    });
    expect(await one('hang')).toMatchObject({
      status: 'errored',
      message: 'verifyUas: the verifier did not finish in time and was killed',
    });
  }, 120_000);

  it('refuses a template without both placeholders', () => {
    expect(() => createUasVerifyCommandAdapter('uas-verify --source {source}')).toThrow(
      'the uas-verify command template has no {artifact} placeholder: uas-verify --source {source}',
    );
  });
});
