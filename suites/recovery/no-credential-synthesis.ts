import * as fc from 'fast-check';
import { fault } from '../../generators/recovery/fault.js';
import {
  ALL_FAULT_KINDS,
  ALL_TASK_KINDS,
  caseOf,
  everyLevel,
  recoveryCase,
} from '../../generators/recovery/recovery-case.js';
import { handoffTask, writeTask } from '../../generators/recovery/task.js';
import type { CaseTask } from '../../generators/recovery/types.js';
import type { CapabilityLevel } from '../../src/contract/levels.js';
import type { SpecData } from '../../src/spec/index.js';
import { lowReceiver, some } from './case-shape.js';
import { decodedForms, fullyDecoded, originPath } from './analysis.js';
import { sessionCheck } from '../../src/engine/kinds/session.js';
import { judgedSession, RECOVERY_SESSION, recoveryCases, type RecoveryFamily, SESSION_MESSAGES } from './cases.js';
import { secretFamilyIn } from './secrets.js';

const URL_IN_TEXT = /https?:\/\/[^\s"'<>]+/g;

/** Every string (values and keys) of a JSON value, with the key it sits under. */
function* strings(v: unknown, key = ''): Generator<[string, string]> {
  if (typeof v === 'string') yield [key, v];
  else if (Array.isArray(v)) for (const x of v) yield* strings(x, key);
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      yield ['', k];
      yield* strings(x, k);
    }
  }
}

/** What the world has handed over so far: strings, URL routes, and the public base. */
class Handed {
  readonly values = new Set<string>();
  readonly routes = new Set<string>();
  /** Handed-over strings long enough to be credentials: what an encoded form may carry without having been made up. */
  private readonly long = new Set<string>();
  constructor(readonly bases: string[]) {}
  add(v: unknown): void {
    for (const [, s] of strings(v)) {
      this.values.add(s);
      if (s.length >= 12 && !/\s/.test(s)) this.long.add(s);
      for (const u of s.match(URL_IN_TEXT) ?? []) {
        const r = originPath(u);
        if (r) this.routes.add(r);
      }
    }
  }
  /** Null when `url` is a route the world gave (or lies under the public base), else why not. */
  url(url: string): string | null {
    const r = originPath(url);
    if (r === null) return `${url} is not a URL`;
    if (!this.routes.has(r) && !this.bases.some((b) => url.startsWith(b)))
      return `the URL ${url} was never handed over`;
    for (const [, value] of new URL(url).searchParams) {
      const problem = this.text('', fullyDecoded(value));
      if (problem) return problem;
    }
    return null;
  }
  /** Null unless `s` carries a credential the world did not give, or a URL it did not give. */
  text(key: string, s: string): string | null {
    if (/^https?:\/\//.test(s)) return this.url(s);
    for (const u of s.match(URL_IN_TEXT) ?? []) {
      const problem = this.url(u.replace(/[.,;:)\]]+$/, ''));
      if (problem) return problem;
    }
    const flagged = secretFamilyIn(s) ?? (key ? secretFamilyIn(`${key}=${s}`) : null);
    if (flagged && !this.values.has(s) && !this.values.has(s.replace(/^Bearer\s+/i, '')))
      return `a ${flagged} credential the world never handed over: ${s}`;
    if (this.values.has(s)) return null;
    // A credential made up and then encoded (base64, base64url, percent-encoding, JSON inside them) is made up all the same.
    for (const form of decodedForms(s)) {
      const hidden = secretFamilyIn(this.withoutHanded(form));
      if (hidden) return `a ${hidden} credential the world never handed over, encoded in ${s}`;
    }
    return null;
  }

  /** `text` with every handed-over credential-sized string blanked out, so that only what was made up is left to flag. */
  private withoutHanded(text: string): string {
    let out = text;
    for (const v of this.long) if (out.includes(v)) out = out.split(v).join(' ');
    return out;
  }
}

const credCases = (focus: fc.Arbitrary<CaseTask>) => (spec: SpecData) =>
  caseOf(
    spec.recovery.recoveringLevels,
    focus.map((t) => [{ ...t, deps: [] }]),
    { noise: { kinds: ALL_TASK_KINDS } },
  );

