import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/contract/errors.js';
import { createProcessAdapter } from '../../../src/adapters/process/index.js';
import { hostile, runHostile } from './gallery.js';
import { checksumProbes, echoProbe, probes } from './probes.js';

const passed = (id: string) => ({ id, status: 'passed' });
const [CHECKSUM, , REJECT, BYTES] = probes.map((p) => p.id) as [string, string, string, string];
const ECHO = 'PROBE-ECHO';

describe('the hostile adapter gallery: each misbehaviour errors the check at hand, and the run goes on', () => {
  it('well-behaved: every probe passes (tricky strings and bytes survive the line protocol)', async () => {
    expect(await runHostile('well-behaved', { runs: 30 })).toEqual({
      incomplete: false,
      checks: [passed(CHECKSUM), passed(ECHO), passed(REJECT), passed(BYTES)],
    });
  });

  it('hang: the request times out, the process is killed and restarted for the next check', async () => {
    // A deadline loose enough that the restarted process answers describe on a loaded CI machine.
    expect(await runHostile('hang', { timeoutMs: 4000 })).toEqual({
      incomplete: false,
      checks: [
        passed(CHECKSUM),
        {
          id: ECHO,
          status: 'errored',
          message: 'toKeyless: no answer within 3000 ms; the adapter process was killed',
          evidence: { kind: 'timeout', method: 'toKeyless', stderrTail: '', restarts: 0 },
        },
        passed(REJECT),
        passed(BYTES),
      ],
    });
  });

  it('crash mid-run: the exit code and the stderr tail are the evidence', async () => {
    expect(await runHostile('crash-mid-run')).toEqual({
      incomplete: false,
      checks: [
        passed(CHECKSUM),
        {
          id: ECHO,
          status: 'errored',
          message: 'toKeyless: the adapter process exited with code 70',
          evidence: {
            kind: 'exit',
            method: 'toKeyless',
            exitCode: 70,
            signal: null,
            stderrTail: 'fatal: keyless table corrupted\n',
            restarts: 0,
          },
        },
        passed(REJECT),
        passed(BYTES),
      ],
    });
  });

  it('garbage: a line that is not JSON is shown', async () => {
    const r = await runHostile('garbage');
    expect(r.checks[1]).toEqual({
      id: ECHO,
      status: 'errored',
      message: 'toKeyless: the adapter wrote a line that is not JSON',
      evidence: {
        kind: 'bad-json',
        method: 'toKeyless',
        line: 'converting packet to keyless form...',
        stderrTail: '',
        restarts: 0,
      },
    });
    expect(r.checks.map((c) => c.status)).toEqual(['passed', 'errored', 'passed', 'passed']);
  });

  it('huge output: a line past the limit is cut to 500 characters, with its size', async () => {
    const r = await runHostile('huge-output', { maxLineBytes: 1 << 20 });
    expect(r).toEqual({
      incomplete: false,
      checks: [
        passed(CHECKSUM),
        {
          id: ECHO,
          status: 'errored',
          message:
            'toKeyless: the adapter wrote a line longer than 1048576 bytes (budget answer-bytes; raise it with --budget answer-bytes=<n>)',
          // The pack stops reading at the limit: lineBytes is how much it had buffered, never the whole 20 MB.
          evidence: {
            kind: 'line-too-long',
            method: 'toKeyless',
            line: `{"jsonrpc":"2.0","id":7,"result":"${'x'.repeat(500 - 34)}…`,
            lineBytes: expect.toSatisfy((n: number) => n > 1 << 20 && n < 2 << 20),
            stderrTail: '',
            restarts: 0,
          },
        },
        passed(REJECT),
        passed(BYTES),
      ],
    });
  });

  it('wrong id: an answer to no request is a protocol fault', async () => {
    const r = await runHostile('wrong-id');
    expect(r).toEqual({
      incomplete: false,
      checks: [
        passed(CHECKSUM),
        {
          id: ECHO,
          status: 'errored',
          message: 'toKeyless: the adapter answered id 1007, which no pending request carries',
          evidence: {
            kind: 'wrong-id',
            method: 'toKeyless',
            line: expect.stringMatching(/^\{"jsonrpc":"2\.0","id":1007,"result":/),
            stderrTail: '',
            restarts: 0,
          },
        },
        passed(REJECT),
        passed(BYTES),
      ],
    });
  });

  it('slow start: a second to start is within the start timeout', async () => {
    expect(await runHostile('slow-start', { timeoutMs: 500 })).toEqual({
      incomplete: false,
      checks: [passed(CHECKSUM), passed(ECHO), passed(REJECT), passed(BYTES)],
    });
  });

  it('exit on a given method: exit status 0 is still a crash', async () => {
    expect(await runHostile('exit-on-method')).toEqual({
      incomplete: false,
      checks: [
        passed(CHECKSUM),
        passed(ECHO),
        {
          id: REJECT,
          status: 'errored',
          message: 'fromKeyless: the adapter process exited with code 0',
          evidence: { kind: 'exit', method: 'fromKeyless', exitCode: 0, signal: null, stderrTail: '', restarts: 0 },
        },
        passed(BYTES),
      ],
    });
  });

  it('closed stdout: the process is killed and restarted', async () => {
    const r = await runHostile('close-stdout');
    expect(r.checks[1]).toEqual({
      id: ECHO,
      status: 'errored',
      message: 'toKeyless: the adapter process closed its stdout',
      evidence: { kind: 'stdout-closed', method: 'toKeyless', stderrTail: '', restarts: 0 },
    });
    expect(r.checks.map((c) => c.status)).toEqual(['passed', 'errored', 'passed', 'passed']);
  });

  it('not UTF-8: refused as a malformed line', async () => {
    const r = await runHostile('not-utf8');
    expect(r.checks).toEqual([
      passed(CHECKSUM),
      {
        id: ECHO,
        status: 'errored',
        message: 'toKeyless: the adapter wrote a line that is not UTF-8',
        evidence: {
          kind: 'bad-json',
          method: 'toKeyless',
          line: '{"jsonrpc":"2.0","id":7,"result":"\ufffd\ufffd"}',
          lineBytes: 38,
          stderrTail: '',
          restarts: 0,
        },
      },
      passed(REJECT),
      passed(BYTES),
    ]);
  });

  it('a result of the wrong shape errors that check only; the process is not restarted', async () => {
    const r = await runHostile('bad-result', {
      checks: [BYTES, CHECKSUM].map((id) => probes.find((p) => p.id === id)!),
    });
    expect(r).toEqual({
      incomplete: false,
      checks: [
        {
          id: BYTES,
          status: 'errored',
          message: "verifyUas: the adapter's result does not match uas-verdict.schema.json",
          evidence: {
            kind: 'bad-result',
            method: 'verifyUas',
            line: expect.stringMatching(/"result":\{"valid":"yes"\}\}$/),
            problem: 'uas-verdict: /valid must be boolean',
            stderrTail: '',
            restarts: 0,
          },
        },
        passed(CHECKSUM),
      ],
    });
  });

  it('"method not found" for a listed method is a protocol fault, not a rejection', async () => {
    const r = await runHostile('method-not-found');
    expect(r.checks).toEqual([
      passed(CHECKSUM),
      passed(ECHO),
      {
        id: REJECT,
        status: 'errored',
        message: 'fromKeyless: the adapter answered with protocol error -32601: Method not found',
        evidence: {
          kind: 'protocol-error',
          method: 'fromKeyless',
          line: expect.stringMatching(
            /^\{"jsonrpc":"2\.0","id":\d+,"error":\{"code":-32601,"message":"Method not found"\}\}$/,
          ),
          stderrTail: '',
          restarts: 0,
        },
      },
      passed(BYTES),
    ]);
  });

  it('stderr flood: 8 MB of logs per request never block the answers', async () => {
    expect((await runHostile('stderr-flood', { runs: 3 })).checks.map((c) => c.status)).toEqual([
      'passed',
      'passed',
      'passed',
      'passed',
    ]);
  });

  it('always crashing: three restarts, then every call faults at once with the reason', async () => {
    const r = await runHostile('always-crash', { checks: [...checksumProbes, echoProbe] });
    const crash = (id: string, restarts: number) => ({
      id,
      status: 'errored',
      message: 'computeChecksum: the adapter process was killed by SIGSEGV',
      evidence: {
        kind: 'exit',
        method: 'computeChecksum',
        exitCode: null,
        signal: 'SIGSEGV',
        stderrTail: 'segfault in checksum (pid hidden)\n',
        restarts,
      },
    });
    const gaveUp = (id: string, method: string) => ({
      id,
      status: 'errored',
      message: `${method}: the adapter process failed 4 times and is not restarted again (limit 3 restarts); last failure: the adapter process was killed by SIGSEGV`,
      evidence: { kind: 'gave-up', method, stderrTail: '', restarts: 3 },
    });
    expect(r).toEqual({
      incomplete: false,
      checks: [
        crash('PROBE-CHECKSUM-1', 0),
        crash('PROBE-CHECKSUM-2', 1),
        crash('PROBE-CHECKSUM-3', 2),
        crash('PROBE-CHECKSUM-4', 3),
        gaveUp('PROBE-CHECKSUM-5', 'computeChecksum'),
        gaveUp(ECHO, 'toKeyless'),
      ],
    });
  });

  it('methods it does not list are skipped, never failed', async () => {
    const r = await runHostile('partial-methods');
    expect(r.checks.map((c) => [c.id, c.status])).toEqual([
      [CHECKSUM, 'passed'],
      [ECHO, 'skipped'],
      [REJECT, 'skipped'],
      [BYTES, 'skipped'],
    ]);
  });

  it('an adapter that speaks another protocol version, or cannot start, is a usage error', async () => {
    await expect(createProcessAdapter(hostile('bad-describe'))).rejects.toThrow(
      new UsageError(
        `the adapter process did not start (${hostile('bad-describe').join(' ')}): describe: the adapter speaks uaix-adapter/2; this pack speaks uaix-adapter/1`,
      ),
    );
    const describing = (extra: string) => [
      process.execPath,
      '-e',
      `require('readline').createInterface({ input: process.stdin }).on('line', (l) => console.log(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(l).id, result: { name: 'x', version: '1', protocol: 'uaix-adapter/1', methods: [], ${extra} } })))`,
    ];
    await expect(createProcessAdapter(describing('inFlight: 0'))).rejects.toThrow(
      /describe: the answer is not a uaix-adapter\/1 describe result: .*inFlight must be >= 1/,
    );
    await expect(createProcessAdapter(['/nonexistent/adapter-binary'])).rejects.toThrow(
      /the adapter process did not start \(\/nonexistent\/adapter-binary\): .*ENOENT/,
    );
    await expect(
      createProcessAdapter([
        process.execPath,
        '-e',
        'process.stderr.write("no module named uaix\\n"); process.exit(1)',
      ]),
    ).rejects.toThrow(/describe: the adapter process exited with code 1\nstderr: no module named uaix/);
  });
});

