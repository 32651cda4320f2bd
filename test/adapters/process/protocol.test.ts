import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinCommand, splitCommand } from '../../../src/adapters/process/command-line.js';
import { LineSplitter } from '../../../src/adapters/process/line-splitter.js';
import { shapeProblem } from '../../../src/contract/shapes.js';
import { decodeParams, encodeRequest } from '../../../src/adapters/process/protocol.js';
import { listMethods, serveAdapter, SERVE_IN_FLIGHT } from '../../../src/adapters/process/serve.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';

describe('splitCommand', () => {
  it('splits like a POSIX shell for quotes and backslashes, and expands nothing', () => {
    expect(splitCommand(`python3 "my impl.py" --flag='a b' x\\ y $HOME *.py ''`)).toEqual([
      'python3',
      'my impl.py',
      '--flag=a b',
      'x y',
      '$HOME',
      '*.py',
      '',
    ]);
    expect(splitCommand(`sh -c "echo \\"hi\\" \\$x"`)).toEqual(['sh', '-c', 'echo "hi" $x']);
    expect(() => splitCommand(`python3 "unterminated`)).toThrow('unterminated double quote');
  });

  it('joinCommand quotes words so that splitCommand reads them back', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), (argv) => {
        expect(splitCommand(joinCommand(argv))).toEqual(argv);
      }),
    );
  });
});

describe('LineSplitter', () => {
  it('finds the same lines whatever the chunking, and drops a trailing CR', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\n') && !s.endsWith('\r'))),
        fc.array(fc.nat(), { maxLength: 6 }),
        (lines, cuts) => {
          const bytes = Buffer.from(lines.map((l, i) => `${l}${i % 2 ? '\r' : ''}\n`).join(''));
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const s = new LineSplitter(1 << 20);
          const got: string[] = [];
          let from = 0;
          for (const p of [...points, bytes.length]) {
            got.push(...s.push(bytes.subarray(from, p)).lines.map((b) => b.toString('utf8')));
            from = p;
          }
          expect(got).toEqual(lines);
        },
      ),
    );
  });

  it('reports a line past the limit before it ends, with its first bytes', () => {
    const s = new LineSplitter(10);
    expect(s.push(Buffer.from('ok\n0123456')).lines.map(String)).toEqual(['ok']);
    const r = s.push(Buffer.from('789abc'));
    expect({ head: r.tooLong?.head.toString(), bytes: r.tooLong?.bytes }).toEqual({ head: '0123456789abc', bytes: 13 });
  });
});

describe('messages', () => {
  it('requests match request.schema.json and carry bytes as base64 only at the top level', () => {
    const line = encodeRequest(4, 'verifyUas', [new Uint8Array([0, 255, 10]), '<x/>']);
    const msg = JSON.parse(line);
    expect(shapeProblem('request', msg)).toBeNull();
    expect(msg.params[0]).toEqual({ $base64: 'AP8K' });
    expect(shapeProblem('bytes', msg.params[0])).toBeNull();
    expect(decodeParams(msg.params)).toEqual([new Uint8Array([0, 255, 10]), '<x/>']);
    // A packet whose data holds a `$base64` member stays a packet.
    expect(decodeParams([{ body: { $base64: 'AA==' } }])).toEqual([{ body: { $base64: 'AA==' } }]);
  });

  it('refuses malformed responses with the schema path', () => {
    expect(shapeProblem('response', { jsonrpc: '2.0', id: 1, result: null })).toBeNull();
    expect(shapeProblem('response', { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'no' } })).toBeNull();
    expect(shapeProblem('response', { jsonrpc: '2.0', id: 1, result: 1, log: 'x' })).toMatch(
      /^response: .*must NOT have additional properties \(log\)/,
    );
    expect(shapeProblem('response', { jsonrpc: '1.0', id: 1, result: 1 })).not.toBeNull();
    expect(shapeProblem('response', { jsonrpc: '2.0', id: 1, error: { code: 'x', message: 'no' } })).not.toBeNull();
    expect(
      shapeProblem('describe', {
        name: 'x',
        version: '1',
        protocol: 'uaix-adapter/1',
        methods: ['recovery.start', 'validateEnvelope'],
      }),
    ).toBeNull();
    expect(
      shapeProblem('describe', { name: 'x', version: '1', protocol: 'uaix-adapter/1', methods: ['rm -rf'] }),
    ).toMatch(/methods\/0/);
    // inFlight: a whole number from 1 to 1024, nothing else (not a numeral, not 0, not a fraction).
    const described = (inFlight: unknown) =>
      shapeProblem('describe', { name: 'x', version: '1', protocol: 'uaix-adapter/1', methods: [], inFlight });
    for (const ok of [1, 16, 1024]) expect(described(ok)).toBeNull();
    for (const bad of [0, -1, 1.5, 1025, '16', null, true]) expect(described(bad)).toMatch(/inFlight/);
  });
});

