import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers/cli.js';

const root = join(import.meta.dirname, '..', '..');
const doc = readFileSync(join(root, 'docs', 'protocol.md'), 'utf8');

/** A process that sits between the pack and an adapter command and logs every line each way (`>` to the adapter, `<` from it). */
const RECORDER = `import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
const [log, cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
createInterface({ input: process.stdin }).on('line', (l) => { appendFileSync(log, '> ' + l + '\\n'); child.stdin.write(l + '\\n'); }).on('close', () => child.stdin.end());
createInterface({ input: child.stdout }).on('line', (l) => { appendFileSync(log, '< ' + l + '\\n'); process.stdout.write(l + '\\n'); });
child.on('exit', (code) => process.exit(code ?? 1));
`;

/** A transcript line as docs/protocol.md shows it: lines past 240 characters cut, with their size. */
function shown(line: string): string {
  return line.length <= 240 ? line : `${line.slice(0, 140)} … (${Buffer.byteLength(line)} bytes)`;
}

/** The fenced block of the "A whole session, recorded" section. */
function documentedSession(): string {
  const section = doc.slice(doc.indexOf('## A whole session, recorded'));
  return /```text\n([\s\S]*?)```/.exec(section)![1]!;
}

describe('docs/protocol.md', () => {
  const python = spawnSync('python3', ['--version']).status === 0;
  it.skipIf(!python)('shows the session doctor has with the Python example, as it is', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'recorder.mjs'), RECORDER);
    const adapter = join(root, 'examples', 'python-adapter', 'adapter.py');
    const r = await cli(
      ['doctor', '--adapter-cmd', `node recorder.mjs log.txt python3 ${JSON.stringify(adapter)}`],
      dir,
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const recorded = readFileSync(join(dir, 'log.txt'), 'utf8').trimEnd().split('\n').map(shown).join('\n');
    expect(documentedSession()).toBe(`${recorded}\n`);
  });

  it('writes every number of its numbers table as JSON.stringify does', () => {
    const table: [number, string][] = [
      [1e21, '1e+21'],
      [1e20, '100000000000000000000'],
      [5e-324, '5e-324'],
      [0.1 + 0.2, '0.30000000000000004'],
      [1e-7, '1e-7'],
      [4.0, '4'],
      [-0, '0'],
    ];
    for (const [value, text] of table) {
      expect(JSON.stringify(value)).toBe(text);
      expect(doc).toContain(`| \`${text}\` |`);
    }
  });
});