describe('the hostile gallery pipelined: an adapter that says it takes 8 requests at once gets the report it gets one at a time', () => {
  const pipelined = { ...process.env, HOSTILE_IN_FLIGHT: '8' };
  const cases: [string, Parameters<typeof runHostile>[1]][] = [
    ['well-behaved', { runs: 30 }],
    ['crash-mid-run', {}],
    ['garbage', {}],
    ['exit-on-method', {}],
    ['close-stdout', {}],
    ['not-utf8', {}],
    ['wrong-id', {}],
    ['method-not-found', {}],
    ['bad-result', { checks: [BYTES, CHECKSUM].map((id) => probes.find((p) => p.id === id)!) }],
    ['always-crash', { checks: [...checksumProbes, echoProbe] }],
    // The request it hangs on times out after the whole deadline; those sent behind it are not blamed.
    ['hang', { timeoutMs: 4000 }],
  ];
  it('slow-sequential: a request sent behind others gets its whole deadline once those are answered', async () => {
    // 250 ms a request against a transport deadline of 750 ms: the sixth in line is answered 1.5 s after it was sent.
    const opts = { checks: [checksumProbes[0]!], runs: 6, timeoutMs: 1000 };
    const [serial, piped] = await Promise.all([
      runHostile('slow-sequential', { ...opts, env: { ...process.env, HOSTILE_COST_MS: '250' } }),
      runHostile('slow-sequential', { ...opts, env: { ...pipelined, HOSTILE_COST_MS: '250' } }),
    ]);
    expect(serial).toEqual({ incomplete: false, checks: [passed(checksumProbes[0]!.id)] });
    expect(piped).toEqual(serial);
  });

  it.each(cases)('%s', async (name, opts) => {
    const [serial, piped] = await Promise.all([runHostile(name, opts), runHostile(name, { ...opts, env: pipelined })]);
    expect(serial.checks.some((c) => c.status === 'errored') || name === 'well-behaved').toBe(true);
    expect(piped).toEqual(serial);
  });
});