describe('serveAdapter (a JavaScript adapter out of process)', () => {
  it('answers describe with the protocol and its methods, results by id, errors as -32000, unknown methods as -32601', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: unknown[] = [];
    output.on('data', (b: Buffer) =>
      lines.push(
        ...b
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      ),
    );
    const done = serveAdapter(referenceAdapter, input, output);
    input.write(`${encodeRequest(1, 'describe', [])}\n`);
    input.write(`${encodeRequest(2, 'computeChecksum', [{ a: 1 }])}\n`);
    input.write(`${encodeRequest(3, 'fromKeyless', ['not keyless'])}\n`);
    input.write(`${encodeRequest(4, 'frobnicate', [])}\n`);
    input.end('this is not json\n');
    await done;
    expect(lines.every((l) => shapeProblem('response', l) === null)).toBe(true);
    expect(listMethods(referenceAdapter)).toEqual(
      expect.arrayContaining(['validateEnvelope', 'computeChecksum', 'verifyUas']),
    );
    expect(
      listMethods(referenceAdapter)
        .filter((m) => m.startsWith('recovery.'))
        .sort(),
    ).toEqual(referenceAdapter.recovery ? ['recovery.observe', 'recovery.start'] : []);
    expect(
      listMethods({
        describe: () => ({ name: 'x', version: '1' }),
        recovery: new (class {
          start() {
            return [];
          }
          observe() {
            return [];
          }
        })(),
      } as never).sort(),
    ).toEqual(['recovery.observe', 'recovery.start']);
    const byId = new Map(lines.map((l) => [(l as { id: number | null }).id, l]));
    expect((byId.get(1) as { result: unknown }).result).toEqual({
      inFlight: SERVE_IN_FLIGHT,
      ...(referenceAdapter.describe() as object),
      protocol: 'uaix-adapter/1',
      methods: listMethods(referenceAdapter),
    });
    expect(shapeProblem('describe', (byId.get(1) as { result: unknown }).result)).toBeNull();
    expect((byId.get(2) as { result: string }).result).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((byId.get(3) as { error: { code: number } }).error.code).toBe(-32000);
    expect((byId.get(4) as { error: { code: number } }).error.code).toBe(-32601);
    expect((byId.get(null) as { error: { code: number } }).error.code).toBe(-32700);
  });

  /** Serves an adapter whose checksum answers after a timer, sends `n` requests at once, and says how many calls ran at the same time. */
  async function overlapOf(
    own: { inFlight?: number },
    n: number,
  ): Promise<{ describe: Record<string, unknown>; most: number; answered: number[] }> {
    let running = 0;
    let most = 0;
    const slow = {
      describe: () => ({ name: 'slow', version: '1', ...own }),
      computeChecksum: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        return `sha256:${'0'.repeat(64)}`;
      },
      toKeyless: (p: unknown) => p,
    };
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: { id: number; result: unknown }[] = [];
    output.on('data', (b: Buffer) =>
      lines.push(
        ...b
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      ),
    );
    const done = serveAdapter(slow as never, input, output);
    input.write(`${encodeRequest(1, 'describe', [])}\n`);
    // Asynchronous calls and a synchronous one among them, all sent before any is answered.
    input.write(
      Array.from(
        { length: n },
        (_, i) => `${encodeRequest(i + 2, i === 2 ? 'toKeyless' : 'computeChecksum', [{ i }])}\n`,
      ).join(''),
    );
    input.end();
    await done;
    return {
      describe: lines.find((l) => l.id === 1)!.result as Record<string, unknown>,
      most,
      answered: lines.filter((l) => l.id !== 1).map((l) => l.id),
    };
  }

  it('calls a module one request at a time, in order, when it declares no inFlight, and says it takes 16 at once', async () => {
    const r = await overlapOf({}, 8);
    expect(r.describe.inFlight).toBe(SERVE_IN_FLIGHT);
    expect(r.most).toBe(1);
    expect(r.answered).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('lets the calls of a module that declares inFlight overlap, and passes its figure on', async () => {
    const r = await overlapOf({ inFlight: 4 }, 8);
    expect(r.describe.inFlight).toBe(4);
    expect(r.most).toBeGreaterThan(1);
    expect([...r.answered].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
