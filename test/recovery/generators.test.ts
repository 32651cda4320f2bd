import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recoverySuite } from '../../suites/recovery/index.js';
import { FAULTS_BY_TASK } from '../../generators/recovery/fault.js';
import { LEGACY_LEVELS, RECOVERING_LEVELS } from '../../generators/recovery/recovery-case.js';
import type { RecoveryCase } from '../../generators/recovery/types.js';

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
      const a = fc.sample(check.arbitrary(), { numRuns: 60, seed: 17 }) as RecoveryCase[];
      expect(fc.sample(check.arbitrary(), { numRuns: 60, seed: 17 })).toEqual(a);
      for (const c of a) {
        const tags = check.tags!(c);
        if (FOCUS[check.id]) expect(FOCUS[check.id](tags), JSON.stringify(tags)).toBe(true);
        if (RECOVERING_ONLY.includes(check.id)) expect(RECOVERING_LEVELS).toContain(c.level);
        if (check.id === 'REC-LEGACY-HALT') expect(LEGACY_LEVELS).toContain(c.level);
        for (const t of c.tasks) for (const f of t.faults) expect(FAULTS_BY_TASK[t.kind]).toContain(f.kind);
      }
    });
  }

  it('the fault-schedule checks reach every fault kind and both timeout outcomes', () => {
    for (const id of ['REC-NO-CREDENTIAL-SYNTHESIS', 'REC-EXACTLY-ONCE']) {
      const check = recoverySuite.find((c) => c.id === id)!;
      const tags = new Set(fc.sample(check.arbitrary(), { numRuns: 400, seed: 5 }).flatMap((c) => check.tags!(c)));
      for (const t of ['fault:outage', 'fault:expire', 'fault:timeout-committed', 'fault:timeout-dropped', 'fault:anchor', 'fault:isolated', 'fault:config', 'state:schema-changed', 'state:low-capability-receiver', 'valid']) {
        expect(tags, `${id} reaches ${t}`).toContain(t);
      }
    }
  });

  it('reaches the hard strings: astral, CRLF, XML specials, unicode keys', () => {
    const check = recoverySuite.find((c) => c.id === 'REC-CORRECT-FIELD')!;
    const text = JSON.stringify(fc.sample(check.arbitrary(), { numRuns: 300, seed: 9 }));
    for (const needle of ['😀', '\\r\\n', '<', '&', 'créneau', "o'clock"]) expect(text, needle).toContain(needle);
  });
});
