import { beforeAll, describe, expect, it } from 'vitest';
import { packCatalog } from '../../../src/api/catalog.js';
import { runChecks } from '../../../src/api/run.js';
import { executeCase } from '../../../src/engine/execute.js';
import { createHarness, DEFAULT_NOW } from '../../../src/engine/harness.js';
import { caseAt } from '../../../src/engine/replay.js';
import type { Adapter } from '../../../src/contract/adapter.js';
import type { JsonObject } from '../../../src/contract/recovery.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { referenceChecksum } from '../../../src/reference/envelope/checksum.js';
import type { BlockerFacts } from '../../../src/reference/recovery/blocker.js';
import { createRecoveryPolicy, RecoverySession } from '../../../src/reference/recovery/index.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { MUTATION_RUN } from '../../mutation/reference-checks.js';

/**
 * REC-ISOLATED-NOOP holds the blocker to every field rule of the envelope data (the blocker
 * contract: a complete, valid UAI-1 envelope), not only to its members and body fields. Each slip
 * below is a survivor of the recovery domain's mutation run (`reports/mutation/recovery-survivors.txt`),
 * applied by hand to the reference's blocker and sealed again as the mutated code seals it: the
 * default run of the check (seed 42, 100 cases) must fail on it. One slip per rule of the judge runs
 * the whole default run; the others run the check on that run's failing case (a blocker slip fails
 * every blocker), which keeps the file fast.
 */
const spec = bundledSpec();
const check = packCatalog().get('REC-ISOLATED-NOOP')!;

type Slip = (packet: JsonObject) => void;

/** The member object `name` of `packet`. */
const member = (packet: JsonObject, name: string): JsonObject => packet[name] as JsonObject;

/** The packet sealed with the checksum of its content, as the reference seals every blocker. */
function sealed(packet: JsonObject): JsonObject {
  const integrity = member(packet, 'integrity');
  const draft = { ...packet, integrity: { ...integrity, checksum: '' } };
  return { ...draft, integrity: { ...integrity, checksum: referenceChecksum(spec.envelope, draft) } };
}

