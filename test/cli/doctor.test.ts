import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, expectUsageError, REFERENCE_ENTRY, tempDir } from '../helpers/cli.js';

const HOSTILE = fileURLToPath(new URL('../adapters/process/hostile/', import.meta.url));
const hostile = (name: string) => [
  'doctor',
  '--adapter-cmd',
  `node ${join(HOSTILE, `${name}.mjs`)}`,
  '--timeout',
  '5000',
];

/** A folder holding one adapter module `a.mjs` with `source` as its body, on the reference. */
function moduleAdapter(source: string): string {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'a.mjs'),
    `import { referenceAdapter as ref } from ${JSON.stringify(REFERENCE_ENTRY)};\n${source}\n`,
  );
  return dir;
}

/** A folder holding a process adapter `p.mjs` built on the hostile gallery's server, with `source` as its body. */
function processAdapter(source: string): string {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'p.mjs'),
    `import { serve, write } from ${JSON.stringify(join(HOSTILE, 'lib.mjs'))};\n${source}\n`,
  );
  return dir;
}

const doctorIn = (dir: string, spec: string[]) => cli(['doctor', ...spec], dir);

describe('uaix-conformance doctor', () => {
  it('finds nothing wrong with the reference: exit 0, every member ok', async () => {
    const r = await cli(['doctor', '--adapter', 'reference', '--in-process']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stderr).toMatch(/claims L7[\s\S]*ok {3}validateEnvelope[\s\S]*ok {3}verifyUas/);
    expect(r.stdout).toMatch(/reference: all is well\n$/);
  });

  it('says a log line on stdout is one, and to write logs to stderr', async () => {
    const r = await cli(hostile('garbage'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /problem: toKeyless: the process wrote a line on stdout that is not JSON \(a log line\? .*write logs to stderr\): "converting packet to keyless form\.\.\."/,
    );
  });

  it('says a log line before the handshake keeps the adapter from starting', async () => {
    const dir = processAdapter(
      "process.stdout.write('booting...\\n');\nserve({ describe: { capabilityLevel: 'L1' } });",
    );
    const r = await doctorIn(dir, ['--adapter-cmd', 'node p.mjs', '--timeout', '5000']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/problem: the adapter did not start: .*not JSON.*write logs to stderr/);
    expect(r.stdout).toMatch(/1 problem\n$/);
  });

  it('says a wrong answer shape is one, naming the member and the schema path', async () => {
    const r = await cli(hostile('bad-result'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /problem: verifyUas: the answer has the wrong shape \(uas-verdict: \/valid must be boolean\)/,
    );
  });

  it('says a reserved JSON-RPC code is not a refusal', async () => {
    const r = await cli(hostile('method-not-found'));
    expect(r.stdout).toMatch(/problem: fromKeyless: answered with a JSON-RPC protocol error.*use code -32000/);
  });

  it('says a process that exits or never answers is one, naming the member', async () => {
    const exits = await cli(hostile('exit-on-method'));
    expect(exits.code).toBe(1);
    expect(exits.stdout).toMatch(/problem: fromKeyless: the process exited while answering/);
    const hangs = await cli(['doctor', '--adapter-cmd', `node ${join(HOSTILE, 'hang.mjs')}`, '--timeout', '1500']);
    expect(hangs.stdout).toMatch(
      /problem: toKeyless: no answer within the timeout \(is stdout flushed after each response\?\)/,
    );
  });

  it('says why an adapter does not start (a protocol it does not share): exit 1', async () => {
    const r = await cli(hostile('bad-describe'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/problem: the adapter did not start: .*uaix-adapter\/2/);
  });

  it('passes a process adapter whose listed members answer right and that claims a level', async () => {
    const dir = processAdapter("serve({ methods: ['verifyUas'], describe: { capabilityLevel: 'L2' } });");
    const r = await doctorIn(dir, ['--adapter-cmd', 'node p.mjs']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/all is well/);
  });

  it('says how many requests at once an adapter process takes, and nothing of it for one that takes one at a time', async () => {
    const piped = await doctorIn(
      processAdapter("serve({ methods: ['verifyUas'], describe: { capabilityLevel: 'L2', inFlight: 4 } });"),
      ['--adapter-cmd', 'node p.mjs'],
    );
    expect(piped.code, piped.stdout).toBe(0);
    expect(piped.stdout).toMatch(
      /^note: it takes 4 requests at once: a run sends the cases of every check but the recovery sessions ahead/m,
    );
    const single = await doctorIn(
      processAdapter("serve({ methods: ['verifyUas'], describe: { capabilityLevel: 'L2' } });"),
      ['--adapter-cmd', 'node p.mjs'],
    );
    expect(single.stdout).not.toMatch(/requests at once/);
  });

  it('names the member a misspelt one was meant to be', async () => {
    const dir = moduleAdapter(
      "export default { describe: () => ({ name: 'x', version: '1', capabilityLevel: 'L1' }), validateEnvelop: ref.validateEnvelope };",
    );
    const r = await doctorIn(dir, ['--adapter', './a.mjs', '--in-process']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /problem: the adapter has a member "validateEnvelop" the contract does not know: did you mean "validateEnvelope"\?/,
    );
    expect(r.stdout).toMatch(/implements no member yet/);
  });

  it('names the member a misspelt method of a process adapter was meant to be, and a level it claims wrongly', async () => {
    const dir = processAdapter(
      "serve({ methods: ['computeChecksum', 'toKeylss'], describe: { capabilityLevel: 'L1' } });",
    );
    const r = await doctorIn(dir, ['--adapter-cmd', 'node p.mjs']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /problem: the adapter has a member "toKeylss" the contract does not know: did you mean "toKeyless"\?/,
    );
    const bad = moduleAdapter(
      "export default { describe: () => ({ name: 'x', version: '1', capabilityLevel: 'L9' }) };",
    );
    const b = await doctorIn(bad, ['--adapter', './a.mjs', '--in-process']);
    expect(b.code).toBe(1);
    expect(b.stdout).toMatch(/problem: the adapter did not start: .*capabilityLevel/);
  });

  it('says when no capability level is claimed, and when an answer is wrong or of the wrong shape', async () => {
    const dir = moduleAdapter(
      "export default { describe: () => ({ name: 'x', version: '1' }), validateEnvelope: () => 'yes', computeChecksum: () => 'sha256:' + '0'.repeat(64), validateError: () => ({ valid: false }) };",
    );
    const r = await doctorIn(dir, ['--adapter', './a.mjs', '--in-process']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/problem: describe\(\) claims no capabilityLevel/);
    expect(r.stdout).toMatch(/problem: validateEnvelope: validateEnvelope answered with a wrong shape/);
    expect(r.stdout).toMatch(
      /problem: computeChecksum of fixtures\/seeds\/ack\.keyed\.json answered sha256:0{64}; the right checksum is sha256:[0-9a-f]{64}/,
    );
    expect(r.stdout).toMatch(/problem: validateError said the first seed error payload .* is invalid; it is valid/);
    expect(r.stdout).toMatch(/4 problems\n$/);
  });

  it('needs an adapter, and has --help with an example', async () => {
    expectUsageError(await cli(['doctor']), /missing --adapter/);
    const help = await cli(['doctor', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--adapter-cmd <cmd>[\s\S]*Example:\n {2}uaix-conformance doctor --adapter-cmd/);
  });
});
