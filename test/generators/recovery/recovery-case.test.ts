import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundledSpec } from '../../../src/spec/index.js';
import { legacyLevels } from '../../../src/spec/recovery.js';
import { FAULTS_BY_TASK } from '../../../generators/recovery/fault.js';
import { everyLevel } from '../../../generators/recovery/recovery-case.js';
import type { RecoveryCase } from '../../../generators/recovery/types.js';
import { recoverySuite } from '../../../suites/recovery/index.js';

const spec = bundledSpec();

/** What every case of a check's arbitrary must hold: the fault or endpoint state the check is about. */
const FOCUS: Record<string, (tags: string[]) => boolean> = {
  'REC-ISOLATED-NOOP': (t) => t.includes('fault:isolated'),
  'REC-CORRECT-FIELD': (t) => t.includes('state:schema-changed'),
  'REC-WAIT-DEPENDENCY': (t) => t.includes('fault:outage'),
  'REC-RENEW-GRANT': (t) => t.includes('fault:expire'),
  'REC-NEGOTIATE': (t) => t.includes('state:low-capability-receiver'),
  'REC-READBACK-BEFORE-REPLAY': (t) => t.some((x) => x.startsWith('fault:timeout-')),
  'REC-CONFIG-ESCALATE': (t) => t.includes('fault:config'),
  'REC-ANCHOR-CONFLICT': (t) => t.includes('fault:anchor'),
  'REC-LEGACY-HALT': (t) => t.some((x) => /^(fault:(outage|expire|timeout-)|state:)/.test(x)),
};
const RECOVERING_ONLY = Object.keys(FOCUS).filter((id) => id !== 'REC-LEGACY-HALT');

describe('recovery generators', () => {
  for (const check of recoverySuite) {
    it(`${check.id}: every case is deterministic, well placed and holds what the check is about`, () => {
      const a = fc.sample(check.arbitrary(spec), { numRuns: 60, seed: 17 }) as RecoveryCase[];
      expect(fc.sample(check.arbitrary(spec), { numRuns: 60, seed: 17 })).toEqual(a);
      for (const c of a) {
        const tags = check.tags!(c);
        if (FOCUS[check.id]) expect(FOCUS[check.id](tags), JSON.stringify(tags)).toBe(true);
        if (RECOVERING_ONLY.includes(check.id)) expect(spec.recovery.recoveringLevels).toContain(c.level);
        if (check.id === 'REC-LEGACY-HALT') expect(legacyLevels(spec.recovery)).toContain(c.level);
        for (const t of c.tasks) for (const f of t.faults) expect(FAULTS_BY_TASK[t.kind]).toContain(f.kind);
      }
    });
  }

  it('the fault-schedule checks reach every fault kind and both timeout outcomes', () => {
    for (const id of ['REC-NO-CREDENTIAL-SYNTHESIS', 'REC-EXACTLY-ONCE']) {
      const check = recoverySuite.find((c) => c.id === id)!;
      const tags = new Set(fc.sample(check.arbitrary(spec), { numRuns: 400, seed: 5 }).flatMap((c) => check.tags!(c)));
      for (const t of [
        'fault:outage',
        'fault:expire',
        'fault:timeout-committed',
        'fault:timeout-dropped',
        'fault:anchor',
        'fault:isolated',
        'fault:config',
        'state:schema-changed',
        'state:low-capability-receiver',
        'valid',
      ]) {
        expect(tags, `${id} reaches ${t}`).toContain(t);
      }
    }
  });

  it('reaches the hard strings: astral, CRLF, XML specials, unicode keys', () => {
    const check = recoverySuite.find((c) => c.id === 'REC-CORRECT-FIELD')!;
    const text = JSON.stringify(fc.sample(check.arbitrary(spec), { numRuns: 300, seed: 9 }));
    for (const needle of ['😀', '\\r\\n', '<', '&', 'créneau', "o'clock"]) expect(text, needle).toContain(needle);
  });

  it('draws the levels from the spec data it is given (seed data, read rather than hard-coded): other recoveringLevels move every check', () => {
    const onlyL7 = { ...spec, recovery: { ...spec.recovery, recoveringLevels: ['L7' as const] } };
    const levelsOf = (id: string) =>
      new Set(
        fc
          .sample(recoverySuite.find((c) => c.id === id)!.arbitrary(onlyL7), { numRuns: 200, seed: 4 })
          .map((c) => (c as RecoveryCase).level),
      );
    for (const id of RECOVERING_ONLY) expect([...levelsOf(id)], id).toEqual(['L7']);
    expect(levelsOf('REC-LEGACY-HALT')).toContain('L6');
    expect(levelsOf('REC-LEGACY-HALT')).not.toContain('L7');
  });

  it('weighs the recovering levels over the legacy ones for checks that judge every level', () => {
    const levels = everyLevel(spec.recovery, 3);
    for (const l of spec.recovery.recoveringLevels) expect(levels.filter((x) => x === l)).toHaveLength(3);
    for (const l of legacyLevels(spec.recovery)) expect(levels.filter((x) => x === l)).toHaveLength(1);
    expect(new Set(levels).size).toBe(spec.recovery.recoveringLevels.length + legacyLevels(spec.recovery).length);
  });
});