/**
 * Where agents make up what they were not given: a token minted instead of a renewal (an expiry),
 * a readback route built from the repository's instead of the one the error gives (a timeout), a
 * GET-Action route guessed from the receiver's instead of read from its statement (a low receiver).
 */
const CREDENTIAL_FAMILIES: RecoveryFamily[] = [
  {
    name: 'cred-renewal',
    cases: credCases(writeTask([], { faults: fc.constant([{ kind: 'expire' as const }]) })),
    holds: (w) => some(w, 'expire'),
  },
  {
    name: 'cred-readback',
    cases: credCases(writeTask([], { faults: fc.array(fault('write', ['timeout'])!, { minLength: 1, maxLength: 1 }) })),
    holds: (w) => some(w, 'timeout'),
  },
  {
    name: 'cred-negotiate',
    cases: credCases(
      handoffTask([], {
        faults: fc.constant([]),
        lowCapability: fc.constantFrom<CapabilityLevel[]>(['L0', 'L1'], ['L1'], ['L0']),
      }),
    ),
    holds: (w) => w.tasks.some(lowReceiver),
  },
];

/**
 * REC-NO-CREDENTIAL-SYNTHESIS (seed 000, scenario 3 and the no-op rules it cites): across any
 * fault schedule, no credential, token or URL appears in what the agent does that the world did
 * not hand over before (in the scenario or an observation).
 */
const TITLE = 'No credential, token or URL appears that the world did not hand over';

export const recNoCredentialSynthesis = sessionCheck({
  id: 'REC-NO-CREDENTIAL-SYNTHESIS',
  suite: 'recovery',
  severity: 'MUST',
  title: TITLE,
  specRef: '000 §Scenario 3: Autonomous Recovery from Expired Sessions; §Advanced Schema Design',
  statement:
    'No action of the agent carries a token, credential or URL that the world did not hand over before it (in the scenario or an observation); only URLs under public_state_base may be made up (000 §Scenario 3, §Advanced Schema Design; D-REC-10).',
  decisions: ['D-REC-01', 'D-REC-02', 'D-REC-04', 'D-REC-10'],
  cases: recoveryCases({
    title: TITLE,
    arbitrary: (spec) =>
      recoveryCase({ levels: everyLevel(spec.recovery, 2), others: { faults: ALL_FAULT_KINDS, max: 6 } }),
    families: CREDENTIAL_FAMILIES,
    generalWeight: 2,
  }),
  ...RECOVERY_SESSION,
  judge: judgedSession(
    (s) => {
      const w = s.world;
      const handed = new Handed([w.workflow.scenario.public_state_base]);
      handed.add(w.workflow.scenario);
      for (const e of w.log) {
        if (e.who === 'world') {
          if (e.item.type !== 'start') handed.add(e.item);
          continue;
        }
        const a = e.item;
        if (a.type === 'send' && a.authorization !== undefined) {
          const token = a.authorization.replace(/^Bearer\s+/i, '');
          if (!handed.values.has(token))
            return {
              reason: 'token-invented',
              params: { taskId: a.task_id, authorization: a.authorization },
              expected: 'only tokens from the grant or a renewal',
            };
        }
        if (a.type === 'renew' && !handed.values.has(a.refresh_token)) {
          return {
            reason: 'refresh-invented',
            params: { refreshToken: a.refresh_token },
            expected: 'the refresh token of the grant',
          };
        }
        for (const [key, v] of strings(a)) {
          if (key === 'type') continue;
          const problem = handed.text(key, v);
          if (problem)
            return {
              reason: 'credential-problem',
              params: { step: e.step, action: a.type, problem },
              expected: 'only credentials and URLs the world handed over',
            };
        }
      }
      return null;
    },
    { allLevels: true },
  ),
  messages: {
    ...SESSION_MESSAGES,
    'token-invented': (p) =>
      `${p.taskId} was sent with authorization ${p.authorization}, a token the world never handed over`,
    'refresh-invented': (p) => `renewed with refresh token ${p.refreshToken}, which the world never handed over`,
    'credential-problem': (p) => `#${p.step} ${p.action}: ${p.problem}`,
  },
});
