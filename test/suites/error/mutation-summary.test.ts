import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run mutation -- --summarize` reads a domain's equivalents file in two categories: a why that
 * starts `unjudged:` marks a mutant the adapter contract leaves to the implementer, any other an
 * equivalent one. Both count apart, each in its own column of the table, and the judged score leaves
 * out both. Run on a small Stryker report in a scratch folder (the script works in the current folder).
 */
const SCRIPT = resolve('scripts/mutation.mjs');
const dir = mkdtempSync(join(tmpdir(), 'uaix-mutation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = "const a = 1;\nconst b = 'x';\nconst c = true;\nconst d = 2;\n";
const at = (line: number, column: number, endColumn: number) => ({
  start: { line, column },
  end: { line, column: endColumn },
});
/** A report of one file: 6 killed, 1 timed out, 3 survived (to be one equivalent, one unjudged, one open). */
const report = {
  files: {
    'src/reference/error/x.ts': {
      source,
      mutants: [
        ...Array.from({ length: 6 }, (_, i) => ({
          id: `k${i}`,
          mutatorName: 'BooleanLiteral',
          replacement: 'false',
          status: 'Killed',
          location: at(3, 11, 15),
        })),
        { id: 't', mutatorName: 'ArithmeticOperator', replacement: '3', status: 'Timeout', location: at(4, 11, 12) },
        { id: 's1', mutatorName: 'StringLiteral', replacement: '""', status: 'Survived', location: at(2, 11, 14) },
        { id: 's2', mutatorName: 'NumberLiteral', replacement: '0', status: 'Survived', location: at(1, 11, 12) },
        { id: 's3', mutatorName: 'NumberLiteral', replacement: '3', status: 'Survived', location: at(4, 11, 12) },
      ],
    },
  },
};

/** Writes the report and `equivalents`, runs the summary, and reads what it wrote. */
function summarize(equivalents: string): {
  table: string;
  figures: Record<string, number>;
  survivors: { id: string; equivalent?: string; unjudged?: string }[];
} {
  mkdirSync(join(dir, 'reports/mutation/stryker/error'), { recursive: true });
  writeFileSync(join(dir, 'reports/mutation/stryker/error/mutation.json'), JSON.stringify(report));
  writeFileSync(join(dir, 'reports/mutation/error-equivalent.txt'), equivalents);
  const r = spawnSync(process.execPath, [SCRIPT, '--summarize', '--domain', 'error'], { cwd: dir, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const summary = JSON.parse(readFileSync(join(dir, 'reports/mutation/error.json'), 'utf8'));
  return {
    table: readFileSync(join(dir, 'reports/mutation/README.md'), 'utf8'),
    figures: summary.figures,
    survivors: summary.survivors,
  };
}

describe('the mutation summary, with equivalent and unjudged survivors apart', () => {
  it('counts each category in its own column and scores the judged mutants without either', () => {
    // A first pass writes the survivors file the equivalents file quotes.
    summarize('');
    const [first, second] = readFileSync(join(dir, 'reports/mutation/error-survivors.txt'), 'utf8').trim().split('\n');
    const { table, figures, survivors } = summarize(
      `${first}  -- unjudged: a message the contract leaves to the implementer\n${second}  -- a guard the line before makes redundant\n`,
    );
    expect({ equivalent: figures.equivalent, unjudged: figures.unjudged }).toEqual({ equivalent: 1, unjudged: 1 });
    // 7 detected of 10; of 9 without the equivalent one; of 8 without the unjudged one too.
    expect([figures.score, figures.scoreNonEquivalent, figures.scoreJudged]).toEqual([70, 77.8, 87.5]);
    expect(survivors.map((s) => [s.equivalent ?? null, s.unjudged ?? null])).toEqual([
      [null, 'a message the contract leaves to the implementer'],
      ['a guard the line before makes redundant', null],
      [null, null],
    ]);
    expect(table).toContain(
      '| domain | suites | spec data | mutants | killed | timed out | survived | no coverage | of them equivalent | of them unjudged | score | non-equivalent score | judged score | run time |',
    );
    // A summary rewritten from a report keeps what its run had: this one no run under the alternatives.
    expect(table).toContain('| error | error | bundled only | 10 | 6 | 1 | 3 | 0 | 1 | 1 | 70% | 77.8% | 87.5% |');
  });

  it('says when a run also judged the reference under every alternative decision', () => {
    const file = join(dir, 'reports/mutation/error.json');
    summarize('');
    const last = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...last, run: { ...last.run, alternatives: true } }));
    const { table } = summarize('');
    expect(table).toContain('| error | error | bundled, then every alternative | 10 |');
    expect(JSON.parse(readFileSync(file, 'utf8')).run).toEqual({ seed: 42, runs: 100, alternatives: true });
  });

  it("classifies again from the committed summary where Stryker's own report is absent (a fresh clone)", () => {
    summarize('');
    const [first] = readFileSync(join(dir, 'reports/mutation/error-survivors.txt'), 'utf8').trim().split('\n');
    rmSync(join(dir, 'reports/mutation/stryker'), { recursive: true, force: true });
    writeFileSync(
      join(dir, 'reports/mutation/error-equivalent.txt'),
      `${first}  -- unjudged: a message the contract leaves to the implementer\n`,
    );
    const r = spawnSync(process.execPath, [SCRIPT, '--summarize', '--domain', 'error'], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, 'reports/mutation/error.json'), 'utf8'));
    // The counts of the run stay; only the classification is new (7 detected of 10, of 9 judged).
    expect([
      summary.figures.mutants,
      summary.figures.killed,
      summary.figures.equivalent,
      summary.figures.unjudged,
      summary.figures.scoreJudged,
    ]).toEqual([10, 6, 0, 1, 77.8]);
    expect(summary.survivors.map((s: { unjudged?: string }) => s.unjudged ?? null)).toEqual([
      'a message the contract leaves to the implementer',
      null,
      null,
    ]);
  });

  it('says so, and writes nothing, for a domain that has had no run', () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--summarize', '--domain', 'uas'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('mutation uas: nothing to summarize (no run yet)');
    expect(existsSync(join(dir, 'reports/mutation/uas.json'))).toBe(false);
  });
});
