import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../../src/api/catalog.js';
import { runChecks } from '../../../src/api/run.js';
import { caseAt } from '../../../src/engine/replay.js';
import { createRecoveryPolicy, RecoverySession } from '../../../src/reference/recovery/index.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { renderPath } from '../../../suites/recovery/world/json-path.js';
import { TIME_PATHS } from '../../../generators/recovery/task.js';
import { MUTATION_RUN } from '../../mutation/reference-checks.js';

/**
 * REC-CORRECT-FIELD's `field-index` family (a field_path with a two-digit index step, D-REC-08)
 * kills the survivors of `src/reference/recovery/json-path.ts` in the index branch of
 * `parseJsonPath`, which no case reached before. `parse` is a copy of that function with each
 * mutant as a switch, written by hand from the mutated line.
 */
type Mutant =
  | 'none'
  | '21:11 any bracket quoted'
  | '33:19 one digit'
  | '33:19 non-digits'
  | '33:35 whole path'
  | '33:46 i - 1'
  | '34:13 m'
  | '34:13 true'
  | '32:14 {}'
  | '36:9 i -='
  | '36:14 1 - length';

/** parseJsonPath with `mutant` applied; it gives up after 10 000 steps (a mutant that never ends: Stryker times it out). */
function parse(path: string, mutant: Mutant): (string | number)[] | null | 'endless' {
  if (!path.startsWith('$')) return null;
  const steps: (string | number)[] = [];
  let i = 1;
  for (let guard = 0; i < path.length; guard++) {
    if (guard > 10_000) return 'endless';
    const ch = path[i];
    if (ch === '.') {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(path.slice(i + 1));
      if (!m) return null;
      steps.push(m[0]);
      i += 1 + m[0].length;
    } else if (ch === '[') {
      const q = path[i + 1];
      if (mutant === '21:11 any bracket quoted' || q === "'" || q === '"') {
        let j = i + 2;
        let name = '';
        while (j < path.length && path[j] !== q) {
          if (path[j] === '\\') j += 1;
          name += path[j] ?? '';
          j += 1;
        }
        if (path[j + 1] !== ']') return null;
        steps.push(name);
        i = j + 2;
      } else if (mutant !== '32:14 {}') {
        const re = mutant === '33:19 one digit' ? /^(\d)\]/ : mutant === '33:19 non-digits' ? /^(\D+)\]/ : /^(\d+)\]/;
        const m = re.exec(mutant === '33:35 whole path' ? path : path.slice(mutant === '33:46 i - 1' ? i - 1 : i + 1));
        if (mutant === '34:13 m' ? m : mutant === '34:13 true' ? true : !m) return null;
        steps.push(Number(m![1]));
        if (mutant === '36:9 i -=') i -= 1 + m![0].length;
        else i += mutant === '36:14 1 - length' ? 1 - m![0].length : 1 + m![0].length;
      }
    } else {
      return null;
    }
  }
  return steps;
}

const check = packCatalog().get('REC-CORRECT-FIELD')!;
const indexPath = renderPath(TIME_PATHS.index[0]!);

/** The reference, reading field paths with the mutated parser. */
function readingWith(mutant: Mutant) {
  class Mutated extends RecoverySession {
    protected override fieldSteps(fieldPath: string): (string | number)[] | null {
      const steps = parse(fieldPath, mutant);
      return steps === 'endless' ? null : steps;
    }
  }
  return {
    describe: () => ({ name: `broken: json-path.ts:${mutant}`, version: '0', capabilityLevel: 'L7' as const }),
    recovery: createRecoveryPolicy(bundledSpec(), Mutated),
  };
}

describe('REC-CORRECT-FIELD reads field paths with an index step', () => {
  it('the copy without a mutant reads the index path as the reference does', () => {
    expect(parse(indexPath, 'none')).toEqual(TIME_PATHS.index[0]);
  });

  for (const mutant of [
    '21:11 any bracket quoted',
    '33:19 one digit',
    '33:19 non-digits',
    '33:35 whole path',
    '33:46 i - 1',
    '34:13 m',
    '34:13 true',
    '36:9 i -=',
    '36:14 1 - length',
  ] as const) {
    it(`fails, at the default run, on a case of field-index, an agent with the slip of json-path.ts:${mutant}`, async () => {
      expect(parse(indexPath, mutant)).not.toEqual(TIME_PATHS.index[0]);
      const [r] = (
        await runChecks({
          checks: [check],
          adapter: readingWith(mutant),
          ...MUTATION_RUN,
          adapterSpec: './broken',
          verdictOnly: true,
        })
      ).checks;
      expect(r!.status).toBe('failed');
      if (r!.status !== 'failed') return;
      expect(
        check.tags!(caseAt(check, bundledSpec(), MUTATION_RUN.seed, MUTATION_RUN.runs, r!.failure.path)),
      ).toContain('family:field-index');
    });
  }

  it('never ends on the index path with the slip of json-path.ts:32:14 (a mutation run times it out)', () => {
    expect(parse(indexPath, '32:14 {}')).toBe('endless');
  });
});
