import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { endQuietlyOnBrokenPipe } from '../../src/cli/io.js';
import { isCalendarInstant, nowOption } from '../../src/cli/options.js';
import { jsonProblem } from '../../src/io/json-text.js';
import { moduleLoadProblem } from '../../src/io/module-errors.js';
import { cli, expectUsageError, tempDir } from '../helpers/cli.js';

describe('CLI messages name the file, the place and the reason', () => {
  it('--now on a day that does not exist is refused (a real calendar check), a leap day accepted', async () => {
    for (const bad of [
      '2026-02-30T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-04-31T12:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:60:00Z',
    ]) {
      expectUsageError(
        await cli(['--adapter', 'reference', '--now', bad, '--no-reports']),
        new RegExp(
          `^uaix-conformance: --now (names no real instant|must be a UTC instant with a trailing Z), got "${bad}"|^uaix-conformance: --now names no real instant: "${bad}"`,
        ),
      );
    }
    expect(nowOption('2028-02-29T23:59:59.5Z', 'x')).toBe('2028-02-29T23:59:59.5Z');
    expect(isCalendarInstant(2100, 2, 29, 0, 0, 0)).toBe(false);
    expect(isCalendarInstant(2000, 2, 29, 0, 0, 0)).toBe(true);
    expect(isCalendarInstant(50, 2, 29, 0, 0, 0)).toBe(false);
  });

  it('a spec file in --spec-dir that is not JSON is named, with the reason, line and column; a folder of that name too', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'spec'));
    writeFileSync(join(dir, 'spec', 'envelope.json'), '{\n  "expiry": nope\n}\n');
    expectUsageError(
      await cli(['--adapter', 'reference', '--spec-dir', 'spec', '--no-reports'], dir),
      /^uaix-conformance: spec file spec\/envelope\.json is not valid JSON: Unexpected token 'o'.* at line 2, column \d+$/,
    );
    writeFileSync(join(dir, 'spec', 'envelope.json'), 'not json');
    expectUsageError(
      await cli(['--adapter', 'reference', '--spec-dir', 'spec', '--no-reports'], dir),
      /^uaix-conformance: spec file spec\/envelope\.json is not valid JSON: Unexpected token 'o' at line 1, column 2$/,
    );
    const folder = tempDir();
    mkdirSync(join(folder, 'spec', 'error.json'), { recursive: true });
    expectUsageError(
      await cli(['--adapter', 'reference', '--spec-dir', 'spec', '--no-reports'], folder),
      /^uaix-conformance: spec file spec\/error\.json is not a regular file$/,
    );
  });

  it('jsonProblem: the reason without the quoted content, and where', () => {
    expect(jsonProblem('{"a": 1,}', tryParse('{"a": 1,}'))).toMatch(/ at line 1, column (9|10)$/);
    expect(jsonProblem('{\n', tryParse('{\n'))).toMatch(/at line 2, column 1$/);
    expect(jsonProblem('x\ny', tryParse('x\ny'))).not.toMatch(/\n/);
  });

  it('a TypeScript syntax error shows file, line, column and reason, not "Transform failed with 1 error:"', () => {
    const esbuild = new Error(
      'Transform failed with 2 errors:\nadapters/my-impl.ts:3:17: ERROR: Unexpected ";"\nadapters/my-impl.ts:9:1: ERROR: Expected "}"',
    );
    expect(moduleLoadProblem(esbuild)).toBe(
      'syntax error at adapters/my-impl.ts:3:17: Unexpected ";" (and 1 more error)',
    );
    expect(moduleLoadProblem(new Error('Cannot find package "x"\n  at stack'))).toBe('Cannot find package "x"');
    const hostile = {
      get message() {
        throw new Error('no');
      },
      toString() {
        throw new Error('no');
      },
    };
    expect(moduleLoadProblem(hostile)).toBe('the module threw a value that cannot be shown');
  });

  it('a TypeScript adapter with a syntax error: one usage line with file, line, column and reason', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.ts'), 'const x: number = ;\nexport default {};\n');
    expectUsageError(
      await cli(['--adapter', './bad.ts', '--no-reports'], dir),
      /^uaix-conformance: cannot load adapter \.\/bad\.ts: syntax error at .*bad\.ts:1:18: Unexpected ";"$/,
    );
  });

  it('a reader that closed the pipe ends the command quietly (exit 0), any other stream error is rethrown', () => {
    const stream = new PassThrough();
    const codes: number[] = [];
    endQuietlyOnBrokenPipe(stream, (c) => codes.push(c));
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(codes).toEqual([0]);
    expect(() => stream.emit('error', Object.assign(new Error('write EIO'), { code: 'EIO' }))).toThrow(/EIO/);
  });
});

function tryParse(text: string): unknown {
  try {
    JSON.parse(text);
  } catch (e) {
    return e;
  }
  throw new Error('parsed');
}