describe('process groups', () => {
  it('a timeout kills what the adapter started too (a shell wrapper and its child)', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { runChecks } = await import('../../../src/api/run.js');
    const { processControl } = await import('../../../src/adapters/process/index.js');
    const dir = mkdtempSync(join(tmpdir(), 'uaix-group-'));
    const pidFile = join(dir, 'pids');
    try {
      // `; exit $?` keeps sh from exec-ing node: node is sh's child, the pack's grandchild.
      const adapter = await createProcessAdapter(
        ['sh', '-c', `"${process.execPath}" "${hostile('hang')[1]}"; exit $?`],
        { timeoutMs: 2000, closeGraceMs: 200, env: { ...process.env, HOSTILE_PID_FILE: pidFile } },
      );
      const report = await runChecks({ checks: [echoProbe], adapter, seed: 1, runs: 2, timeoutMs: 2000 });
      expect(report.checks[0]!.error?.message).toBe(
        'toKeyless: no answer within 1500 ms; the adapter process was killed',
      );
      await processControl(adapter)!.close();
      const [pid] = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
      // Orphaned by the group kill, the grandchild is reaped by init: wait (bounded) for that.
      const state = () => {
        try {
          return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0]!;
        } catch {
          return 'gone';
        }
      };
      for (let i = 0; i < 40 && state() !== 'gone'; i++) await new Promise((r) => setTimeout(r, 50));
      expect(state()).toBe('gone');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