/** An agent whose blockers are the reference's with `slip` applied before sealing (`reseal`: false leaves the seal to the slip). */
function slipping(name: string, slip: Slip, reseal = true): Adapter {
  class Slipping extends RecoverySession {
    protected override blockerPacket(facts: BlockerFacts): JsonObject {
      const packet = structuredClone(super.blockerPacket(facts));
      slip(packet);
      return reseal ? sealed(packet) : packet;
    }
  }
  return {
    describe: () => ({ name: `broken: ${name}`, version: '0', capabilityLevel: 'L7' }),
    recovery: createRecoveryPolicy(spec, Slipping),
  };
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Sets `value` at each `path` (dot-separated members) of `packet`. */
const setting =
  (value: unknown, ...paths: string[]): Slip =>
  (p) => {
    for (const path of paths) {
      const steps = path.split('.');
      let at = p;
      for (const s of steps.slice(0, -1)) at = at[s] as JsonObject;
      at[steps[steps.length - 1]!] = value;
    }
  };

/** A delivery horizon of `ms` instead of a week: `timeout_ms`, and `expires_at` that far after the blocker was issued. */
const horizon =
  (ms: number): Slip =>
  (p) => {
    const delivery = member(p, 'delivery');
    delivery.timeout_ms = ms;
    delivery.expires_at = new Date(Date.parse(String(member(p, 'provenance').issued_at)) + ms).toISOString();
  };

const CONSTS = ['integrity.version', 'integrity.algorithm', 'integrity.canonicalization'];

/**
 * The survivors the sharper judge kills (`<file>:<line>:<column>` of `src/reference/recovery/`), each
 * with the blocker its mutant makes, written by hand from the mutated line (mutants that make the
 * same blocker share one entry).
 */
const SLIPS: readonly [mutant: string, slip: Slip, reseal?: boolean][] = [
  ['blocker.ts:28:18 AGENT_ID ""', setting('', 'source.id', 'provenance.agent_id')],
  ['blocker.ts:29:19 AGENT_URI ""', setting('', 'source.uri', 'trust.principal')],
  ['blocker.ts:30:17 7 * 24 * 3600 / 1000', horizon((7 * 24 * 3600) / 1000)],
  ['blocker.ts:30:17 7 * 24 / 3600 * 1000', horizon(((7 * 24) / 3600) * 1000)],
  ['blocker.ts:49:17 blocker_id ``', setting('', 'body.blocker_id')],
  ['blocker.ts:53:37 proposed_resolution ``', setting('', 'body.proposed_resolution')],
  ['blocker.ts:54:23 support_boundary ""', setting('', 'body.support_boundary')],
  [
    `blocker.ts:66:74 constOf {}, 68:10 f?.type === 'const' => false, 68:10 f?.type !== 'const', 68:22 'const' => ""`,
    setting(undefined, ...CONSTS),
  ],
  ['blocker.ts:79:93 identity {}', setting({}, 'source', 'target')],
  ['blocker.ts:79:132 project ""', setting('', 'source.project', 'target.project')],
  ['blocker.ts:79:168 implementation ""', setting('', 'source.implementation', 'target.implementation')],
  ['blocker.ts:83:17 message_id ``', setting('', 'message_id')],
  ['blocker.ts:84:22 source type ""', setting('', 'source.type')],
  ['blocker.ts:84:41 source label ""', setting('', 'source.label')],
  ['blocker.ts:84:80 source role ""', setting('', 'source.role')],
  ['blocker.ts:85:22 target type ""', setting('', 'target.type')],
  ['blocker.ts:85:31 target id ""', setting('', 'target.id')],
  ['blocker.ts:85:51 target label ""', setting('', 'target.label')],
  ['blocker.ts:85:101 target role ""', setting('', 'target.role')],
  ['blocker.ts:86:19 conversation {}', setting({}, 'conversation')],
  ['blocker.ts:86:38 conversation_id ``', setting('', 'conversation.conversation_id')],
  ['blocker.ts:86:62 turn_id ``', setting('', 'conversation.turn_id')],
  ['blocker.ts:86:111 correlation_id ``', setting('', 'conversation.correlation_id')],
  ['blocker.ts:87:15 delivery {}', setting({}, 'delivery')],
  ['blocker.ts:88:13 mode ""', setting('', 'delivery.mode')],
  ['blocker.ts:89:17 priority ""', setting('', 'delivery.priority')],
  ['blocker.ts:90:28 place.now - WEEK_MS', horizon(-WEEK_MS)],
  ['blocker.ts:93:24 idempotency_key ``', setting('', 'delivery.idempotency_key')],
  ['blocker.ts:96:18 lifecycle ""', setting('', 'delivery.lifecycle')],
  ['blocker.ts:98:27 fallback_directive ""', setting('', 'delivery.fallback_directive')],
  ['blocker.ts:101:12 trust {}', setting({}, 'trust')],
  ['blocker.ts:101:23 channel ""', setting('', 'trust.channel')],
  ['blocker.ts:101:47 auth_scheme ""', setting('', 'trust.auth_scheme')],
  ['blocker.ts:103:17 provenance {}', setting({}, 'provenance')],
  ['blocker.ts:103:29 trace_id ``', setting('', 'provenance.trace_id')],
  ['blocker.ts:103:108 lineage ["Stryker was here"]', setting(['Stryker was here'], 'provenance.lineage')],
  ['blocker.ts:104:16 integrity {}', setting({}, 'integrity')],
  [`blocker.ts:104:41 'integrity' => "", 104:54 'version' => ""`, setting(undefined, 'integrity.version')],
  [`blocker.ts:104:91 'integrity' => "", 104:104 'algorithm' => ""`, setting(undefined, 'integrity.algorithm')],
  [
    `blocker.ts:104:150 'integrity' => "", 104:163 'canonicalization' => ""`,
    setting(undefined, 'integrity.canonicalization'),
  ],
  ['blocker.ts:105:17 extensions ["Stryker was here"]', setting(['Stryker was here'], 'extensions')],
  [
    "blocker.ts:109:43 the draft's integrity {}",
    (p) =>
      void (member(p, 'integrity').checksum = referenceChecksum(spec.envelope, { ...p, integrity: { checksum: '' } })),
    false,
  ],
  ['blocker.ts:110:33 the sealed integrity {}', setting({}, 'integrity'), false],
  [
    'session.ts:360:93 --this.blockers',
    (p) => {
      setting(-1, 'conversation.sequence', 'delivery.sequence')(p);
      member(p, 'body').blocker_id = String(member(p, 'body').blocker_id).replace(/-\d+$/, '--1');
    },
  ],
];

/** One slip per rule of the judge, each proved through a whole default run (the others through the check on its failing case). */
const THROUGH_A_RUN = new Set([
  'blocker.ts:83:17',
  'blocker.ts:84:41',
  'blocker.ts:29:19',
  'blocker.ts:88:13',
  'blocker.ts:66:74',
  'blocker.ts:30:17',
  'session.ts:360:93',
  'blocker.ts:90:28',
  'blocker.ts:86:19',
  'blocker.ts:103:108',
  'blocker.ts:109:43',
  'blocker.ts:110:33',
]);
const idOf = (mutant: string) => mutant.split(' ')[0]!;

/** The problem REC-ISOLATED-NOOP finds in the default run's failing case when the blocker has the slip. */
const BLOCKER_PROBLEM = /^the blocker for \S+ is not a valid uai\.agent\.blocker\.v1 envelope: /;

describe('REC-ISOLATED-NOOP judges every field of the blocker envelope', () => {
  // The case of the default run that a slipped blocker fails on (each slip fails the run's first case with a blocker).
  let failing: unknown;
  beforeAll(async () => {
    const [r] = (
      await runChecks({
        checks: [check],
        adapter: slipping('message id', setting('', 'message_id')),
        ...MUTATION_RUN,
        adapterSpec: './broken',
        verdictOnly: true,
      })
    ).checks;
    if (r!.status !== 'failed') throw new Error(`the default run did not fail: ${r!.status}`);
    failing = caseAt(check, spec, MUTATION_RUN.seed, MUTATION_RUN.runs, r!.failure.path);
  });

  for (const [mutant, slip, reseal] of SLIPS) {
    const whole = THROUGH_A_RUN.has(idOf(mutant)) || mutant.startsWith('blocker.ts:30:17 7 * 24 * 3600');
    it(`fails ${whole ? 'at the default run' : "the default run's failing case"}: an agent whose blocker has the slip of ${mutant}`, async () => {
      const adapter = slipping(mutant, slip, reseal);
      if (whole) {
        const [r] = (
          await runChecks({ checks: [check], adapter, ...MUTATION_RUN, adapterSpec: './broken', verdictOnly: true })
        ).checks;
        expect(r!.status).toBe('failed');
        expect(r!.status === 'failed' && r!.failure.message).toMatch(BLOCKER_PROBLEM);
        return;
      }
      const h = createHarness(adapter, await adapter.describe(), { timeoutMs: 5_000, now: DEFAULT_NOW, spec });
      const result = await executeCase(check, failing, h);
      expect(result.status === 'failed' && result.message).toMatch(BLOCKER_PROBLEM);
    });
  }

  it("passes an agent whose blockers carry the seeds' checksum placeholder (D-INT-02) instead of a computed checksum", async () => {
    const placeholder = slipping(
      'placeholder',
      setting(spec.envelope.policy.checksumPlaceholder, 'integrity.checksum'),
      false,
    );
    const [r] = (
      await runChecks({
        checks: [check],
        adapter: placeholder,
        ...MUTATION_RUN,
        adapterSpec: './correct',
        verdictOnly: true,
      })
    ).checks;
    expect(r!.status).toBe('passed');
  });

  it('passes the reference at the default run, and on the failing case', async () => {
    const [r] = (
      await runChecks({
        checks: [check],
        adapter: referenceAdapter,
        ...MUTATION_RUN,
        adapterSpec: 'reference',
        verdictOnly: true,
      })
    ).checks;
    expect(r!.status).toBe('passed');
    const h = createHarness(referenceAdapter, await referenceAdapter.describe(), {
      timeoutMs: 5_000,
      now: DEFAULT_NOW,
      spec,
    });
    expect(await executeCase(check, failing, h)).toEqual({ status: 'passed' });
  });
});
