import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { createHarness } from '../../../src/engine/harness.js';
import { parseJsonPath } from '../../../src/reference/recovery/json-path.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { ALL_FAULT_KINDS, recoveryCase } from '../../../generators/recovery/recovery-case.js';
import { TIME_PATHS, timePath, type TimePathKind } from '../../../generators/recovery/task.js';
import type { Endpoints, PathQuote } from '../../../generators/recovery/types.js';
import { renderPath } from '../../../suites/recovery/world/json-path.js';
import * as P from '../../../suites/recovery/world/payloads.js';
import { observationProblem, scenarioProblem } from '../../../suites/recovery/world/protocol.js';
import { runSession } from '../../../suites/recovery/world/session.js';

const NOW = '2026-06-01T00:00:00Z';
const h = createHarness(
  referenceAdapter,
  { name: 'ref', version: '0', capabilityLevel: 'L7' },
  { timeoutMs: 5000, now: NOW, spec: bundledSpec() },
);
const anyCase = recoveryCase({ levels: ['L1', 'L5', 'L6', 'L7'], others: { faults: ALL_FAULT_KINDS, max: 6 } });

describe('the simulated world', () => {
  it('speaks the five seed payloads exactly (000 §Synthetic Recovery Transcripts)', () => {
    const seed = JSON.parse(
      readFileSync(new URL('../../../fixtures/seeds/error-scenarios.json', import.meta.url), 'utf8'),
    ) as { scenarios: { payload: { body: unknown } }[] };
    const e = {
      refreshUri: 'https://auth.example.com/v1/renew',
      login: 'https://auth.example.com/v1/login',
    } as Endpoints;
    const ours = [
      P.schemaChanged(
        '$.parameters.scheduled_time',
        'scheduled_time',
        'https://api.example.com/wp-json/uaix/v1/schemas/schedule-intent.v2',
      ),
      P.dependencyDown(5),
      P.credentialExpired(e),
      P.capabilityNotSupported(
        ['L0', 'L1'],
        'https://target.agent/wp-json/uaix/v1/schemas/uai.capability.statement.v1',
      ),
      P.unknownOutcome('https://repo.example.com/v1/commits/status?idempotency_key=req-abc-123'),
    ];
    expect(ours).toEqual(seed.scenarios.map((s) => s.payload.body));
  });

  it('hands over a valid scenario, valid observations, and error payloads the uai.error.v1 reference accepts', async () => {
    const problems: string[] = [];
    for (const c of fc.sample(anyCase, { numRuns: 150, seed: 11 })) {
      const s = await runSession(h, c);
      const sp = scenarioProblem(s.world.workflow.scenario);
      if (sp) problems.push(`scenario: ${sp}`);
      for (const e of s.world.log) {
        if (e.who !== 'world' || e.item.type === 'start') continue;
        const op = observationProblem(e.item);
        if (op) problems.push(`observation: ${op}`);
        if (e.item.type === 'error') {
          const v = await referenceAdapter.validateError!(e.item.payload, { now: NOW });
          if (!v.valid) problems.push(`payload: ${JSON.stringify(v.findings)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('renders field paths the way an RFC 9535 reader parses them back, with either quote', () => {
    const kinds = Object.keys(TIME_PATHS) as TimePathKind[];
    fc.assert(
      fc.property(timePath(kinds), fc.constantFrom<PathQuote>("'", '"'), (path, quote) => {
        expect(parseJsonPath(renderPath(path, quote))).toEqual(path);
      }),
    );
    expect(renderPath(['parameters', 'scheduled_time'])).toBe('$.parameters.scheduled_time');
    expect(renderPath(['parameters', "o'clock", 'at'])).toBe("$.parameters['o\\'clock'].at");
    expect(renderPath(['parameters', "o'clock", 'at'], '"')).toBe('$.parameters["o\'clock"].at');
    expect(renderPath(['parameters', 'say "when"', 'back\\slash'], '"')).toBe(
      '$.parameters["say \\"when\\""]["back\\\\slash"]',
    );
    expect(renderPath(['parameters', 'say "when"'], "'")).toBe('$.parameters[\'say "when"\']');
  });

  it('is deterministic: the same seed gives the same cases and the same traces', async () => {
    const a = fc.sample(anyCase, { numRuns: 20, seed: 99 });
    const b = fc.sample(anyCase, { numRuns: 20, seed: 99 });
    expect(a).toEqual(b);
    const trace = async (c: (typeof a)[number]) =>
      (await runSession(h, c)).world.log.map((e) => JSON.stringify(e.item));
    for (let i = 0; i < a.length; i++) expect(await trace(a[i])).toEqual(await trace(b[i]));
  });

  it('keeps restrictions standing and lets a retried timeout through', async () => {
    const c = fc.sample(recoveryCase({ levels: ['L7'], others: { kinds: ['write'], faults: ['timeout'], max: 3 } }), {
      numRuns: 30,
      seed: 3,
    });
    for (const x of c) {
      const s = await runSession(h, x);
      expect(s.outcome).toBe('complete');
      const writes = s.world.workflow.tasks.filter((t) => t.spec.kind === 'write');
      expect(writes.every((t) => s.world.commits.filter((k) => k.taskId === t.id).length === 1)).toBe(true);
    }
  });
});
